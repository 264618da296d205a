//! The arith ops: one [`OpSpec`](sharc_ir::OpSpec) and one typed view per op.
//!
//! The many same-shaped ops are declared with [`elementwise_ops!`], one table entry each: the
//! entry's [`Signature`](super::signature::Signature) drives the shared verifier, parser and
//! printer. Attribute names are spelled here and nowhere else.

mod cast;
mod compare;
mod constant;
mod float;
mod int;

pub use cast::*;
pub use compare::*;
pub use constant::*;
pub use float::*;
pub use int::*;

use super::flags::{FASTMATH as FASTMATH_FLAGS, OVERFLOW};
use sharc_ir::{Attr, AttrKind, Context, OpId, Type};

/// `overflowFlags`: `#arith.overflow<...>` of `addi`, `subi`, `muli`, `shli`, `trunci`.
pub const OVERFLOW_FLAGS: &str = "overflowFlags";
/// `fastmath`: `#arith.fastmath<...>` of float ops.
pub const FASTMATH: &str = "fastmath";
/// `isExact`: unit attribute of `divsi`, `divui`, `shrsi`, `shrui`.
pub const IS_EXACT: &str = "isExact";
/// `roundingmode`: the `i32` rounding mode of `truncf`.
pub const ROUNDING_MODE: &str = "roundingmode";
/// `predicate`: the `i64` predicate of `cmpi`/`cmpf`.
pub const PREDICATE: &str = "predicate";
/// `value`: the constant of `arith.constant`.
pub const VALUE: &str = "value";

/// The overflow flags of an op (`0` when absent or malformed).
pub fn overflow_flags(ctx: &Context, op: OpId) -> u32 {
    ctx.attr_of(op, OVERFLOW_FLAGS).and_then(|a| OVERFLOW.decode(ctx, a)).unwrap_or(0)
}

/// The fast-math flags of an op (`0` when absent or malformed).
pub fn fastmath_flags(ctx: &Context, op: OpId) -> u32 {
    ctx.attr_of(op, FASTMATH).and_then(|a| FASTMATH_FLAGS.decode(ctx, a)).unwrap_or(0)
}

/// Whether an op carries the `exact` flag.
pub fn is_exact(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, IS_EXACT).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Unit))
}

/// The type of a typed attribute (integer, bool, float, dense elements; a string is `none`-typed
/// as upstream's), `None` for untyped attributes.
pub fn typed_attr_type(ctx: &mut Context, attr: Attr) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } | AttrKind::DenseElements { ty, .. } => Some(*ty),
        AttrKind::Bool(_) => Some(ctx.i1()),
        AttrKind::String(_) => Some(ctx.none_type()),
        _ => None,
    }
}

/// Whether typed attribute `attr` has type `ty`; `None` for untyped attributes.
pub fn typed_attr_has_type(ctx: &Context, attr: Attr, ty: Type) -> Option<bool> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } | AttrKind::DenseElements { ty: t, .. } => {
            Some(*t == ty)
        }
        AttrKind::Bool(_) => Some(ctx.is_signless_int(ty, 1)),
        AttrKind::String(_) => Some(matches!(ctx.type_kind(ty), sharc_ir::TypeKind::None)),
        _ => None,
    }
}

/// Declares elementwise ops sharing one [`Signature`](super::signature::Signature): an `OpSpec`
/// static and a typed view each. `accessors` names the operands in order.
macro_rules! elementwise_ops {
    (
        signature: $sig:path,
        syntax: $syntax:literal,
        example: $example:literal,
        accessors: $accessors:tt,
        $(
            $spec:ident, $view:ident, $name:literal, traits: $traits:expr, fold: $fold:expr,
            summary: $summary:literal, description: $desc:literal;
        )+
    ) => {
        $(
            #[doc = concat!("`", $name, "`: ", $summary, ".")]
            pub static $spec: sharc_ir::OpSpec = sharc_ir::OpSpec {
                summary: $summary,
                description: concat!(
                    $desc, "\n\nSyntax:\n\n```text\n%result = ", $name, $syntax,
                    "\n```\n\nExample:\n\n```mlir\n%r = ", $name, $example, "\n```"
                ),
                traits: $traits,
                inherent_attrs: $sig.props,
                verify: Some(|ctx, op| $crate::arith::verify::elementwise(ctx, op, &$sig)),
                parse: Some(|p, state| $crate::arith::syntax::parse_elementwise(p, state, &$sig)),
                print: Some(|p, op| $crate::arith::syntax::print_elementwise(p, op, &$sig)),
                fold: $fold,
                default_props: Some(|ctx, state| $crate::arith::syntax::default_props(ctx, state, &$sig)),
                ..sharc_ir::OpSpec::new($name)
            };

            #[doc = concat!("A typed view of `", $name, "`.")]
            #[derive(Clone, Copy, Debug, PartialEq, Eq)]
            pub struct $view(pub sharc_ir::OpId);

            impl $view {
                /// The op name.
                pub const NAME: &'static str = $name;

                /// The view, if `op` is this op with its signature's operand and result counts.
                pub fn view(ctx: &sharc_ir::Context, op: sharc_ir::OpId) -> Option<Self> {
                    let shaped = ctx.operands(op).len() == $sig.operands.len() && ctx.results(op).len() == 1;
                    (ctx.op_is(op, $name) && shaped).then_some(Self(op))
                }

                /// The result.
                pub fn result(self, ctx: &sharc_ir::Context) -> sharc_ir::Value {
                    ctx.result(self.0, 0)
                }

                /// An op state with these operands and a result of type `result`; flags take
                /// their defaults.
                pub fn state(
                    operands: &[sharc_ir::Value],
                    result: sharc_ir::Type,
                    loc: sharc_ir::Location,
                ) -> sharc_ir::OperationState {
                    sharc_ir::OperationState::new($name, loc).operands(operands.iter().copied()).results([result])
                }

                $crate::arith::ops::operand_accessors!(0usize; $accessors);
            }
        )+
    };
}

/// Accessors for operands by position (used by [`elementwise_ops!`]).
macro_rules! operand_accessors {
    ($i:expr; []) => {};
    ($i:expr; [$first:ident $(, $rest:ident)*]) => {
        #[doc = concat!("Operand `", stringify!($first), "`.")]
        pub fn $first(self, ctx: &sharc_ir::Context) -> sharc_ir::Value {
            ctx.operand(self.0, $i)
        }
        $crate::arith::ops::operand_accessors!($i + 1; [$($rest),*]);
    };
}

pub(crate) use elementwise_ops;
pub(crate) use operand_accessors;
