//! `sharc-promote`: stages the tiles of a band's `sharc.plan` in shared memory (digest 000
//! §7.2 steps 2–7): a buffer per tile (one per array, or per group of its references), a
//! cooperative copy of the tile per block (or per strip), barriers where a shared-memory
//! dependence crosses threads, the tile's references rewritten to the buffer, and a copy back
//! for written arrays. The user-facing description is [`INFO`]'s.

use crate::memplace::band_plan::{full_block_condition, in_bounds_condition, LOOP_ATTR, STRIP_ATTR};
use crate::plan::{Plan, RefusedArray, StagedArray};
use sharc_dialects::affine::{self, ForOp, IfOp, MinOp};
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu::AddressSpace;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Builder, Context, Diagnostic, OpId, Type, TypeKind, Value};
use std::collections::HashMap;

/// The declaration of `sharc-promote`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-promote",
    title: "SharcPromote",
    summary: "Stage the arrays of each band's sharc.plan in shared memory: buffers, cooperative copies, barriers",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"For every `gpumap.band` carrying a `sharc.plan` (built by
`sharc-map`), stages each tile of the plan's `staged` list in shared memory (seed 000 §3.2,
digest 000 §7.2 steps 2–7). An entry is one tile: an array whose references are not uniformly
generated (syrk's `A[i][k]` and `A[j][k]`) has one entry per group of references, each with a
buffer, copies and accesses of its own.

1. **Buffer.** A `memplace.alloc_shared` of the tile's shape (halo included), the memref's
   element type, in `#gpu.address_space<workgroup>`, at the top of the band's body.
2. **Copy.** A `memplace.copy_in` of the tile at its origin: the plan's `origin` map applied to
   the band's block origins (band loops), the strip variables (`sharc.strip` loops) and the
   lower bounds of the other loops. It sits at the top of the band's body, or at the top of the
   strip loop's body when the tile changes per strip (`per_strip`); a strip loop that runs one
   strip (constant trip count at most the strip size) counts as its lower bound.
3. **Barriers.** One `memplace.barrier` after the copies of a place (threads read elements
   other threads copied), and one at the end of a strip loop's body, before the next strip's
   copy overwrites the tile (write after read). None elsewhere. Where each thread touches only
   the elements it copies (PolyBench gemm's `C` tile), `sharc-eliminate-barriers` erases them
   later in the pipeline, once the thread of every iteration is final.
4. **References.** Every `affine.load`/`affine.store` of the array in the tile's scope (the
   band's body or the strip loop's) that the tile serves becomes an access of the buffer at
   `f(ivs) - origin`. With a `subscript` map, the tile serves the accesses whose subscripts have
   its linear part once each map operand is read as the loop it is the induction variable of
   (a band loop, or a loop `sharc-map` numbered with `sharc.loop`); the array's other accesses
   keep reading global memory (another tile serves them, or none). Without one, it serves
   every access of the array.
5. **Written arrays** are staged only when the tile is exactly the block's own writes: no strip,
   no halo, every reference's subscript `d` is `iv + c` of a distinct band loop whose block
   size is the tile's extent, all references alike, so no two blocks' tiles overlap. The shared
   stores keep the guards `sharc-map` put on the global ones, and a `memplace.barrier` and a
   `memplace.copy_out` end the band's body. Where partial blocks exist (bounds that are not
   constant multiples of the tiles) and the band's steps are 1, the copy back has a **valid
   extent**: per dimension `d` indexed by `iv_b + c`, `affine.min(tile_b, ub_b - origin_b)`
   (one term per upper bound of loop `b`), the block's own iterations, so a partial block writes
   back only what it computed. An array only written, by a store every thread in range reaches,
   is then never copied in (without a valid extent: only in partial blocks, so the copy back
   writes past the iterations the values that are there); any other written array is copied in
   first, so that the elements the block does not write keep their values.
