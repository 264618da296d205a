//! `sharc-map`: every section carrying a `sharc.plan` (from `sharc-partition`) becomes a
//! `gpumap.band` with the plan's block and dimensions; the plan's strip loops are strip-mined,
//! and the global accesses of threads past the iteration space are guarded. Sections without a
//! plan are left to `sharc-map-baseline`. The user-facing description is [`INFO`]'s.

use crate::analysis::partition::PLAN_ATTR;
use crate::memplace::band_plan::{in_bounds_condition, PlanAttr, LOOP_ATTR, STRIP_ATTR};
use sharc_dialects::affine::{self, ForOp, IfOp, ParallelOp};
use sharc_dialects::arith::ConstantOp;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{func, memref};
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Builder, Context, Diagnostic, InsertPoint, OpId, Value};
use std::collections::HashSet;

/// The declaration of `sharc-map`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-map",
    title: "SharcMap",
    summary: "Map every section with a sharc.plan to a gpumap.band: block shape, strip-mining, bound guards",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&UNSTAGED.spec],
    create,
};

static UNSTAGED: PassOption<bool> = PassOption::bool(
    "unstaged",
    false,
    "Also map sections whose plan stages no array (by default they are left to sharc-map-baseline); for testing the mapping alone",
);

const DESCRIPTION: &str = r#"Binds the plan `sharc-partition` chose for a section (an outermost
`affine.parallel` carrying `sharc.plan`) to a `gpumap.band` (seed 000 §3.2, digest 000 §7.2
steps 1 and 3), the input of `sharc-promote`:

1. **Band.** The section and the `affine.parallel` ops perfectly nested in it become one
   `gpumap.band` with the plan's block sizes and dimensions (`loops`), in the section's place,
   keeping its discardable attributes (`sharc.plan`, `sharc.share`). Its body is the innermost
   band's body with the induction variables replaced.
2. **Strips.** Each sequential loop listed in `strips` (`{loop = L, size = S}`) whose constant
   trip count is not already at most `S` is strip-mined:
   `affine.for %kk = lb to ub step S { affine.for %k = %kk to min(%kk + S, ub) { ... } }`.
   A strip loop must run the same iterations in every thread of a block (copies and barriers
   are block-wide): a loop whose bounds depend on the band's induction variables, or that sits
   under a condition or such a loop, is not strip-mined and a remark says so;
   `sharc-promote` then drops the staging that needs it.
3. **Guards.** The body runs for every thread of every block, also past the upper bounds.
   Every `affine.load`/`affine.store` (and `memref.load`/`memref.store`) whose subscripts
   depend on the band's induction variables is guarded by the band's in-bounds condition: an
   `affine.if` around a store, an `affine.if` yielding the loaded value or zero around a load.
   Loops, and so the copies and barriers `sharc-promote` places in them, stay outside the
   guards. No guard is needed when every loop has constant bounds whose trip count is a
   multiple of its block size.

The sequential loops are marked for `sharc-promote`: `sharc.loop = L` on the loop carrying
section loop `L`'s induction variable, `sharc.strip = L` on the outer loop of a strip-mined pair.

A section whose plan stages no array is left as it is, with a remark: it gains nothing over
`sharc-map-baseline`, which then maps it (option `unstaged` maps it anyway). A section is left as it is, with a warning, when its
plan does not fit it: a band loop the plan
runs inside the thread (`"seq"`), a band loop with a step other than 1, several bounds or bounds
that use another band loop, an `affine.parallel` nested elsewhere in the body, or a plan whose
loop count differs from the section's. A malformed `sharc.plan` is an error.

Each mapped section gets a remark:

```text
remark: section mapped to a gpumap.band: block 32x32x1, y = loop 0, x = loop 1, strip loop 2 by 32, 2 access(es) guarded
```

Pipeline: `--sharc-seed-closure --sharc-partition="target=a100" --sharc-map --sharc-promote
--sharc-lower-gpumap --lower-affine --canonicalize --cse`.
"#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Map { unstaged: options.get(&UNSTAGED) })
}

struct Map {
    /// Map sections whose plan stages nothing too.
    unstaged: bool,
}

