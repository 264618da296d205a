//! Syntax of `gpu.module`, `gpu.func` (signature, attributions, `kernel`) and `gpu.return`.

use super::{custom_error, parse_values_with_types, print_values_with_types};
use crate::gpu::ops::{
    FuncOp, ARG_ATTRS, FUNCTION_TYPE, KERNEL_ATTR, NUM_WORKGROUP_ATTRIBUTIONS, PRIVATE_ATTRIB_ATTRS, RES_ATTRS,
    WORKGROUP_ATTRIB_ATTRS,
};
use crate::gpu::ops::{OFFLOADING_HANDLER, TARGETS};
use sharc_ir::builder::OperationState;
use sharc_ir::symbol::SYM_NAME;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{Argument, OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::{Attr, Context, OpId, Type, Value};

// ----- gpu.module -------------------------------------------------------------------------------

/// `gpu.module @name (<handler>)? ([targets])? (attributes {...})? region`.
pub(crate) fn parse_module(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let name = p.parse_symbol_name().map_err(|d| custom_error(state, d))?;
    let name = p.ctx().string_attr(name);
    state.add_prop(SYM_NAME, name);
    if p.parse_optional_punct("<") {
        let handler = p.parse_attribute()?;
        p.parse_punct(">")?;
        state.add_prop(OFFLOADING_HANDLER, handler);
    }
    if p.at_punct("[") {
        let targets = p.parse_attribute()?;
        state.add_prop(TARGETS, targets);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    let region = p.parse_region(&[])?;
    if p.ctx().region_is_empty(region) {
        let block = p.ctx().new_block();
        p.ctx().append_block(region, block);
    }
    state.regions.push(region);
    Ok(())
}

/// Prints `gpu.module`.
pub(crate) fn print_module(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    p.symbol_name(ctx.symbol_name(op).unwrap_or(""));
    if let Some(handler) = ctx.attr_of(op, OFFLOADING_HANDLER) {
        p.write(" <");
        p.attr(handler);
        p.write(">");
    }
    if let Some(targets) = ctx.attr_of(op, TARGETS) {
        p.write(" ");
        p.attr(targets);
    }
    p.attr_dict_with_keyword(op, &[SYM_NAME, TARGETS, OFFLOADING_HANDLER]);
    if let Some(&region) = ctx.regions(op).first() {
        p.write(" ");
        p.region(region, false, false);
    }
}

// ----- gpu.func ---------------------------------------------------------------------------------

/// The array of argument dictionaries for `args` if any has a non-empty one (`arg_attrs`).
fn attr_dicts(ctx: &mut Context, dicts: &[Option<Attr>]) -> Option<Attr> {
    let non_empty = |a: &Option<Attr>| a.is_some_and(|a| ctx.attr_dict(a).is_some_and(|d| !d.is_empty()));
    if !dicts.iter().any(non_empty) {
        return None;
    }
    let all = dicts
        .iter()
        .map(|a| match a {
            Some(a) => *a,
            None => ctx.dict_attr(Vec::new()),
        })
        .collect();
    Some(ctx.array_attr(all))
}

/// `-> type` or `-> (type {attrs}?, ...)`.
fn parse_results(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(Vec<Type>, Vec<Option<Attr>>)> {
    let (mut types, mut attrs) = (Vec::new(), Vec::new());
    if !p.parse_optional_punct("->") {
        return Ok((types, attrs));
    }
    if !p.at_punct("(") {
        types.push(p.parse_type()?);
        attrs.push(None);
        return Ok((types, attrs));
    }
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        types.push(p.parse_type()?);
        let dict = if p.at_punct("{") {
            let entries = p.parse_attr_dict_entries()?;
            Some(p.ctx().dict_attr(entries))
        } else {
            None
        };
        attrs.push(dict);
        Ok(())
    })?;
    Ok((types, attrs))
}

/// `workgroup(%a : type {attrs}?, ...)` / `private(...)` if the keyword is present.
fn parse_attributions(p: &mut OpAsmParser<'_, '_>, kw: &str) -> ParseResult<Vec<Argument>> {
    if !p.parse_optional_keyword(kw) {
        return Ok(Vec::new());
    }
    p.parse_argument_list(Delimiter::Paren, true)
}

/// `gpu.func @name(args) (-> results)? (workgroup(...))? (private(...))? kernel?
/// (attributes {...})? region`.
pub(crate) fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let name = p.parse_symbol_name().map_err(|d| custom_error(state, d))?;
    let name = p.ctx().string_attr(name);
    state.add_attr(SYM_NAME, name);
    // Upstream parses a function signature first and rejects unnamed arguments at its start.
    let signature = p.offset();
    if p.at_punct("(") && !p.peek_nth_text(1).starts_with('%') && p.peek_nth_text(1) != ")" {
        return Err(custom_error(state, p.error_at(signature, "gpu.func requires named arguments")));
    }
    let args = p.parse_argument_list(Delimiter::Paren, true)?;
    let (results, result_attrs) = parse_results(p)?;
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let fty = p.ctx().function_type(inputs, results);
    let fty = p.ctx().type_attr(fty);
    state.add_prop(FUNCTION_TYPE, fty);
    let arg_dicts: Vec<Option<Attr>> = args.iter().map(|a| a.attrs).collect();
    if let Some(a) = attr_dicts(p.ctx(), &arg_dicts) {
        state.add_prop(ARG_ATTRS, a);
    }
    if let Some(a) = attr_dicts(p.ctx(), &result_attrs) {
        state.add_prop(RES_ATTRS, a);
    }
    let workgroup = parse_attributions(p, "workgroup")?;
    let count = p.ctx().i64_attr(workgroup.len() as i64);
    state.add_attr(NUM_WORKGROUP_ATTRIBUTIONS, count);
    let dicts: Vec<Option<Attr>> = workgroup.iter().map(|a| a.attrs).collect();
    if let Some(a) = attr_dicts(p.ctx(), &dicts) {
        state.add_prop(WORKGROUP_ATTRIB_ATTRS, a);
    }
    let private = parse_attributions(p, "private")?;
    let dicts: Vec<Option<Attr>> = private.iter().map(|a| a.attrs).collect();
    if let Some(a) = attr_dicts(p.ctx(), &dicts) {
        state.add_prop(PRIVATE_ATTRIB_ATTRS, a);
    }
    if p.parse_optional_keyword("kernel") {
        let unit = p.ctx().unit_attr();
        state.add_attr(KERNEL_ATTR, unit);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    let entry_args: Vec<Argument> = args.into_iter().chain(workgroup).chain(private).collect();
    let body = p.parse_region(&entry_args)?;
    state.regions.push(body);
    Ok(())
}

/// The dictionary at `index` of the array attribute `name` of `op`, if non-empty.
fn dict_at(ctx: &Context, op: OpId, name: &str, index: usize) -> Option<Attr> {
    let array = ctx.attr_of(op, name).and_then(|a| ctx.attr_array(a))?;
    array.get(index).copied().filter(|&d| ctx.attr_dict(d).is_some_and(|d| !d.is_empty()))
}

/// ` {attrs}` of one argument/result/attribution, if any.
fn print_dict(p: &mut OpAsmPrinter<'_>, dict: Option<Attr>) {
    let Some(entries) = dict.and_then(|d| p.ctx().attr_dict(d)) else { return };
    let entries = entries.to_vec();
    p.write(" ");
    p.named_attr_dict(&entries);
}

/// ` workgroup(%a : type {attrs}, ...)`; nothing without attributions.
fn print_attributions(p: &mut OpAsmPrinter<'_>, op: OpId, kw: &str, values: &[Value], attrs_name: &str) {
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
        print_dict(p, dict_at(p.ctx(), op, attrs_name, i));
    }
    p.write(")");
}

