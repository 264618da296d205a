//! Verifiers shared by the arith and math ops, in upstream's order and with upstream's messages:
//! structural counts (ODS traits), inherent attributes, ODS type constraints
//! (`operand #0 must be signless-integer-like, but got 'f32'`), then type relations
//! (`SameOperandsAndResultType`, cast compatibility).

use super::flags::{FASTMATH, OVERFLOW, ROUNDING};
use super::signature::{element_of, CastKind, Flag, Signature, TypeClass};
use sharc_ir::syntax::printer::{attr_to_string, type_to_string};
use sharc_ir::types::{Signedness, TypeKind, DYNAMIC};
use sharc_ir::verifier::op_error;
use sharc_ir::{AttrKind, Context, Diagnostic, OpId, Type};

/// Checks region, result, successor and operand counts as ODS traits do (`ZeroRegions`,
/// `OneResult`, `ZeroSuccessors`, `NOperands<n>`), in that order.
pub fn counts(ctx: &Context, op: OpId, operands: usize, results: usize) -> Result<(), Diagnostic> {
    if !ctx.regions(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero regions"));
    }
    let nres = ctx.results(op).len();
    if nres != results {
        let msg = match results {
            0 => "requires zero results".to_string(),
            1 => "requires one result".to_string(),
            n => format!("expected {n} results, but found {nres}"),
        };
        return Err(op_error(ctx, op, msg));
    }
    let nsucc = ctx.successors(op).len();
    if nsucc != 0 {
        return Err(op_error(ctx, op, format!("requires 0 successors but found {nsucc}")));
    }
    let nops = ctx.operands(op).len();
    if nops != operands {
        let msg = match operands {
            0 => "requires zero operands".to_string(),
            1 => "requires a single operand".to_string(),
            n => format!("expected {n} operands, but found {nops}"),
        };
        return Err(op_error(ctx, op, msg));
    }
    Ok(())
}

/// Upstream's error for an inherent attribute of the wrong kind (reported when the generic form
/// converts attributes to properties).
pub fn invalid_prop(ctx: &Context, op: OpId, name: &str) -> Diagnostic {
    let entries: Vec<String> = ctx
        .props(op)
        .iter()
        .map(|(n, a)| match ctx.attr_kind(*a) {
            AttrKind::Unit => n.clone(),
            _ => format!("{n} = {}", attr_to_string(ctx, *a)),
        })
        .collect();
    let value = ctx.attr_of(op, name).map(|a| attr_to_string(ctx, a)).unwrap_or_default();
    Diagnostic::error(
        ctx.loc(op).clone(),
        format!(
            "invalid properties {{{}}} for op {}: Invalid attribute `{name}` in property conversion: {value}",
            entries.join(", "),
            ctx.op_name(op)
        ),
    )
}

/// Checks the flag attributes of `flags` that are present.
pub fn flag_props(ctx: &Context, op: OpId, flags: &[Flag]) -> Result<(), Diagnostic> {
    for &flag in flags {
        let Some(attr) = ctx.attr_of(op, flag.prop()) else { continue };
        let ok = match flag {
            Flag::Overflow => OVERFLOW.decode(ctx, attr).is_some(),
            Flag::FastMath | Flag::OptionalFastMath => FASTMATH.decode(ctx, attr).is_some(),
            Flag::Exact => matches!(ctx.attr_kind(attr), AttrKind::Unit),
            Flag::RoundingMode => ROUNDING.decode(ctx, attr).is_some(),
        };
        if !ok {
            return Err(invalid_prop(ctx, op, flag.prop()));
        }
    }
    Ok(())
}

/// `operand #i must be <class>, but got '<type>'`.
pub fn operand_class(ctx: &Context, op: OpId, i: usize, class: TypeClass) -> Result<(), Diagnostic> {
    let Some(&v) = ctx.operands(op).get(i) else { return Ok(()) };
    let ty = ctx.value_type(v);
    if class.accepts(ctx, ty) {
        return Ok(());
    }
    Err(op_error(ctx, op, format!("operand #{i} must be {}, but got '{}'", class.describe(), type_to_string(ctx, ty))))
}

/// `result #i must be <class>, but got '<type>'`.
pub fn result_class(ctx: &Context, op: OpId, i: usize, class: TypeClass) -> Result<(), Diagnostic> {
    let Some(&v) = ctx.results(op).get(i) else { return Ok(()) };
    let ty = ctx.value_type(v);
    if class.accepts(ctx, ty) {
        return Ok(());
    }
    Err(op_error(ctx, op, format!("result #{i} must be {}, but got '{}'", class.describe(), type_to_string(ctx, ty))))
}

