//! `memref.dim`, `memref.subview`, `memref.reinterpret_cast` and `memref.cast`: ops that
//! compute a size or a new reference to existing memory.

use super::{segment, OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES};
use crate::memref::{fold, syntax, verify};
use sharc_ir::builder::OperationState;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Type, Value};

/// `memref.dim`.
pub static DIM: OpSpec = OpSpec {
    summary: "dimension index operation",
    description: "The size of dimension `%index` of a memref, as an `index`. Attributes, if \
                  any, come right after the op name.\n\n\
                  ```mlir\n%dim = memref.dim %A, %c0 : memref<?x8xf32>\n```",
    traits: OpTraits::PURE,
    verify: Some(verify::dim),
    parse: Some(syntax::parse_dim),
    print: Some(syntax::print_dim),
    fold: Some(fold::dim),
    asm_names: Some(dim_names),
    ..OpSpec::new("memref.dim")
};

/// `memref.subview`.
pub static SUBVIEW: OpSpec = OpSpec {
    summary: "memref subview operation",
    description: "A strided view of a rectangular part of a memref: one offset, size and \
                  stride per source dimension, each an SSA `index` or a constant. The result \
                  layout is `strided<[source stride * stride, ...], offset: source offset + \
                  sum(offset * source stride)>` (`?` where unknown); unit dimensions may be \
                  dropped from the result (rank reduction). Static values are kept in \
                  `static_offsets`/`static_sizes`/`static_strides` with \
                  -9223372036854775808 for an SSA operand.\n\n\
                  ```mlir\n%subview = memref.subview %A[%i, 0] [4, 4] [1, 1] : memref<8x8xf32> \
                  to memref<4x4xf32, strided<[8, 1], offset: ?>>\n```",
    traits: OpTraits::PURE,
    inherent_attrs: &[OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES],
    verify: Some(verify::subview),
    parse: Some(syntax::parse_subview),
    print: Some(syntax::print_subview),
    asm_names: Some(subview_names),
    ..OpSpec::new("memref.subview")
};

/// `memref.reinterpret_cast`.
pub static REINTERPRET_CAST: OpSpec = OpSpec {
    summary: "memref reinterpret cast operation",
    description: "A view of the source's buffer with a new offset, sizes and strides, each an \
                  SSA `index` or a constant (one offset; one size and stride per result \
                  dimension), the offset counted from the buffer's base. The source's sizes \
                  are not checked: the view may cover any part of the buffer the source \
                  points into, and an element outside that buffer is an error in \
                  `sharc-run`. The C front-end \
                  views a flat pointer parameter `p` subscripted `p[r * w + c]` as a \
                  two-dimensional array with row pitch `w`. Static values are kept in \
                  `static_offsets`/`static_sizes`/`static_strides` with \
                  -9223372036854775808 for an SSA operand.\n\n\
                  ```mlir\n%view = memref.reinterpret_cast %p to offset: [0], sizes: [%h, %w], \
                  strides: [%w, 1] : memref<?xf32> to memref<?x?xf32>\n```",
    traits: OpTraits::PURE,
    inherent_attrs: &[OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES],
    verify: Some(verify::reinterpret_cast),
    parse: Some(syntax::parse_reinterpret_cast),
    print: Some(syntax::print_reinterpret_cast),
    asm_names: Some(reinterpret_cast_names),
    ..OpSpec::new("memref.reinterpret_cast")
};

/// `memref.cast`.
pub static CAST: OpSpec = OpSpec {
    summary: "memref cast operation",
    description: "Converts a memref to a compatible type: static and dynamic sizes, offsets \
                  and strides may be exchanged (`4` and `?`), and ranked and unranked memrefs \
                  converted; element type and memory space stay.\n\n\
                  ```mlir\n%cast = memref.cast %A : memref<4x?xf32> to memref<?x?xf32>\n```",
    traits: OpTraits::PURE,
    verify: Some(verify::cast),
    parse: Some(syntax::parse_cast),
    print: Some(syntax::print_cast),
    fold: Some(fold::cast),
    asm_names: Some(cast_names),
    ..OpSpec::new("memref.cast")
};

