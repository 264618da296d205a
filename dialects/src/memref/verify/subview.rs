//! `memref.subview`: the offset/size/stride lists, the result type against the one inferred
//! from the source layout (allowing rank reduction), and the bounds.

use super::constraints::{
    check_index_operands, check_segments, expect_results, operand_must_be, plain_error, quoted, requires_attr,
    result_must_be,
};
use super::is_memref;
use crate::memref::layout::{infer_subview_layout, infer_subview_type, rank_reduction_mask, strides_and_offset};
use crate::memref::ops::{self, SubViewOp};
use sharc_ir::attrs::AttrKind;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, Type};

/// `memref.subview`: the offset/size/stride lists (MLIR's `OffsetSizeAndStrideOpInterface`),
/// then the result type against the inferred one, then the bounds.
pub(crate) fn subview(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let seg = check_segments(ctx, op, 4)?;
    if seg[0] != 1 {
        return Err(op_error(ctx, op, format!("operand group 0 ('source') requires 1 operand, but found {}", seg[0])));
    }
    let src_ty = ctx.value_type(ctx.operand(op, 0));
    if !is_memref(ctx, src_ty) {
        return Err(operand_must_be(ctx, op, 0, "memref of any type values"));
    }
    check_index_operands(ctx, op, 1, ctx.operands(op).len())?;
    check_static_lists(ctx, op)?;
    expect_results(ctx, op, 1)?;
    let res_ty = ctx.value_type(ctx.result(op, 0));
    if !is_memref(ctx, res_ty) {
        return Err(result_must_be(ctx, op, 0, "memref of any type values"));
    }
    let view = SubViewOp(op);
    let (offsets, sizes, strides) = (view.static_offsets(ctx), view.static_sizes(ctx), view.static_strides(ctx));
    verify_offsets_sizes_strides(ctx, op, &seg, [&offsets, &sizes, &strides])?;
    verify_subview_type(ctx, op, src_ty, res_ty, &offsets, &sizes, &strides)
}

fn verify_offsets_sizes_strides(ctx: &Context, op: OpId, seg: &[usize], lists: [&[i64]; 3]) -> Result<(), Diagnostic> {
    let rank = ctx.memref_parts(ctx.value_type(ctx.operand(op, 0))).map_or(0, |p| p.rank());
    let [offsets, sizes, strides] = lists;
    if !(offsets.len() == 1 && rank == 1) && offsets.len() != sizes.len() {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
                offsets.len(),
                sizes.len()
            ),
        ));
    }
    if sizes.len() != strides.len() {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
                sizes.len(),
                strides.len()
            ),
        ));
    }
    let names = [
        ("offset", "offsets", ops::STATIC_OFFSETS),
        ("size", "sizes", ops::STATIC_SIZES),
        ("stride", "strides", ops::STATIC_STRIDES),
    ];
    for (k, (list, (one, many, attr))) in lists.iter().zip(names).enumerate() {
        if list.len() != rank {
            return Err(plain_error(ctx, op, format!("expected {rank} {one} values, got {}", list.len())));
        }
        let dynamic = list.iter().filter(|&&v| v == DYNAMIC).count();
        if seg[k + 1] != dynamic {
            return Err(plain_error(
                ctx,
                op,
                format!("expected the number of '{many}' to match the number of dynamic entries in '{attr}' ({} vs {dynamic})", seg[k + 1]),
            ));
        }
    }
    if let Some(&o) = offsets.iter().find(|&&o| o < 0 && o != DYNAMIC) {
        return Err(plain_error(ctx, op, format!("expected offsets to be non-negative, but got {o}")));
    }
    if let Some(&s) = sizes.iter().find(|&&s| s < 0 && s != DYNAMIC) {
        return Err(plain_error(ctx, op, format!("expected sizes to be non-negative, but got {s}")));
    }
    Ok(())
}

