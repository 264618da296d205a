//! Syntax of `gpu.launch` and `gpu.launch_func`. Async tokens and cluster sizes have no custom
//! syntax in sharc (the verifier rejects them), so the printers never meet them.

use super::{custom_error, keyword};
use crate::gpu::ops::{LaunchFuncOp, LaunchOp, FUNCTION, KERNEL, LAUNCH_MODULE, NUM_WORKGROUP_ATTRIBUTIONS, SEGMENTS};
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{Argument, OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{AttrKind, OpId, Type, Value};

/// `(%id_x, %id_y, %id_z) in (%size_x = %a, %size_y = %b, %size_z = %c)`: the ids, the size
/// region arguments and the size operands.
type SizeAssignment = (Vec<UnresolvedOperand>, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>);

fn parse_size_assignment(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<SizeAssignment> {
    let start = p.offset();
    let mut ids = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        ids.push(p.parse_argument_operand()?);
        Ok(())
    })?;
    if ids.len() != 3 {
        return Err(custom_error(state, p.error_at(start, "expected 3 operands")));
    }
    keyword(p, state, "in")?;
    p.parse_punct("(")?;
    let mut args = Vec::new();
    let mut sizes = Vec::new();
    for i in 0..3 {
        if i > 0 {
            p.parse_punct(",")?;
        }
        args.push(p.parse_argument_operand()?);
        p.parse_punct("=")?;
        sizes.push(p.parse_operand()?);
    }
    p.parse_punct(")")?;
    Ok((ids, args, sizes))
}

/// `(%ids) in (%size = %operand, ...)`.
fn print_size_assignment(p: &mut OpAsmPrinter<'_>, ids: &[Value], sizes: &[Value], operands: &[Value]) {
    p.write("(");
    p.operands(ids);
    p.write(") in (");
    for (i, (&s, &o)) in sizes.iter().zip(operands).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.operand(s);
        p.write(" = ");
        p.operand(o);
    }
    p.write(")");
}

/// `(keyword(@sym))?` for the `module` / `function` names of `gpu.launch`.
fn parse_optional_symbol_clause(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState, kw: &str) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        p.parse_punct("(")?;
        let sym = p.parse_symbol_ref_attr(true, &state.name)?;
        p.parse_punct(")")?;
        state.add_prop(kw, sym);
    }
    Ok(())
}

/// `workgroup(%a : type, ...)` / `private(...)` if the keyword is present.
fn parse_attributions(p: &mut OpAsmParser<'_, '_>, kw: &str) -> ParseResult<Vec<Argument>> {
    if !p.parse_optional_keyword(kw) {
        return Ok(Vec::new());
    }
    p.parse_argument_list(Delimiter::Paren, false)
}

/// ` workgroup(%a : type, ...)`; nothing without attributions.
fn print_attributions(p: &mut OpAsmPrinter<'_>, kw: &str, values: &[Value]) {
    if values.is_empty() {
        return;
    }
    p.write(" ");
    p.write(kw);
    p.write("(");
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.operand(v);
        p.write(" : ");
        p.ty(p.ctx().value_type(v));
    }
    p.write(")");
}

// ----- gpu.launch -------------------------------------------------------------------------------

/// `gpu.launch blocks(...) in (...) threads(...) in (...) (dynamic_shared_memory_size %s)?
/// (module(@m))? (function(@f))? (workgroup(...))? (private(...))? region attrs`.
pub(crate) fn parse_launch(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    keyword(p, state, "blocks")?;
    let (block_ids, grid_args, grid) = parse_size_assignment(p, state)?;
    keyword(p, state, "threads")?;
    let (thread_ids, block_args, block) = parse_size_assignment(p, state)?;
    let index = p.ctx().index_type();
    for o in grid.iter().chain(&block) {
        let v = p.resolve_operand(o, index)?;
        state.operands.push(v);
    }
    let mut has_dynamic_smem = false;
    if p.parse_optional_keyword("dynamic_shared_memory_size") {
        let o = p.parse_operand()?;
        let i32 = p.ctx().i32();
        let v = p.resolve_operand(&o, i32)?;
        state.operands.push(v);
        has_dynamic_smem = true;
    }
    parse_optional_symbol_clause(p, state, LAUNCH_MODULE)?;
    parse_optional_symbol_clause(p, state, FUNCTION)?;
    let mut args: Vec<Argument> = [block_ids, thread_ids, grid_args, block_args]
        .into_iter()
        .flatten()
        .map(|name| Argument { name, ty: index, loc: None, attrs: None })
        .collect();
    let workgroup = parse_attributions(p, "workgroup")?;
    let count = p.ctx().i64_attr(workgroup.len() as i64);
    state.add_attr(NUM_WORKGROUP_ATTRIBUTIONS, count);
    args.extend(workgroup);
    args.extend(parse_attributions(p, "private")?);
    let body = p.parse_region(&args)?;
    state.regions.push(body);
    p.parse_optional_attr_dict(state)?;
    let sizes = [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, i32::from(has_dynamic_smem)];
    let segments = p.ctx().dense_i32_array(&sizes);
    state.add_prop(SEGMENTS, segments);
    Ok(())
}

