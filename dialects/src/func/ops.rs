//! `func.func`, `func.return`, `func.call`: specs and typed views. Attribute names are spelled
//! here (and the symbol ones in `sharc_ir::symbol`).

use super::{syntax, verify};
use sharc_ir::builder::OperationState;
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::{Attr, BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// `function_type`: the signature, a type attribute of a function type.
pub const FUNCTION_TYPE: &str = "function_type";
/// `arg_attrs`: one dictionary per argument (absent when all are empty).
pub const ARG_ATTRS: &str = "arg_attrs";
/// `res_attrs`: one dictionary per result (absent when all are empty).
pub const RES_ATTRS: &str = "res_attrs";
/// `callee`: the flat symbol a call targets.
pub const CALLEE: &str = "callee";
/// `no_inline`: a unit attribute forbidding inlining of a call.
pub const NO_INLINE: &str = "no_inline";

/// `func.func [visibility] @name(args) [-> results] [attributes {...}] [{ body }]`.
pub static FUNC: OpSpec = OpSpec {
    summary: "An operation with a name containing a single `SSACFG` region",
    description: "A function: a symbol with a signature (`function_type`) and a body region \
                  whose entry block arguments are the function arguments. Without a body it is \
                  an external declaration, which must not be public. Arguments and results may \
                  carry attribute dictionaries (`arg_attrs`, `res_attrs`); other attributes \
                  follow `attributes`. Inside the body, `func.` may be omitted from op names.\n\n\
                  Syntax:\n\n```text\nfunc.func [public|private|nested] @name(%arg: type {attrs}, ...) \
                  [-> (type {attrs}, ...)] [attributes {...}] [{ body }]\n```\n\n\
                  Example:\n\n```mlir\nfunc.func @add(%arg0: i32, %arg1: i32) -> i32 {\n  \
                  %0 = arith.addi %arg0, %arg1 : i32\n  return %0 : i32\n}\n\
                  func.func private @ext(memref<?xf32> {llvm.noalias}) -> f32\n```",
    traits: OpTraits::ISOLATED_FROM_ABOVE
        .with(OpTraits::SYMBOL)
        .with(OpTraits::AFFINE_SCOPE)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[ARG_ATTRS, FUNCTION_TYPE, RES_ATTRS, SYM_NAME, SYM_VISIBILITY],
    default_dialect: Some("func"),
    verify: Some(verify::func),
    parse: Some(syntax::parse_func),
    print: Some(syntax::print_func),
    ..OpSpec::new("func.func")
};

/// `return [%values : types]`.
pub static RETURN: OpSpec = OpSpec {
    summary: "Function return operation",
    description: "Returns control and the given values from the enclosing `func.func`; the \
                  values must match the function's result types.\n\n\
                  Syntax:\n\n```text\nfunc.return attr-dict [%v, ... : type, ...]\n```\n\n\
                  Example:\n\n```mlir\nreturn %0, %1 : i32, f32\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::RETURN_LIKE),
    verify: Some(verify::ret),
    parse: Some(syntax::parse_return),
    print: Some(syntax::print_return),
    ..OpSpec::new("func.return")
};

/// `call @f(%args) : (types) -> results`.
pub static CALL: OpSpec = OpSpec {
    summary: "call operation",
    description: "Calls the `func.func` named by the flat symbol `callee` with the operands; the \
                  operand and result types must match the callee's signature. A call may have \
                  any side effect.\n\n\
                  Syntax:\n\n```text\nfunc.call @callee(%args) attr-dict : (types) -> results\n```\n\n\
                  Example:\n\n```mlir\n%0:2 = call @pair(%a) : (i32) -> (i32, i32)\n```",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[ARG_ATTRS, CALLEE, NO_INLINE, RES_ATTRS],
    verify: Some(verify::call),
    parse: Some(syntax::parse_call),
    print: Some(syntax::print_call),
    ..OpSpec::new("func.call")
};

/// A typed view of `func.func`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncOp(pub OpId);

impl FuncOp {
    /// The op name.
    pub const NAME: &'static str = "func.func";

    /// The view, if `op` is a `func.func` with its one region.
    pub fn view(ctx: &Context, op: OpId) -> Option<FuncOp> {
        (ctx.op_is(op, Self::NAME) && ctx.regions(op).len() == 1).then_some(FuncOp(op))
    }

    /// The symbol name.
    pub fn name(self, ctx: &Context) -> Option<&str> {
        ctx.symbol_name(self.0)
    }

    /// The visibility (`public` when absent).
    pub fn visibility(self, ctx: &Context) -> &str {
        ctx.symbol_visibility(self.0)
    }

    /// The `function_type` attribute's type.
    pub fn function_type(self, ctx: &Context) -> Option<Type> {
        ctx.attr_of(self.0, FUNCTION_TYPE).and_then(|a| ctx.attr_type(a))
    }

    /// Argument types (empty if the signature is malformed).
    pub fn arg_types(self, ctx: &Context) -> Vec<Type> {
        self.function_type(ctx).and_then(|t| ctx.function_parts(t)).map(|(i, _)| i.to_vec()).unwrap_or_default()
    }

    /// Result types (empty if the signature is malformed).
    pub fn result_types(self, ctx: &Context) -> Vec<Type> {
        self.function_type(ctx).and_then(|t| ctx.function_parts(t)).map(|(_, r)| r.to_vec()).unwrap_or_default()
    }

    /// The body region.
    pub fn body(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The entry block, `None` for a declaration.
    pub fn entry_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(self.body(ctx))
    }

    /// The entry block arguments (empty for a declaration).
    pub fn arguments(self, ctx: &Context) -> Vec<Value> {
        self.entry_block(ctx).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default()
    }

    /// Whether the function has no body.
    pub fn is_declaration(self, ctx: &Context) -> bool {
        ctx.region_is_empty(self.body(ctx))
    }

    /// The `arg_attrs` array, if present.
    pub fn arg_attrs(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, ARG_ATTRS)
    }

    /// The `res_attrs` array, if present.
    pub fn res_attrs(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, RES_ATTRS)
    }

    /// The attribute dictionary of argument `i`, if any.
    pub fn arg_attr_dict(self, ctx: &Context, i: usize) -> Option<Attr> {
        ctx.attr_array(self.arg_attrs(ctx)?)?.get(i).copied()
    }

    /// The attribute dictionary of result `i`, if any.
    pub fn res_attr_dict(self, ctx: &Context, i: usize) -> Option<Attr> {
        ctx.attr_array(self.res_attrs(ctx)?)?.get(i).copied()
    }

    /// A state for a public function `@name` with an entry block whose arguments have the
    /// signature's input types; returns the state and the entry block.
    pub fn state(
        ctx: &mut Context,
        name: &str,
        inputs: &[Type],
        results: &[Type],
        loc: Location,
    ) -> (OperationState, BlockId) {
        let fty = ctx.function_type(inputs.to_vec(), results.to_vec());
        let fty = ctx.type_attr(fty);
        let name = ctx.string_attr(name);
        let (region, block) = ctx.new_region_with_block(inputs);
        let state = OperationState::new(Self::NAME, loc).prop(FUNCTION_TYPE, fty).prop(SYM_NAME, name).region(region);
        (state, block)
    }
}