fn verify_subview_type(
    ctx: &Context,
    op: OpId,
    src_ty: Type,
    res_ty: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), Diagnostic> {
    let (Some(src), Some(res)) = (ctx.memref_parts(src_ty), ctx.memref_parts(res_ty)) else { return Ok(()) };
    if src.memory_space != res.memory_space {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "different memory spaces specified for base memref type {} and subview memref type {}",
                quoted(ctx, src_ty),
                quoted(ctx, res_ty)
            ),
        ));
    }
    let Some((exp_strides, exp_offset)) = infer_subview_layout(ctx, src_ty, offsets, strides) else {
        return Err(plain_error(ctx, op, format!("base type {} is not strided", quoted(ctx, src_ty))));
    };
    let expected = Expected { shape: sizes, strides: &exp_strides, offset: exp_offset, elem: src.elem };
    let Err(failure) = check_reduced(ctx, &expected, res_ty) else {
        return check_bounds(ctx, op, src.shape, offsets, sizes, strides);
    };
    // Print the inferred type, built in a scratch context (verifiers cannot create types).
    let expected_text = {
        let mut scratch = Context::new(ctx.registry().clone());
        let src_in = copy_type(ctx, &mut scratch, src_ty);
        infer_subview_type(&mut scratch, src_in, offsets, sizes, strides)
            .map(|t| type_to_string(&scratch, t))
            .unwrap_or_default()
    };
    let got = quoted(ctx, res_ty);
    let msg = match failure {
        SubviewMismatch::RankTooLarge => {
            format!("expected result rank to be smaller or equal to the source rank, but got {got}")
        }
        SubviewMismatch::Sizes => {
            format!("expected result type to be '{expected_text}' or a rank-reduced version. (mismatch of result sizes), but got {got}")
        }
        SubviewMismatch::ElemType => {
            format!("expected result element type to be {}, but got {got}", quoted(ctx, src.elem))
        }
        SubviewMismatch::Layout => {
            format!("expected result type to be '{expected_text}' or a rank-reduced version. (mismatch of result layout), but got {got}")
        }
    };
    Err(plain_error(ctx, op, msg))
}

/// Copies a type (and the attributes in it) into another context.
fn copy_type(from: &Context, to: &mut Context, ty: Type) -> Type {
    let kind = match from.type_kind(ty).clone() {
        TypeKind::MemRef { shape, elem, layout, memory_space } => TypeKind::MemRef {
            shape,
            elem: copy_type(from, to, elem),
            layout: layout.map(|a| copy_attr(from, to, a)),
            memory_space: memory_space.map(|a| copy_attr(from, to, a)),
        },
        TypeKind::Complex(e) => TypeKind::Complex(copy_type(from, to, e)),
        TypeKind::Vector { shape, scalable, elem } => {
            TypeKind::Vector { shape, scalable, elem: copy_type(from, to, elem) }
        }
        TypeKind::Tensor { shape, elem, encoding } => TypeKind::Tensor {
            shape,
            elem: copy_type(from, to, elem),
            encoding: encoding.map(|a| copy_attr(from, to, a)),
        },
        TypeKind::Tuple(ts) => TypeKind::Tuple(ts.into_iter().map(|t| copy_type(from, to, t)).collect()),
        TypeKind::Function { inputs, results } => TypeKind::Function {
            inputs: inputs.into_iter().map(|t| copy_type(from, to, t)).collect(),
            results: results.into_iter().map(|t| copy_type(from, to, t)).collect(),
        },
        TypeKind::UnrankedMemRef { elem, memory_space } => TypeKind::UnrankedMemRef {
            elem: copy_type(from, to, elem),
            memory_space: memory_space.map(|a| copy_attr(from, to, a)),
        },
        other => other,
    };
    to.ty(kind)
}

fn copy_attr(from: &Context, to: &mut Context, a: sharc_ir::Attr) -> sharc_ir::Attr {
    let kind = match from.attr_kind(a).clone() {
        AttrKind::Integer { value, ty } => AttrKind::Integer { value, ty: copy_type(from, to, ty) },
        AttrKind::Float { bits, ty } => AttrKind::Float { bits, ty: copy_type(from, to, ty) },
        AttrKind::Type(t) => AttrKind::Type(copy_type(from, to, t)),
        AttrKind::Array(items) => AttrKind::Array(items.into_iter().map(|i| copy_attr(from, to, i)).collect()),
        other => other,
    };
    to.attr(kind)
}

/// The non-rank-reduced result type a subview infers, as data.
struct Expected<'a> {
    shape: &'a [i64],
    strides: &'a [i64],
    offset: i64,
    elem: Type,
}

/// Why a subview's result type does not match the inferred one.
enum SubviewMismatch {
    RankTooLarge,
    Sizes,
    ElemType,
    Layout,
}