6. **Triangular bands** (a band loop bounded by another, mapped over its hull by `sharc-map`):
   tiles are those of the hull's blocks, copies clamped to the array. The accesses carry the
   triangle's guard, which is not the band's in-bounds condition, so a written tile is always
   copied in first: a diagonal block writes back the elements past the triangle with the values
   it copied in, and no other block's tile holds them. Blocks wholly past the triangle still
   copy their tiles (the sector gate counts every block of the hull for the plan).

An array is not staged, with a remark saying why (and moved from the plan's `staged` list to
its `refused` list with the same reason, its bytes taken out of `shared_bytes`, so that later
passes and `sharcc --report` see what the kernel holds), when: its memref is not a function argument of
rank equal to the tile's, it has a non-affine access in the tile's scope, a strip loop it
needs was not strip-mined (its bounds vary between threads), its origin needs a loop that is
neither, none of its accesses has the tile's subscripts, another entry already serves its
accesses, or it is written and the rule above (with every access the tile's) does not hold.
Each staged tile gets a remark with its tile, origin and bytes, named by the array, followed
by its subscripts when the plan stages the array in more than one tile (`A[d1, d2]`):

```text
remark: A staged in shared memory: tile 32x32 (4096 B) at (d0, d2) = (origin of loop 0, strip of loop 2), copied per strip of loop 2
```

A malformed `sharc.plan` is an error. Bands without a plan are left as they are.
"#;

fn create(_options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Promote)
}

struct Promote;

impl Pass for Promote {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let Some(plan) = Plan::of(ctx, band.0) else { continue };
            let plan =
                plan.map_err(|m| Diagnostic::error(ctx.loc(band.0).clone(), format!("malformed sharc.plan: {m}")))?;
            promote_band(ctx, band, &plan, diags);
        }
        Ok(())
    }
}

/// Where a loop of the plan is in the band.
enum LoopPlace {
    /// A band loop: its block origin.
    Band(Value),
    /// A strip-mined loop: the outer loop of the pair.
    Strip(ForOp),
    /// A loop that runs one strip: its constant lower bound.
    Once(i64),
}

/// A staging decided, before anything changes.
struct Staging {
    memref: Value,
    /// The memref's element type, the buffer's.
    elem: Type,
    tile: Vec<i64>,
    /// The origin over `origin_operands` (all dims).
    origin: AffineMap,
    origin_operands: Vec<Value>,
    /// The strip loop whose body is the scope; `None`: the band's body.
    scope: Option<ForOp>,
    written: bool,
    /// When the tile is copied in.
    copy_in: CopyIn,
    /// For a written tile copied back up to the block's extent: per tile dimension, the
    /// `affine.min` map and operands of the valid extent of `memplace.copy_out`; `None`: the
    /// whole tile goes back.
    valid: Option<Vec<(AffineMap, Vec<Value>)>>,
    /// The accesses to rewrite.
    accesses: Vec<OpId>,
    remark: String,
}

/// When a staged tile is copied in.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CopyIn {
    /// In every block (a read tile, or a written one whose unwritten elements go back).
    Always,
    /// Only in partial blocks: a full block overwrites the whole tile, a partial one writes
    /// back the whole tile (no valid extent) and must not put garbage past its iterations.
    PartialBlocks,
    /// Never: every block writes every element it copies back.
    Never,
}

