//! Keeping the threads past a band's iteration space idle: one `affine.if` around each access
//! that depends on the thread (plans that stage arrays, whose copies and barriers must stay
//! outside any guard), or one around the whole body (plans that place nothing block-wide).

use crate::memplace::band_plan::in_bounds_condition;
use sharc_dialects::affine::{self, ForOp, IfOp};
use sharc_dialects::arith::ConstantOp;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memref;
use sharc_ir::affine::IntegerSet;
use sharc_ir::{Builder, Context, InsertPoint, OpId, Value};
use std::collections::HashSet;

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
/// many. The guard is `domain` when given (a triangular band: the section's own bounds, which
/// the band's hull loses), else the band's in-bounds condition.
pub(super) fn guard_accesses(ctx: &mut Context, band: BandOp, domain: Option<(IntegerSet, Vec<Value>)>) -> usize {
    let Some((set, operands)) = domain.or_else(|| in_bounds_condition(ctx, band)) else { return 0 };
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
        } else if let Some(l) = affine::VectorLoadOp::view(ctx, op) {
            l.map_operands(ctx).to_vec()
        } else if let Some(s) = affine::VectorStoreOp::view(ctx, op) {
            s.map_operands(ctx).to_vec()
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
            let z = zero(ctx, else_block, ty, loc.clone());
            Builder::at_end(else_block).insert(ctx, affine::YieldOp::build(loc, &[z]));
        }
        _ => return false,
    }
    true
}

/// A zero of `ty` built at the end of `block`: a scalar constant, or for a vector (a guarded
/// `affine.vector_load`) the vector of scalar zeros.
fn zero(ctx: &mut Context, block: sharc_ir::BlockId, ty: sharc_ir::Type, loc: sharc_ir::Location) -> Value {
    if let sharc_ir::TypeKind::Vector { shape, elem, .. } = ctx.type_kind(ty) {
        let (lanes, elem) = (shape.iter().product::<i64>().max(0) as usize, *elem);
        let z = zero(ctx, block, elem, loc.clone());
        let state = sharc_dialects::vector::FromElementsOp::build(loc, ty, &vec![z; lanes]);
        return Builder::at_end(block).insert_value(ctx, state);
    }
    let state = if ctx.is_float(ty) {
        ConstantOp::float(ctx, 0.0, ty, loc)
    } else if ctx.is_index(ty) {
        ConstantOp::index(ctx, 0, loc)
    } else {
        ConstantOp::int(ctx, 0, ty, loc)
    };
    Builder::at_end(block).insert_value(ctx, state)
}
