//! `sharc-register-rotate`: register rotation along a loop run inside the thread (seed 003
//! §2.1, seed 004 §5.2). Loads of one array that differ only by a constant shift along the
//! loop form a window of `W` registers carried through the loop's `iter_args`: each iteration
//! loads one new element and the other `W − 1` are the previous iterations' loads, renamed.
//!
//! ```text
//! affine.for %i = 4 to 36 {                      %p0..%p7 = (prologue: in[lb-4 .. lb+3, j, k])
//!   %m4 = affine.load %in[%i - 4, %j, %k]        affine.for %i = 4 to 36 iter_args(%r0 = %p0, ..., %r7 = %p7) {
//!   ...                                   ==>      %n = affine.load %in[%i + 4, %j, %k]
//!   %p4 = affine.load %in[%i + 4, %j, %k]          ... uses of in[i-4+k] take %rk, of in[i+4] take %n ...
//! }                                                affine.yield %r1, ..., %r7, %n
//!                                                }
//! ```
//!
//! The window is SSA values, never a memref indexed modulo `W` (dynamic indexing of a private
//! array sends it to local memory). The user-facing description is [`INFO`]'s.

use crate::affine::register_promote::{guard_loads, nonempty_condition, Trip};
use crate::analysis::affine::memref_origin;
use crate::analysis::affine::LinearExpr;
use crate::effects;
use crate::plan::{Plan, Rotation};
use sharc_dialects::affine::{ForOp, IfOp, LoadOp};
use sharc_dialects::arith::ConstantOp;
use sharc_dialects::gpu::AddressSpace;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::CopyOp;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Attr, BlockId, Context, Diagnostic, OpId, Value};
use std::collections::{BTreeMap, HashMap};

/// The declaration of `sharc-register-rotate`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-register-rotate",
    title: "SharcRegisterRotate",
    summary: "Carry the loads a thread-sequential loop repeats at shifted offsets in a window of rotating registers (seed 003 §2.1, seed 004 §5.2)",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"In every `gpumap.band`, for every `affine.for` the thread runs
itself (a streamed loop, a sequential loop written out, a strip loop), finds the loads of one
array that differ only by a constant shift along the loop, as a stencil's `in[i-4] ... in[i+4]`
along a streamed `i`: seed 004's non-empty intersection of a thread's chrecs, seed 003's
"register reuse/rotation". Such a group is a window of `W` elements; after the pass each
iteration loads one new element and takes the other `W − 1` from the previous iterations
through the loop's `iter_args` (the rotation registers), so the loads of the group per thread
fall from `n·T` to `T + W − 1` over `T` iterations (`n` the group's loads per iteration).
`sharcc` runs it after `sharc-promote` and before `sharc-ilp`, so that the ILP register
estimate counts the rotation registers (`--register-rotate=off` leaves it out).

# Groups

A load directly in the loop's body (not in a nested loop) joins a group, also under a
partial block's per-access guard (an `affine.if` on values defined outside the loop that
yields the load, else a constant: it yields the load at every iteration or at none), when
its subscripts are affine in the loop's induction variable `i` and values defined outside
the loop, `i` appearing in exactly one subscript `p` as `a·i + c` (`a ≠ 0`). Loads of one
memref with the same operands, the same guard and the same subscripts except the constant
`c` of `p` form a group; with step `s` and `d = a·s`, a group is rotated when

- its offsets are congruent (`c ≡ c' mod d`) and leave no gap: `c_min, c_min + |d|, ...,
  c_max`, at least two of them; loads at other offsets form their own groups (`i` and `i + 1`
  with step 2 are two groups of one load: nothing to rotate);
- the window `W = (c_max − c_min)/|d| + 1` is at most 16 registers;
- nothing may write the array while the loop runs (a store, a copy, an op with unknown
  effects): a value loaded at iteration `i` must still be the element's value at `i + k·s`.
  For an array in global memory nothing in the band may write it (another block may run the
  write at any time); a shared buffer may be written outside the loop (its copies), since a
  write between two of one thread's reads in the loop would be a race of the original
  program. A group of an array written where it must not be (a stencil written in place) is
  left alone with a remark.