/// Prints `gpu.launch`.
pub(crate) fn print_launch(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let launch = LaunchOp(op);
    let Some(&body) = ctx.regions(op).first() else { return };
    let args = ctx.entry_block(body).map_or(&[][..], |b| ctx.block_args(b));
    let operands = ctx.operands(op);
    let start = launch.segment_sizes(ctx).map_or(0, |s| s[0]);
    let (Some(config), Some(sizes)) = (args.get(..12), operands.get(start..start + 6)) else { return };
    p.write(" blocks");
    print_size_assignment(p, &config[0..3], &config[6..9], &sizes[0..3]);
    p.write(" threads");
    print_size_assignment(p, &config[3..6], &config[9..12], &sizes[3..6]);
    if let Some(s) = launch.dynamic_shared_memory_size(ctx) {
        p.write(" dynamic_shared_memory_size ");
        p.operand(s);
    }
    if let Some(m) = launch.module_name(ctx) {
        p.write(" module(");
        p.symbol_name(m);
        p.write(")");
    }
    if let Some(f) = launch.function_name(ctx) {
        p.write(" function(");
        p.symbol_name(f);
        p.write(")");
    }
    print_attributions(p, "workgroup", launch.workgroup_attributions(ctx));
    print_attributions(p, "private", launch.private_attributions(ctx));
    p.write(" ");
    p.region(body, false, true);
    p.attr_dict(op, &[SEGMENTS, NUM_WORKGROUP_ATTRIBUTIONS, LAUNCH_MODULE, FUNCTION]);
}

// ----- gpu.launch_func --------------------------------------------------------------------------

/// `( %a, %b, %c )`: exactly three operands.
fn parse_three(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Vec<UnresolvedOperand>> {
    let start = p.offset();
    let ops = p.parse_paren_operand_list()?;
    if ops.len() != 3 {
        return Err(custom_error(state, p.error_at(start, "expected 3 operands")));
    }
    Ok(ops)
}

/// `gpu.launch_func @m::@k blocks in (x, y, z) threads in (x, y, z) (: type)?
/// (dynamic_shared_memory_size %s)? (args(%a : type, ...))? attrs`.
pub(crate) fn parse_launch_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let start = p.offset();
    let kernel = p.parse_attribute()?;
    if !matches!(p.ctx().attr_kind(kernel), AttrKind::SymbolRef { .. }) {
        return Err(custom_error(state, p.error_at(start, "invalid kind of attribute specified")));
    }
    state.add_prop(KERNEL, kernel);
    keyword(p, state, "blocks")?;
    keyword(p, state, "in")?;
    let grid = parse_three(p, state)?;
    keyword(p, state, "threads")?;
    keyword(p, state, "in")?;
    let block = parse_three(p, state)?;
    let dim_type = if p.parse_optional_punct(":") { p.parse_type()? } else { p.ctx().index_type() };
    for o in grid.iter().chain(&block) {
        let v = p.resolve_operand(o, dim_type)?;
        state.operands.push(v);
    }
    let mut has_dynamic_smem = false;
    if p.parse_optional_keyword("dynamic_shared_memory_size") {
        let o = p.parse_operand()?;
        let i32 = p.ctx().i32();
        let v = p.resolve_operand(&o, i32)?;
        state.operands.push(v);
        has_dynamic_smem = true;
    }
    let mut num_args = 0;
    if p.parse_optional_keyword("args") {
        let mut args: Vec<(UnresolvedOperand, Type)> = Vec::new();
        p.parse_comma_separated_list_in(Delimiter::Paren, " in argument list", |p| {
            let o = p.parse_operand()?;
            let ty = p.parse_colon_type()?;
            args.push((o, ty));
            Ok(())
        })?;
        for (o, ty) in &args {
            let v = p.resolve_operand(o, *ty)?;
            state.operands.push(v);
        }
        num_args = args.len() as i32;
    }
    p.parse_optional_attr_dict(state)?;
    let sizes = [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, i32::from(has_dynamic_smem), num_args, 0];
    let segments = p.ctx().dense_i32_array(&sizes);
    state.add_prop(SEGMENTS, segments);
    Ok(())
}

/// Prints `gpu.launch_func` (two spaces after the name: the empty async-dependency list).
pub(crate) fn print_launch_func(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let launch = LaunchFuncOp(op);
    let operands = ctx.operands(op);
    let start = launch.segment_sizes(ctx).map_or(0, |s| s[0]);
    let Some(sizes) = operands.get(start..start + 6) else { return };
    p.write("  ");
    if let Some(k) = launch.kernel(ctx) {
        p.attr(k);
    }
    p.write(" blocks in (");
    p.operands(&sizes[0..3]);
    p.write(") threads in (");
    p.operands(&sizes[3..6]);
    p.write(") ");
    let dim_type = ctx.value_type(sizes[0]);
    if !ctx.is_index(dim_type) {
        p.write(": ");
        p.ty(dim_type);
    }
    if let Some(s) = launch.dynamic_shared_memory_size(ctx) {
        p.write(" dynamic_shared_memory_size ");
        p.operand(s);
    }
    p.write(" ");
    let args = launch.kernel_operands(ctx);
    if !args.is_empty() {
        p.write("args(");
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.operand(a);
            p.write(" : ");
            p.ty(ctx.value_type(a));
        }
        p.write(")");
    }
    p.attr_dict(op, &[KERNEL, SEGMENTS]);
}