impl Pass for Map {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let sections: Vec<OpId> = ctx
            .collect_ops(module)
            .into_iter()
            .filter(|&op| ctx.attr_of(op, PLAN_ATTR).is_some() && is_section(ctx, op))
            .collect();
        for section in sections {
            let loc = ctx.loc(section).clone();
            let Some(attr) = ctx.attr_of(section, PLAN_ATTR) else { continue };
            let plan = PlanAttr::read(ctx, attr)
                .map_err(|m| Diagnostic::error(loc.clone(), format!("malformed sharc.plan: {m}")))?;
            // A plan that stages nothing buys nothing over the baseline mapping, whose block
            // shape is chosen for coalescing rather than for tiles; leave the section to it.
            if plan.staged.is_empty() && !self.unstaged {
                diags.push(Diagnostic::remark(loc, "section left to the baseline mapping: its plan stages no array"));
                continue;
            }
            match map_section(ctx, section, &plan) {
                Ok(summary) => {
                    diags.push(Diagnostic::remark(loc, format!("section mapped to a gpumap.band: {summary}")))
                }
                Err(why) => diags.push(Diagnostic::warning(loc, format!("section not mapped by its plan: {why}"))),
            }
        }
        Ok(())
    }
}

/// An outermost `affine.parallel` of a function.
fn is_section(ctx: &Context, op: OpId) -> bool {
    ParallelOp::view(ctx, op).is_some()
        && ctx.ancestor(op, |c, a| ParallelOp::view(c, a).is_some() || BandOp::view(c, a).is_some()).is_none()
        && ctx.ancestor(op, |c, a| func::FuncOp::view(c, a).is_some()).is_some()
}

/// The section and the bands perfectly nested in it.
fn chain_of(ctx: &Context, section: ParallelOp) -> Vec<ParallelOp> {
    let mut chain = vec![section];
    while let Some(body) = chain.last().and_then(|b| b.body(ctx)) {
        let next = match ctx.block_ops(body).as_slice() {
            [only, term] if affine::YieldOp::view(ctx, *term).is_some() => ParallelOp::view(ctx, *only),
            _ => None,
        };
        match next {
            Some(p) if p.reduction_codes(ctx).is_empty() => chain.push(p),
            _ => break,
        }
    }
    chain
}

/// One band loop's bounds, each a single expression.
struct Bound {
    lb: AffineMap,
    lb_operands: Vec<Value>,
    ub: AffineMap,
    ub_operands: Vec<Value>,
}

