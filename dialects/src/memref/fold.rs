//! Folders of the memref ops.

use super::ops::{AllocOp, SubViewOp};
use sharc_ir::registry::FoldResult;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Attr, Context, OpId};

/// `memref.dim`: a static size folds to a constant; the size of a dynamic dimension of an
/// allocation or a subview folds to the operand that gave it (MLIR's `DimOp::fold`).
pub(crate) fn dim(ctx: &mut Context, op: OpId, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let index = operands.get(1).copied().flatten().and_then(|a| ctx.attr_int(a))?;
    let source = *ctx.operands(op).first()?;
    let shape = ctx.memref_parts(ctx.value_type(source))?.shape.to_vec();
    let i = usize::try_from(index).ok().filter(|&i| i < shape.len())?;
    if shape[i] != DYNAMIC {
        let a = ctx.index_attr(shape[i]);
        return Some(vec![FoldResult::Attr(a)]);
    }
    let dynamic_pos = shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
    let def = ctx.defining_op(source)?;
    if let Some(alloc) = AllocOp::view(ctx, def) {
        let v = *alloc.dynamic_sizes(ctx).get(dynamic_pos)?;
        return Some(vec![FoldResult::Value(v)]);
    }
    if let Some(sv) = SubViewOp::view(ctx, def) {
        // Without rank reduction, the result's dynamic dimensions are the dynamic sizes in order.
        if sv.static_sizes(ctx).len() == shape.len() {
            let v = *sv.sizes(ctx).get(dynamic_pos)?;
            return Some(vec![FoldResult::Value(v)]);
        }
    }
    None
}

/// `memref.cast` to its own type folds to its source (MLIR's cast-op interface folder).
pub(crate) fn cast(ctx: &mut Context, op: OpId, _operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let src = *ctx.operands(op).first()?;
    let res = *ctx.results(op).first()?;
    (ctx.value_type(src) == ctx.value_type(res)).then(|| vec![FoldResult::Value(src)])
}

/// An op whose only effect is to read or allocate memory is erased when its results are unused
/// (`memref.load`, `memref.alloc`, `memref.alloca`, `affine.load`), as upstream's driver erases
/// trivially dead ops; these ops are not `PURE`, so generic dead-code elimination keeps them.
pub(crate) fn erase_unused(ctx: &mut Context, op: OpId) -> bool {
    if !ctx.op_results_unused(op) || ctx.results(op).is_empty() {
        return false;
    }
    ctx.erase_op(op);
    true
}
