//! Access reorder, seed 000 §3.3.1: "by varying start offsets of each thread that accesses an
//! array by row, consecutive threads can operate on different banks at the same time". A
//! reduction loop whose iterations only combine values through an associative and commutative
//! op may visit its iterations in any order; lane `tx` starts at iteration `(c·tx) mod K`.
//!
//! ```mlir
//! %r = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (i32) {
//!   %v = affine.load %s[%i - %o, %k] : memref<32x32xi32, #gpu.address_space<workgroup>>
//!   %n = arith.addi %acc, %v : i32                  // lanes tx read row tx: one bank
//!   affine.yield %n : i32
//! }
//! ```
//! becomes, with `c = 1`,
//! ```mlir
//! %r = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (i32) {
//!   %k2 = affine.apply affine_map<(d0, d1, d2) -> ((d0 + d1 - d2) mod 32)>(%k, %i, %o)
//!   %v = affine.load %s[%i - %o, %k2] : ...        // bank (k + tx) mod 32: one per lane
//!   ...
//! ```
//! Every use of `%k` in the body reads the rotated one, so per-iteration values stay paired (a
//! dot product `s += A_s[tx][k] * x[k]` multiplies the same elements); only the order in which
//! they are combined changes. The bounds stay, so the loop still runs its `K` iterations.
//!
//! A site (feature F4 of the design study) is a loop of constant trip count that writes no
//! memory and whose every loop-carried value is updated once per iteration by one combining op
//! (`acc' = acc ⊕ v`, `v` independent of the accumulators). Wrapping integer arithmetic and
//! integer min/max are associative, so integer reductions always qualify (the combining op loses
//! its `nsw`/`nuw` flags: a partial sum in the new order may overflow where the original's did
//! not); floating-point ones only under `allow-reassoc`, since their rounding changes.

use super::remap::forward_slice;
use sharc_dialects::affine::{ApplyOp, ForOp, LoadOp as AffineLoad};
use sharc_dialects::arith;
use sharc_dialects::gpu::{AddressSpace, Dimension};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memref::LoadOp as MemrefLoad;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::{Context, OpId, Value};

/// A reduction loop whose iterations may be rotated per lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ReorderSite {
    /// The `affine.for`.
    pub loop_op: OpId,
    /// The loads of the buffer whose subscripts depend on the loop's induction variable.
    pub loads: Vec<OpId>,
    /// The loop's constant trip count `K`.
    pub trip: i64,
    /// The combining op of each loop-carried value.
    pub combiners: Vec<OpId>,
    /// The loads of arrays outside shared memory whose subscripts depend on the induction
    /// variable: the rotation changes which elements a warp reads together (a broadcast `x[k]`
    /// becomes 32 distinct elements), so their cost must be weighed too.
    pub unstaged_loads: Vec<OpId>,
}

/// The reduction loops of `band` that read `buffer` at subscripts depending on their induction
/// variable (see the module docs); floating-point reductions only if `allow_reassoc`. Find the
/// sites on the band that [`reorder`] will rewrite (on the clone, not on its original).
pub(super) fn reorder_sites(ctx: &Context, band: OpId, buffer: Value, allow_reassoc: bool) -> Vec<ReorderSite> {
    ctx.collect_ops(band)
        .into_iter()
        .filter(|&op| ForOp::view(ctx, op).is_some())
        .filter_map(|op| site(ctx, op, buffer, allow_reassoc).ok())
        .collect()
}

