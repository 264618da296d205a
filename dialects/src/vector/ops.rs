//! The vector ops: one [`OpSpec`] each and a typed view whose accessors are the only place the
//! ops' attribute names are spelled.

use super::{syntax, verify};
use sharc_ir::attrs::AttrKind;
use sharc_ir::builder::OperationState;
use sharc_ir::types::TypeKind;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Type, Value};

/// `alignment` of `vector.load`/`vector.store`: the byte alignment of the access's first
/// element (what LLVM's `align` becomes; without it a vector access is only element-aligned).
pub(crate) const ALIGNMENT: &str = "alignment";
/// `nontemporal` of `vector.load`/`vector.store`.
pub(crate) const NONTEMPORAL: &str = "nontemporal";
/// `static_position` of `vector.extract`.
pub(crate) const STATIC_POSITION: &str = "static_position";

/// `vector.load`.
pub static LOAD: OpSpec = OpSpec {
    summary: "reads an n-D slice of memory into an n-D vector",
    description: "Reads the vector's elements starting at the given indices, one `index` per \
                  memref dimension; a 1-d vector takes adjacent elements of the innermost \
                  dimension, which must have unit stride. `alignment` states the byte alignment \
                  of the first element.\n\n\
                  ```mlir\n%v = vector.load %A[%i] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>\n```\n\n\
                  Properties: `alignment`, `nontemporal`.",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_READ),
    inherent_attrs: &[ALIGNMENT, NONTEMPORAL],
    verify: Some(verify::load),
    parse: Some(syntax::parse_load),
    print: Some(syntax::print_load),
    ..OpSpec::new("vector.load")
};

/// `vector.store`.
pub static STORE: OpSpec = OpSpec {
    summary: "writes an n-D vector to an n-D slice of memory",
    description: "Writes the vector's elements starting at the given indices, as `vector.load` \
                  reads them.\n\n\
                  ```mlir\nvector.store %v, %A[%i] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>\n```\n\n\
                  Properties: `alignment`, `nontemporal`.",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[ALIGNMENT, NONTEMPORAL],
    verify: Some(verify::store),
    parse: Some(syntax::parse_store),
    print: Some(syntax::print_store),
    ..OpSpec::new("vector.store")
};

/// `vector.extract`.
pub static EXTRACT: OpSpec = OpSpec {
    summary: "extract operation",
    description: "Takes the lane at a static position out of a vector (sharc's subset: a \
                  scalar out of a 1-d vector, positions in `static_position`).\n\n\
                  ```mlir\n%e = vector.extract %v[1] : f32 from vector<2xf32>\n```\n\n\
                  Property: `static_position`.",
    traits: OpTraits::PURE,
    inherent_attrs: &[STATIC_POSITION],
    verify: Some(verify::extract),
    parse: Some(syntax::parse_extract),
    print: Some(syntax::print_extract),
    ..OpSpec::new("vector.extract")
};

/// `vector.from_elements`.
pub static FROM_ELEMENTS: OpSpec = OpSpec {
    summary: "operation that defines a vector from scalar elements",
    description: "A vector whose lanes are the operands, in order.\n\n\
                  ```mlir\n%v = vector.from_elements %a, %b : vector<2xf32>\n```",
    traits: OpTraits::PURE,
    verify: Some(verify::from_elements),
    parse: Some(syntax::parse_from_elements),
    print: Some(syntax::print_from_elements),
    ..OpSpec::new("vector.from_elements")
};

/// The shape and element type of a vector type.
pub(crate) fn vector_shape(ctx: &Context, ty: Type) -> Option<(&[i64], Type)> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { shape, elem, .. } => Some((shape, *elem)),
        _ => None,
    }
}

fn alignment(ctx: &Context, op: OpId) -> Option<i64> {
    ctx.attr_of(op, ALIGNMENT).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())
}

fn nontemporal(ctx: &Context, op: OpId) -> bool {
    ctx.attr_of(op, NONTEMPORAL).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(true)))
}

/// A typed view of `vector.load`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoadOp(pub OpId);

