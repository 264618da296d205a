//! The messages of the constraints MLIR's ODS generates for an op (operand and result counts
//! and kinds, required attributes, `operandSegmentSizes`), shared by the memref and affine
//! verifiers.

use crate::memref::ops;
use sharc_ir::attrs::AttrKind;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, Type};

/// A type as MLIR quotes it in diagnostics: `'memref<4xf32>'`.
pub(crate) fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_to_string(ctx, ty))
}

/// An error at the op's location without the `'name' op` prefix (MLIR's `op->emitError`).
pub(crate) fn plain_error(ctx: &Context, op: OpId, msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(ctx.loc(op).clone(), msg)
}

/// `operand #i must be <what>, but got '<type>'`.
pub(crate) fn operand_must_be(ctx: &Context, op: OpId, i: usize, what: &str) -> Diagnostic {
    let ty = ctx.value_type(ctx.operand(op, i));
    op_error(ctx, op, format!("operand #{i} must be {what}, but got {}", quoted(ctx, ty)))
}

/// `result #i must be <what>, but got '<type>'`.
pub(crate) fn result_must_be(ctx: &Context, op: OpId, i: usize, what: &str) -> Diagnostic {
    let ty = ctx.value_type(ctx.result(op, i));
    op_error(ctx, op, format!("result #{i} must be {what}, but got {}", quoted(ctx, ty)))
}

/// Checks that operands `from..` are all `index` (`variadic of index`).
pub(crate) fn check_index_operands(ctx: &Context, op: OpId, from: usize, to: usize) -> Result<(), Diagnostic> {
    for i in from..to.min(ctx.operands(op).len()) {
        if !ctx.is_index(ctx.value_type(ctx.operand(op, i))) {
            return Err(operand_must_be(ctx, op, i, "variadic of index"));
        }
    }
    Ok(())
}

/// `requires attribute '<name>'`.
pub(crate) fn requires_attr(ctx: &Context, op: OpId, name: &str) -> Diagnostic {
    op_error(ctx, op, format!("requires attribute '{name}'"))
}

/// Checks the number of operands (MLIR's `NOperands`/`OneOperand`/`ZeroOperands` traits).
pub(crate) fn expect_operands(ctx: &Context, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let m = ctx.operands(op).len();
    match (n, m == n) {
        (_, true) => Ok(()),
        (0, _) => Err(op_error(ctx, op, "requires zero operands")),
        (1, _) => Err(op_error(ctx, op, "requires a single operand")),
        _ => Err(op_error(ctx, op, format!("expected {n} operands, but found {m}"))),
    }
}

/// Checks that there are at least `n` operands (`AtLeastNOperands`).
pub(crate) fn expect_min_operands(ctx: &Context, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let m = ctx.operands(op).len();
    if m < n {
        return Err(op_error(ctx, op, format!("expected {n} or more operands, but found {m}")));
    }
    Ok(())
}

/// Checks the number of results (`ZeroResults`/`OneResult`).
pub(crate) fn expect_results(ctx: &Context, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let m = ctx.results(op).len();
    match (n, m == n) {
        (_, true) => Ok(()),
        (0, _) => Err(op_error(ctx, op, "requires zero results")),
        (1, _) => Err(op_error(ctx, op, "requires one result")),
        _ => Err(op_error(ctx, op, format!("expected {n} results, but found {m}"))),
    }
}

/// Checks the number of regions (`ZeroRegions`/`OneRegion`/`NRegions`).
pub(crate) fn expect_regions(ctx: &Context, op: OpId, n: usize) -> Result<(), Diagnostic> {
    let m = ctx.regions(op).len();
    match (n, m == n) {
        (_, true) => Ok(()),
        (0, _) => Err(op_error(ctx, op, "requires zero regions")),
        (1, _) => Err(op_error(ctx, op, "requires one region")),
        _ => Err(op_error(ctx, op, format!("expected {n} regions"))),
    }
}

/// Checks `operandSegmentSizes` against the operands (MLIR's `AttrSizedOperandSegments`) and
/// returns the group sizes.
pub(crate) fn check_segments(ctx: &Context, op: OpId, n: usize) -> Result<Vec<usize>, Diagnostic> {
    let Some(attr) = ctx.attr_of(op, ops::OPERAND_SEGMENT_SIZES) else {
        return Err(requires_attr(ctx, op, ops::OPERAND_SEGMENT_SIZES));
    };
    let Some(sizes) = ctx.attr_dense_ints(attr) else {
        return Err(op_error(ctx, op, format!("'{}' attribute must be a dense i32 array", ops::OPERAND_SEGMENT_SIZES)));
    };
    if sizes.len() != n {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'{}' attribute for specifying operand segments must have {n} elements, but got {}",
                ops::OPERAND_SEGMENT_SIZES,
                sizes.len()
            ),
        ));
    }
    if sizes.iter().any(|&s| s < 0) {
        return Err(op_error(
            ctx,
            op,
            format!("'{}' attribute cannot have negative elements", ops::OPERAND_SEGMENT_SIZES),
        ));
    }
    let total: i128 = sizes.iter().sum();
    let count = ctx.operands(op).len();
    if total != count as i128 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand count ({count}) does not match with the total size ({total}) specified in attribute '{}'",
                ops::OPERAND_SEGMENT_SIZES
            ),
        ));
    }
    Ok(sizes.iter().map(|&s| s as usize).collect())
}

/// The message of a bad `alignment`, shared with the custom parsers (which report it at parse
/// time, as MLIR verifies properties while parsing).
pub(crate) const ALIGNMENT_CONSTRAINT: &str = "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0";

/// Whether an `alignment` attribute is a positive power of two of type `i64`.
pub(crate) fn alignment_ok(ctx: &Context, attr: sharc_ir::Attr) -> bool {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { value, ty } => ctx.is_signless_int(*ty, 64) && *value > 0 && (*value & (*value - 1)) == 0,
        _ => false,
    }
}