# Rewrite

Slot `k` of the window holds the element at offset `c_0 + k·d` (`c_0` the offset that leaves
the window first). Before the loop, the slots `0 .. W − 2` are loaded at the lower bound, the
same elements the group's loads read in the first iteration; unless constant bounds prove an
iteration, these loads go under an `affine.if` on the trip count (a loop that does not run
must not read). In the body the load of slot `W − 1` stays; every other member takes its slot's
`iter_arg`; the loop yields slots `1 .. W − 1`. Every remaining load reads what the original
read in the same iteration, and values flow through the same arithmetic: results are
bit-identical.

```mlir
affine.for %i = 4 to 36 iter_args(%r0 = %p0, %r1 = %p1) -> (f32, f32) {
  %n = affine.load %in[%i + 1, %j, %k] : memref<40x40x40xf32>
  %s = ... %r0 ... %r1 ... %n ...
  affine.yield %r1, %n : f32, f32
}
```

A remark per rotated group gives the array, the subscript, the window and the loads per
iteration before and after."#;

/// The widest window rotated: `W − 1` registers per group stay live through the loop.
pub const MAX_WINDOW: i64 = 16;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(RegisterRotate)
}

struct RegisterRotate;

impl Pass for RegisterRotate {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let rotated = rotate_band(ctx, band, diags);
            record(ctx, band, &rotated);
        }
        Ok(())
    }
}

/// Writes the windows into the band's plan (`sharcc --report` reads them back); bands without
/// a plan, written by hand, get none.
fn record(ctx: &mut Context, band: BandOp, rotated: &[Rotated]) {
    if rotated.is_empty() {
        return;
    }
    let Some(Ok(mut plan)) = Plan::of(ctx, band.0) else { return };
    plan.rotate.extend(rotated.iter().map(|r| Rotation {
        array: if r.shared { format!("{} (shared)", r.array) } else { r.array.clone() },
        dim: r.dim as i64,
        window: r.window,
        loads: r.loads as i64,
    }));
    plan.attach(ctx, band.0);
}

/// What one rotation did, for the remark and for the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotated {
    /// The array's source name.
    pub array: String,
    /// Whether the loads read the array's shared tile rather than the array.
    pub shared: bool,
    /// The subscript that shifts along the loop.
    pub dim: usize,
    /// The window (registers: `window − 1` carried).
    pub window: i64,
    /// The group's loads per iteration before the rewrite.
    pub loads: usize,
}

/// Rotates every group of every thread-sequential loop of `band`, innermost loops first.
/// Returns what it rotated.
pub fn rotate_band(ctx: &mut Context, band: BandOp, diags: &mut Vec<Diagnostic>) -> Vec<Rotated> {
    let loops: Vec<ForOp> = ctx.collect_ops_post(band.0).into_iter().filter_map(|o| ForOp::view(ctx, o)).collect();
    let mut out = Vec::new();
    for l in loops {
        if ctx.is_erased(l.0) {
            continue;
        }
        out.extend(rotate_loop(ctx, band, l, diags));
    }
    out
}

/// One load of a candidate group.
#[derive(Clone, Copy)]
struct Member {
    /// The op whose result is the value: the load, or the `affine.if` that guards it.
    op: OpId,
    /// The `affine.load`.
    load: OpId,
    /// The constant of the shifted subscript.
    offset: i64,
}

/// The guard of a guarded load (`sharc-map`'s per-access guard of a partial block): its
/// condition (printed: sets are not ordered), operands, and the constant its `else` yields.
/// Defined outside the loop, it holds for every iteration or none, so that members with the
/// same guard yield loads together or the constant together.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct GuardKey {
    set: String,
    operands: Vec<Value>,
    otherwise: Attr,
}