impl LoadOp {
    /// The view, if `op` is a `vector.load`.
    pub fn view(ctx: &Context, op: OpId) -> Option<LoadOp> {
        ctx.op_is(op, LOAD.name).then_some(LoadOp(op))
    }

    /// The memref read.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The indices of the first element, one per memref dimension.
    pub fn indices(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(1..).unwrap_or(&[])
    }

    /// The loaded vector.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The byte alignment of the first element, if stated.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        alignment(ctx, self.0)
    }

    /// Whether the access is marked nontemporal.
    pub fn nontemporal(self, ctx: &Context) -> bool {
        nontemporal(ctx, self.0)
    }

    /// The state of a new `vector.load` of a `ty` vector, with `alignment` if given.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        ty: Type,
        memref: Value,
        indices: &[Value],
        alignment: Option<i64>,
    ) -> OperationState {
        let mut s = OperationState::new(LOAD.name, loc)
            .operands(std::iter::once(memref).chain(indices.iter().copied()))
            .results([ty]);
        if let Some(a) = alignment {
            s = s.prop(ALIGNMENT, ctx.i64_attr(a));
        }
        s
    }
}

/// A typed view of `vector.store`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOp(pub OpId);

impl StoreOp {
    /// The view, if `op` is a `vector.store`.
    pub fn view(ctx: &Context, op: OpId) -> Option<StoreOp> {
        ctx.op_is(op, STORE.name).then_some(StoreOp(op))
    }

    /// The stored vector.
    pub fn value(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The memref written.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The indices of the first element.
    pub fn indices(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(2..).unwrap_or(&[])
    }

    /// The byte alignment of the first element, if stated.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        alignment(ctx, self.0)
    }

    /// Whether the access is marked nontemporal.
    pub fn nontemporal(self, ctx: &Context) -> bool {
        nontemporal(ctx, self.0)
    }

    /// The state of a new `vector.store`, with `alignment` if given.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        value: Value,
        memref: Value,
        indices: &[Value],
        alignment: Option<i64>,
    ) -> OperationState {
        let mut s =
            OperationState::new(STORE.name, loc).operands([value, memref].into_iter().chain(indices.iter().copied()));
        if let Some(a) = alignment {
            s = s.prop(ALIGNMENT, ctx.i64_attr(a));
        }
        s
    }
}

/// A typed view of `vector.extract`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtractOp(pub OpId);

impl ExtractOp {
    /// The view, if `op` is a `vector.extract`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ExtractOp> {
        ctx.op_is(op, EXTRACT.name).then_some(ExtractOp(op))
    }

    /// The vector.
    pub fn vector(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The static position, one entry per vector dimension taken.
    pub fn position(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, STATIC_POSITION)
            .and_then(|a| ctx.attr_dense_ints(a))
            .map(|v| v.iter().filter_map(|&x| i64::try_from(x).ok()).collect())
            .unwrap_or_default()
    }

    /// The state of a new `vector.extract` of lane `lane` of the 1-d `vector`.
    pub fn build(ctx: &mut Context, loc: Location, vector: Value, lane: i64) -> OperationState {
        let elem = ctx.element_type_or_self(ctx.value_type(vector));
        let pos = ctx.dense_i64_array(&[lane]);
        OperationState::new(EXTRACT.name, loc).operands([vector]).results([elem]).prop(STATIC_POSITION, pos)
    }
}

/// A typed view of `vector.from_elements`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromElementsOp(pub OpId);

impl FromElementsOp {
    /// The view, if `op` is a `vector.from_elements`.
    pub fn view(ctx: &Context, op: OpId) -> Option<FromElementsOp> {
        ctx.op_is(op, FROM_ELEMENTS.name).then_some(FromElementsOp(op))
    }

    /// The lanes, in order.
    pub fn elements(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// The state of a new `vector.from_elements` of type `ty`.
    pub fn build(loc: Location, ty: Type, elements: &[Value]) -> OperationState {
        OperationState::new(FROM_ELEMENTS.name, loc).operands(elements.iter().copied()).results([ty])
    }
}
