//! `memref.global` and `memref.get_global`.

use super::{ALIGNMENT, CONSTANT, GLOBAL_NAME, GLOBAL_TYPE, INITIAL_VALUE};
use crate::memref::{syntax, verify};
use sharc_ir::attrs::AttrKind;
use sharc_ir::builder::OperationState;
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::{Attr, Context, Location, OpId, OpSpec, OpTraits, Type};

/// `memref.global`.
pub static GLOBAL: OpSpec = OpSpec {
    summary: "declare or define a global memref variable",
    description: "A module-level, statically shaped memref named by a symbol. Without `=` it is \
                  an external declaration; `= uninitialized` defines it without an initial \
                  value; otherwise it is initialized by a `dense<...>` literal (written without \
                  its tensor type). `constant` globals are read-only.\n\n\
                  ```mlir\nmemref.global \"private\" constant @coeffs : memref<4xf32> = \
                  dense<[1.0, 2.0, 3.0, 4.0]>\nmemref.global @state : memref<2x2xi32> = \
                  uninitialized {alignment = 64 : i64}\n```",
    traits: OpTraits::SYMBOL,
    inherent_attrs: &[ALIGNMENT, CONSTANT, INITIAL_VALUE, SYM_NAME, SYM_VISIBILITY, GLOBAL_TYPE],
    verify: Some(verify::global),
    parse: Some(syntax::parse_global),
    print: Some(syntax::print_global),
    ..OpSpec::new("memref.global")
};

/// `memref.get_global`.
pub static GET_GLOBAL: OpSpec = OpSpec {
    summary: "get the memref pointing to a global variable",
    description: "The memref of a `memref.global`, found by symbol in the enclosing symbol \
                  tables; its type must be the global's.\n\n\
                  ```mlir\n%0 = memref.get_global @coeffs : memref<4xf32>\n```",
    traits: OpTraits::PURE,
    inherent_attrs: &[GLOBAL_NAME],
    verify: Some(verify::get_global),
    parse: Some(syntax::parse_get_global),
    print: Some(syntax::print_get_global),
    ..OpSpec::new("memref.get_global")
};

/// A typed view of `memref.global`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GlobalOp(pub OpId);

impl GlobalOp {
    /// The view, if `op` is a `memref.global`.
    pub fn view(ctx: &Context, op: OpId) -> Option<GlobalOp> {
        ctx.op_is(op, GLOBAL.name).then_some(GlobalOp(op))
    }

    /// The symbol name.
    pub fn sym_name(self, ctx: &Context) -> Option<&str> {
        ctx.symbol_name(self.0)
    }

    /// The memref type of the global.
    pub fn ty(self, ctx: &Context) -> Option<Type> {
        ctx.attr_of(self.0, GLOBAL_TYPE).and_then(|a| ctx.attr_type(a))
    }

    /// Whether the global is read-only.
    pub fn is_constant(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, CONSTANT).is_some()
    }

    /// The initializer (`unit` for `uninitialized`), `None` for an external declaration.
    pub fn initial_value(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, INITIAL_VALUE)
    }

    /// Whether the global is an external declaration (no `=`).
    pub fn is_external(self, ctx: &Context) -> bool {
        self.initial_value(ctx).is_none()
    }

    /// Whether the global is defined without an initial value.
    pub fn is_uninitialized(self, ctx: &Context) -> bool {
        self.initial_value(ctx).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Unit))
    }

    /// The byte alignment, if given.
    pub fn alignment(self, ctx: &Context) -> Option<i64> {
        ctx.attr_of(self.0, ALIGNMENT).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())
    }

    /// The elements a constant global is initialized with (for folding loads).
    pub fn constant_init_value(self, ctx: &Context) -> Option<Attr> {
        let init = self.initial_value(ctx)?;
        (self.is_constant(ctx) && matches!(ctx.attr_kind(init), AttrKind::DenseElements { .. })).then_some(init)
    }
}

/// A typed view of `memref.get_global`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GetGlobalOp(pub OpId);

impl GetGlobalOp {
    /// The view, if `op` is a `memref.get_global`.
    pub fn view(ctx: &Context, op: OpId) -> Option<GetGlobalOp> {
        ctx.op_is(op, GET_GLOBAL.name).then_some(GetGlobalOp(op))
    }

    /// The symbol reference to the global.
    pub fn name_attr(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, GLOBAL_NAME)
    }

    /// The referenced global's name.
    pub fn name(self, ctx: &Context) -> Option<&str> {
        self.name_attr(ctx).and_then(|a| ctx.attr_symbol(a))
    }

    /// The referenced `memref.global`, looked up in the enclosing symbol tables.
    pub fn global(self, ctx: &Context) -> Option<GlobalOp> {
        let found = ctx.resolve_symbol_ref(self.0, self.name_attr(ctx)?)?;
        GlobalOp::view(ctx, found)
    }

    /// The state of a new `memref.get_global` of `@name` with type `ty`.
    pub fn build(ctx: &mut Context, loc: Location, name: &str, ty: Type) -> OperationState {
        let sym = ctx.symbol_ref_attr(name);
        OperationState::new(GET_GLOBAL.name, loc).results([ty]).prop(GLOBAL_NAME, sym)
    }
}
