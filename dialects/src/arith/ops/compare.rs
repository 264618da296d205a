//! `arith.cmpi`, `arith.cmpf` and `arith.select`.

use super::PREDICATE;
use crate::arith::flags::{CmpFPredicate, CmpIPredicate, IntEnum, CMPF_PREDICATE, CMPI_PREDICATE};
use crate::arith::fold::compare as fold;
use crate::arith::signature::{Flag, TypeClass};
use crate::arith::syntax;
use crate::arith::verify::{counts, flag_props, invalid_prop, is_i1_same_shape, operand_class, result_class};
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::types::TypeKind;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, OpSpec, OpTraits, Type, Value};

/// `%r = arith.cmpi pred, %lhs, %rhs : T`.
pub static CMPI: OpSpec = OpSpec {
    summary: "integer comparison operation",
    description: "Compares two integers (or vectors/tensors of them) with a predicate: `eq`, \
                  `ne`, `slt`, `sle`, `sgt`, `sge`, `ult`, `ule`, `ugt`, `uge`. The result is \
                  `i1`, or `i1` elements of the operands' shape. The generic form stores the \
                  predicate as an `i64` (`eq` = 0 ... `uge` = 9).\n\n\
                  Syntax:\n\n```text\n%result = arith.cmpi predicate, %lhs, %rhs attr-dict : type\n```\n\n\
                  Example:\n\n```mlir\n%lt = arith.cmpi slt, %a, %b : i32\n```",
    traits: OpTraits::PURE,
    inherent_attrs: &[PREDICATE],
    verify: Some(|ctx, op| verify_compare(ctx, op, &CMPI_PREDICATE, &[], TypeClass::IntLike)),
    parse: Some(|p, state| syntax::parse_compare(p, state, &CMPI_PREDICATE, &[], TypeClass::IntLike)),
    print: Some(|p, op| syntax::print_compare(p, op, &CMPI_PREDICATE, &[])),
    fold: Some(fold::cmpi),
    ..OpSpec::new("arith.cmpi")
};

/// `%r = arith.cmpf pred, %lhs, %rhs [fastmath<...>] : T`.
pub static CMPF: OpSpec = OpSpec {
    summary: "floating-point comparison operation",
    description: "Compares two floats (or vectors/tensors of them) with a predicate: `false`, \
                  `oeq`, `ogt`, `oge`, `olt`, `ole`, `one`, `ord`, `ueq`, `ugt`, `uge`, `ult`, \
                  `ule`, `une`, `uno`, `true` (`o` = ordered: false if either operand is NaN; \
                  `u` = unordered: true if either is NaN). The generic form stores the predicate \
                  as an `i64` (`false` = 0 ... `true` = 15).\n\n\
                  Syntax:\n\n```text\n%result = arith.cmpf predicate, %lhs, %rhs [fastmath<flags>] attr-dict : type\n```\n\n\
                  Example:\n\n```mlir\n%lt = arith.cmpf olt, %x, %y : f32\n```",
    traits: OpTraits::PURE,
    inherent_attrs: &[super::FASTMATH, PREDICATE],
    verify: Some(|ctx, op| verify_compare(ctx, op, &CMPF_PREDICATE, &[Flag::FastMath], TypeClass::FloatLike)),
    parse: Some(|p, state| syntax::parse_compare(p, state, &CMPF_PREDICATE, &[Flag::FastMath], TypeClass::FloatLike)),
    print: Some(|p, op| syntax::print_compare(p, op, &CMPF_PREDICATE, &[Flag::FastMath])),
    fold: Some(fold::cmpf),
    default_props: Some(|ctx, state| syntax::default_props(ctx, state, &CMPF_DEFAULTS)),
    ..OpSpec::new("arith.cmpf")
};

/// The flags of `cmpf`, for its default properties.
const CMPF_DEFAULTS: crate::arith::signature::Signature = crate::arith::signature::Signature {
    operands: &[TypeClass::FloatLike, TypeClass::FloatLike],
    result: TypeClass::BoolLike,
    cast: None,
    flags: &[Flag::FastMath],
    props: &[super::FASTMATH],
};

