//! Strip-mining a sequential loop of a band for the plan's `strips`: only loops whose
//! iterations are the same in every thread of a block, since the copies and barriers
//! `sharc-promote` places in a strip are block-wide.

use crate::memplace::band_plan::{LOOP_ATTR, STRIP_ATTR};
use sharc_dialects::affine::{self, ForOp};
use sharc_dialects::gpumap::BandOp;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::{Builder, Context, InsertPoint, Value};

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
pub(super) fn strip_mine(ctx: &mut Context, band: BandOp, f: ForOp, l: usize, size: i64) -> Result<bool, String> {
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
