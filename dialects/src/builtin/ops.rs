//! `builtin.module`.

use sharc_ir::builder::OperationState;
use sharc_ir::symbol::{MODULE_OP, SYM_NAME, SYM_VISIBILITY};
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, OpSpec, OpTraits, RegionId};

/// `module [@name] [attributes {...}] { ... }`.
pub static MODULE: OpSpec = OpSpec {
    summary: "A top level container operation",
    description: "A module holds one region with one block of ops (no terminator). It is a \
                  symbol table; with a name it is also a symbol.\n\n\
                  ```mlir\nmodule @kernels attributes {gpu.container_module} {\n}\n```",
    traits: OpTraits::ISOLATED_FROM_ABOVE
        .with(OpTraits::SYMBOL_TABLE)
        .with(OpTraits::NO_TERMINATOR)
        .with(OpTraits::SINGLE_BLOCK)
        .with(OpTraits::GRAPH_REGION),
    inherent_attrs: &[SYM_NAME, SYM_VISIBILITY],
    default_dialect: Some("builtin"),
    verify: Some(verify),
    parse: Some(parse),
    print: Some(print),
    ..OpSpec::new(MODULE_OP)
};

/// A typed view of `builtin.module`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleOp(pub OpId);

impl ModuleOp {
    /// The view, if `op` is a module.
    pub fn view(ctx: &Context, op: OpId) -> Option<ModuleOp> {
        ctx.op_is(op, MODULE_OP).then_some(ModuleOp(op))
    }

    /// The body region.
    pub fn body_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The ops of the body.
    pub fn body_ops(self, ctx: &Context) -> Vec<OpId> {
        ctx.entry_block(self.body_region(ctx)).map(|b| ctx.block_ops(b)).unwrap_or_default()
    }
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero operands"));
    }
    if !ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero results"));
    }
    if let Some(entry) = ctx.entry_block(ctx.region(op, 0)) {
        if !ctx.block_args(entry).is_empty() {
            return Err(op_error(ctx, op, "region should have no arguments"));
        }
    }
    if let Some(a) = ctx.attr_of(op, SYM_NAME) {
        if ctx.attr_str(a).is_none() {
            // Upstream rejects this while converting properties, with this wording.
            let shown = sharc_ir::syntax::printer::attr_to_string(ctx, a);
            return Err(Diagnostic::error(
                ctx.loc(op).clone(),
                format!(
                    "invalid properties {{sym_name = {shown}}} for op builtin.module: Invalid attribute `sym_name` in property conversion: {shown}"
                ),
            ));
        }
    }
    if ctx.region_blocks(ctx.region(op, 0)).len() != 1 {
        return Err(op_error(ctx, op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"));
    }
    // Discardable attributes on a module belong to some dialect (`gpu.container_module`).
    if let Some((name, _)) = ctx.attrs(op).iter().find(|(n, _)| !n.contains('.')) {
        return Err(op_error(
            ctx,
            op,
            format!("can only contain attributes with dialect-prefixed names, found: '{name}'"),
        ));
    }
    Ok(())
}

fn parse(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    if let Some(name) = p.parse_optional_symbol_name()? {
        let a = p.ctx().string_attr(name);
        state.add_prop(SYM_NAME, a);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    let region = p.parse_region(&[])?;
    if p.ctx().region_is_empty(region) {
        let b = p.ctx().new_block();
        p.ctx().append_block(region, b);
    }
    state.regions.push(region);
    Ok(())
}

fn print(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    if let Some(name) = ctx.symbol_name(op) {
        p.write(" ");
        p.symbol_name(name);
    }
    p.attr_dict_with_keyword(op, &[SYM_NAME]);
    p.write(" ");
    p.region(ctx.region(op, 0), false, false);
}