/// Checks everything first, then rewrites: a section is mapped whole or left as it is.
fn map_section(ctx: &mut Context, section_op: OpId, plan: &PlanAttr) -> Result<String, String> {
    let Some(section) = ParallelOp::view(ctx, section_op) else { return Err("not an affine.parallel".into()) };
    if !section.reduction_codes(ctx).is_empty() {
        return Err("the parallel loop has reductions".into());
    }
    let chain = chain_of(ctx, section);
    let ivs: Vec<Value> = chain.iter().flat_map(|b| b.ivs(ctx).to_vec()).collect();
    if ivs.len() != plan.loops.len() || ivs.is_empty() || ivs.len() > 3 {
        return Err(format!("the plan has {} band loop(s), the section {}", plan.loops.len(), ivs.len()));
    }
    let mut dims = Vec::new();
    for (l, axis) in plan.loops.iter().enumerate() {
        let Some(d) = axis else { return Err(format!("the plan runs band loop {l} inside the thread")) };
        dims.push(*d);
    }
    let mut bounds = Vec::new();
    for band in &chain {
        let steps = band.steps(ctx);
        for pos in 0..band.ivs(ctx).len() {
            let (Some(lb), Some(ub)) = (band.lower_bound_map(ctx, pos), band.upper_bound_map(ctx, pos)) else {
                return Err("malformed bounds".into());
            };
            if steps.get(pos) != Some(&1) || lb.num_results() != 1 || ub.num_results() != 1 {
                return Err("a band loop has a step other than 1 or several bounds".into());
            }
            let (lb_operands, ub_operands) =
                (band.lower_bound_operands(ctx).to_vec(), band.upper_bound_operands(ctx).to_vec());
            if lb_operands.iter().chain(&ub_operands).any(|v| ivs.contains(v)) {
                return Err("a band loop's bounds use another band loop".into());
            }
            bounds.push(Bound { lb, lb_operands, ub, ub_operands });
        }
    }
    let Some(innermost) = chain.last().and_then(|b| b.body(ctx)) else { return Err("no body".into()) };
    let nested_parallel = ctx
        .block_ops(innermost)
        .into_iter()
        .any(|op| ctx.collect_ops(op).into_iter().any(|o| ParallelOp::view(ctx, o).is_some()));
    if nested_parallel {
        return Err("an affine.parallel is nested in the body".into());
    }
    // Rewrite: the band, in the section's place.
    let loc = ctx.loc(section_op).clone();
    let (lb_map, lb_operands) =
        combine(bounds.iter().map(|b| (&b.lb, b.lb_operands.as_slice()))).ok_or("malformed lower bounds")?;
    let (ub_map, ub_operands) =
        combine(bounds.iter().map(|b| (&b.ub, b.ub_operands.as_slice()))).ok_or("malformed upper bounds")?;
    // The plan's loop numbers: a pre-order walk, each loop contributing its induction variables.
    let mut numbered: Vec<OpId> = Vec::new();
    let mut next = ivs.len();
    for op in ctx.collect_ops(section_op) {
        if ForOp::view(ctx, op).is_some() {
            let n = ctx.i64_attr(next as i64);
            ctx.set_attr(op, LOOP_ATTR, n);
            numbered.push(op);
            next += 1;
        }
    }
    let block: Vec<i64> = dims.iter().map(|d| plan.block[d.index()]).collect();
    let band = BandOp::build(ctx, loc, &lb_operands, lb_map, &ub_operands, ub_map, &block, &dims);
    ctx.insert_op(InsertPoint::Before(section_op), band.0);
    // The discardable attributes (`sharc.plan`, `sharc.share`, ...) go with the band.
    for (name, attr) in ctx.attrs(section_op).to_vec() {
        ctx.set_attr(band.0, &name, attr);
    }
    let (Some(band_yield), Some(_)) = (band.yield_op(ctx), band.body(ctx)) else {
        return Err("band without body".into());
    };
    for op in ctx.block_ops(innermost) {
        if affine::YieldOp::view(ctx, op).is_none() {
            ctx.move_op(op, InsertPoint::Before(band_yield));
        }
    }
    let band_ivs = band.ivs(ctx).to_vec();
    for (&old, &new) in ivs.iter().zip(&band_ivs) {
        ctx.replace_all_uses(old, new);
    }
    ctx.erase_op(section_op);

    let mut parts: Vec<String> = dims.iter().enumerate().map(|(l, d)| format!("{} = loop {l}", d.keyword())).collect();
    parts.insert(0, format!("block {}x{}x{}", plan.block[0], plan.block[1], plan.block[2]));
    let band_loops = ivs.len();
    for &(l, size) in &plan.strips {
        let Some(&op) = l.checked_sub(band_loops).and_then(|i| numbered.get(i)) else {
            parts.push(format!("strip loop {l} is not a sequential loop of the section, not strip-mined"));
            continue;
        };
        match strip_mine(ctx, band, ForOp(op), l, size) {
            Ok(true) => parts.push(format!("strip loop {l} by {size}")),
            Ok(false) => parts.push(format!("loop {l} runs at most {size} iterations: one strip")),
            Err(why) => parts.push(format!("loop {l} not strip-mined ({why}): its staging is dropped")),
        }
    }
    let guarded = guard_accesses(ctx, band);
    parts.push(if guarded > 0 { format!("{guarded} access(es) guarded") } else { "no guard needed".to_string() });
    Ok(parts.join(", "))
}

/// One map over the concatenated operands of several single-result maps: the dims of all of
/// them first, then the symbols.
fn combine<'a>(maps: impl Iterator<Item = (&'a AffineMap, &'a [Value])> + Clone) -> Option<(AffineMap, Vec<Value>)> {
    let total_dims: u32 = maps.clone().map(|(m, _)| m.num_dims()).sum();
    let (mut dims_seen, mut syms_seen) = (0u32, 0u32);
    let (mut results, mut dim_ops, mut sym_ops) = (Vec::new(), Vec::new(), Vec::new());
    for (m, operands) in maps {
        let nd = m.num_dims() as usize;
        let d: Vec<AffineExpr> = (0..m.num_dims()).map(|i| AffineExpr::dim(dims_seen + i)).collect();
        let s: Vec<AffineExpr> = (0..m.num_symbols()).map(|i| AffineExpr::symbol(syms_seen + i)).collect();
        results.extend(m.results().iter().map(|e| e.replace_dims_and_symbols(&d, &s)));
        dim_ops.extend_from_slice(&operands[..nd.min(operands.len())]);
        sym_ops.extend_from_slice(&operands[nd.min(operands.len())..]);
        dims_seen += m.num_dims();
        syms_seen += m.num_symbols();
    }
    let map = AffineMap::new(total_dims, syms_seen, results).ok()?;
    Some((map, dim_ops.into_iter().chain(sym_ops).collect()))
}