/// The key loads of one group share: memref, operands, the subscript that moves with the loop
/// and its coefficient, and the other subscripts' linear forms (the moving one with its
/// constant zeroed).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
struct GroupKey {
    memref: Value,
    operands: Vec<Value>,
    dim: usize,
    coefficient: i64,
    shape: Vec<(Vec<i64>, Vec<i64>, i64)>,
    guard: Option<GuardKey>,
}

/// A group ready to rotate: its members by slot and the window's geometry.
struct Group {
    key: GroupKey,
    /// `slots[k]` holds the members at offset `c0 + k·d`.
    slots: Vec<Vec<Member>>,
}

fn rotate_loop(ctx: &mut Context, band: BandOp, l: ForOp, diags: &mut Vec<Diagnostic>) -> Vec<Rotated> {
    let (Some(body), Some(iv)) = (l.body(ctx), l.induction_var(ctx)) else { return Vec::new() };
    let step = l.step(ctx);
    let groups = find_groups(ctx, l, body, iv, step);
    let mut ready = Vec::new();
    for g in groups {
        match written_in_band(ctx, band, l, g.key.memref) {
            None => ready.push(g),
            Some(why) => {
                let name = match shared_tile_of(ctx, g.key.memref) {
                    Some(global) => format!("the shared tile of {}", crate::analysis::argument_name(ctx, global)),
                    None => crate::analysis::argument_name(ctx, g.key.memref),
                };
                diags.push(Diagnostic::remark(
                    ctx.loc(l.0).clone(),
                    format!(
                        "register-rotate: {name} left alone along this loop: {why} (a value loaded at one iteration may be stale at the next)"
                    ),
                ));
            }
        }
    }
    if ready.is_empty() {
        return Vec::new();
    }
    let Some(lb_map) = l.lower_bound_map(ctx).cloned() else { return Vec::new() };
    if lb_map.results().len() != 1 {
        // A maximum of lower bounds: the prologue would need the maximum of each subscript.
        return Vec::new();
    }
    let lb_operands = l.lower_bound_operands(ctx).to_vec();
    let Some(trip) = nonempty_condition(ctx, l) else { return Vec::new() };
    let elem_ok = ready.iter().all(|g| {
        let t = ctx.element_type_or_self(ctx.value_type(g.key.memref));
        ctx.is_float(t) || ctx.is_integer(t) || ctx.is_index(t)
    });
    if matches!(trip, Trip::Guard(..)) && !elem_ok {
        // The guard's `else` yields zeros of the element type.
        return Vec::new();
    }
    // The prologue: slots 0 .. W-2 of every group, at the lower bound.
    let loc = ctx.loc(l.0).clone();
    let mut prologue = Vec::new();
    for g in &ready {
        for slot in &g.slots[..g.slots.len() - 1] {
            let m = LoadOp(slot[0].load);
            let (map, operands) = (m.map(ctx).cloned(), m.map_operands(ctx).to_vec());
            let Some(map) = map else { return Vec::new() };
            let Some((map, operands)) = substitute(&map, &operands, iv, &lb_map, &lb_operands) else {
                return Vec::new();
            };
            let state = LoadOp::build(ctx, loc.clone(), g.key.memref, map, &operands);
            if slot[0].op == slot[0].load {
                prologue.push(Builder::before(l.0).insert(ctx, state));
                continue;
            }
            // A guarded load: the same guard around the shifted load.
            let guard = ctx.clone_op(slot[0].op, &mut HashMap::new());
            ctx.insert_op(InsertPoint::Before(l.0), guard);
            let then = IfOp(guard).then_block(ctx).expect("a guarded load's then block");
            let old = ctx.block_first_op(then).expect("the guarded load");
            let new = Builder::before(old).insert(ctx, state);
            let v = ctx.result(new, 0);
            ctx.replace_op(old, &[v]);
            prologue.push(guard);
        }
    }
    let inits = match trip {
        Trip::AtLeastOne => prologue.iter().map(|&o| ctx.result(o, 0)).collect(),
        Trip::Guard(set, operands) => guard_loads(ctx, l, &prologue, set, &operands),
    };
    let (new, args) = l.with_iter_args(ctx, &inits).expect("a verified affine.for has both bound maps");
    // Members take their slot's register; the load of the last slot stays and is yielded.
    let mut yields = Vec::new();
    let mut k = 0;
    let mut out = Vec::new();
    for g in &ready {
        let w = g.slots.len();
        let regs = &args[k..k + w - 1];
        k += w - 1;
        for (s, members) in g.slots.iter().enumerate().take(w - 1) {
            for m in members {
                ctx.replace_op(m.op, &[regs[s]]);
            }
        }
        let last = &g.slots[w - 1];
        let first = ctx.result(last[0].op, 0);
        for m in &last[1..] {
            ctx.replace_op(m.op, &[first]);
        }
        yields.extend_from_slice(&regs[1..]);
        yields.push(first);
        let (array, shared) = match shared_tile_of(ctx, g.key.memref) {
            Some(global) => (crate::analysis::argument_name(ctx, global), true),
            None => (crate::analysis::argument_name(ctx, g.key.memref), false),
        };
        let rotated =
            Rotated { array, shared, dim: g.key.dim, window: w as i64, loads: g.slots.iter().map(Vec::len).sum() };
        diags.push(Diagnostic::remark(
            ctx.loc(new.0).clone(),
            format!(
                "register-rotate: {}{} rotated along this loop (subscript {}): window {}, {} register(s) carried, {} load(s) per iteration -> 1",
                if rotated.shared { "the shared tile of " } else { "" },
                rotated.array,
                rotated.dim,
                rotated.window,
                rotated.window - 1,
                rotated.loads
            ),
        ));
        out.push(rotated);
    }
    let y = new.yield_op(ctx).expect("an affine.for body ends in affine.yield");
    let mut ys = y.operands(ctx).to_vec();
    ys.extend_from_slice(&yields);
    ctx.set_operands(y.0, ys);
    out
}

