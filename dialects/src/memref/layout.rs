//! Strided layouts: the strides and offset of a memref type, and the result type of a
//! subview (MLIR's `getStridesAndOffset`, `SubViewOp::inferResultType` and the rank-reduction
//! masks of `isRankReducedType` / `computeMemRefRankReductionMask`).
//!
//! Dynamic values are [`DYNAMIC`] throughout; arithmetic on them saturates to `DYNAMIC` (MLIR's
//! `SaturatedInteger`), as does `i64` overflow.

use sharc_ir::affine::{AffineBinaryOp, AffineExpr, AffineExprKind};
use sharc_ir::attrs::AttrKind;
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::{Context, Type};

/// `a + b` with `?` absorbing.
fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.checked_add(b).filter(|&v| v != DYNAMIC).unwrap_or(DYNAMIC)
}

/// `a * b` with `?` absorbing, except that a product with a static 0 is 0.
fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.checked_mul(b).filter(|&v| v != DYNAMIC).unwrap_or(DYNAMIC)
}

/// The row-major strides of `shape` (MLIR's `makeCanonicalStridedLayoutExpr`): each the product
/// of the sizes after it; once a size after it is dynamic or 0, the stride is `?`.
pub fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    let mut running = Some(1i64);
    for (i, &d) in shape.iter().enumerate().rev() {
        strides[i] = running.unwrap_or(DYNAMIC);
        running = match running {
            Some(r) if d > 0 => r.checked_mul(d),
            _ => None,
        };
    }
    strides
}

/// The strides and offset of a ranked memref type, or `None` if its layout is not strided
/// (an affine map that is not a linear function of the indices) or it is not a ranked memref.
pub fn strides_and_offset(ctx: &Context, ty: Type) -> Option<(Vec<i64>, i64)> {
    let parts = ctx.memref_parts(ty)?;
    let Some(layout) = parts.layout else {
        return Some((canonical_strides(parts.shape), 0));
    };
    match ctx.attr_kind(layout) {
        AttrKind::Strided { offset, strides } => (strides.len() == parts.rank()).then(|| (strides.clone(), *offset)),
        AttrKind::AffineMap(map) => {
            if map.is_identity() && map.num_symbols() == 0 {
                return Some((canonical_strides(parts.shape), 0));
            }
            if map.num_results() != 1 || map.num_dims() as usize != parts.rank() {
                return None;
            }
            let expr = map.results()[0].simplify(map.num_dims(), map.num_symbols());
            let mut strides = vec![0; parts.rank()];
            let mut offset = 0;
            linear_terms(&expr, &mut strides, &mut offset)?;
            Some((strides, offset))
        }
        _ => None,
    }
}

/// Adds the terms of a linear expression into per-dimension strides and an offset; symbolic
/// coefficients and symbolic terms make the value `?`. Fails on anything non-linear.
fn linear_terms(e: &AffineExpr, strides: &mut [i64], offset: &mut i64) -> Option<()> {
    match e.kind() {
        AffineExprKind::Constant(c) => *offset = sat_add(*offset, *c),
        AffineExprKind::Symbol(_) => *offset = DYNAMIC,
        AffineExprKind::Dim(d) => {
            let s = strides.get_mut(*d as usize)?;
            *s = sat_add(*s, 1);
        }
        AffineExprKind::Add(l, r) => {
            linear_terms(l, strides, offset)?;
            linear_terms(r, strides, offset)?;
        }
        AffineExprKind::Mul(l, r) => {
            let (dim, coeff) = match (l.as_dim(), r.as_dim()) {
                (Some(d), None) => (d, r),
                (None, Some(d)) => (d, l),
                _ if l.is_symbolic_or_constant() && r.is_symbolic_or_constant() => {
                    *offset = match (l.as_constant(), r.as_constant()) {
                        (Some(a), Some(b)) => sat_add(*offset, sat_mul(a, b)),
                        _ => DYNAMIC,
                    };
                    return Some(());
                }
                _ => return None,
            };
            let c = if coeff.is_symbolic_or_constant() { coeff.as_constant().unwrap_or(DYNAMIC) } else { return None };
            let s = strides.get_mut(dim as usize)?;
            *s = if c == DYNAMIC || *s == DYNAMIC { DYNAMIC } else { sat_add(*s, c) };
        }
        _ => {
            let (op, _, _) = e.as_binary()?;
            // `mod`, `floordiv`, `ceildiv` of symbols only contribute to the offset.
            if e.is_symbolic_or_constant() && op != AffineBinaryOp::Add {
                *offset = DYNAMIC;
            } else {
                return None;
            }
        }
    }
    Some(())
}

