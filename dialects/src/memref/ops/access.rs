//! `memref.load` and `memref.store`.

use super::NONTEMPORAL;
use crate::memref::{fold, syntax, verify};
use sharc_ir::attrs::AttrKind;
use sharc_ir::builder::OperationState;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Value};

/// `memref.load`.
pub static LOAD: OpSpec = OpSpec {
    summary: "load operation",
    description: "Reads the element at the given indices, one `index` per dimension (none for a \
                  0-d memref). `{nontemporal = true}` marks a streaming access.\n\n\
                  ```mlir\n%0 = memref.load %A[%i, %j] : memref<8x8xf32>\n\
                  %1 = memref.load %s[] {nontemporal = true} : memref<f32>\n```",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_READ),
    inherent_attrs: &[NONTEMPORAL],
    verify: Some(verify::load),
    parse: Some(syntax::parse_load),
    print: Some(syntax::print_load),
    canonicalize: &[fold::erase_unused],
    ..OpSpec::new("memref.load")
};

/// `memref.store`.
pub static STORE: OpSpec = OpSpec {
    summary: "store operation",
    description: "Writes a value of the element type at the given indices.\n\n\
                  ```mlir\nmemref.store %v, %A[%i, %j] : memref<8x8xf32>\n```",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[NONTEMPORAL],
    verify: Some(verify::store),
    parse: Some(syntax::parse_store),
    print: Some(syntax::print_store),
    ..OpSpec::new("memref.store")
};

/// A typed view of `memref.load`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOp(pub OpId);

impl LoadOp {
    /// The view, if `op` is a `memref.load`.
    pub fn view(ctx: &Context, op: OpId) -> Option<LoadOp> {
        ctx.op_is(op, LOAD.name).then_some(LoadOp(op))
    }

    /// The memref read.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The indices, one per dimension.
    pub fn indices(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(1..).unwrap_or(&[])
    }

    /// Whether the access is marked nontemporal.
    pub fn nontemporal(self, ctx: &Context) -> bool {
        nontemporal(ctx, self.0)
    }

    /// The loaded value.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The state of a new `memref.load`; the result type is the element type of `memref`.
    pub fn build(ctx: &Context, loc: Location, memref: Value, indices: &[Value]) -> OperationState {
        let elem = ctx.element_type_or_self(ctx.value_type(memref));
        OperationState::new(LOAD.name, loc)
            .operands(std::iter::once(memref).chain(indices.iter().copied()))
            .results([elem])
    }
}

/// A typed view of `memref.store`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOp(pub OpId);

impl StoreOp {
    /// The view, if `op` is a `memref.store`.
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

    /// The indices, one per dimension.
    pub fn indices(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..).unwrap_or(&[])
    }

    /// Whether the access is marked nontemporal.
    pub fn nontemporal(self, ctx: &Context) -> bool {
        nontemporal(ctx, self.0)
    }

    /// The state of a new `memref.store`.
    pub fn build(loc: Location, value: Value, memref: Value, indices: &[Value]) -> OperationState {
        OperationState::new(STORE.name, loc).operands([value, memref].into_iter().chain(indices.iter().copied()))
    }
}

fn nontemporal(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, NONTEMPORAL).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)))
}