/// The groups of `l`'s body worth rotating (see the pass description).
fn find_groups(ctx: &Context, l: ForOp, body: BlockId, iv: Value, step: i64) -> Vec<Group> {
    let mut by_key: BTreeMap<GroupKey, Vec<Member>> = BTreeMap::new();
    for op in ctx.block_ops(body) {
        let Some((ld, guard)) = member_load(ctx, l, op) else { continue };
        let Some(map) = ld.map(ctx) else { continue };
        let operands = ld.map_operands(ctx);
        let nd = map.num_dims() as usize;
        if operands.len() != map.num_inputs() {
            continue;
        }
        // `i` only as a dimension; every other operand defined outside the loop.
        if operands[nd..].contains(&iv) || operands.iter().any(|&v| v != iv && defined_inside(ctx, v, l.0)) {
            continue;
        }
        let Some(forms) = LinearExpr::from_map(map) else { continue };
        let iv_dims: Vec<usize> = (0..nd).filter(|&d| operands[d] == iv).collect();
        let coefficient = |f: &LinearExpr| iv_dims.iter().map(|&d| f.dims[d]).sum::<i64>();
        let moving: Vec<usize> = (0..forms.len()).filter(|&r| coefficient(&forms[r]) != 0).collect();
        let [dim] = moving[..] else { continue };
        let shape = forms
            .iter()
            .enumerate()
            .map(|(r, f)| (f.dims.clone(), f.symbols.clone(), if r == dim { 0 } else { f.constant }))
            .collect();
        let key = GroupKey {
            memref: ld.memref(ctx),
            operands: operands.to_vec(),
            dim,
            coefficient: coefficient(&forms[dim]),
            shape,
            guard,
        };
        by_key.entry(key).or_default().push(Member { op, load: ld.0, offset: forms[dim].constant });
    }
    let mut out = Vec::new();
    for (key, members) in by_key {
        let Some(d) = key.coefficient.checked_mul(step).filter(|&d| d != 0) else { continue };
        // Residue classes of the offsets modulo |d|: only congruent offsets share a window.
        let mut classes: BTreeMap<i64, Vec<Member>> = BTreeMap::new();
        for &m in &members {
            classes.entry(m.offset.rem_euclid(d.abs())).or_default().push(m);
        }
        for class in classes.values() {
            let (Some(lo), Some(hi)) = (class.iter().map(|m| m.offset).min(), class.iter().map(|m| m.offset).max())
            else {
                continue;
            };
            let w = (hi - lo) / d.abs() + 1;
            if !(2..=MAX_WINDOW).contains(&w) {
                continue;
            }
            // Slot 0 is the offset that leaves the window first: the lowest when the loop
            // moves up the array, the highest when it moves down.
            let c0 = if d > 0 { lo } else { hi };
            let mut slots = vec![Vec::new(); w as usize];
            for &m in class {
                slots[((m.offset - c0) / d) as usize].push(m);
            }
            // A gap: the prologue would read an element the first iteration does not.
            if slots.iter().any(Vec::is_empty) {
                continue;
            }
            out.push(Group { key: key.clone(), slots });
        }
    }
    out
}