/// The strides and offset of a subview of `source` with the given static offsets and strides
/// (`?` for dynamic ones): strides multiply, offsets accumulate. `None` if `source` is not a
/// strided memref or the lists do not have one entry per dimension.
pub fn infer_subview_layout(ctx: &Context, source: Type, offsets: &[i64], strides: &[i64]) -> Option<(Vec<i64>, i64)> {
    let rank = ctx.memref_parts(source)?.rank();
    if offsets.len() != rank || strides.len() != rank {
        return None;
    }
    let (src_strides, src_offset) = strides_and_offset(ctx, source)?;
    let mut offset = src_offset;
    for (&o, &s) in offsets.iter().zip(&src_strides) {
        offset = sat_add(offset, sat_mul(o, s));
    }
    let target_strides = src_strides.iter().zip(strides).map(|(&a, &b)| sat_mul(a, b)).collect();
    Some((target_strides, offset))
}

/// The type of `memref.subview` of `source` with the given static offsets, sizes and strides,
/// without rank reduction (MLIR's `SubViewOp::inferResultType`).
pub fn infer_subview_type(
    ctx: &mut Context,
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<Type> {
    let parts = ctx.memref_parts(source)?;
    if sizes.len() != parts.rank() {
        return None;
    }
    let (elem, memory_space) = (parts.elem, parts.memory_space);
    let (strides, offset) = infer_subview_layout(ctx, source, offsets, strides)?;
    let layout = ctx.attr(AttrKind::Strided { offset, strides });
    Some(ctx.ty(TypeKind::MemRef { shape: sizes.to_vec(), elem, layout: Some(layout), memory_space }))
}

/// Which dimensions of `original` are dropped to get `reduced` (MLIR's
/// `computeRankReductionMask`): dimensions are matched greedily and only unit dimensions may be
/// dropped. `None` if `reduced` is not such a reduction.
pub fn rank_reduction_mask(original: &[i64], reduced: &[i64]) -> Option<Vec<bool>> {
    let mut dropped = vec![false; original.len()];
    let mut next = 0;
    for (i, &size) in original.iter().enumerate() {
        if reduced.get(next) == Some(&size) {
            next += 1;
            continue;
        }
        if size != 1 {
            return None;
        }
        dropped[i] = true;
    }
    (next == reduced.len()).then_some(dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_strides_turn_dynamic_after_a_dynamic_size() {
        assert_eq!(canonical_strides(&[4, 8, 2]), vec![16, 2, 1]);
        assert_eq!(canonical_strides(&[DYNAMIC, 8]), vec![8, 1]);
        assert_eq!(canonical_strides(&[8, DYNAMIC]), vec![DYNAMIC, 1]);
        assert_eq!(canonical_strides(&[3, 0, 2]), vec![DYNAMIC, 2, 1]);
        assert_eq!(canonical_strides(&[]), Vec::<i64>::new());
    }

    #[test]
    fn rank_reduction_drops_only_unit_dims() {
        assert_eq!(rank_reduction_mask(&[1, 16, 4], &[16, 4]), Some(vec![true, false, false]));
        assert_eq!(rank_reduction_mask(&[8, 16], &[16]), None);
        assert_eq!(rank_reduction_mask(&[1, 1], &[1]), Some(vec![false, true]));
        assert_eq!(rank_reduction_mask(&[4], &[4, 1]), None);
    }
}