/// The verifier of every [`Signature`]-described op.
pub fn elementwise(ctx: &Context, op: OpId, sig: &Signature) -> Result<(), Diagnostic> {
    counts(ctx, op, sig.operands.len(), 1)?;
    flag_props(ctx, op, sig.flags)?;
    for (i, &class) in sig.operands.iter().enumerate() {
        operand_class(ctx, op, i, class)?;
    }
    result_class(ctx, op, 0, sig.result)?;
    let result = ctx.value_type(ctx.result(op, 0));
    match sig.cast {
        None => {
            same_operands_and_result_type(ctx, op, result)?;
            elementwise_mappable(ctx, op)?;
            // The result type upstream infers is the first operand's (`InferTypeOpInterface`).
            let inferred = ctx.value_type(ctx.operand(op, 0));
            if inferred != result {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
                        type_to_string(ctx, inferred),
                        type_to_string(ctx, result)
                    ),
                ));
            }
            Ok(())
        }
        Some(kind) => {
            let input = ctx.value_type(ctx.operand(op, 0));
            cast_rules(ctx, op, kind, input, result)
        }
    }
}

/// The encoding of a ranked tensor type.
fn encoding(ctx: &Context, ty: Type) -> Option<sharc_ir::Attr> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(_), encoding, .. } => *encoding,
        _ => None,
    }
}

/// `SameOperandsAndResultType`: equal element types and compatible shapes (scalability
/// ignored, as upstream), and the result's tensor encoding on every operand.
fn same_operands_and_result_type(ctx: &Context, op: OpId, result: Type) -> Result<(), Diagnostic> {
    let elem = ctx.element_type_or_self(result);
    let enc = encoding(ctx, result);
    for ty in ctx.operand_types(op) {
        if ctx.element_type_or_self(ty) != elem || !compatible_shapes(ctx, ty, result) {
            return Err(op_error(ctx, op, "requires the same type for all operands and results"));
        }
        if enc.is_some() && encoding(ctx, ty) != enc {
            return Err(op_error(ctx, op, "requires the same encoding for all operands and results"));
        }
    }
    Ok(())
}

/// Upstream's `verifyCompatibleShapes` over several types: all scalars or all shaped, scalable
/// vectors not mixed with other types, equal ranks among ranked types and compatible sizes.
fn compatible_shape_list(ctx: &Context, types: &[Type]) -> bool {
    let shaped = types.iter().filter(|&&t| shape_of(ctx, t).is_some()).count();
    if shaped != types.len() {
        return shaped == 0;
    }
    let scalable =
        |t: Type| matches!(ctx.type_kind(t), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s));
    let n_scalable = types.iter().filter(|&&t| scalable(t)).count();
    if n_scalable != 0 && n_scalable != types.len() {
        return false;
    }
    let ranked: Vec<&[i64]> = types.iter().filter_map(|&t| shape_of(ctx, t).flatten()).collect();
    let Some(first) = ranked.first() else { return true };
    if ranked.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|i| {
        let mut static_sizes = ranked.iter().map(|s| s[i]).filter(|&d| d != DYNAMIC);
        match static_sizes.next() {
            Some(d) => static_sizes.all(|e| e == d),
            None => true,
        }
    })
}

/// `ElementwiseMappable`: vector and tensor operands and results go together, of one kind
/// (ranked and unranked tensors differ) and compatible shapes.
pub fn elementwise_mappable(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let kind = |t: Type| match ctx.type_kind(t) {
        TypeKind::Vector { .. } => Some(0),
        TypeKind::Tensor { shape: Some(_), .. } => Some(1),
        TypeKind::Tensor { shape: None, .. } => Some(2),
        _ => None,
    };
    let results: Vec<Type> =
        ctx.results(op).iter().map(|&r| ctx.value_type(r)).filter(|&t| kind(t).is_some()).collect();
    let operands: Vec<Type> = ctx.operand_types(op).into_iter().filter(|&t| kind(t).is_some()).collect();
    if results.is_empty() && operands.is_empty() {
        return Ok(());
    }
    if operands.is_empty() {
        return Err(op_error(ctx, op, "if a result is non-scalar, then at least one operand must be non-scalar"));
    }
    if results.is_empty() {
        return Err(op_error(
            ctx,
            op,
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        ));
    }
    if results.len() != ctx.results(op).len() {
        return Err(op_error(ctx, op, "if an operand is non-scalar, then all results must be non-scalar"));
    }
    let all: Vec<Type> = operands.into_iter().chain(results).collect();
    if all.iter().any(|&t| kind(t) != kind(all[0])) || !compatible_shape_list(ctx, &all) {
        return Err(op_error(ctx, op, "all non-scalar operands/results must have the same shape and base type"));
    }
    Ok(())
}

/// `SameInputOutputTensorDims`, `SameOperandsAndResultShape`, `ElementwiseMappable` and
/// `CastOpInterface`, in upstream's order.
fn cast_rules(ctx: &Context, op: OpId, kind: CastKind, input: Type, result: Type) -> Result<(), Diagnostic> {
    if tensor_dims(ctx, input) != tensor_dims(ctx, result) {
        return Err(op_error(ctx, op, "failed to verify that input and output have the same tensor dimensions"));
    }
    if !compatible_shape_list(ctx, &[input, result]) {
        return Err(op_error(ctx, op, "requires the same shape for all operands and results"));
    }
    elementwise_mappable(ctx, op)?;
    if !cast_compatible(ctx, kind, input, result) || encoding(ctx, input) != encoding(ctx, result) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_to_string(ctx, input),
                type_to_string(ctx, result)
            ),
        ));
    }
    Ok(())
}