/// Whether `loop_op` is a reorder site for `buffer`, with the reason when it is not.
pub(super) fn site(ctx: &Context, loop_op: OpId, buffer: Value, allow_reassoc: bool) -> Result<ReorderSite, String> {
    let f = ForOp::view(ctx, loop_op).ok_or("not an affine.for")?;
    let (trip, _) = trip_count(ctx, f)?;
    let body = f.body(ctx).ok_or("the loop has no body")?;
    let k = f.induction_var(ctx).ok_or("the loop has no induction variable")?;
    for op in ctx.collect_ops(loop_op).into_iter().skip(1) {
        if crate::effects::may_write(ctx, op) && ctx.regions(op).is_empty() {
            return Err(format!("the loop body has a side effect ({})", ctx.op_name(op)));
        }
    }
    let from_k = forward_slice(ctx, &[k]);
    let (mut loads, mut unstaged_loads) = (Vec::new(), Vec::new());
    for op in ctx.collect_ops(loop_op) {
        let (memref, subscripts) = if let Some(l) = AffineLoad::view(ctx, op) {
            (l.memref(ctx), l.map_operands(ctx))
        } else if let Some(l) = MemrefLoad::view(ctx, op) {
            (l.memref(ctx), l.indices(ctx))
        } else {
            continue;
        };
        if !subscripts.iter().any(|v| from_k.contains(v)) {
            continue;
        }
        if memref == buffer {
            loads.push(op);
        } else if AddressSpace::of_type(ctx, ctx.value_type(memref)) != Some(AddressSpace::Workgroup) {
            unstaged_loads.push(op);
        }
    }
    if loads.is_empty() {
        return Err("the loop reads the buffer at no subscript of its induction variable".to_string());
    }
    let accs = f.region_iter_args(ctx);
    let yielded = f.yield_op(ctx).map(|y| y.operands(ctx)).unwrap_or_default();
    if accs.is_empty() || accs.len() != yielded.len() {
        return Err("the loop carries no reduction".to_string());
    }
    let mut combiners = Vec::new();
    for (&acc, &next) in accs.iter().zip(yielded) {
        let op = ctx.defining_op(next).filter(|&d| ctx.parent_block(d) == Some(body));
        let (float, lhs, rhs) =
            op.and_then(|d| combining(ctx, d)).ok_or("a loop-carried value is not combined by an associative op")?;
        if float && !allow_reassoc {
            return Err("a floating-point reduction: a new order changes its rounding (allow-reassoc)".to_string());
        }
        // The accumulator feeds only its combination, which feeds only the next iteration: no
        // other value sees a partial result, whose value depends on the order.
        if (lhs == acc) == (rhs == acc) || ctx.uses(acc).len() != 1 || ctx.uses(next).len() != 1 {
            return Err("a partial result is used other than by its combination".to_string());
        }
        combiners.extend(op);
    }
    Ok(ReorderSite { loop_op, loads, trip, combiners, unstaged_loads })
}

/// The trip count of `f` and its single lower-bound expression: constant bounds, or a single
/// lower and upper bound over the same operands that differ by a constant (`%j to %j + 8`).
fn trip_count(ctx: &Context, f: ForOp) -> Result<(i64, AffineExpr), String> {
    let step = f.step(ctx);
    let (Some(lb), Some(ub)) = (f.lower_bound_map(ctx), f.upper_bound_map(ctx)) else {
        return Err("the loop has no bounds".to_string());
    };
    if step <= 0 || lb.num_results() != 1 || ub.num_results() != 1 {
        return Err("the loop's bounds are a max or min: its trip count is not constant".to_string());
    }
    let same = f.lower_bound_operands(ctx) == f.upper_bound_operands(ctx)
        && (lb.num_dims(), lb.num_symbols()) == (ub.num_dims(), ub.num_symbols());
    let span = if same {
        (&ub.results()[0] - &lb.results()[0]).simplify(lb.num_dims(), lb.num_symbols()).as_constant()
    } else {
        None
    };
    let span = span.ok_or("the loop's trip count is not constant")?;
    let trip = if span <= 0 { 0 } else { span / step + i64::from(span % step != 0) };
    if trip < 2 {
        return Err("the loop runs fewer than two iterations".to_string());
    }
    Ok((trip, lb.results()[0].clone()))
}