fn promote_band(ctx: &mut Context, band: BandOp, plan: &Plan, diags: &mut Vec<Diagnostic>) {
    let loc = ctx.loc(band.0).clone();
    let mut stagings: Vec<Staging> = Vec::new();
    let mut carried = plan.clone();
    carried.staged.clear();
    for (i, s) in plan.staged.iter().enumerate() {
        let label = plan.tile_label(i);
        let why = match decide(ctx, band, plan, s, &label) {
            // Two entries serving one access (a hand-written plan): the first keeps it.
            Ok(st) if stagings.iter().any(|o| o.accesses.iter().any(|a| st.accesses.contains(a))) => {
                "another tile of the plan serves its accesses".to_string()
            }
            Ok(st) => {
                stagings.push(st);
                carried.staged.push(s.clone());
                continue;
            }
            Err(why) => why,
        };
        diags.push(Diagnostic::remark(loc.clone(), format!("{label} not staged: {why}")));
        carried.refused.push(RefusedArray { name: label, why });
    }
    // The plan carried down to the kernel says what is staged: later passes and the report
    // read it.
    if carried.staged.len() != plan.staged.len() {
        if let Some(search) = carried.search.as_mut() {
            search.shared_bytes = carried.staged.iter().map(|s| s.bytes).sum();
        }
        carried.attach(ctx, band.0);
    }
    let (Some(body), Some(band_yield)) = (band.body(ctx), band.yield_op(ctx)) else { return };
    let first = ctx.block_ops(body).first().copied().unwrap_or(band_yield);
    // Buffers at the top of the body, in plan order.
    let mut buffers = Vec::new();
    for st in &stagings {
        let space = AddressSpace::Workgroup.attr(ctx);
        let ty =
            ctx.ty(TypeKind::MemRef { shape: st.tile.clone(), elem: st.elem, layout: None, memory_space: Some(space) });
        let state = AllocSharedOp::state(ctx, loc.clone(), ty, None);
        buffers.push(Builder::before(first).insert_value(ctx, state));
    }
    // Copies grouped by scope, one barrier after each group, one before each strip's end.
    let mut groups: Vec<(Option<ForOp>, Vec<usize>)> = Vec::new();
    for (i, st) in stagings.iter().enumerate() {
        match groups.iter_mut().find(|(s, _)| *s == st.scope) {
            Some((_, v)) => v.push(i),
            None => groups.push((st.scope, vec![i])),
        }
    }
    for (scope, members) in &groups {
        let at = match scope {
            None => first,
            Some(f) => match f.body(ctx).and_then(|b| ctx.block_ops(b).first().copied()) {
                Some(op) => op,
                None => continue,
            },
        };
        for &i in members {
            let st = &stagings[i];
            if st.copy_in == CopyIn::Never {
                continue;
            }
            let state = CopyOp::state(
                ctx,
                loc.clone(),
                Direction::In,
                st.memref,
                st.origin.clone(),
                &st.origin_operands,
                buffers[i],
                &st.tile,
            );
            if st.copy_in == CopyIn::PartialBlocks {
                if let Some((set, operands)) = full_block_condition(ctx, band) {
                    let if_state = IfOp::build(ctx, loc.clone(), set, &operands, &[], true);
                    let guard = IfOp(Builder::before(at).insert(ctx, if_state));
                    if let Some(t) = guard.else_block(ctx).and_then(|b| ctx.block_last_op(b)) {
                        Builder::before(t).insert(ctx, state);
                    }
                    continue;
                }
            }
            Builder::before(at).insert(ctx, state);
        }
        Builder::before(at).insert(ctx, BarrierOp::state(loc.clone()));
        if let Some(f) = scope {
            if let Some(y) = f.yield_op(ctx) {
                Builder::before(y.0).insert(ctx, BarrierOp::state(loc.clone()));
            }
        }
    }
    // References.
    for (st, &buffer) in stagings.iter().zip(&buffers) {
        for &op in &st.accesses {
            rewrite_access(ctx, op, buffer, &st.origin, &st.origin_operands);
        }
    }
    // Written arrays go back at the end.
    let written: Vec<usize> = (0..stagings.len()).filter(|&i| stagings[i].written).collect();
    if !written.is_empty() {
        Builder::before(band_yield).insert(ctx, BarrierOp::state(loc.clone()));
        for i in written {
            let st = &stagings[i];
            let state = CopyOp::state(
                ctx,
                loc.clone(),
                Direction::Out,
                st.memref,
                st.origin.clone(),
                &st.origin_operands,
                buffers[i],
                &st.tile,
            );
            let state = match &st.valid {
                Some(extents) => {
                    let valid: Vec<Value> = extents
                        .iter()
                        .map(|(map, operands)| {
                            let min = MinOp::build(ctx, loc.clone(), map.clone(), operands);
                            Builder::before(band_yield).insert_value(ctx, min)
                        })
                        .collect();
                    CopyOp::with_valid(state, &valid)
                }
                None => state,
            };
            Builder::before(band_yield).insert(ctx, state);
        }
    }
    for st in stagings {
        diags.push(Diagnostic::remark(loc.clone(), st.remark));
    }
}