/// A typed view of `func.return`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReturnOp(pub OpId);

impl ReturnOp {
    /// The op name.
    pub const NAME: &'static str = "func.return";

    /// The view, if `op` is a `func.return`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ReturnOp> {
        ctx.op_is(op, Self::NAME).then_some(ReturnOp(op))
    }

    /// The returned values.
    pub fn values(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// A state returning `values`.
    pub fn state(values: &[Value], loc: Location) -> OperationState {
        OperationState::new(Self::NAME, loc).operands(values.iter().copied())
    }
}

/// A typed view of `func.call`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CallOp(pub OpId);

impl CallOp {
    /// The op name.
    pub const NAME: &'static str = "func.call";

    /// The view, if `op` is a `func.call`.
    pub fn view(ctx: &Context, op: OpId) -> Option<CallOp> {
        ctx.op_is(op, Self::NAME).then_some(CallOp(op))
    }

    /// The callee attribute.
    pub fn callee_attr(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, CALLEE)
    }

    /// The callee's name.
    pub fn callee(self, ctx: &Context) -> Option<&str> {
        self.callee_attr(ctx).and_then(|a| ctx.attr_symbol(a))
    }

    /// The callee `func.func`, resolved through the enclosing symbol tables.
    pub fn resolve(self, ctx: &Context) -> Option<FuncOp> {
        let f = ctx.resolve_symbol_ref(self.0, self.callee_attr(ctx)?)?;
        FuncOp::view(ctx, f)
    }

    /// The arguments.
    pub fn args(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// Whether the call is marked `no_inline`.
    pub fn no_inline(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, NO_INLINE).is_some()
    }

    /// A state calling `@callee` with `args`, producing `results`.
    pub fn state(ctx: &mut Context, callee: &str, args: &[Value], results: &[Type], loc: Location) -> OperationState {
        let callee = ctx.symbol_ref_attr(callee);
        OperationState::new(Self::NAME, loc)
            .prop(CALLEE, callee)
            .operands(args.iter().copied())
            .results(results.iter().copied())
    }
}
