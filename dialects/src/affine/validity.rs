//! Which SSA values may be affine dimensions and symbols (MLIR's `isValidDim`,
//! `isValidSymbol`, `isTopLevelValue` and `getAffineScope` in `AffineOps.cpp`).
//!
//! An *affine scope* is a region of an op with the [`AFFINE_SCOPE`](OpTraits::AFFINE_SCOPE)
//! trait (`func.func`). A value of type `index` is a valid **symbol** in a scope if it is
//! defined at the top level of the scope (or is one of its arguments), is a constant, is the
//! result of a pure op whose operands are symbols, is a `memref.dim` of a memref whose size is
//! itself a symbol, or dominates the scope's parent op. A valid **dim** is a valid symbol, an
//! induction variable of `affine.for`/`affine.parallel`, an `affine.apply` of dims, or a
//! `memref.dim` of a top-level memref.

use super::ops::{ApplyOp, ForOp, ParallelOp};
use crate::memref::{AllocOp, CastOp, DimOp, SubViewOp};
use sharc_ir::op::ValueDef;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId, OpTraits, RegionId, Value};

/// The region, held by the nearest op with the `AFFINE_SCOPE` trait, that contains `op`.
pub fn affine_scope(ctx: &Context, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    while let Some(parent) = ctx.parent_op(cur) {
        if ctx.op_has(parent, OpTraits::AFFINE_SCOPE) {
            return ctx.parent_block(cur).and_then(|b| ctx.block_parent(b));
        }
        cur = parent;
    }
    None
}

/// The region that holds the definition of `v`.
fn defining_region(ctx: &Context, v: Value) -> Option<RegionId> {
    ctx.value_block(v).and_then(|b| ctx.block_parent(b))
}

/// Whether `v` is defined at the top level of `region` or is one of its arguments.
fn is_top_level_in(ctx: &Context, v: Value, region: RegionId) -> bool {
    defining_region(ctx, v) == Some(region)
}

/// Whether `v` is defined directly inside an op with the `AFFINE_SCOPE` trait.
pub fn is_top_level_value(ctx: &Context, v: Value) -> bool {
    defining_region(ctx, v).and_then(|r| ctx.region_parent(r)).is_some_and(|p| ctx.op_has(p, OpTraits::AFFINE_SCOPE))
}

/// Whether `v` is the induction variable of an `affine.for` or one of an `affine.parallel`.
pub fn is_affine_induction_var(ctx: &Context, v: Value) -> bool {
    let ValueDef::BlockArg { block, index } = ctx.value_def(v) else { return false };
    let Some(owner) = ctx.block_parent_op(block) else { return false };
    (ForOp::view(ctx, owner).is_some() && index == 0) || ParallelOp::view(ctx, owner).is_some()
}

/// The constant integer `v` is defined to be, if it comes from an `arith.constant`.
pub(crate) fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let def = crate::arith::ConstantOp::view(ctx, ctx.defining_op(v)?)?;
    def.int_value(ctx).and_then(|x| i64::try_from(x).ok())
}

/// Whether `v` may be used as an affine symbol in `region` (`None`: no enclosing scope, only
/// the scope-independent rules apply).
pub fn is_valid_symbol(ctx: &Context, v: Value, region: Option<RegionId>) -> bool {
    if !ctx.is_index(ctx.value_type(v)) {
        return false;
    }
    if let Some(r) = region {
        if is_top_level_in(ctx, v, r) {
            return true;
        }
    }
    let Some(def) = ctx.defining_op(v) else {
        return dominates_scope_parent(ctx, v, region);
    };
    if ctx.op_has(def, OpTraits::CONSTANT_LIKE) {
        return true;
    }
    if ctx.op_has(def, OpTraits::PURE)
        && ctx.regions(def).is_empty()
        && ctx.operands(def).iter().all(|&o| is_valid_symbol(ctx, o, region))
    {
        return true;
    }
    if let Some(dim) = DimOp::view(ctx, def) {
        return dim_is_valid_symbol(ctx, dim, region);
    }
    dominates_scope_parent(ctx, v, region)
}

/// A value that is not top-level in `region` is still a symbol if it is one in the region
/// around `region`'s parent op (it dominates that op), unless the parent is isolated.
fn dominates_scope_parent(ctx: &Context, v: Value, region: Option<RegionId>) -> bool {
    let Some(parent) = region.and_then(|r| ctx.region_parent(r)) else { return false };
    if ctx.op_has(parent, OpTraits::ISOLATED_FROM_ABOVE) {
        return false;
    }
    match ctx.parent_block(parent).and_then(|b| ctx.block_parent(b)) {
        Some(outer) => is_valid_symbol(ctx, v, Some(outer)),
        None => false,
    }
}

/// Whether the result of `memref.dim` is a symbol: its memref is top-level, or the size it
/// reads is a symbol of the allocation or subview that made the memref.
fn dim_is_valid_symbol(ctx: &Context, dim: DimOp, region: Option<RegionId>) -> bool {
    let Some(&source) = ctx.operands(dim.0).first() else { return false };
    if is_top_level_value(ctx, source) {
        return true;
    }
    let Some(index) = ctx.operands(dim.0).get(1).and_then(|&i| constant_int(ctx, i)) else { return false };
    let mut def = ctx.defining_op(source);
    while let Some(cast) = def.and_then(|d| CastOp::view(ctx, d)) {
        let src = ctx.operands(cast.0).first().copied();
        if src.is_none_or(|s| ctx.memref_parts(ctx.value_type(s)).is_none()) {
            return false;
        }
        def = src.and_then(|s| ctx.defining_op(s));
    }
    let Some(def) = def else { return false };
    let Some(&result) = ctx.results(def).first() else { return false };
    let Some(shape) = ctx.memref_parts(ctx.value_type(result)).map(|p| p.shape.to_vec()) else { return false };
    let Some(&size) = usize::try_from(index).ok().and_then(|i| shape.get(i)) else { return false };
    if size != DYNAMIC {
        return true;
    }
    let pos = shape[..index as usize].iter().filter(|&&d| d == DYNAMIC).count();
    let sizes = if let Some(alloc) = AllocOp::view(ctx, def).filter(|a| !a.is_stack(ctx)) {
        alloc.dynamic_sizes(ctx)
    } else if let Some(sv) = SubViewOp::view(ctx, def) {
        sv.sizes(ctx)
    } else {
        return false;
    };
    sizes.get(pos).is_some_and(|&s| is_valid_symbol(ctx, s, region))
}

/// Whether `v` may be used as an affine dimension in `region`.
pub fn is_valid_dim(ctx: &Context, v: Value, region: Option<RegionId>) -> bool {
    if !ctx.is_index(ctx.value_type(v)) {
        return false;
    }
    if is_valid_symbol(ctx, v, region) {
        return true;
    }
    let Some(def) = ctx.defining_op(v) else {
        return is_affine_induction_var(ctx, v);
    };
    if let Some(apply) = ApplyOp::view(ctx, def) {
        return apply.operands(ctx).iter().all(|&o| is_valid_dim(ctx, o, region));
    }
    if let Some(dim) = DimOp::view(ctx, def) {
        return ctx.operands(dim.0).first().is_some_and(|&s| is_top_level_value(ctx, s));
    }
    false
}