/// The accesses of `memref` in `root`'s body: `Err` if one is not an affine load or store.
pub(crate) fn accesses_in(ctx: &Context, root: OpId, memref: Value) -> Result<Vec<OpId>, String> {
    let mut out = Vec::new();
    for op in ctx.collect_ops(root) {
        if op == root || !ctx.operands(op).contains(&memref) {
            continue;
        }
        let is_access = affine::LoadOp::view(ctx, op).is_some_and(|l| l.memref(ctx) == memref)
            || affine::StoreOp::view(ctx, op).is_some_and(|s| s.memref(ctx) == memref && s.value(ctx) != memref);
        if !is_access {
            return Err(format!("'{}' uses it in a way the promotion cannot rewrite", ctx.op_name(op)));
        }
        out.push(op);
    }
    Ok(out)
}

/// The plan's loop number of each band dimension, in order: the loops it maps (`sharc-map`
/// keeps them in chain order and runs the others, streamed, inside the thread).
fn mapped_loops(plan: &Plan) -> impl Iterator<Item = usize> + '_ {
    plan.loops.iter().enumerate().filter_map(|(l, d)| d.map(|_| l))
}

/// The accesses among `accesses` whose subscripts have the linear part `subscript` (over the
/// plan's loop numbers) once each operand is read as the loop it is the induction variable of:
/// a band loop (its position) or a loop `sharc-map` numbered (`sharc.loop`).
fn accesses_of_tile(
    ctx: &Context,
    band: BandOp,
    plan: &Plan,
    subscript: &AffineMap,
    accesses: &[OpId],
) -> Result<Vec<OpId>, String> {
    let n = subscript.num_dims() as usize;
    let mut loop_of: HashMap<Value, usize> = band.ivs(ctx).iter().copied().zip(mapped_loops(plan)).collect();
    for op in ctx.collect_ops(band.0) {
        let number = ctx.attr_of(op, LOOP_ATTR).and_then(|a| ctx.attr_int(a)).and_then(|v| usize::try_from(v).ok());
        if let (Some(f), Some(l)) = (ForOp::view(ctx, op), number) {
            if let Some(iv) = f.induction_var(ctx) {
                loop_of.insert(iv, l);
            }
        }
    }
    let want = linear_part(subscript, &(0..n).map(Some).collect::<Vec<_>>(), 0, n)
        .ok_or("its subscript map is not linear in the loops")?;
    let mut out = Vec::new();
    for &op in accesses {
        let (map, operands) = match (affine::LoadOp::view(ctx, op), affine::StoreOp::view(ctx, op)) {
            (Some(l), _) => (l.map(ctx), l.map_operands(ctx)),
            (_, Some(st)) => (st.map(ctx), st.map_operands(ctx)),
            _ => continue,
        };
        let Some(map) = map else { continue };
        let nd = map.num_dims() as usize;
        let Some(dims) = operands.get(..nd) else { continue };
        let loops: Vec<Option<usize>> = dims.iter().map(|v| loop_of.get(v).copied()).collect();
        let symbols = operands.len() - nd;
        if linear_part(map, &loops, symbols, n).is_some_and(|have| have == want) {
            out.push(op);
        }
    }
    Ok(out)
}

