//! `affine.load` and `affine.store`: memory accesses whose indices are an affine map of loop
//! induction variables and symbols; `affine.vector_load` and `affine.vector_store`, the same
//! with a vector of adjacent elements of the innermost dimension.

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

/// `alignment` on `affine.vector_load`/`affine.vector_store`: a discardable attribute (upstream's
/// ops have no such property), the byte alignment `sharc-vectorize` proved for the first
/// element; `lower-affine` carries it to the `alignment` property of `vector.load`/`vector.store`.
pub const VECTOR_ALIGNMENT: &str = "alignment";

/// `affine.vector_load`.
pub static VECTOR_LOAD: OpSpec = OpSpec {
    summary: "affine vector load operation",
    description: "Reads a vector of adjacent elements of the memref's innermost dimension, the \
                  first at the indices given by an affine map, written as in `affine.load`. \
                  `sharc-vectorize` adds `{alignment = N : i64}`, the byte alignment it proved, \
                  which `lower-affine` keeps on `vector.load`.\n\n\
                  ```mlir\n%v = affine.vector_load %A[%i * 2] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_READ),
    inherent_attrs: &[MAP],
    verify: Some(verify::vector_load),
    parse: Some(syntax::parse_vector_load),
    print: Some(syntax::print_vector_load),
    ..OpSpec::new("affine.vector_load")
};

/// `affine.vector_store`.
pub static VECTOR_STORE: OpSpec = OpSpec {
    summary: "affine vector store operation",
    description: "Writes a vector to adjacent elements of the memref's innermost dimension, the \
                  first at the indices given by an affine map.\n\n\
                  ```mlir\naffine.vector_store %v, %A[%i * 2] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>\n```\n\n\
                  Property: `map`.",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[MAP],
    verify: Some(verify::vector_store),
    parse: Some(syntax::parse_vector_store),
    print: Some(syntax::print_vector_store),
    ..OpSpec::new("affine.vector_store")
};

fn vector_alignment(ctx: &Context, op: OpId) -> Option<i64> {
    ctx.attr_of(op, VECTOR_ALIGNMENT).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())
}

/// The number of lanes of a 1-d vector type (`None` for anything else).
fn vector_lanes(ctx: &Context, ty: sharc_ir::Type) -> Option<i64> {
    match ctx.type_kind(ty) {
        sharc_ir::types::TypeKind::Vector { shape, .. } if shape.len() == 1 => Some(shape[0]),
        _ => None,
    }
}

/// A typed view of `affine.vector_load`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorLoadOp(pub OpId);

impl VectorLoadOp {
    /// The view, if `op` is an `affine.vector_load`.
    pub fn view(ctx: &Context, op: OpId) -> Option<VectorLoadOp> {
        ctx.op_is(op, VECTOR_LOAD.name).then_some(VectorLoadOp(op))
    }

    /// The memref read.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The access map of the first element.
    pub fn map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, MAP)
    }

    /// The map operands (dims, then symbols).
    pub fn map_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(1..).unwrap_or(&[])
    }

    /// The loaded vector.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The lanes of a 1-d result vector.
    pub fn lanes(self, ctx: &Context) -> Option<i64> {
        vector_lanes(ctx, ctx.value_type(self.result(ctx)))
    }

    /// The proven byte alignment of the first element, if recorded.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        vector_alignment(ctx, self.0)
    }

    /// The state of a new `affine.vector_load` of a `ty` vector.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        ty: sharc_ir::Type,
        memref: Value,
        map: AffineMap,
        operands: &[Value],
        alignment: Option<i64>,
    ) -> OperationState {
        let map = ctx.affine_map_attr(map);
        let mut s = OperationState::new(VECTOR_LOAD.name, loc)
            .operands(std::iter::once(memref).chain(operands.iter().copied()))
            .results([ty])
            .prop(MAP, map);
        if let Some(a) = alignment {
            s.add_attr(VECTOR_ALIGNMENT, ctx.i64_attr(a));
        }
        s
    }
}

/// A typed view of `affine.vector_store`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VectorStoreOp(pub OpId);

impl VectorStoreOp {
    /// The view, if `op` is an `affine.vector_store`.
    pub fn view(ctx: &Context, op: OpId) -> Option<VectorStoreOp> {
        ctx.op_is(op, VECTOR_STORE.name).then_some(VectorStoreOp(op))
    }

    /// The stored vector.
    pub fn value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The memref written.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The access map of the first element.
    pub fn map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, MAP)
    }

    /// The map operands (dims, then symbols).
    pub fn map_operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..).unwrap_or(&[])
    }

    /// The lanes of a 1-d stored vector.
    pub fn lanes(self, ctx: &Context) -> Option<i64> {
        vector_lanes(ctx, ctx.value_type(self.value(ctx)))
    }

    /// The proven byte alignment of the first element, if recorded.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        vector_alignment(ctx, self.0)
    }

    /// The state of a new `affine.vector_store`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        value: Value,
        memref: Value,
        map: AffineMap,
        operands: &[Value],
        alignment: Option<i64>,
    ) -> OperationState {
        let map = ctx.affine_map_attr(map);
        let mut s = OperationState::new(VECTOR_STORE.name, loc)
            .operands([value, memref].into_iter().chain(operands.iter().copied()))
            .prop(MAP, map);
        if let Some(a) = alignment {
            s.add_attr(VECTOR_ALIGNMENT, ctx.i64_attr(a));
        }
        s
    }
}