/// Whether `v` is the same in every thread of `band`'s blocks: defined outside the band, a
/// block origin, or the induction variable of a uniform loop.
fn uniform_value(ctx: &Context, band: BandOp, v: Value) -> bool {
    if band.origins(ctx).contains(&v) {
        return true;
    }
    let Some(block) = ctx.value_block(v) else { return false };
    let Some(owner) = ctx.block_parent_op(block) else { return false };
    if owner != band.0 && !ctx.is_ancestor(band.0, owner) {
        return true;
    }
    match ForOp::view(ctx, owner) {
        Some(f) => f.induction_var(ctx) == Some(v) && uniform_loop(ctx, band, f),
        None => {
            ctx.defining_op(v).is_some_and(|d| ctx.operands(d).iter().all(|&o| uniform_value(ctx, band, o)))
                && ctx.defining_op(v).is_some_and(|d| ctx.regions(d).is_empty())
        }
    }
}

/// Whether every thread of a block runs `f`'s iterations together: its bounds and those of the
/// loops around it are uniform, and only loops enclose it within the band.
fn uniform_loop(ctx: &Context, band: BandOp, f: ForOp) -> bool {
    let bounds_uniform =
        f.lower_bound_operands(ctx).iter().chain(f.upper_bound_operands(ctx)).all(|&v| uniform_value(ctx, band, v));
    if !bounds_uniform {
        return false;
    }
    match ctx.parent_op(f.0) {
        Some(p) if p == band.0 => true,
        Some(p) => ForOp::view(ctx, p).is_some_and(|outer| uniform_loop(ctx, band, outer)),
        None => false,
    }
}

/// Strip-mines `f` (section loop `l`) by `size` iterations. `Ok(false)` when it runs at most
/// `size` iterations anyway.
fn strip_mine(ctx: &mut Context, band: BandOp, f: ForOp, l: usize, size: i64) -> Result<bool, String> {
    if !uniform_loop(ctx, band, f) {
        return Err("its iterations differ between the threads of a block".into());
    }
    let step = f.step(ctx);
    let span = size.checked_mul(step).ok_or("strip too large")?;
    if f.constant_trip_count(ctx).is_some_and(|t| t <= size as u64) {
        return Ok(false);
    }
    let (Some(lb), Some(ub)) = (f.lower_bound_map(ctx).cloned(), f.upper_bound_map(ctx).cloned()) else {
        return Err("malformed bounds".into());
    };
    let (lb_ops, ub_ops, inits) =
        (f.lower_bound_operands(ctx).to_vec(), f.upper_bound_operands(ctx).to_vec(), f.inits(ctx).to_vec());
    let (Some(old_body), Some(old_iv)) = (f.body(ctx), f.induction_var(ctx)) else { return Err("no body".into()) };
    let old_iter_args = f.region_iter_args(ctx).to_vec();
    let loc = ctx.loc(f.0).clone();
    let state = ForOp::build(ctx, loc.clone(), &lb_ops, lb.clone(), &ub_ops, ub.clone(), span, &inits);
    let outer = ForOp(Builder::before(f.0).insert(ctx, state));
    let (Some(outer_body), Some(kk)) = (outer.body(ctx), outer.induction_var(ctx)) else {
        return Err("no body".into());
    };
    let outer_iter_args = outer.region_iter_args(ctx).to_vec();
    // min(%kk + S, ub): the strip variable is dim 0, the old bound's inputs follow it.
    let mut ub_results = vec![AffineExpr::dim(0) + span];
    ub_results.extend(ub.results().iter().map(|e| e.shift_dims(ub.num_dims(), 1, 0)));
    let inner_ub = AffineMap::new(ub.num_dims() + 1, ub.num_symbols(), ub_results).map_err(|e| e.to_string())?;
    let inner_ub_ops: Vec<Value> = std::iter::once(kk).chain(ub_ops.iter().copied()).collect();
    let state =
        ForOp::build(ctx, loc.clone(), &[kk], AffineMap::identity(1), &inner_ub_ops, inner_ub, step, &outer_iter_args);
    let inner = ForOp(ctx.create_op(state));
    match ctx.block_last_op(outer_body) {
        Some(t) if inits.is_empty() => ctx.insert_op(InsertPoint::Before(t), inner.0),
        _ => ctx.insert_op(InsertPoint::BlockEnd(outer_body), inner.0),
    }
    let (Some(inner_body), Some(k)) = (inner.body(ctx), inner.induction_var(ctx)) else { return Err("no body".into()) };
    if let Some(t) = ctx.block_last_op(inner_body) {
        ctx.erase_op(t);
    }
    for op in ctx.block_ops(old_body) {
        ctx.move_op(op, InsertPoint::BlockEnd(inner_body));
    }
    ctx.replace_all_uses(old_iv, k);
    for (&old, &new) in old_iter_args.iter().zip(inner.region_iter_args(ctx).to_vec().iter()) {
        ctx.replace_all_uses(old, new);
    }
    if !inits.is_empty() {
        let results = ctx.results(inner.0).to_vec();
        Builder::at_end(outer_body).insert(ctx, affine::YieldOp::build(loc, &results));
    }
    for (&old, &new) in ctx.results(f.0).to_vec().iter().zip(ctx.results(outer.0).to_vec().iter()) {
        ctx.replace_all_uses(old, new);
    }
    ctx.erase_op(f.0);
    let n = ctx.i64_attr(l as i64);
    ctx.set_attr(inner.0, LOOP_ATTR, n);
    ctx.set_attr(outer.0, STRIP_ATTR, n);
    Ok(true)
}

