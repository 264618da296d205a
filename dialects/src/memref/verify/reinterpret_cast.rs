//! `memref.reinterpret_cast`: the offset/size/stride lists against the result rank, then the
//! result type against the static values (MLIR's `ReinterpretCastOp::verify`, with its
//! messages: like upstream, the type checks are plain errors, without the op prefix).

use super::constraints::{
    check_index_operands, check_segments, expect_results, operand_must_be, plain_error, quoted, result_must_be,
};
use super::subview::check_static_lists;
use super::{is_any_memref, is_memref};
use crate::memref::layout::strides_and_offset;
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::verifier::op_error;
use sharc_ir::{Attr, Context, Diagnostic, OpId, Type};

pub(crate) fn reinterpret_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let seg = check_segments(ctx, op, 4)?;
    if seg[0] != 1 {
        return Err(op_error(ctx, op, format!("operand group 0 ('source') requires 1 operand, but found {}", seg[0])));
    }
    let src_ty = ctx.value_type(ctx.operand(op, 0));
    if !is_any_memref(ctx, src_ty) {
        return Err(operand_must_be(ctx, op, 0, "ranked or unranked memref of any type values"));
    }
    check_index_operands(ctx, op, 1, ctx.operands(op).len())?;
    let lists = check_static_lists(ctx, op)?;
    expect_results(ctx, op, 1)?;
    let res_ty = ctx.value_type(ctx.result(op, 0));
    if !is_memref(ctx, res_ty) {
        return Err(result_must_be(ctx, op, 0, "memref of any type values"));
    }
    let res = ctx.memref_parts(res_ty).expect("a ranked memref");
    let rank = res.rank();
    for (k, (list, (many, expected))) in
        lists.iter().zip([("offsets", 1), ("sizes", rank), ("strides", rank)]).enumerate()
    {
        if list.len() != expected {
            return Err(plain_error(ctx, op, format!("expected {expected} {many} values, got {}", list.len())));
        }
        let dynamic = list.iter().filter(|&&v| v == DYNAMIC).count();
        if seg[k + 1] != dynamic {
            return Err(plain_error(
                ctx,
                op,
                format!(
                    "expected the number of '{many}' to match the number of dynamic entries in the static list ({} vs {dynamic})",
                    seg[k + 1]
                ),
            ));
        }
    }
    let (offset, sizes, strides) = (lists[0][0], &lists[1], &lists[2]);
    if let Some(&s) = sizes.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return Err(plain_error(ctx, op, format!("expected sizes to be non-negative, but got {s}")));
    }
    let (src_elem, src_space) = source_parts(ctx, src_ty);
    let pair = || format!("{} and result memref type {}", quoted(ctx, src_ty), quoted(ctx, res_ty));
    if src_space != res.memory_space {
        return Err(plain_error(ctx, op, format!("different memory spaces specified for source type {}", pair())));
    }
    if src_elem != Some(res.elem) {
        return Err(plain_error(ctx, op, format!("different element types specified for source type {}", pair())));
    }
    let static_or_dynamic = |v: i64| if v == DYNAMIC { "dynamic".to_string() } else { v.to_string() };
    for (dim, (&got, &want)) in res.shape.iter().zip(sizes).enumerate() {
        if got != DYNAMIC && got != want {
            return Err(plain_error(
                ctx,
                op,
                format!("expected result type with size = {} instead of {got} in dim = {dim}", static_or_dynamic(want)),
            ));
        }
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, res_ty) else {
        return Err(plain_error(
            ctx,
            op,
            format!("expected result type to have strided layout but found {}", quoted(ctx, res_ty)),
        ));
    };
    if res_offset != DYNAMIC && res_offset != offset {
        return Err(plain_error(
            ctx,
            op,
            format!("expected result type with offset = {} instead of {res_offset}", static_or_dynamic(offset)),
        ));
    }
    for (dim, (&got, &want)) in res_strides.iter().zip(strides).enumerate() {
        if got != DYNAMIC && got != want {
            return Err(plain_error(
                ctx,
                op,
                format!(
                    "expected result type with stride = {} instead of {got} in dim = {dim}",
                    static_or_dynamic(want)
                ),
            ));
        }
    }
    Ok(())
}

/// The element type and memory space of a ranked or unranked memref type.
fn source_parts(ctx: &Context, ty: Type) -> (Option<Type>, Option<Attr>) {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { elem, memory_space, .. } | TypeKind::UnrankedMemRef { elem, memory_space } => {
            (Some(*elem), *memory_space)
        }
        _ => (None, None),
    }
}