/// The load `op` is or guards: an `affine.load`, or an `affine.if` on values defined outside
/// `l` whose `then` block only yields a load and whose `else` yields a constant.
fn member_load(ctx: &Context, l: ForOp, op: OpId) -> Option<(LoadOp, Option<GuardKey>)> {
    if let Some(ld) = LoadOp::view(ctx, op) {
        return Some((ld, None));
    }
    let guard = IfOp::view(ctx, op)?;
    if ctx.results(op).len() != 1 || ctx.operands(op).iter().any(|&v| defined_inside(ctx, v, l.0)) {
        return None;
    }
    let (then, other) = (guard.then_block(ctx)?, guard.else_block(ctx)?);
    let (then_ops, else_ops) = (ctx.block_ops(then), ctx.block_ops(other));
    let [load, yield_then] = then_ops[..] else { return None };
    let ld = LoadOp::view(ctx, load)?;
    if ctx.operands(yield_then) != [ld.result(ctx)] {
        return None;
    }
    let yielded = *ctx.operands(*else_ops.last()?).first()?;
    let constant = ctx.defining_op(yielded).filter(|&c| ConstantOp::view(ctx, c).is_some())?;
    // The constant is the `else` block's own, or defined outside the loop: a clone of the
    // guard before the loop must still see it.
    let own = else_ops.len() == 2 && else_ops[0] == constant;
    if !(own || else_ops.len() == 1 && !defined_inside(ctx, yielded, l.0)) {
        return None;
    }
    let otherwise = ctx.attr_of(constant, "value")?;
    let set = format!("{:?}", guard.condition(ctx)?);
    Some((ld, Some(GuardKey { set, operands: ctx.operands(op).to_vec(), otherwise })))
}

/// Why the band may write `memref` while `l` runs (an op writes its origin, or may write
/// anything), if it may. A shared buffer may be written outside `l` (its copies): every
/// thread's reads of it in `l` lie between the same two placement barriers as in the original
/// (a thread in `l`, where nothing writes the buffer, holds every other thread before the next
/// barrier), so a write between two reads of one element would be a race there too. A global
/// array must not be written anywhere in the band: another block may run that write at any
/// time.
fn written_in_band(ctx: &Context, band: BandOp, l: ForOp, memref: Value) -> Option<String> {
    let origin = memref_origin(ctx, memref);
    let shared = AddressSpace::of_type(ctx, ctx.value_type(origin)) == Some(AddressSpace::Workgroup);
    let scope = if shared { l.0 } else { band.0 };
    for o in ctx.collect_ops(scope) {
        if !ctx.regions(o).is_empty() || !effects::may_write(ctx, o) {
            continue;
        }
        let memrefs: Vec<Value> =
            ctx.operands(o).iter().copied().filter(|&v| ctx.memref_parts(ctx.value_type(v)).is_some()).collect();
        if memrefs.iter().any(|&v| memref_origin(ctx, v) == origin) {
            let place = if shared { "in the loop" } else { "in the band" };
            return Some(format!("it is written {place} ({})", ctx.op_name(o)));
        }
        if memrefs.is_empty() && ctx.results(o).is_empty() && !is_barrier(ctx, o) {
            return Some(format!("{} in the band may write any memory", ctx.op_name(o)));
        }
    }
    None
}