/// MLIR's `isRankReducedType` plus the offset and stride checks of `SubViewOp::verify`.
fn check_reduced(ctx: &Context, exp: &Expected<'_>, got: Type) -> Result<(), SubviewMismatch> {
    let Some(res) = ctx.memref_parts(got) else { return Err(SubviewMismatch::Layout) };
    if res.rank() > exp.shape.len() {
        return Err(SubviewMismatch::RankTooLarge);
    }
    if rank_reduction_mask(exp.shape, res.shape).is_none() {
        return Err(SubviewMismatch::Sizes);
    }
    if exp.elem != res.elem {
        return Err(SubviewMismatch::ElemType);
    }
    let Some((res_strides, res_offset)) = strides_and_offset(ctx, got) else { return Err(SubviewMismatch::Layout) };
    if exp.offset != res_offset {
        return Err(SubviewMismatch::Layout);
    }
    let dropped = dropped_dims(exp, res.rank(), &res_strides).ok_or(SubviewMismatch::Layout)?;
    let kept: Vec<i64> = exp.strides.iter().zip(&dropped).filter(|(_, &d)| !d).map(|(&s, _)| s).collect();
    if kept != res_strides {
        return Err(SubviewMismatch::Layout);
    }
    Ok(())
}

/// The dimensions a rank-reducing subview drops, told apart by their strides when several unit
/// dimensions could be the dropped ones (MLIR's `computeMemRefRankReductionMask`).
fn dropped_dims(exp: &Expected<'_>, reduced_rank: usize, reduced_strides: &[i64]) -> Option<Vec<bool>> {
    let rank = exp.shape.len();
    if rank == reduced_rank {
        return Some(vec![false; rank]);
    }
    let mut unused: Vec<bool> = exp.shape.iter().map(|&s| s == 1).collect();
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + reduced_rank == rank {
        return Some(unused);
    }
    let occurrences = |v: &[i64]| {
        let mut m: std::collections::BTreeMap<i64, usize> = std::collections::BTreeMap::new();
        for &x in v {
            *m.entry(x).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(exp.strides);
    let candidate = occurrences(reduced_strides);
    for (dim, flag) in unused.iter_mut().enumerate() {
        if !*flag {
            continue;
        }
        let stride = exp.strides[dim];
        let have = unaccounted.get(&stride).copied().unwrap_or(0);
        let want = candidate.get(&stride).copied().unwrap_or(0);
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => {
                if let Some(h) = unaccounted.get_mut(&stride) {
                    *h -= 1;
                }
            }
            std::cmp::Ordering::Equal => *flag = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + reduced_rank == rank).then_some(unused)
}

/// MLIR's `verifyInBoundsSlice` for static source dimensions.
fn check_bounds(
    ctx: &Context,
    op: OpId,
    shape: &[i64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<(), Diagnostic> {
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&o), Some(&s), Some(&t)) = (offsets.get(i), sizes.get(i), strides.get(i)) else { break };
        if dim == DYNAMIC || o == DYNAMIC {
            continue;
        }
        if o >= dim {
            return Err(plain_error(ctx, op, format!("offset {i} is out-of-bounds: {o} >= {dim}")));
        }
        if s == DYNAMIC || t == DYNAMIC {
            continue;
        }
        let last = (s - 1).max(0).checked_mul(t).and_then(|d| d.checked_add(o));
        if let Some(last) = last.filter(|&l| l >= dim) {
            return Err(plain_error(ctx, op, format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}")));
        }
    }
    Ok(())
}

/// The `static_offsets`, `static_sizes` and `static_strides` of an op with MLIR's
/// `OffsetSizeAndStrideOpInterface` (subview, reinterpret_cast): present, dense i64 arrays.
pub(crate) fn check_static_lists(ctx: &Context, op: OpId) -> Result<[Vec<i64>; 3], Diagnostic> {
    let mut lists: [Vec<i64>; 3] = Default::default();
    for (list, name) in lists.iter_mut().zip([ops::STATIC_OFFSETS, ops::STATIC_SIZES, ops::STATIC_STRIDES]) {
        match ctx.attr_of(op, name) {
            None => return Err(requires_attr(ctx, op, name)),
            Some(a) if ctx.attr_dense_ints(a).is_none() => {
                return Err(op_error(
                    ctx,
                    op,
                    format!("attribute '{name}' failed to satisfy constraint: i64 dense array attribute"),
                ))
            }
            _ => *list = crate::memref::ops::dense_i64s(ctx, op, name),
        }
    }
    Ok(lists)
}
