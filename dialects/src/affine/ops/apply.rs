//! `affine.apply`, `affine.min` and `affine.max`: affine maps evaluated on SSA values.

use super::{map_attr, MAP};
use crate::affine::{fold, syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::OperationState;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Value};

/// `affine.apply`.
pub static APPLY: OpSpec = OpSpec {
    summary: "affine apply operation",
    description: "Applies a single-result affine map to dim `(...)` and symbol `[...]` operands, \
                  giving an `index`.\n\n\
                  ```mlir\n%0 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%i)[%n]\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::PURE,
    inherent_attrs: &[MAP],
    verify: Some(verify::apply),
    parse: Some(syntax::parse_apply),
    print: Some(syntax::print_apply),
    fold: Some(fold::apply),
    ..OpSpec::new("affine.apply")
};

/// `affine.min`.
pub static MIN: OpSpec = OpSpec {
    summary: "min operation",
    description: "The minimum of the results of an affine map applied to dim `(...)` and symbol \
                  `[...]` operands.\n\n\
                  ```mlir\n%0 = affine.min affine_map<(d0)[s0] -> (d0 + 32, s0)>(%i)[%n]\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::PURE,
    inherent_attrs: &[MAP],
    verify: Some(verify::min_max),
    parse: Some(syntax::parse_min_max),
    print: Some(syntax::print_min_max),
    fold: Some(fold::min_max),
    canonicalize: &[fold::single_result_min_max_to_apply, fold::dedup_min_max_results],
    ..OpSpec::new("affine.min")
};

/// `affine.max`.
pub static MAX: OpSpec = OpSpec {
    summary: "max operation",
    description: "The maximum of the results of an affine map applied to dim `(...)` and symbol \
                  `[...]` operands.\n\n\
                  ```mlir\n%0 = affine.max affine_map<(d0) -> (0, d0 - 4)>(%i)\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::PURE,
    inherent_attrs: &[MAP],
    verify: Some(verify::min_max),
    parse: Some(syntax::parse_min_max),
    print: Some(syntax::print_min_max),
    fold: Some(fold::min_max),
    canonicalize: &[fold::single_result_min_max_to_apply, fold::dedup_min_max_results],
    ..OpSpec::new("affine.max")
};

/// The typed view of an op that evaluates one `map` property on its operands; the three ops
/// differ only in what they make of the map's results.
macro_rules! map_op_view {
    ($(#[$doc:meta])* $view:ident, $spec:ident, $map_doc:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $view(pub OpId);

        impl $view {
            /// The view, if `op` is of this kind.
            pub fn view(ctx: &Context, op: OpId) -> Option<$view> {
                ctx.op_is(op, $spec.name).then_some($view(op))
            }

            #[doc = $map_doc]
            pub fn map(self, ctx: &Context) -> Option<&AffineMap> {
                map_attr(ctx, self.0, MAP)
            }

            /// The map operands (dims, then symbols).
            pub fn operands(self, ctx: &Context) -> &[Value] {
                ctx.operands(self.0)
            }

            /// The state of a new op of this kind.
            pub fn build(ctx: &mut Context, loc: Location, map: AffineMap, operands: &[Value]) -> OperationState {
                map_op(ctx, $spec.name, loc, map, operands)
            }
        }
    };
}

map_op_view!(
    /// A typed view of `affine.apply`.
    ApplyOp, APPLY, "The single-result map."
);
map_op_view!(
    /// A typed view of `affine.min`.
    MinOp, MIN, "The map whose results' minimum is taken."
);
map_op_view!(
    /// A typed view of `affine.max`.
    MaxOp, MAX, "The map whose results' maximum is taken."
);

fn map_op(ctx: &mut Context, name: &str, loc: Location, map: AffineMap, operands: &[Value]) -> OperationState {
    let index = ctx.index_type();
    let map = ctx.affine_map_attr(map);
    OperationState::new(name, loc).operands(operands.iter().copied()).results([index]).prop(MAP, map)
}

/// Whether `op` is an `affine.min` (rather than an `affine.max`), for rewrites of either.
pub(crate) fn is_min(ctx: &Context, op: OpId) -> bool {
    ctx.op_is(op, MIN.name)
}