fn dim_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "dim".to_string());
    }
}

fn subview_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "subview".to_string());
    }
}

fn reinterpret_cast_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "reinterpret_cast".to_string());
    }
}

fn cast_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "cast".to_string());
    }
}

/// A typed view of `memref.dim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DimOp(pub OpId);

impl DimOp {
    /// The view, if `op` is a `memref.dim`.
    pub fn view(ctx: &Context, op: OpId) -> Option<DimOp> {
        ctx.op_is(op, DIM.name).then_some(DimOp(op))
    }

    /// The memref whose dimension is read.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The dimension index operand.
    pub fn index(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The state of a new `memref.dim`.
    pub fn build(ctx: &mut Context, loc: Location, source: Value, index: Value) -> OperationState {
        let ty = ctx.index_type();
        OperationState::new(DIM.name, loc).operands([source, index]).results([ty])
    }
}

/// One offset, size or stride of a subview: a constant or an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpFoldResult {
    /// A static value.
    Static(i64),
    /// An SSA `index` operand.
    Dynamic(Value),
}

/// A typed view of `memref.subview`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubViewOp(pub OpId);

impl SubViewOp {
    /// The view, if `op` is a `memref.subview`.
    pub fn view(ctx: &Context, op: OpId) -> Option<SubViewOp> {
        ctx.op_is(op, SUBVIEW.name).then_some(SubViewOp(op))
    }

    /// The viewed memref.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// `static_offsets` (with [`DYNAMIC`] for operands).
    pub fn static_offsets(self, ctx: &Context) -> Vec<i64> {
        dense_i64s(ctx, self.0, STATIC_OFFSETS)
    }

    /// `static_sizes`.
    pub fn static_sizes(self, ctx: &Context) -> Vec<i64> {
        dense_i64s(ctx, self.0, STATIC_SIZES)
    }

    /// `static_strides`.
    pub fn static_strides(self, ctx: &Context) -> Vec<i64> {
        dense_i64s(ctx, self.0, STATIC_STRIDES)
    }

    /// The dynamic offset operands.
    pub fn offsets(self, ctx: &Context) -> &[Value] {
        segment(ctx, self.0, 4, 1)
    }

    /// The dynamic size operands.
    pub fn sizes(self, ctx: &Context) -> &[Value] {
        segment(ctx, self.0, 4, 2)
    }

    /// The dynamic stride operands.
    pub fn strides(self, ctx: &Context) -> &[Value] {
        segment(ctx, self.0, 4, 3)
    }

    /// Offsets, static and dynamic merged in order.
    pub fn mixed_offsets(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&self.static_offsets(ctx), self.offsets(ctx))
    }

    /// Sizes, static and dynamic merged in order.
    pub fn mixed_sizes(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&self.static_sizes(ctx), self.sizes(ctx))
    }

    /// Strides, static and dynamic merged in order.
    pub fn mixed_strides(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&self.static_strides(ctx), self.strides(ctx))
    }

    /// The state of a new `memref.subview` with result type `ty`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        ty: Type,
        source: Value,
        offsets: &[OpFoldResult],
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
    ) -> OperationState {
        offset_size_stride_state(ctx, SUBVIEW.name, loc, ty, source, offsets, sizes, strides)
    }
}

/// A typed view of `memref.reinterpret_cast`: the same offset/size/stride lists as a subview,
/// but the offset and strides are absolute (in elements of the buffer), not relative to the
/// source's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReinterpretCastOp(pub OpId);

