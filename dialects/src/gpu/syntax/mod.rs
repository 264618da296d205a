//! The custom syntax of the gpu ops, each op's parser beside its printer. The printed text is
//! byte-for-byte upstream MLIR's, including its spacing quirks (`gpu.thread_id  x`,
//! `gpu.launch_func  @m::@k ...  args(...)`).

mod func;
mod launch;

pub(crate) use func::{parse_func, parse_module, parse_return, print_func, print_module, print_return};
pub(crate) use launch::{parse_launch, parse_launch_func, print_launch, print_launch_func};

use super::ops::{Dimension, IndexKind, IndexOp, DIMENSION, UPPER_BOUND};
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::{Context, Diagnostic, OpId, Type, Value};

/// An error of a custom parser, prefixed as MLIR prefixes them (`custom op 'gpu.func' ...`).
fn custom_error(state: &OperationState, mut d: Diagnostic) -> Diagnostic {
    d.message = format!("custom op '{}' {}", state.name, d.message);
    d
}

/// Keyword `kw`, with the custom-op prefix on the error.
fn keyword(p: &mut OpAsmParser<'_, '_>, state: &OperationState, kw: &str) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        // Upstream's `parseKeyword` reports at the current token (not after the previous one).
        Err(custom_error(state, p.error_here(format!("expected '{kw}'"))))
    }
}

/// ` %a, %b : t1, t2` (nothing without values), as `($values^ : type($values))?`.
fn print_values_with_types(p: &mut OpAsmPrinter<'_>, values: &[Value]) {
    if values.is_empty() {
        return;
    }
    p.write(" ");
    p.operands(values);
    p.write(" : ");
    let types: Vec<Type> = values.iter().map(|&v| p.ctx().value_type(v)).collect();
    p.types(&types);
}

/// Optional operands followed by `: types` when there are any.
fn parse_values_with_types(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Vec<Value>> {
    let start = p.offset();
    let operands = p.parse_operand_list()?;
    if operands.is_empty() {
        return Ok(Vec::new());
    }
    let types = p.parse_colon_type_list()?;
    if operands.len() != types.len() {
        let msg = format!("{} operands present, but expected {}", operands.len(), types.len());
        return Err(custom_error(state, p.error_at(start, msg)));
    }
    operands.iter().zip(&types).map(|(o, &t)| p.resolve_operand(o, t)).collect()
}

// ----- gpu.barrier, gpu.terminator -------------------------------------------------------------

/// `attr-dict`: the whole syntax of `gpu.barrier` and `gpu.terminator`.
pub(crate) fn parse_attr_dict_only(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)
}

/// Prints the attributes of `gpu.barrier` / `gpu.terminator`.
pub(crate) fn print_attr_dict_only(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
}

// ----- index ops --------------------------------------------------------------------------------

/// `gpu.thread_id x (upper_bound N)? attrs` (and block_id, block_dim, grid_dim).
pub(crate) fn parse_index_op(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let start = p.offset();
    // Upstream reads the enum case with `parseKeywordOrString`.
    if !p.peek_text().starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '"') {
        return Err(custom_error(state, p.error_here("expected valid keyword or string")));
    }
    let dim = match p.peek_text().strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(s) => {
            let d = Dimension::from_keyword(s);
            p.parse_string()?;
            d
        }
        None => p.parse_optional_any_keyword().and_then(Dimension::from_keyword),
    };
    let Some(dim) = dim else {
        let msg = "expected ::mlir::gpu::Dimension to be one of: x, y, z";
        return Err(custom_error(state, p.error_at(start, msg)));
    };
    let dim = dim.attr(p.ctx());
    state.add_prop(DIMENSION, dim);
    if p.parse_optional_keyword("upper_bound") {
        let bound = p.parse_integer()?;
        let bound = p.ctx().index_attr(bound);
        state.add_prop(UPPER_BOUND, bound);
    }
    p.parse_optional_attr_dict(state)?;
    let index = p.ctx().index_type();
    state.result_types.push(index);
    Ok(())
}

/// Prints an index op.
pub(crate) fn print_index_op(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = IndexOp(op);
    p.write("  ");
    match view.dimension(ctx) {
        Some(d) => p.write(d.keyword()),
        None => {
            if let Some(a) = ctx.attr_of(op, DIMENSION) {
                p.attr(a);
            }
        }
    }
    if let Some(bound) = ctx.attr_of(op, UPPER_BOUND) {
        p.write(" upper_bound ");
        match ctx.attr_int(bound) {
            Some(v) => p.write(&v.to_string()),
            None => p.attr(bound),
        }
    }
    p.attr_dict(op, &[DIMENSION, UPPER_BOUND]);
}

/// Result names as upstream: `%thread_id_x`, `%block_dim_z`, ...
pub(crate) fn index_op_names(ctx: &Context, op: OpId, name: &mut dyn FnMut(Value, String)) {
    let Some(view) = IndexOp::view(ctx, op) else { return };
    let (Some(&result), Some(dim)) = (ctx.results(op).first(), view.dimension(ctx)) else { return };
    let kind: IndexKind = view.kind(ctx);
    name(result, format!("{}_{}", kind.mnemonic(), dim.keyword()));
}
