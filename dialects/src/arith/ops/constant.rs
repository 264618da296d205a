//! `arith.constant`.

use super::{typed_attr_has_type, typed_attr_type, VALUE};
use crate::arith::verify::counts;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::types::{Signedness, TypeKind};
use sharc_ir::verifier::op_error;
use sharc_ir::{Attr, AttrKind, Context, Diagnostic, Location, OpId, OpSpec, OpTraits, Type, Value};

/// `%c = arith.constant {attrs} value`.
pub static CONSTANT: OpSpec = OpSpec {
    summary: "integer or floating point constant",
    description: "Produces the constant given by its `value` attribute: an integer, float or \
                  dense elements attribute whose type is the result type. Results are named \
                  `%c42_i32`, `%c0` (index), `%true`/`%false` (i1) or `%cst`.\n\n\
                  Syntax:\n\n```text\n%result = arith.constant attr-dict value\n```\n\n\
                  Example:\n\n```mlir\n%c42_i32 = arith.constant 42 : i32\n\
                  %cst = arith.constant dense<1.000000e+00> : vector<4xf32>\n```",
    traits: OpTraits::CONSTANT_LIKE.with(OpTraits::PURE),
    inherent_attrs: &[VALUE],
    verify: Some(verify),
    parse: Some(crate::arith::syntax::parse_constant),
    print: Some(crate::arith::syntax::print_constant),
    fold: Some(|ctx, op, _| ConstantOp(op).value(ctx).map(|a| vec![sharc_ir::registry::FoldResult::Attr(a)])),
    asm_names: Some(asm_names),
    ..OpSpec::new("arith.constant")
};

/// A typed view of `arith.constant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConstantOp(pub OpId);

impl ConstantOp {
    /// The op name.
    pub const NAME: &'static str = "arith.constant";

    /// The view, if `op` is an `arith.constant` with one result.
    pub fn view(ctx: &Context, op: OpId) -> Option<ConstantOp> {
        (ctx.op_is(op, Self::NAME) && ctx.results(op).len() == 1).then_some(ConstantOp(op))
    }

    /// The value attribute.
    pub fn value(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, VALUE)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The value of an integer or `index` constant (`true` is 1).
    pub fn int_value(self, ctx: &Context) -> Option<i128> {
        ctx.attr_int(self.value(ctx)?)
    }

    /// The value of a float constant.
    pub fn float_value(self, ctx: &Context) -> Option<f64> {
        ctx.attr_float(self.value(ctx)?)
    }

    /// A state for `arith.constant value`, if `value` is a typed integer, float or dense elements
    /// attribute of type `ty` (upstream `ConstantOp::materialize`).
    pub fn state(ctx: &mut Context, value: Attr, ty: Type, loc: Location) -> Option<OperationState> {
        buildable(ctx, value, ty).then(|| OperationState::new(Self::NAME, loc).prop(VALUE, value).results([ty]))
    }

    /// A state for the `index` constant `v`.
    pub fn index(ctx: &mut Context, v: i64, loc: Location) -> OperationState {
        let a = ctx.index_attr(v);
        let ty = ctx.index_type();
        OperationState::new(Self::NAME, loc).prop(VALUE, a).results([ty])
    }

    /// A state for the integer constant `v` of integer type `ty`.
    pub fn int(ctx: &mut Context, v: i128, ty: Type, loc: Location) -> OperationState {
        let a = ctx.int_attr(ty, v);
        OperationState::new(Self::NAME, loc).prop(VALUE, a).results([ty])
    }

    /// A state for the float constant `v` of float type `ty`.
    pub fn float(ctx: &mut Context, v: f64, ty: Type, loc: Location) -> OperationState {
        let a = ctx.float_attr(ty, v);
        OperationState::new(Self::NAME, loc).prop(VALUE, a).results([ty])
    }
}

/// Whether `arith.constant` can hold `value` as a result of type `ty` (upstream
/// `isBuildableWith`).
pub fn buildable(ctx: &mut Context, value: Attr, ty: Type) -> bool {
    if typed_attr_type(ctx, value) != Some(ty) {
        return false;
    }
    let elem = ctx.element_type_or_self(ty);
    if matches!(ctx.type_kind(elem), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless) {
        return false;
    }
    matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. } | AttrKind::Bool(_) | AttrKind::Float { .. } | AttrKind::DenseElements { .. }
    )
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    counts(ctx, op, 0, 1)?;
    let Some(value) = ctx.attr_of(op, VALUE) else {
        return Err(op_error(ctx, op, "requires attribute 'value'"));
    };
    let ty = ctx.value_type(ctx.result(op, 0));
    match typed_attr_has_type(ctx, value, ty) {
        None => return Err(op_error(ctx, op, "attribute 'value' failed to satisfy constraint: TypedAttr instance")),
        Some(false) => return Err(op_error(ctx, op, "failed to verify that all of {value, result} have same type")),
        Some(true) => {}
    }
    if matches!(ctx.type_kind(ty), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless) {
        return Err(op_error(ctx, op, "integer return type must be signless"));
    }
    match ctx.attr_kind(value) {
        AttrKind::Integer { .. } | AttrKind::Bool(_) | AttrKind::Float { .. } => Ok(()),
        AttrKind::DenseElements { data, .. } => {
            let scalable =
                matches!(ctx.type_kind(ty), TypeKind::Vector { scalable, .. } if scalable.iter().any(|&s| s));
            let splat = data.len() == 1;
            if scalable && !splat {
                return Err(op_error(
                    ctx,
                    op,
                    "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
                ));
            }
            Ok(())
        }
        _ => Err(op_error(ctx, op, "value must be an integer, float, or elements attribute")),
    }
}

/// `%c42_i32`, `%c0` (index), `%true`/`%false`, `%cst` (upstream `getAsmResultNames`).
fn asm_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    let (Some(&result), Some(value)) = (ctx.results(op).first(), ctx.attr_of(op, VALUE)) else { return };
    let ty = ctx.value_type(result);
    let name = match ctx.attr_kind(value) {
        AttrKind::Bool(b) => b.to_string(),
        AttrKind::Integer { value, .. } => match ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => (*value != 0).to_string(),
            TypeKind::Integer { .. } => format!("c{value}_{}", type_to_string(ctx, ty)),
            _ => format!("c{value}"),
        },
        _ => "cst".to_string(),
    };
    set(result, name);
}