/// `%r = arith.select %cond, %t, %f : T`.
pub static SELECT: OpSpec = OpSpec {
    summary: "select operation",
    description: "Chooses `true_value` where the condition is 1 and `false_value` where it is 0. \
                  With an `i1` condition the whole value is chosen; with a vector or tensor of \
                  `i1` of the result's shape, each element is chosen separately (the condition \
                  type is then printed too).\n\n\
                  Syntax:\n\n```text\n%result = arith.select %cond, %true, %false attr-dict : [cond-type,] type\n```\n\n\
                  Example:\n\n```mlir\n%m = arith.select %c, %a, %b : i32\n\
                  %v = arith.select %mask, %x, %y : vector<4xi1>, vector<4xf32>\n```",
    traits: OpTraits::PURE,
    verify: Some(verify_select),
    parse: Some(syntax::parse_select),
    print: Some(syntax::print_select),
    fold: Some(fold::select),
    ..OpSpec::new("arith.select")
};

/// A typed view of `arith.cmpi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CmpIOp(pub OpId);

impl CmpIOp {
    /// The op name.
    pub const NAME: &'static str = "arith.cmpi";

    /// The view, if `op` is a two-operand `arith.cmpi`.
    pub fn view(ctx: &Context, op: OpId) -> Option<CmpIOp> {
        (ctx.op_is(op, Self::NAME) && ctx.operands(op).len() == 2 && ctx.results(op).len() == 1).then_some(CmpIOp(op))
    }

    /// The predicate, if well-formed.
    pub fn predicate(self, ctx: &Context) -> Option<CmpIPredicate> {
        let i = CMPI_PREDICATE.decode(ctx, ctx.attr_of(self.0, PREDICATE)?)?;
        CmpIPredicate::ALL.get(i).copied()
    }

    /// The left operand.
    pub fn lhs(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The right operand.
    pub fn rhs(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// A state for `arith.cmpi pred, lhs, rhs` (the result type is `i1` of `lhs`'s shape).
    pub fn state(
        ctx: &mut Context,
        pred: CmpIPredicate,
        lhs: Value,
        rhs: Value,
        loc: sharc_ir::Location,
    ) -> sharc_ir::OperationState {
        let p = CMPI_PREDICATE.encode(ctx, pred as usize);
        let ty = ctx.value_type(lhs);
        let result = crate::arith::verify::i1_same_shape(ctx, ty);
        sharc_ir::OperationState::new(Self::NAME, loc).operands([lhs, rhs]).results([result]).prop(PREDICATE, p)
    }
}

/// A typed view of `arith.cmpf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CmpFOp(pub OpId);

impl CmpFOp {
    /// The op name.
    pub const NAME: &'static str = "arith.cmpf";

    /// The view, if `op` is a two-operand `arith.cmpf`.
    pub fn view(ctx: &Context, op: OpId) -> Option<CmpFOp> {
        (ctx.op_is(op, Self::NAME) && ctx.operands(op).len() == 2 && ctx.results(op).len() == 1).then_some(CmpFOp(op))
    }

    /// The predicate, if well-formed.
    pub fn predicate(self, ctx: &Context) -> Option<CmpFPredicate> {
        let i = CMPF_PREDICATE.decode(ctx, ctx.attr_of(self.0, PREDICATE)?)?;
        CmpFPredicate::ALL.get(i).copied()
    }

    /// The left operand.
    pub fn lhs(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The right operand.
    pub fn rhs(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }
}

/// A typed view of `arith.select`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelectOp(pub OpId);

impl SelectOp {
    /// The op name.
    pub const NAME: &'static str = "arith.select";

    /// The view, if `op` is a three-operand `arith.select`.
    pub fn view(ctx: &Context, op: OpId) -> Option<SelectOp> {
        (ctx.op_is(op, Self::NAME) && ctx.operands(op).len() == 3 && ctx.results(op).len() == 1).then_some(SelectOp(op))
    }

    /// The condition.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The value chosen where the condition holds.
    pub fn true_value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The value chosen elsewhere.
    pub fn false_value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 2)
    }
}

/// Counts, predicate, flags, ODS type constraints, `SameTypeOperands`, then the i1-shape rule.
fn verify_compare(
    ctx: &Context,
    op: OpId,
    preds: &IntEnum,
    flags: &[Flag],
    class: TypeClass,
) -> Result<(), Diagnostic> {
    counts(ctx, op, 2, 1)?;
    let Some(pred) = ctx.attr_of(op, PREDICATE) else {
        return Err(op_error(ctx, op, "requires attribute 'predicate'"));
    };
    if preds.decode(ctx, pred).is_none() {
        return Err(invalid_prop(ctx, op, PREDICATE));
    }
    flag_props(ctx, op, flags)?;
    operand_class(ctx, op, 0, class)?;
    operand_class(ctx, op, 1, class)?;
    result_class(ctx, op, 0, TypeClass::BoolLike)?;
    let (lhs, rhs) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.operand(op, 1)));
    if lhs != rhs {
        return Err(op_error(ctx, op, "requires all operands to have the same type"));
    }
    if !is_i1_same_shape(ctx, ctx.value_type(ctx.result(op, 0)), lhs) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    Ok(())
}

