//! A tiny dialect for unit tests of the generic passes, independent of the real dialects'
//! folders and traits.
//!
//! `t.const` is a constant, `t.add` a commutative pure op folding `c + c` and `x + 0`,
//! `t.read` only reads memory, `t.alloc` only allocates, `t.write` and `t.sink` have unknown
//! effects, `t.loop` has recursive effects, `t.func` is an isolated-from-above container,
//! `t.yield` a pure terminator and `t.br` a branch to its successors.

use sharc_ir::registry::{Dialect, FoldResult};
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{Attr, Context, DialectRegistry, Location, OpId, OpSpec, OpTraits, OperationState, Type};
use std::sync::Arc;

static CONST: OpSpec = OpSpec {
    traits: OpTraits::PURE.with(OpTraits::CONSTANT_LIKE),
    inherent_attrs: &["value"],
    ..OpSpec::new("t.const")
};
static ADD: OpSpec =
    OpSpec { traits: OpTraits::PURE.with(OpTraits::COMMUTATIVE), fold: Some(fold_add), ..OpSpec::new("t.add") };
static SINK: OpSpec = OpSpec::new("t.sink");
static READ: OpSpec = OpSpec { traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_READ), ..OpSpec::new("t.read") };
static ALLOC: OpSpec =
    OpSpec { traits: OpTraits::MEMORY_EFFECTS.with(OpTraits::MEMORY_ALLOC), ..OpSpec::new("t.alloc") };
static WRITE: OpSpec = OpSpec { traits: OpTraits::MEMORY_EFFECTS, ..OpSpec::new("t.write") };
static LOOP: OpSpec = OpSpec { traits: OpTraits::RECURSIVE_MEMORY_EFFECTS, ..OpSpec::new("t.loop") };
static FUNC: OpSpec = OpSpec { traits: OpTraits::ISOLATED_FROM_ABOVE, ..OpSpec::new("t.func") };
static YIELD: OpSpec = OpSpec { traits: OpTraits::PURE.with(OpTraits::TERMINATOR), ..OpSpec::new("t.yield") };
static BR: OpSpec = OpSpec { traits: OpTraits::PURE.with(OpTraits::TERMINATOR), ..OpSpec::new("t.br") };
static DIALECT: Dialect = Dialect {
    name: "t",
    description: "",
    ops: &[&CONST, &ADD, &SINK, &READ, &ALLOC, &WRITE, &LOOP, &FUNC, &YIELD, &BR],
    materialize_constant: Some(materialize),
};
static MODULE: OpSpec = OpSpec {
    traits: OpTraits::ISOLATED_FROM_ABOVE
        .with(OpTraits::SYMBOL_TABLE)
        .with(OpTraits::NO_TERMINATOR)
        .with(OpTraits::SINGLE_BLOCK)
        .with(OpTraits::GRAPH_REGION),
    ..OpSpec::new("builtin.module")
};
static BUILTIN: Dialect = Dialect { name: "builtin", description: "", ops: &[&MODULE], materialize_constant: None };

fn fold_add(ctx: &mut Context, op: OpId, operands: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let int = |a: Option<Attr>| a.and_then(|a| ctx.attr_int(a));
    match (int(operands[0]), int(operands[1])) {
        (Some(a), Some(b)) => {
            let ty = ctx.value_type(ctx.result(op, 0));
            Some(vec![FoldResult::Attr(ctx.int_attr(ty, a + b))])
        }
        (_, Some(0)) => Some(vec![FoldResult::Value(ctx.operand(op, 0))]),
        _ => None,
    }
}

fn materialize(_ctx: &mut Context, value: Attr, ty: Type, loc: Location) -> Option<OperationState> {
    Some(OperationState::new("t.const", loc).prop("value", value).results([ty]))
}

/// A context with the test dialect (and a bare `builtin.module`).
pub fn context() -> Context {
    let mut r = DialectRegistry::new();
    r.register(&BUILTIN);
    r.register(&DIALECT);
    Context::new(Arc::new(r))
}

/// Parses generic-form `text` into `ctx`.
pub fn parse(ctx: &mut Context, text: &str) -> OpId {
    parse_source(ctx, "test.mlir", text, &ParseOptions::default()).expect("test input parses")
}

/// The ops of `module` printed in generic form, one per line, without the module, `t.func`
/// lines and type signatures.
pub fn ops(ctx: &Context, module: OpId) -> Vec<String> {
    sharc_ir::verifier::verify(ctx, module).expect("the pass leaves valid IR");
    print_op(ctx, module, PrintOptions { generic: true, debuginfo: false })
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('%') || l.starts_with('"'))
        .filter(|l| !l.contains("builtin.module") && !l.contains("t.func"))
        .map(|l| l.rfind(" : (").map_or(l, |i| &l[..i]).to_string())
        .collect()
}
