//! The vector ops' verifiers, with upstream's messages.

use super::ops::{vector_shape, ALIGNMENT, NONTEMPORAL, STATIC_POSITION};
use crate::memref::verify::{
    alignment_ok, check_index_operands, expect_min_operands, expect_operands, expect_results, operand_must_be,
    requires_attr, result_must_be, ALIGNMENT_CONSTRAINT,
};
use sharc_ir::attrs::AttrKind;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId};

/// `alignment` and `nontemporal`, when present.
fn check_props(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.attr_of(op, ALIGNMENT).is_some_and(|a| !alignment_ok(ctx, a)) {
        return Err(op_error(ctx, op, ALIGNMENT_CONSTRAINT));
    }
    if ctx.attr_of(op, NONTEMPORAL).is_some_and(|a| !matches!(ctx.attr_kind(a), AttrKind::Bool(_))) {
        return Err(op_error(
            ctx,
            op,
            format!("attribute '{NONTEMPORAL}' failed to satisfy constraint: bool attribute"),
        ));
    }
    Ok(())
}

/// What `vector.load` and `vector.store` share: the memref at `m`, the vector type `v`, the
/// indices after the memref.
fn check_access(ctx: &Context, op: OpId, m: usize, vty: sharc_ir::Type, what: &str) -> Result<(), Diagnostic> {
    check_props(ctx, op)?;
    let Some(parts) = ctx.memref_parts(ctx.value_type(ctx.operand(op, m))) else {
        return Err(operand_must_be(ctx, op, m, "memref of any type values"));
    };
    check_index_operands(ctx, op, m + 1, ctx.operands(op).len())?;
    let Some((shape, elem)) = vector_shape(ctx, vty) else {
        return Err(if m == 0 {
            result_must_be(ctx, op, 0, "vector of any type values")
        } else {
            operand_must_be(ctx, op, 0, "vector of any type values")
        });
    };
    if elem != parts.elem {
        // Upstream's two verifiers differ by one letter.
        let plural = if m == 0 { "types" } else { "type" };
        return Err(op_error(ctx, op, format!("base and {what} element {plural} should match")));
    }
    if shape.len() > parts.rank() {
        return Err(op_error(ctx, op, format!("destination memref has lower rank than the {what} vector")));
    }
    let n = ctx.operands(op).len() - m - 1;
    if n != parts.rank() {
        return Err(op_error(ctx, op, format!("requires {} indices", parts.rank())));
    }
    Ok(())
}

/// `vector.load`.
pub(crate) fn load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 1)?;
    expect_results(ctx, op, 1)?;
    check_access(ctx, op, 0, ctx.value_type(ctx.result(op, 0)), "result")
}

/// `vector.store`.
pub(crate) fn store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 2)?;
    expect_results(ctx, op, 0)?;
    check_access(ctx, op, 1, ctx.value_type(ctx.operand(op, 0)), "valueToStore")
}

/// `vector.extract` (static positions; sharc's subset has no dynamic ones).
pub(crate) fn extract(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 1)?;
    expect_results(ctx, op, 1)?;
    let Some(attr) = ctx.attr_of(op, STATIC_POSITION) else { return Err(requires_attr(ctx, op, STATIC_POSITION)) };
    let Some(pos) = ctx.attr_dense_ints(attr) else {
        return Err(op_error(
            ctx,
            op,
            format!("attribute '{STATIC_POSITION}' failed to satisfy constraint: i64 dense array attribute"),
        ));
    };
    let Some((shape, elem)) = vector_shape(ctx, ctx.value_type(ctx.operand(op, 0))) else {
        return Err(operand_must_be(ctx, op, 0, "vector of any type values"));
    };
    if pos.len() > shape.len() {
        return Err(op_error(ctx, op, "expected position attribute of rank no greater than vector rank"));
    }
    for (k, (&p, &d)) in pos.iter().zip(shape).enumerate() {
        if p != -1 && (p < 0 || p >= i128::from(d)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected position attribute #{} to be a non-negative integer smaller than the \
                     corresponding vector dimension or poison (-1)",
                    k + 1
                ),
            ));
        }
    }
    // sharc's subset: a scalar out of every dimension (no sub-vector results).
    let rty = ctx.value_type(ctx.result(op, 0));
    if pos.len() != shape.len() || rty != elem {
        return Err(op_error(ctx, op, "sharc supports only vector.extract of a scalar (one position per dimension)"));
    }
    Ok(())
}

/// `vector.from_elements`.
pub(crate) fn from_elements(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_results(ctx, op, 1)?;
    let Some((shape, elem)) = vector_shape(ctx, ctx.value_type(ctx.result(op, 0))) else {
        return Err(result_must_be(ctx, op, 0, "vector of any type values"));
    };
    let count: i64 = shape.iter().product();
    let ops = ctx.operands(op);
    if ops.len() as i64 != count || ops.iter().any(|&v| ctx.value_type(v) != elem) {
        return Err(op_error(ctx, op, "failed to verify that operand types match result element type"));
    }
    Ok(())
}
