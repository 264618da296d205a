//! `memref.alloc`, `memref.alloca` and `memref.dealloc`.

use super::{segment, ALIGNMENT, OPERAND_SEGMENT_SIZES};
use crate::memref::{fold, syntax, verify};
use sharc_ir::builder::OperationState;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Type, Value};

/// `memref.alloc`.
pub static ALLOC: OpSpec = OpSpec {
    summary: "memory allocation operation",
    description: "Allocates a memref on the heap. One `index` operand in parentheses gives each \
                  dynamic (`?`) dimension, in order; operands in square brackets bind the symbols \
                  of the layout map. `alignment` (a power of two) is the byte alignment.\n\n\
                  ```mlir\n%alloc = memref.alloc(%n)[%s] {alignment = 64 : i64} : \
                  memref<?x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 8 + d1 + s0)>>\n```",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_ALLOC),
    inherent_attrs: &[ALIGNMENT, OPERAND_SEGMENT_SIZES],
    verify: Some(verify::alloc),
    parse: Some(syntax::parse_alloc),
    print: Some(syntax::print_alloc),
    asm_names: Some(alloc_names),
    canonicalize: &[fold::erase_unused],
    ..OpSpec::new("memref.alloc")
};

/// `memref.alloca`.
pub static ALLOCA: OpSpec = OpSpec {
    summary: "stack memory allocation operation",
    description: "Allocates a memref on the stack of the enclosing function; it is freed when \
                  the function returns. Operands and attributes as `memref.alloc`.\n\n\
                  ```mlir\n%alloca = memref.alloca(%n) : memref<?xf32>\n```",
    traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_ALLOC),
    inherent_attrs: &[ALIGNMENT, OPERAND_SEGMENT_SIZES],
    verify: Some(verify::alloca),
    parse: Some(syntax::parse_alloc),
    print: Some(syntax::print_alloc),
    asm_names: Some(alloca_names),
    canonicalize: &[fold::erase_unused],
    ..OpSpec::new("memref.alloca")
};

/// `memref.dealloc`.
pub static DEALLOC: OpSpec = OpSpec {
    summary: "memory deallocation operation",
    description: "Frees a memref allocated by `memref.alloc`.\n\n\
                  ```mlir\nmemref.dealloc %alloc : memref<8x64xf32>\n```",
    traits: OpTraits::MEMORY_EFFECTS,
    verify: Some(verify::dealloc),
    parse: Some(syntax::parse_dealloc),
    print: Some(syntax::print_dealloc),
    ..OpSpec::new("memref.dealloc")
};

fn alloc_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "alloc".to_string());
    }
}

fn alloca_names(ctx: &Context, op: OpId, set: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        set(r, "alloca".to_string());
    }
}

/// A typed view of `memref.alloc` or `memref.alloca`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocOp(pub OpId);

impl AllocOp {
    /// The view, if `op` is a `memref.alloc` or `memref.alloca`.
    pub fn view(ctx: &Context, op: OpId) -> Option<AllocOp> {
        (ctx.op_is(op, ALLOC.name) || ctx.op_is(op, ALLOCA.name)).then_some(AllocOp(op))
    }

    /// Whether this is a stack allocation (`memref.alloca`).
    pub fn is_stack(self, ctx: &Context) -> bool {
        ctx.op_is(self.0, ALLOCA.name)
    }

    /// The operands giving the dynamic dimensions, in order.
    pub fn dynamic_sizes(self, ctx: &Context) -> &[Value] {
        segment(ctx, self.0, 2, 0)
    }

    /// The operands bound to the layout map's symbols.
    pub fn symbol_operands(self, ctx: &Context) -> &[Value] {
        segment(ctx, self.0, 2, 1)
    }

    /// The byte alignment, if given.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        ctx.attr_of(self.0, ALIGNMENT).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())
    }

    /// The allocated memref.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }

    /// The state of a new `memref.alloc` (or `memref.alloca` if `stack`).
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        stack: bool,
        ty: Type,
        dynamic_sizes: &[Value],
        symbols: &[Value],
        alignment: Option<i64>,
    ) -> OperationState {
        let name = if stack { ALLOCA.name } else { ALLOC.name };
        let seg = ctx.dense_i32_array(&[dynamic_sizes.len() as i32, symbols.len() as i32]);
        let mut state = OperationState::new(name, loc)
            .operands(dynamic_sizes.iter().chain(symbols).copied())
            .results([ty])
            .prop(OPERAND_SEGMENT_SIZES, seg);
        if let Some(a) = alignment {
            let a = ctx.i64_attr(a);
            state.add_prop(ALIGNMENT, a);
        }
        state
    }
}

/// A typed view of `memref.dealloc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeallocOp(pub OpId);

impl DeallocOp {
    /// The view, if `op` is a `memref.dealloc`.
    pub fn view(ctx: &Context, op: OpId) -> Option<DeallocOp> {
        ctx.op_is(op, DEALLOC.name).then_some(DeallocOp(op))
    }

    /// The freed memref.
    pub fn memref(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The state of a new `memref.dealloc`.
    pub fn build(loc: Location, memref: Value) -> OperationState {
        OperationState::new(DEALLOC.name, loc).operands([memref])
    }
}
