//! `affine.load` and `affine.store`: memory accesses whose indices are an affine map of loop
//! induction variables and symbols.

use super::{map_attr, MAP};
use crate::affine::{fold, syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::OperationState;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Value};

/// `affine.load`.
pub static LOAD: OpSpec = OpSpec {
    summary: "affine load operation",
    description: "Reads the element of a memref at the indices given by an affine map of dim \
                  and symbol operands, written inline: dims as SSA values, symbols as \
                  `symbol(%s)`. Each index operand must be a valid affine dim or symbol.\n\n\
                  ```mlir\n%v = affine.load %A[%i + 1, %j * 2 + symbol(%n)] : memref<100x100xf32>\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_READ),
    inherent_attrs: &[MAP],
    verify: Some(verify::load),
    parse: Some(syntax::parse_load),
    print: Some(syntax::print_load),
    fold: Some(fold::load),
    canonicalize: &[crate::memref::erase_unused],
    ..OpSpec::new("affine.load")
};

/// `affine.store`.
pub static STORE: OpSpec = OpSpec {
    summary: "affine store operation",
    description: "Writes a value of the element type at the indices given by an affine map, \
                  written as in `affine.load`.\n\n\
                  ```mlir\naffine.store %v, %A[%i, %j - 1] : memref<100x100xf32>\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[MAP],
    verify: Some(verify::store),
    parse: Some(syntax::parse_store),
    print: Some(syntax::print_store),
    ..OpSpec::new("affine.store")
};

/// A typed view of `affine.load`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOp(pub OpId);

impl LoadOp {
    /// The view, if `op` is an `affine.load`.
    pub fn view(ctx: &Context, op: OpId) -> Option<LoadOp> {
        ctx.op_is(op, LOAD.name).then_some(LoadOp(op))
    }

    /// The memref read.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The access map: memref indices as a function of the map operands.
    pub fn map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, MAP)
    }

    /// The map operands (dims, then symbols).
    pub fn map_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(1..).unwrap_or(&[])
    }

    /// The loaded value.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The state of a new `affine.load`; the result type is the element type of `memref`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        memref: Value,
        map: AffineMap,
        operands: &[Value],
    ) -> OperationState {
        let elem = ctx.element_type_or_self(ctx.value_type(memref));
        let map = ctx.affine_map_attr(map);
        OperationState::new(LOAD.name, loc)
            .operands(std::iter::once(memref).chain(operands.iter().copied()))
            .results([elem])
            .prop(MAP, map)
    }
}

/// A typed view of `affine.store`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOp(pub OpId);

impl StoreOp {
    /// The view, if `op` is an `affine.store`.
    pub fn view(ctx: &Context, op: OpId) -> Option<StoreOp> {
        ctx.op_is(op, STORE.name).then_some(StoreOp(op))
    }

    /// The stored value.
    pub fn value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The memref written.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The access map.
    pub fn map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, MAP)
    }

    /// The map operands (dims, then symbols).
    pub fn map_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..).unwrap_or(&[])
    }

    /// The state of a new `affine.store`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        value: Value,
        memref: Value,
        map: AffineMap,
        operands: &[Value],
    ) -> OperationState {
        let map = ctx.affine_map_attr(map);
        OperationState::new(STORE.name, loc)
            .operands([value, memref].into_iter().chain(operands.iter().copied()))
            .prop(MAP, map)
    }
}