/// The shape of a shaped type: `None` for scalars, `Some(None)` for unranked types.
fn shape_of(ctx: &Context, ty: Type) -> Option<Option<&[i64]>> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, .. } | TypeKind::MemRef { shape, .. } => Some(Some(shape)),
        TypeKind::Tensor { shape, .. } => Some(shape.as_deref()),
        TypeKind::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShape`: both scalars, or both shaped with equal ranks and equal or
/// dynamic dimensions (unranked types match any shape).
pub fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    match (shape_of(ctx, a), shape_of(ctx, b)) {
        (None, None) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == q || p == DYNAMIC || q == DYNAMIC)
        }
        (Some(_), Some(_)) => true,
        _ => false,
    }
}

fn tensor_dims(ctx: &Context, ty: Type) -> Vec<i64> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(s), .. } => s.clone(),
        _ => Vec::new(),
    }
}

/// The element type for casts: vectors and tensors (and memrefs when `memref`) unwrap, other
/// shaped types do not qualify.
fn cast_elem(ctx: &Context, ty: Type, memref: bool) -> Option<Type> {
    element_of(ctx, ty, memref)
}

fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    }
}

/// Upstream's `areCastCompatible` of each cast op.
pub fn cast_compatible(ctx: &Context, kind: CastKind, input: Type, output: Type) -> bool {
    let memref = matches!(kind, CastKind::IndexCast | CastKind::Bitcast);
    let (Some(src), Some(dst)) = (cast_elem(ctx, input, memref), cast_elem(ctx, output, memref)) else {
        return false;
    };
    let float_width = |t| ctx.float_kind(t).map(|k| k.width());
    let bit_width = |t| int_width(ctx, t).or_else(|| float_width(t));
    let signless = |t| matches!(ctx.type_kind(t), TypeKind::Integer { signedness: Signedness::Signless, .. });
    match kind {
        CastKind::WidenInt => matches!((int_width(ctx, src), int_width(ctx, dst)), (Some(s), Some(d)) if d > s),
        CastKind::NarrowInt => matches!((int_width(ctx, src), int_width(ctx, dst)), (Some(s), Some(d)) if d < s),
        CastKind::WidenFloat => matches!((float_width(src), float_width(dst)), (Some(s), Some(d)) if d > s),
        CastKind::NarrowFloat => matches!((float_width(src), float_width(dst)), (Some(s), Some(d)) if d < s),
        CastKind::IntToFloat => int_width(ctx, src).is_some() && ctx.is_float(dst),
        CastKind::FloatToInt => ctx.is_float(src) && int_width(ctx, dst).is_some(),
        CastKind::IndexCast => (ctx.is_index(src) && signless(dst)) || (signless(src) && ctx.is_index(dst)),
        CastKind::Bitcast => matches!((bit_width(src), bit_width(dst)), (Some(s), Some(d)) if s == d),
    }
}

/// The type with `i1` elements and the shape of `ty` (upstream `getI1SameShape`).
pub fn i1_same_shape(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.i1();
    let kind = match ctx.type_kind(ty).clone() {
        TypeKind::Vector { shape, scalable, .. } => TypeKind::Vector { shape, scalable, elem: i1 },
        TypeKind::Tensor { shape, encoding, .. } => TypeKind::Tensor { shape, elem: i1, encoding },
        TypeKind::MemRef { shape, layout, memory_space, .. } => {
            TypeKind::MemRef { shape, elem: i1, layout, memory_space }
        }
        _ => return i1,
    };
    ctx.ty(kind)
}

/// Whether `ty` is the `i1`-element type of the shape of `of` (upstream `TypesMatchWith`
/// `getI1SameShape`), without creating types.
pub fn is_i1_same_shape(ctx: &Context, ty: Type, of: Type) -> bool {
    let i1 = |t: Type| ctx.is_signless_int(t, 1);
    match (ctx.type_kind(of), ctx.type_kind(ty)) {
        (TypeKind::Vector { shape, scalable, .. }, TypeKind::Vector { shape: s, scalable: c, elem }) => {
            shape == s && scalable == c && i1(*elem)
        }
        (TypeKind::Tensor { shape, encoding, .. }, TypeKind::Tensor { shape: s, encoding: e, elem }) => {
            shape == s && encoding == e && i1(*elem)
        }
        (
            TypeKind::MemRef { shape, layout, memory_space, .. },
            TypeKind::MemRef { shape: s, layout: l, memory_space: m, elem },
        ) => shape == s && layout == l && memory_space == m && i1(*elem),
        (TypeKind::Vector { .. } | TypeKind::Tensor { .. } | TypeKind::MemRef { .. }, _) => false,
        _ => i1(ty),
    }
}

/// Whether `ty` is a vector, tensor or memref.
pub fn is_shaped(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Vector { .. } | TypeKind::Tensor { .. } | TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }
    )
}