/// For an associative and commutative op: whether it is a floating-point one, and its operands.
fn combining(ctx: &Context, op: OpId) -> Option<(bool, Value, Value)> {
    macro_rules! first_of {
        ($float:expr; $($view:ty),+) => {
            $(if let Some(v) = <$view>::view(ctx, op) {
                return Some(($float, v.lhs(ctx), v.rhs(ctx)));
            })+
        };
    }
    first_of!(false; arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp,
        arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp);
    first_of!(true; arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MinimumFOp);
    None
}

/// Rewrites `site`'s loop in `band` so that the lane with thread id `tx` along x (`iv_x - o_x`
/// of the band, over its step) starts at iteration `(c·tx) mod K`: each use of the induction
/// variable `k` in the body becomes `lb + (k - lb + c·tx·step) mod (K·step)`. Returns the number
/// of ops added to the loop body (each runs once per iteration). On `Err` nothing changes.
pub(super) fn reorder(ctx: &mut Context, band: OpId, site: &ReorderSite, c: i64) -> Result<usize, String> {
    let band = BandOp::view(ctx, band).ok_or("not a gpumap.band")?;
    let f = ForOp::view(ctx, site.loop_op).ok_or("the site is not an affine.for")?;
    if !ctx.is_ancestor(band.0, f.0) {
        return Err("the site's loop is not in the band".to_string());
    }
    let x = band.mapping(ctx).iter().position(|&d| d == Some(Dimension::X)).ok_or("the band maps no loop to x")?;
    let (trip, lb) = trip_count(ctx, f)?;
    if trip != site.trip {
        return Err(format!("the site's trip count {} is not the loop's {trip}", site.trip));
    }
    let shift = c.checked_rem_euclid(trip).filter(|&s| s != 0).ok_or("a rotation by a multiple of the trip count")?;
    let (Some(body), Some(k)) = (f.body(ctx), f.induction_var(ctx)) else { return Err("the loop has no body".into()) };
    let step = f.step(ctx);
    let (Some(&iv_x), Some(&o_x), Some(&step_x)) =
        (band.ivs(ctx).get(x), band.origins(ctx).get(x), band.steps(ctx).get(x))
    else {
        return Err("the band's induction variables, origins and steps disagree".to_string());
    };
    if step_x <= 0 {
        return Err("the band has a non-positive step".to_string());
    }
    // Dims: k, iv_x, o_x, then the lower bound's dims; symbols: the lower bound's.
    let lb_map = f.lower_bound_map(ctx).cloned().ok_or("the loop has no lower bound")?;
    let lb = lb.shift_dims(lb_map.num_dims(), 3, 0);
    let tx = (AffineExpr::dim(1) - AffineExpr::dim(2)).floor_div(step_x);
    let span = trip.checked_mul(step).ok_or("the loop's span overflows")?;
    let offset = tx * shift.checked_mul(step).ok_or("the rotation overflows")?;
    let expr = &lb + (AffineExpr::dim(0) - &lb + offset).modulo(span);
    let map = AffineMap::new(3 + lb_map.num_dims(), lb_map.num_symbols(), vec![expr])
        .map_err(|e| format!("reorder map: {e:?}"))?
        .simplify();
    let operands: Vec<Value> = [k, iv_x, o_x].into_iter().chain(f.lower_bound_operands(ctx).iter().copied()).collect();
    let loc = ctx.loc(f.0).clone();
    let state = ApplyOp::build(ctx, loc, map, &operands);
    let apply = Builder::at(InsertPoint::BlockStart(body)).insert(ctx, state);
    let rotated = ctx.result(apply, 0);
    for u in ctx.uses(k).to_vec() {
        if u.op != apply {
            ctx.set_operand(u.op, u.operand as usize, rotated);
        }
    }
    for &op in &site.combiners {
        if arith::overflow_flags(ctx, op) != 0 {
            let none = arith::flags::OVERFLOW.encode(ctx, 0);
            ctx.set_prop(op, arith::OVERFLOW_FLAGS, none);
        }
    }
    Ok(1)
}

#[cfg(test)]
mod tests;