/// A barrier orders memory; it writes none.
fn is_barrier(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    name == "memplace.barrier" || name == "gpu.barrier"
}

/// Whether `v` is defined inside `op` (by an op in it or as one of its blocks' arguments).
fn defined_inside(ctx: &Context, v: Value, op: OpId) -> bool {
    let Some(b) = ctx.value_block(v) else { return true };
    ctx.block_parent_op(b).is_some_and(|p| ctx.is_ancestor(op, p))
}

/// `map(operands)` with the dimension operands equal to `iv` replaced by `lb(lb_operands)`:
/// the map's other dimensions, then `lb`'s; its symbols, then `lb`'s.
fn substitute(
    map: &AffineMap,
    operands: &[Value],
    iv: Value,
    lb: &AffineMap,
    lb_operands: &[Value],
) -> Option<(AffineMap, Vec<Value>)> {
    let (nd, ns) = (map.num_dims() as usize, map.num_symbols() as usize);
    let (lnd, lns) = (lb.num_dims() as usize, lb.num_symbols() as usize);
    if operands.len() != nd + ns || lb_operands.len() != lnd + lns {
        return None;
    }
    let kept: Vec<usize> = (0..nd).filter(|&d| operands[d] != iv).collect();
    let shift_dims: Vec<AffineExpr> = (0..lnd).map(|j| AffineExpr::dim((kept.len() + j) as u32)).collect();
    let shift_syms: Vec<AffineExpr> = (0..lns).map(|j| AffineExpr::symbol((ns + j) as u32)).collect();
    let lb_expr = lb.results().first()?.replace_dims_and_symbols(&shift_dims, &shift_syms);
    let dims: Vec<AffineExpr> = (0..nd)
        .map(|d| match kept.iter().position(|&k| k == d) {
            Some(p) => AffineExpr::dim(p as u32),
            None => lb_expr.clone(),
        })
        .collect();
    let syms: Vec<AffineExpr> = (0..ns).map(|s| AffineExpr::symbol(s as u32)).collect();
    let new = map.replace_dims_and_symbols(&dims, &syms, (kept.len() + lnd) as u32, (ns + lns) as u32).ok()?;
    let new_operands: Vec<Value> = kept
        .iter()
        .map(|&d| operands[d])
        .chain(lb_operands[..lnd].iter().copied())
        .chain(operands[nd..].iter().copied())
        .chain(lb_operands[lnd..].iter().copied())
        .collect();
    Some((new.simplify(), new_operands))
}