/// Prints `gpu.func`.
pub(crate) fn print_func(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let f = FuncOp(op);
    p.write(" ");
    p.symbol_name(f.name(ctx));
    let inputs = f.argument_types(ctx);
    let entry = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r));
    let block_args = entry.map_or(&[][..], |b| ctx.block_args(b));
    p.write("(");
    for (i, &ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match block_args.get(i) {
            Some(&a) => {
                p.operand(a);
                p.write(": ");
                p.ty(ty);
                print_dict(p, dict_at(ctx, op, ARG_ATTRS, i));
                p.value_loc(a);
            }
            None => {
                p.ty(ty);
                print_dict(p, dict_at(ctx, op, ARG_ATTRS, i));
            }
        }
    }
    p.write(")");
    let results = f.result_types(ctx);
    if !results.is_empty() {
        p.write(" -> ");
        let with_attrs = (0..results.len()).any(|i| dict_at(ctx, op, RES_ATTRS, i).is_some());
        if results.len() == 1 && !with_attrs && ctx.function_parts(results[0]).is_none() {
            p.ty(results[0]);
        } else {
            p.write("(");
            for (i, &ty) in results.iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.ty(ty);
                print_dict(p, dict_at(ctx, op, RES_ATTRS, i));
            }
            p.write(")");
        }
    }
    if entry.is_some() {
        print_attributions(p, op, "workgroup", f.workgroup_attributions(ctx), WORKGROUP_ATTRIB_ATTRS);
        print_attributions(p, op, "private", f.private_attributions(ctx), PRIVATE_ATTRIB_ATTRS);
    }
    if f.is_kernel(ctx) {
        p.write(" kernel");
    }
    p.attr_dict_with_keyword(
        op,
        &[
            NUM_WORKGROUP_ATTRIBUTIONS,
            KERNEL_ATTR,
            FUNCTION_TYPE,
            ARG_ATTRS,
            RES_ATTRS,
            WORKGROUP_ATTRIB_ATTRS,
            PRIVATE_ATTRIB_ATTRS,
            SYM_NAME,
        ],
    );
    if let Some(&body) = ctx.regions(op).first() {
        p.write(" ");
        p.region(body, false, true);
    }
}

// ----- gpu.return -------------------------------------------------------------------------------

/// `gpu.return attrs (%v, ... : types)?`.
pub(crate) fn parse_return(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    state.operands = parse_values_with_types(p, state)?;
    Ok(())
}

/// Prints `gpu.return`.
pub(crate) fn print_return(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
    let values = p.ctx().operands(op);
    print_values_with_types(p, values);
}