impl ReinterpretCastOp {
    /// The view, if `op` is a `memref.reinterpret_cast`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ReinterpretCastOp> {
        ctx.op_is(op, REINTERPRET_CAST.name).then_some(ReinterpretCastOp(op))
    }

    /// The memref whose buffer is viewed.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The offset (one), static and dynamic merged.
    pub fn mixed_offsets(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&dense_i64s(ctx, self.0, STATIC_OFFSETS), segment(ctx, self.0, 4, 1))
    }

    /// The sizes, static and dynamic merged.
    pub fn mixed_sizes(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&dense_i64s(ctx, self.0, STATIC_SIZES), segment(ctx, self.0, 4, 2))
    }

    /// The strides, static and dynamic merged.
    pub fn mixed_strides(self, ctx: &Context) -> Vec<OpFoldResult> {
        mixed(&dense_i64s(ctx, self.0, STATIC_STRIDES), segment(ctx, self.0, 4, 3))
    }

    /// The state of a new `memref.reinterpret_cast` to `ty`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        ty: Type,
        source: Value,
        offset: OpFoldResult,
        sizes: &[OpFoldResult],
        strides: &[OpFoldResult],
    ) -> OperationState {
        offset_size_stride_state(ctx, REINTERPRET_CAST.name, loc, ty, source, &[offset], sizes, strides)
    }
}

/// The operands and properties of an op with MLIR's `OffsetSizeAndStrideOpInterface` lists.
#[allow(clippy::too_many_arguments)]
fn offset_size_stride_state(
    ctx: &mut Context,
    name: &'static str,
    loc: Location,
    ty: Type,
    source: Value,
    offsets: &[OpFoldResult],
    sizes: &[OpFoldResult],
    strides: &[OpFoldResult],
) -> OperationState {
    let mut operands = vec![source];
    let mut counts = [1i32, 0, 0, 0];
    let mut statics: [Vec<i64>; 3] = Default::default();
    for (k, list) in [offsets, sizes, strides].into_iter().enumerate() {
        for item in list {
            match *item {
                OpFoldResult::Static(v) => statics[k].push(v),
                OpFoldResult::Dynamic(v) => {
                    statics[k].push(DYNAMIC);
                    operands.push(v);
                    counts[k + 1] += 1;
                }
            }
        }
    }
    let seg = ctx.dense_i32_array(&counts);
    let [o, s, t] = statics;
    let (o, s, t) = (ctx.dense_i64_array(&o), ctx.dense_i64_array(&s), ctx.dense_i64_array(&t));
    OperationState::new(name, loc)
        .operands(operands)
        .results([ty])
        .prop(OPERAND_SEGMENT_SIZES, seg)
        .prop(STATIC_OFFSETS, o)
        .prop(STATIC_SIZES, s)
        .prop(STATIC_STRIDES, t)
}

pub(crate) fn dense_i64s(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    ctx.attr_of(op, name)
        .and_then(|a| ctx.attr_dense_ints(a))
        .map(|v| v.iter().map(|&x| i64::try_from(x).unwrap_or(DYNAMIC)).collect())
        .unwrap_or_default()
}

/// Merges static values and dynamic operands: each [`DYNAMIC`] takes the next operand.
fn mixed(statics: &[i64], dynamics: &[Value]) -> Vec<OpFoldResult> {
    let mut next = dynamics.iter();
    statics
        .iter()
        .map(|&s| match (s == DYNAMIC).then(|| next.next()).flatten() {
            Some(&v) => OpFoldResult::Dynamic(v),
            None => OpFoldResult::Static(s),
        })
        .collect()
}

/// A typed view of `memref.cast`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastOp(pub OpId);

impl CastOp {
    /// The view, if `op` is a `memref.cast`.
    pub fn view(ctx: &Context, op: OpId) -> Option<CastOp> {
        ctx.op_is(op, CAST.name).then_some(CastOp(op))
    }

    /// The cast memref.
    pub fn source(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The state of a new `memref.cast` to `ty`.
    pub fn build(loc: Location, source: Value, ty: Type) -> OperationState {
        OperationState::new(CAST.name, loc).operands([source]).results([ty])
    }
}