/// Values computed from the band's induction variables, in the band.
fn thread_dependent(ctx: &Context, band: BandOp) -> HashSet<Value> {
    let mut tainted: HashSet<Value> = band.ivs(ctx).iter().copied().collect();
    for op in ctx.collect_ops(band.0) {
        if op == band.0 {
            continue;
        }
        if let Some(f) = ForOp::view(ctx, op) {
            let bounds = f.lower_bound_operands(ctx).iter().chain(f.upper_bound_operands(ctx));
            if bounds.clone().any(|v| tainted.contains(v)) {
                tainted.extend(f.induction_var(ctx));
            }
        }
        if ctx.operands(op).iter().any(|v| tainted.contains(v)) {
            tainted.extend(ctx.results(op).iter().copied());
            for &r in ctx.regions(op) {
                if let Some(b) = ctx.entry_block(r) {
                    tainted.extend(ctx.block_args(b).iter().copied());
                }
            }
        }
    }
    tainted
}

/// Guards every access whose subscripts depend on the band's induction variables; returns how
/// many.
fn guard_accesses(ctx: &mut Context, band: BandOp) -> usize {
    let Some((set, operands)) = in_bounds_condition(ctx, band) else { return 0 };
    let tainted = thread_dependent(ctx, band);
    let mut count = 0;
    for op in ctx.collect_ops(band.0) {
        let indices: Vec<Value> = if let Some(l) = affine::LoadOp::view(ctx, op) {
            l.map_operands(ctx).to_vec()
        } else if let Some(s) = affine::StoreOp::view(ctx, op) {
            s.map_operands(ctx).to_vec()
        } else if memref::LoadOp::view(ctx, op).is_some() {
            ctx.operands(op).get(1..).unwrap_or(&[]).to_vec()
        } else if memref::StoreOp::view(ctx, op).is_some() {
            ctx.operands(op).get(2..).unwrap_or(&[]).to_vec()
        } else {
            continue;
        };
        if !indices.iter().any(|v| tainted.contains(v)) {
            continue;
        }
        if guard(ctx, op, set.clone(), &operands) {
            count += 1;
        }
    }
    count
}

/// Wraps `op` (a load: one result; a store: none) in an `affine.if` on `set`; a load's `else`
/// yields zero.
fn guard(ctx: &mut Context, op: OpId, set: IntegerSet, operands: &[Value]) -> bool {
    let loc = ctx.loc(op).clone();
    let result_types: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    let state = IfOp::build(ctx, loc.clone(), set, operands, &result_types, !result_types.is_empty());
    let guard = IfOp(Builder::before(op).insert(ctx, state));
    let Some(then_block) = guard.then_block(ctx) else { return false };
    match result_types.as_slice() {
        [] => match ctx.block_last_op(then_block) {
            Some(t) => ctx.move_op(op, InsertPoint::Before(t)),
            None => return false,
        },
        [ty] => {
            let ty = *ty;
            let Some(else_block) = guard.else_block(ctx) else { return false };
            let old = ctx.result(op, 0);
            let new = ctx.result(guard.0, 0);
            ctx.replace_all_uses(old, new);
            ctx.move_op(op, InsertPoint::BlockEnd(then_block));
            Builder::at_end(then_block).insert(ctx, affine::YieldOp::build(loc.clone(), &[old]));
            let zero = if ctx.is_float(ty) {
                ConstantOp::float(ctx, 0.0, ty, loc.clone())
            } else if ctx.is_index(ty) {
                ConstantOp::index(ctx, 0, loc.clone())
            } else {
                ConstantOp::int(ctx, 0, ty, loc.clone())
            };
            let z = Builder::at_end(else_block).insert_value(ctx, zero);
            Builder::at_end(else_block).insert(ctx, affine::YieldOp::build(loc, &[z]));
        }
        _ => return false,
    }
    true
}