/// The text of `ty` (a vector or tensor) with `i1` elements (upstream `getI1SameShape`), built
/// without creating the type: the element type follows the `NxMx` dimension prefix.
fn i1_same_shape_text(ctx: &Context, ty: Type) -> String {
    let text = type_to_string(ctx, ty);
    let elem = type_to_string(ctx, ctx.element_type_or_self(ty));
    let Some(open) = text.find('<') else { return text };
    let mut pos = open + 1;
    let bytes = text.as_bytes();
    loop {
        let dim_end = bytes[pos..]
            .iter()
            .position(|b| !(b.is_ascii_digit() || matches!(b, b'?' | b'[' | b']')))
            .map_or(bytes.len(), |n| pos + n);
        if dim_end > pos && bytes.get(dim_end) == Some(&b'x') {
            pos = dim_end + 1;
        } else {
            break;
        }
    }
    if text[pos..].starts_with(&elem) {
        format!("{}i1{}", &text[..pos], &text[pos + elem.len()..])
    } else {
        text
    }
}

fn shape(ctx: &Context, ty: Type) -> Option<&[i64]> {
    ctx.shape(ty)
}

fn verify_select(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    counts(ctx, op, 3, 1)?;
    operand_class(ctx, op, 0, TypeClass::BoolLike)?;
    let types = ctx.operand_types(op);
    let (cond, t, f) = (types[0], types[1], types[2]);
    let result = ctx.value_type(ctx.result(op, 0));
    if t != f || t != result {
        return Err(op_error(ctx, op, "failed to verify that all of {true_value, false_value, result} have same type"));
    }
    if ctx.is_signless_int(cond, 1) {
        return Ok(());
    }
    let matching = matches!((shape(ctx, cond), shape(ctx, result)), (Some(a), Some(b)) if a == b);
    if !matching {
        return Err(op_error(ctx, op, "failed to verify that condition is signless i1 or has matching shape"));
    }
    crate::arith::verify::elementwise_mappable(ctx, op)?;
    let vector_or_tensor = matches!(ctx.type_kind(result), TypeKind::Vector { .. } | TypeKind::Tensor { .. });
    if !vector_or_tensor {
        return Err(op_error(
            ctx,
            op,
            format!("expected condition to be a signless i1, but got '{}'", type_to_string(ctx, cond)),
        ));
    }
    if !is_i1_same_shape(ctx, cond, result) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected condition type to have the same shape as the result type, expected '{}', but got '{}'",
                i1_same_shape_text(ctx, result),
                type_to_string(ctx, cond)
            ),
        ));
    }
    Ok(())
}