/// The coefficient of each of `n` loops in each result of `map`, whose dims are the loops
/// `loops` (`None`: a value that is no loop of the plan) and which has `symbols` symbols; `None`
/// when a result is not linear or depends on a symbol or a value that is no loop.
fn linear_part(map: &AffineMap, loops: &[Option<usize>], symbols: usize, n: usize) -> Option<Vec<Vec<i64>>> {
    let nd = loops.len();
    let eval = |unit: Option<usize>, scale: i64| -> Option<Vec<i64>> {
        let mut point = vec![0i64; nd + symbols];
        if let Some(u) = unit {
            point[u] = scale;
        }
        map.eval(&point[..nd], &point[nd..])
    };
    let base = eval(None, 0)?;
    let mut out = vec![vec![0i64; n]; base.len()];
    for p in 0..nd + symbols {
        let (one, two) = (eval(Some(p), 1)?, eval(Some(p), 2)?);
        for (d, row) in out.iter_mut().enumerate() {
            let c = one[d] - base[d];
            if two[d] - base[d] != 2 * c {
                return None;
            }
            if c == 0 {
                continue;
            }
            let l = loops.get(p).copied().flatten().filter(|&l| l < n)?;
            row[l] += c;
        }
    }
    Some(out)
}

/// The array the band accesses that is a view named `name` (the C front-end's view of a flat
/// parameter with a row pitch, `loc("in"(...))`), as the partition analysis names it.
fn named_view(ctx: &Context, band: BandOp, name: &str) -> Option<Value> {
    let accessed = ctx.collect_ops(band.0).into_iter().filter_map(|op| {
        let m = affine::LoadOp::view(ctx, op)
            .map(|l| l.memref(ctx))
            .or_else(|| affine::StoreOp::view(ctx, op).map(|s| s.memref(ctx)))?;
        Some(crate::analysis::affine::memref_array(ctx, m))
    });
    let mut found = accessed.filter(|&m| {
        let def = ctx.defining_op(m);
        def.is_some_and(|d| !ctx.is_ancestor(band.0, d))
            && matches!(def.map(|d| ctx.loc(d)), Some(sharc_ir::Location::Name { name: n, .. }) if &**n == name)
    });
    found.next()
}

