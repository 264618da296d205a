//! Custom forms of the func ops, parse and print side by side (upstream's
//! `function_interface_impl::{parse,print}FunctionOp` for `func.func`).

use super::ops::{FuncOp, ARG_ATTRS, CALLEE, FUNCTION_TYPE, RES_ATTRS};
use sharc_ir::builder::OperationState;
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::syntax::parser::UnresolvedOperand;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::syntax::{Argument, OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::{Attr, Context, Diagnostic, OpId, Type};

fn custom_error(
    p: &OpAsmParser<'_, '_>,
    offset: usize,
    state: &OperationState,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(offset, format!("custom op '{}' {msg}", state.name))
}

/// `d` with the custom-op prefix (an error the parser reported through the op's parser).
fn prefixed(state: &OperationState, mut d: Diagnostic) -> Diagnostic {
    d.message = format!("custom op '{}' {}", state.name, d.message);
    d
}

/// An optional `{...}` dictionary after an argument or result type.
fn parse_optional_dict(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Option<Attr>> {
    if !p.at_punct("{") {
        return Ok(None);
    }
    let entries = p.parse_attr_dict_entries()?;
    Ok(Some(p.ctx().dict_attr(entries)))
}

/// `(%a: T {attrs}, ...)` or `(T {attrs}, ...)`; names are empty in the second form.
fn parse_arguments(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Vec<Argument>> {
    p.parse_punct("(")?;
    let mut args: Vec<Argument> = Vec::new();
    if p.parse_optional_punct(")") {
        return Ok(args);
    }
    loop {
        let offset = p.offset();
        let named = args.first().map(|a| !a.name.name.is_empty());
        if p.peek_text().starts_with('%') {
            if named == Some(false) {
                return Err(custom_error(p, offset, state, "expected type instead of SSA identifier"));
            }
            args.push(p.parse_argument(true)?);
        } else {
            if named == Some(true) {
                return Err(custom_error(p, offset, state, "expected SSA identifier"));
            }
            let ty = p.parse_type()?;
            let attrs = parse_optional_dict(p)?;
            let loc = if p.at_keyword("loc") { Some(p.parse_location()?) } else { None };
            let name = UnresolvedOperand { name: String::new(), number: 0, offset };
            args.push(Argument { name, ty, loc, attrs });
        }
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(args)
}

/// `-> T`, `-> (T {attrs}, ...)` or nothing.
fn parse_results(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Vec<(Type, Option<Attr>)>> {
    let mut results = Vec::new();
    if !p.parse_optional_punct("->") {
        return Ok(results);
    }
    if !p.parse_optional_punct("(") {
        results.push((p.parse_type()?, None));
        return Ok(results);
    }
    if p.parse_optional_punct(")") {
        return Ok(results);
    }
    loop {
        let ty = p.parse_type()?;
        let attrs = parse_optional_dict(p)?;
        results.push((ty, attrs));
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    Ok(results)
}

/// `[{...}, ...]` if any dictionary is non-empty (upstream `addArgAndResultAttrs`).
fn attr_dict_array(ctx: &mut Context, dicts: &[Option<Attr>]) -> Option<Attr> {
    let non_empty = dicts.iter().flatten().any(|&d| ctx.attr_dict(d).is_some_and(|e| !e.is_empty()));
    if !non_empty {
        return None;
    }
    let elems = dicts.iter().map(|d| d.unwrap_or_else(|| ctx.dict_attr(Vec::new()))).collect();
    Some(ctx.array_attr(elems))
}

/// Parses `func.func` after its name.
pub fn parse_func(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    for kw in ["public", "private", "nested"] {
        if p.parse_optional_keyword(kw) {
            let v = p.ctx().string_attr(kw);
            state.add_prop(SYM_VISIBILITY, v);
            break;
        }
    }
    let name = p.parse_symbol_name().map_err(|d| prefixed(state, d))?;
    let name = p.ctx().string_attr(name);
    state.add_prop(SYM_NAME, name);
    let args = parse_arguments(p, state)?;
    let results = parse_results(p)?;
    let inputs: Vec<Type> = args.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type> = results.iter().map(|r| r.0).collect();
    let fty = p.ctx().function_type(inputs, outputs);
    let fty = p.ctx().type_attr(fty);
    state.add_prop(FUNCTION_TYPE, fty);

    let dict_offset = p.offset();
    let mut extra = OperationState::new(state.name.clone(), state.loc.clone());
    p.parse_optional_attr_dict_with_keyword(&mut extra)?;
    for inferred in [SYM_VISIBILITY, SYM_NAME, FUNCTION_TYPE] {
        if extra.props.iter().chain(&extra.attrs).any(|(n, _)| n == inferred) {
            return Err(custom_error(
                p,
                dict_offset,
                state,
                format!("'{inferred}' is an inferred attribute and should not be specified in the explicit attribute dictionary"),
            ));
        }
    }
    for (n, a) in extra.props {
        state.add_prop(&n, a);
    }
    for (n, a) in extra.attrs {
        state.add_attr(&n, a);
    }
    let arg_dicts: Vec<Option<Attr>> = args.iter().map(|a| a.attrs).collect();
    if let Some(a) = attr_dict_array(p.ctx(), &arg_dicts) {
        state.add_prop(ARG_ATTRS, a);
    }
    let res_dicts: Vec<Option<Attr>> = results.iter().map(|r| r.1).collect();
    if let Some(a) = attr_dict_array(p.ctx(), &res_dicts) {
        state.add_prop(RES_ATTRS, a);
    }

    let body_offset = p.offset();
    let named = args.first().is_some_and(|a| !a.name.name.is_empty());
    let region = if p.at_punct("{") {
        // Like upstream (`enableNameShadowing = false`), the body is not an isolated name scope while
        // parsing: uses of outer values parse and the verifier reports the isolation error.
        let region = p.parse_region(if named { &args } else { &[] })?;
        if p.ctx().region_is_empty(region) {
            return Err(custom_error(p, body_offset, state, "expected non-empty function body"));
        }
        region
    } else {
        p.ctx().new_region()
    };
    state.regions.push(region);
    Ok(())
}

/// ` {a = 1}` for a non-empty dictionary attribute.
fn print_optional_dict(p: &mut OpAsmPrinter<'_>, dict: Option<Attr>) {
    let ctx = p.ctx();
    let Some(entries) = dict.and_then(|d| ctx.attr_dict(d)) else { return };
    if entries.is_empty() {
        return;
    }
    p.write(" ");
    p.named_attr_dict(entries);
}

/// Prints `func.func` after its name.
pub fn print_func(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let f = FuncOp(op);
    p.write(" ");
    if let Some(v) = ctx.attr_of(op, SYM_VISIBILITY).and_then(|a| ctx.attr_str(a)) {
        p.write(v);
        p.write(" ");
    }
    p.symbol_name(f.name(ctx).unwrap_or_default());
    let (inputs, results) = (f.arg_types(ctx), f.result_types(ctx));
    let body = ctx.regions(op).first().copied();
    let entry_args = body.and_then(|r| ctx.entry_block(r)).map(|b| ctx.block_args(b).to_vec());
    p.write("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match entry_args.as_ref().and_then(|a| a.get(i)) {
            Some(&v) => {
                p.operand(v);
                p.write(": ");
                p.ty(ctx.value_type(v));
                print_optional_dict(p, f.arg_attr_dict(ctx, i));
                p.value_loc(v);
            }
            None => {
                p.ty(t);
                print_optional_dict(p, f.arg_attr_dict(ctx, i));
            }
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let first_has_attrs = f.res_attr_dict(ctx, 0).and_then(|d| ctx.attr_dict(d)).is_some_and(|e| !e.is_empty());
        let parens = results.len() > 1 || ctx.function_parts(results[0]).is_some() || first_has_attrs;
        if parens {
            p.write("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.ty(t);
            print_optional_dict(p, f.res_attr_dict(ctx, i));
        }
        if parens {
            p.write(")");
        }
    }
    p.attr_dict_with_keyword(op, &[SYM_VISIBILITY, SYM_NAME, FUNCTION_TYPE, ARG_ATTRS, RES_ATTRS]);
    if let Some(r) = body.filter(|&r| !ctx.region_is_empty(r)) {
        p.write(" ");
        p.region(r, false, true);
    }
}

/// Parses `func.return` after its name.
pub fn parse_return(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    let operands = p.parse_operand_list()?;
    if !operands.is_empty() {
        let offset = p.offset();
        let types = p.parse_colon_type_list()?;
        state.operands = p.resolve_operands(&operands, &types, offset)?;
    }
    Ok(())
}

/// Prints `func.return` after its name.
pub fn print_return(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.attr_dict(op, &[]);
    let operands = ctx.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.operands(operands);
        p.write(" : ");
        p.types(&ctx.operand_types(op));
    }
}

/// Parses `func.call` after its name.
pub fn parse_call(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let callee = p.parse_symbol_ref_attr(true, &state.name)?;
    state.add_prop(CALLEE, callee);
    let operands = p.parse_paren_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let offset = p.offset();
    let ty = p.parse_type()?;
    let Some((inputs, results)) = p.ctx().function_parts(ty).map(|(i, r)| (i.to_vec(), r.to_vec())) else {
        let found = type_to_string(p.ctx(), ty);
        return Err(custom_error(
            p,
            offset,
            state,
            format!("invalid kind of type specified: expected builtin.function, but found '{found}'"),
        ));
    };
    state.operands = p.resolve_operands(&operands, &inputs, offset)?;
    state.result_types = results;
    Ok(())
}

/// Prints `func.call` after its name.
pub fn print_call(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    match ctx.attr_of(op, CALLEE) {
        Some(a) => p.attr(a),
        None => p.write("@<<missing callee>>"),
    }
    p.write("(");
    p.operands(ctx.operands(op));
    p.write(")");
    p.attr_dict(op, &[CALLEE]);
    p.write(" : ");
    p.functional_type(op);
}