/// The array whose tile the shared buffer `memref` holds (the global memref of its copies).
fn shared_tile_of(ctx: &Context, memref: Value) -> Option<Value> {
    let band = ctx.defining_op(memref).and_then(|d| ctx.ancestor(d, |c, o| BandOp::view(c, o).is_some()))?;
    ctx.collect_ops(band)
        .into_iter()
        .filter_map(|o| CopyOp::view(ctx, o))
        .find(|c| c.shared(ctx) == memref)
        .map(|c| c.global(ctx))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::registers::estimate_band_registers;
    use sharc_ir::syntax::{parse_source, ParseOptions};

    fn parse(text: &str) -> (Context, OpId) {
        let mut ctx = Context::new(sharc_dialects::registry());
        let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
        (ctx, module)
    }

    /// A 3-point window along `i` (offsets -1, 0, +1) in a hand-written band.
    const JACOBI_1D: &str = "func.func @k(%A: memref<66x32xf32>, %B: memref<66x32xf32>) {
  gpumap.band (%j) = (0) to (32) block [32] dims [x] origin (%bj) {
    affine.for %i = 1 to 65 {
      %a = affine.load %A[%i - 1, %j] : memref<66x32xf32>
      %b = affine.load %A[%i, %j] : memref<66x32xf32>
      %c = affine.load %A[%i + 1, %j] : memref<66x32xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      affine.store %t, %B[%i, %j] : memref<66x32xf32>
    }
  }
  return
}";

    fn band(ctx: &Context, module: OpId) -> BandOp {
        ctx.collect_ops(module).into_iter().find_map(|o| BandOp::view(ctx, o)).expect("a band")
    }

    /// The window's two registers are live through the loop: the static register estimate
    /// (what `sharc-ilp`'s model sees without a backend) grows, and one load is left in it.
    #[test]
    fn rotation_registers_show_in_the_estimate() {
        let (mut ctx, module) = parse(JACOBI_1D);
        let b = band(&ctx, module);
        let before = estimate_band_registers(&ctx, b.0);
        let mut diags = Vec::new();
        let rotated = rotate_band(&mut ctx, b, &mut diags);
        assert_eq!(rotated, [Rotated { array: "argument 0".into(), shared: false, dim: 0, window: 3, loads: 3 }]);
        sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
        let l = ctx.collect_ops(module).into_iter().find_map(|o| ForOp::view(&ctx, o)).expect("the loop");
        assert_eq!(l.region_iter_args(&ctx).len(), 2);
        let body = l.body(&ctx).expect("a body");
        let loads = ctx.block_ops(body).into_iter().filter(|&o| LoadOp::view(&ctx, o).is_some()).count();
        assert_eq!(loads, 1);
        // The estimate's peak grows by the window's W − 1 = 2 carried values: 16 -> 18.
        let after = estimate_band_registers(&ctx, b.0);
        assert_eq!((before, after), (16, 18));
    }

    /// A loop that may run zero times (a symbolic upper bound): the prologue is guarded.
    #[test]
    fn a_loop_that_may_not_run_guards_its_prologue() {
        let text = JACOBI_1D
            .replace("%B: memref<66x32xf32>) {", "%B: memref<66x32xf32>, %n: index) {")
            .replace("affine.for %i = 1 to 65 {", "affine.for %i = 1 to min affine_map<()[s0] -> (s0, 65)>()[%n] {");
        let (mut ctx, module) = parse(&text);
        let b = band(&ctx, module);
        let rotated = rotate_band(&mut ctx, b, &mut Vec::new());
        assert_eq!(rotated.len(), 1);
        sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}", d.message));
        let guards = ctx.collect_ops(module).into_iter().filter(|&o| IfOp::view(&ctx, o).is_some()).count();
        assert_eq!(guards, 1);
    }

    /// Offsets -1 and +1 with a gap at 0: the prologue would read an element the first
    /// iteration does not; nothing rotates.
    #[test]
    fn a_window_with_a_gap_is_left_alone() {
        let text = JACOBI_1D.replace("%b = affine.load %A[%i, %j]", "%b = affine.load %B[%i - 1, %j]");
        let (mut ctx, module) = parse(&text);
        let b = band(&ctx, module);
        let mut diags = Vec::new();
        assert!(rotate_band(&mut ctx, b, &mut diags).is_empty());
        // %B's load is a group of one, and %B is written in the band: no remark for a group
        // that does not exist.
        assert!(diags.is_empty(), "{:?}", diags.iter().map(|d| &d.message).collect::<Vec<_>>());
    }
}