fn decide(ctx: &Context, band: BandOp, plan: &Plan, s: &StagedArray, label: &str) -> Result<Staging, String> {
    let func = ctx.ancestor(band.0, |c, a| FuncOp::view(c, a).is_some()).map(FuncOp).ok_or("no enclosing function")?;
    let memref = match s.arg {
        Some(a) => func.arguments(ctx).get(a).copied(),
        None => named_view(ctx, band, &s.name),
    }
    .ok_or("its memref is neither an argument of the function nor a named view of one")?;
    let (rank, elem) = ctx
        .memref_parts(ctx.value_type(memref))
        .map(|m| (m.shape.len(), m.elem))
        .ok_or("its memref is not a ranked memref")?;
    if rank != s.tile.len() || s.origin.num_results() != s.tile.len() || s.tile.iter().any(|&t| t < 1) {
        return Err("the tile does not match the memref's rank".into());
    }
    // The plan's loops in the band.
    let mut places: HashMap<usize, LoopPlace> = HashMap::new();
    for (l, &o) in mapped_loops(plan).zip(band.origins(ctx)) {
        places.insert(l, LoopPlace::Band(o));
    }
    let mut marked: HashMap<usize, ForOp> = HashMap::new();
    for op in ctx.collect_ops(band.0) {
        let number = |name| ctx.attr_of(op, name).and_then(|a| ctx.attr_int(a)).and_then(|v| usize::try_from(v).ok());
        if let (Some(f), Some(l)) = (ForOp::view(ctx, op), number(STRIP_ATTR)) {
            places.insert(l, LoopPlace::Strip(f));
        }
        if let (Some(f), Some(l)) = (ForOp::view(ctx, op), number(LOOP_ATTR)) {
            marked.insert(l, f);
        }
    }
    for &l in &s.per_strip {
        if places.contains_key(&l) {
            continue;
        }
        let size = plan.strips.iter().find(|(sl, _)| *sl == l).map(|(_, s)| *s).unwrap_or(0);
        let f = marked.get(&l).ok_or(format!("strip loop {l} is not in the band"))?;
        match (f.constant_trip_count(ctx), f.constant_lower_bound(ctx)) {
            (Some(t), Some(lb)) if t <= size as u64 => {
                places.insert(l, LoopPlace::Once(lb));
            }
            _ => return Err(format!("strip loop {l} was not strip-mined (its iterations vary between threads)")),
        }
    }
    // The scope: the innermost strip loop among the tile's; the others must enclose it.
    let strips: Vec<ForOp> = s
        .per_strip
        .iter()
        .filter_map(|l| match places.get(l) {
            Some(LoopPlace::Strip(f)) => Some(*f),
            _ => None,
        })
        .collect();
    let scope = strips.iter().copied().find(|f| strips.iter().all(|g| g == f || ctx.is_ancestor(g.0, f.0)));
    if !strips.is_empty() && scope.is_none() {
        return Err("its strip loops are not nested in one another".into());
    }
    // The origin over the values that exist at the scope's top.
    let mut dims = Vec::new();
    let mut operands = Vec::new();
    let mut describe = Vec::new();
    for l in 0..s.origin.num_dims() as usize {
        if !s.origin.is_function_of_dim(l as u32) {
            dims.push(AffineExpr::constant(0));
            continue;
        }
        match places.get(&l) {
            Some(LoopPlace::Band(v)) => {
                dims.push(AffineExpr::dim(operands.len() as u32));
                operands.push(*v);
                describe.push(format!("origin of loop {l}"));
            }
            Some(LoopPlace::Strip(f)) if s.per_strip.contains(&l) => {
                dims.push(AffineExpr::dim(operands.len() as u32));
                operands.push(f.induction_var(ctx).ok_or("malformed strip loop")?);
                describe.push(format!("strip of loop {l}"));
            }
            Some(LoopPlace::Once(lb)) => {
                dims.push(AffineExpr::constant(*lb));
                describe.push(format!("loop {l} = {lb}"));
            }
            _ => return Err(format!("its origin needs loop {l}, which is neither a band loop nor one of its strips")),
        }
    }
    let results: Vec<AffineExpr> =
        s.origin.results().iter().map(|e| e.replace_dims(&dims).simplify(operands.len() as u32, 0)).collect();
    let origin = AffineMap::new(operands.len() as u32, 0, results).map_err(|e| e.to_string())?;
    let scope_op = scope.map_or(band.0, |f| f.0);
    let mut accesses = accesses_in(ctx, scope_op, memref)?;
    if let Some(subscript) = &s.subscript {
        let mine = accesses_of_tile(ctx, band, plan, subscript, &accesses)?;
        if mine.is_empty() {
            return Err(format!("none of its accesses in the tile's scope has the subscripts {subscript} of the tile"));
        }
        // A read-only array's other accesses keep reading global memory (another tile may
        // serve them); a written one is staged only when its tile serves every access.
        if s.written && mine.len() != accesses.len() {
            return Err("written, and some of its accesses are not the tile's (other subscripts)".into());
        }
        accesses = mine;
    }
    let (mut copy_in, mut valid) = (CopyIn::Always, None);
    if s.written {
        if scope.is_some() || s.halo_lo.iter().chain(&s.halo_hi).any(|&h| h != 0) {
            return Err("written, and its tile is not exactly the block's writes (strips or halo)".into());
        }
        let loops = check_own_writes(ctx, band, s, &accesses)?;
        // Partial blocks exist unless the bounds are constant multiples of the tiles; the valid
        // extent `min(tile, ub - origin)` counts the block's iterations only with unit steps.
        let partial = in_bounds_condition(ctx, band).is_some();
        let steps = band.steps(ctx);
        if partial && loops.iter().all(|&b| steps.get(b) == Some(&1)) {
            valid = loops.iter().map(|&b| valid_extent(ctx, band, b)).collect::<Option<Vec<_>>>();
        }
        if !s.read && stores_reached_by_every_thread(ctx, band, &accesses) {
            copy_in = if !partial || valid.is_some() { CopyIn::Never } else { CopyIn::PartialBlocks };
        }
    }
    let tile = s.tile.iter().map(i64::to_string).collect::<Vec<_>>().join("x");
    let remark = format!(
        "{label} staged in shared memory: tile {tile} ({} B) at {} = ({}), {}{}",
        s.bytes,
        s.origin,
        describe.join(", "),
        match (s.per_strip.as_slice(), scope) {
            ([], _) => "copied once per block".to_string(),
            (_, None) => "copied once per block (its strip loops run one strip)".to_string(),
            (l, Some(_)) =>
                format!("copied per strip of loop {}", l.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")),
        },
        match (s.written, copy_in, valid.is_some()) {
            (false, _, _) => "",
            (true, CopyIn::Never, true) => ", copied back within the block's iterations (never copied in)",
            (true, CopyIn::Never, false) => ", copied back (never copied in: every block is full)",
            (true, CopyIn::PartialBlocks, _) => ", copied back (copied in only in partial blocks)",
            (true, CopyIn::Always, true) => ", copied back within the block's iterations",
            (true, CopyIn::Always, false) => ", copied back",
        }
    );
    Ok(Staging {
        memref,
        elem,
        tile: s.tile.clone(),
        origin,
        origin_operands: operands,
        scope,
        written: s.written,
        copy_in,
        valid,
        accesses,
        remark,
    })
}

/// Every access's subscript `d` is `iv_b + c` for a distinct band loop `b` whose tile size is
/// the tile's extent `d`, and all accesses are alike: each block touches exactly its own tile.
/// Returns the band loop `b` of each tile dimension `d`.
fn check_own_writes(ctx: &Context, band: BandOp, s: &StagedArray, accesses: &[OpId]) -> Result<Vec<usize>, String> {
    let ivs = band.ivs(ctx).to_vec();
    let sizes = band.tile_sizes(ctx);
    let not_own = || format!("written, and its references do not touch exactly the block's own {} tile", s.name);
    let mut shape: Option<Vec<(usize, i64)>> = None;
    for &op in accesses {
        let (map, operands) = match (affine::LoadOp::view(ctx, op), affine::StoreOp::view(ctx, op)) {
            (Some(l), _) => (l.map(ctx), l.map_operands(ctx)),
            (_, Some(st)) => (st.map(ctx), st.map_operands(ctx)),
            _ => return Err(not_own()),
        };
        let map = map.ok_or_else(not_own)?;
        // Each operand must be a band induction variable; evaluate on unit vectors.
        let positions: Vec<usize> =
            operands.iter().map(|v| ivs.iter().position(|i| i == v)).collect::<Option<_>>().ok_or_else(not_own)?;
        let nd = map.num_dims() as usize;
        if map.num_symbols() as usize + nd != operands.len() {
            return Err(not_own());
        }
        let eval = |point: &[i64]| -> Option<Vec<i64>> {
            let inputs: Vec<i64> = positions.iter().map(|&p| point[p]).collect();
            map.eval(&inputs[..nd], &inputs[nd..])
        };
        let zero = vec![0; ivs.len()];
        let base = eval(&zero).ok_or_else(not_own)?;
        let mut this = Vec::new();
        for (d, &c) in base.iter().enumerate() {
            let mut found = None;
            for b in 0..ivs.len() {
                let (mut one, mut two) = (zero.clone(), zero.clone());
                one[b] = 1;
                two[b] = 2;
                let (e1, e2) = (eval(&one).ok_or_else(not_own)?, eval(&two).ok_or_else(not_own)?);
                match (e1[d] - c, e2[d] - c) {
                    (0, 0) => {}
                    (1, 2) if found.is_none() => found = Some(b),
                    _ => return Err(not_own()),
                }
            }
            let b = found.ok_or_else(not_own)?;
            if sizes.get(b) != s.tile.get(d) || this.iter().any(|&(o, _)| o == b) {
                return Err(not_own());
            }
            this.push((b, c));
        }
        if this.len() != ivs.len() || shape.as_ref().is_some_and(|prev| *prev != this) {
            return Err(not_own());
        }
        shape = Some(this);
    }
    Ok(shape.map(|this| this.into_iter().map(|(b, _)| b).collect()).unwrap_or_default())
}

/// The iterations of band loop `b` in the thread's block, `min(tile_b, ub - origin_b)` over
/// each upper bound of the loop (unit step), as the map and operands of an `affine.min`: the
/// valid extent of a tile dimension indexed by `iv_b + c`.
pub(crate) fn valid_extent(ctx: &Context, band: BandOp, b: usize) -> Option<(AffineMap, Vec<Value>)> {
    let ub = band.upper_bound_map(ctx, b)?;
    let tile = *band.tile_sizes(ctx).get(b)?;
    let origin = *band.origins(ctx).get(b)?;
    let (nd, ns) = (ub.num_dims(), ub.num_symbols());
    // d0 is the origin, the bounds' dims follow.
    let mut results = vec![AffineExpr::constant(tile)];
    for u in ub.results() {
        results.push((u.shift_dims(nd, 1, 0) - AffineExpr::dim(0)).simplify(nd + 1, ns));
    }
    let map = AffineMap::new(nd + 1, ns, results).ok()?;
    let operands: Vec<Value> = std::iter::once(origin).chain(band.upper_bound_operands(ctx).iter().copied()).collect();
    Some((map, operands))
}

/// Whether every store among `accesses` runs once in every thread in range: nested in the
/// band's body directly or in its in-bounds guard only.
fn stores_reached_by_every_thread(ctx: &Context, band: BandOp, accesses: &[OpId]) -> bool {
    let guard = in_bounds_condition(ctx, band);
    let stores: Vec<OpId> = accesses.iter().copied().filter(|&op| affine::StoreOp::view(ctx, op).is_some()).collect();
    !stores.is_empty()
        && stores.iter().all(|&op| match ctx.parent_op(op) {
            Some(p) if p == band.0 => true,
            Some(p) => {
                let is_guard = IfOp::view(ctx, p).is_some_and(|i| {
                    guard.as_ref().is_some_and(|(set, operands)| {
                        i.condition(ctx) == Some(set) && ctx.operands(p) == operands.as_slice()
                    })
                });
                is_guard && ctx.parent_op(p) == Some(band.0)
            }
            None => false,
        })
}

/// `memref[f(ivs)]` becomes `buffer[f(ivs) - origin]`: the map gains the origin operands as
/// dims after the old dims.
pub(crate) fn rewrite_access(
    ctx: &mut Context,
    op: OpId,
    buffer: Value,
    origin: &AffineMap,
    origin_operands: &[Value],
) {
    let (map, operands) = match (affine::LoadOp::view(ctx, op), affine::StoreOp::view(ctx, op)) {
        (Some(l), _) => (l.map(ctx).cloned(), l.map_operands(ctx).to_vec()),
        (_, Some(s)) => (s.map(ctx).cloned(), s.map_operands(ctx).to_vec()),
        _ => return,
    };
    let Some(map) = map else { return };
    let (nd, ns, extra) = (map.num_dims(), map.num_symbols(), origin.num_dims());
    let results: Vec<AffineExpr> = map
        .results()
        .iter()
        .zip(origin.results())
        .map(|(f, o)| (f.clone() - o.shift_dims(extra, nd, 0)).simplify(nd + extra, ns))
        .collect();
    let Ok(new_map) = AffineMap::new(nd + extra, ns, results) else { return };
    let Some((dim_operands, symbol_operands)) = operands.split_at_checked(nd as usize) else { return };
    let new_operands: Vec<Value> = dim_operands.iter().chain(origin_operands).chain(symbol_operands).copied().collect();
    let loc = ctx.loc(op).clone();
    let state = if affine::LoadOp::view(ctx, op).is_some() {
        affine::LoadOp::build(ctx, loc, buffer, new_map, &new_operands)
    } else {
        let value = ctx.operand(op, 0);
        affine::StoreOp::build(ctx, loc, value, buffer, new_map, &new_operands)
    };
    let new = Builder::before(op).insert(ctx, state);
    for (&old, &newv) in ctx.results(op).to_vec().iter().zip(ctx.results(new).to_vec().iter()) {
        ctx.replace_all_uses(old, newv);
    }
    ctx.erase_op(op);
}
