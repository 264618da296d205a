//! Verifiers of the func ops, in upstream's order and with upstream's messages: ODS counts and
//! attribute constraints, then the symbol rules, then the function-interface rules (argument
//! attributes, entry block), and for calls the symbol use.

use super::ops::{FuncOp, ARG_ATTRS, CALLEE, FUNCTION_TYPE, NO_INLINE, RES_ATTRS};
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::verifier::op_error;
use sharc_ir::{AttrKind, Context, Diagnostic, OpId, Type};

fn quoted_types(ctx: &Context, tys: &[Type]) -> String {
    tys.iter().map(|&t| format!("'{}'", type_to_string(ctx, t))).collect::<Vec<_>>().join(", ")
}

/// `attribute 'name' failed to satisfy constraint: <what>`, if present and `ok` fails.
fn constraint(
    ctx: &Context,
    op: OpId,
    name: &str,
    what: &str,
    ok: impl Fn(&AttrKind) -> bool,
) -> Result<(), Diagnostic> {
    match ctx.attr_of(op, name) {
        Some(a) if !ok(ctx.attr_kind(a)) => {
            Err(op_error(ctx, op, format!("attribute '{name}' failed to satisfy constraint: {what}")))
        }
        _ => Ok(()),
    }
}

fn dict_array(ctx: &Context, k: &AttrKind) -> bool {
    matches!(k, AttrKind::Array(elems) if elems.iter().all(|&e| matches!(ctx.attr_kind(e), AttrKind::Dictionary(_))))
}

/// Zero operands, results and successors; `regions` regions.
fn no_values(ctx: &Context, op: OpId, region_msg: Option<&str>, results: bool) -> Result<(), Diagnostic> {
    if let Some(msg) = region_msg {
        if ctx.regions(op).len() != 1 {
            return Err(op_error(ctx, op, msg));
        }
    } else if !ctx.regions(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero regions"));
    }
    if !results && !ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero results"));
    }
    if !ctx.successors(op).is_empty() {
        return Err(op_error(ctx, op, format!("requires 0 successors but found {}", ctx.successors(op).len())));
    }
    Ok(())
}

/// Argument or result attribute dictionaries: one per entry, dialect attributes only.
fn attr_dicts(ctx: &Context, op: OpId, name: &str, count: usize, what: &str) -> Result<(), Diagnostic> {
    let Some(elems) = ctx.attr_of(op, name).and_then(|a| ctx.attr_array(a)) else { return Ok(()) };
    let plural = if what == "argument" { "arguments" } else { "results" };
    if elems.len() != count {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects {what} attribute array to have the same number of elements as the number of function {plural}, got {}, but expected {count}",
                elems.len()
            ),
        ));
    }
    for &d in elems {
        if let Some(entries) = ctx.attr_dict(d) {
            if entries.iter().any(|(n, _)| !n.contains('.')) {
                return Err(op_error(ctx, op, format!("{plural} may only have dialect attributes")));
            }
        }
    }
    Ok(())
}

/// `func.func`.
pub fn func(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    no_values(ctx, op, Some("requires one region"), false)?;
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero operands"));
    }
    for required in [FUNCTION_TYPE, SYM_NAME] {
        if ctx.attr_of(op, required).is_none() {
            return Err(op_error(ctx, op, format!("requires attribute '{required}'")));
        }
    }
    constraint(ctx, op, ARG_ATTRS, "Array of dictionary attributes", |k| dict_array(ctx, k))?;
    constraint(
        ctx,
        op,
        FUNCTION_TYPE,
        "type attribute of function type",
        |k| matches!(k, AttrKind::Type(t) if ctx.function_parts(*t).is_some()),
    )?;
    constraint(ctx, op, RES_ATTRS, "Array of dictionary attributes", |k| dict_array(ctx, k))?;
    constraint(ctx, op, SYM_NAME, "string attribute", |k| matches!(k, AttrKind::String(_)))?;
    constraint(ctx, op, SYM_VISIBILITY, "string attribute", |k| matches!(k, AttrKind::String(_)))?;
    let f = FuncOp(op);
    let visibility = f.visibility(ctx);
    if !matches!(visibility, "public" | "private" | "nested") {
        return Err(op_error(
            ctx,
            op,
            format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{visibility}\""),
        ));
    }
    if f.is_declaration(ctx) && visibility == "public" {
        return Err(op_error(ctx, op, "symbol declaration cannot have public visibility"));
    }
    let (inputs, results) = (f.arg_types(ctx), f.result_types(ctx));
    attr_dicts(ctx, op, ARG_ATTRS, inputs.len(), "argument")?;
    attr_dicts(ctx, op, RES_ATTRS, results.len(), "result")?;
    let Some(entry) = f.entry_block(ctx) else { return Ok(()) };
    let args = ctx.block_args(entry);
    if args.len() != inputs.len() {
        return Err(op_error(
            ctx,
            op,
            format!("entry block must have {} arguments to match function signature", inputs.len()),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
        let at = ctx.value_type(a);
        if at != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    type_to_string(ctx, at),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.return`.
pub fn ret(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    no_values(ctx, op, None, false)?;
    // Only the name and signature of the parent are read (not its region, which the parent's
    // own verifier checks), so a malformed parent still gets the messages below.
    let Some(f) = ctx.parent_op(op).filter(|&p| ctx.op_is(p, FuncOp::NAME)).map(FuncOp) else {
        return Err(op_error(ctx, op, "expects parent op 'func.func'"));
    };
    let name = f.name(ctx).unwrap_or_default();
    let results = f.result_types(ctx);
    let operands = ctx.operands(op);
    if operands.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            format!("has {} operands, but enclosing function (@{name}) returns {}", operands.len(), results.len()),
        ));
    }
    for (i, (&v, &t)) in operands.iter().zip(&results).enumerate() {
        let vt = ctx.value_type(v);
        if vt != t {
            return Err(Diagnostic::error(
                ctx.loc(op).clone(),
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_to_string(ctx, vt),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

/// `func.call`: attributes, then the callee's signature.
pub fn call(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    no_values(ctx, op, None, true)?;
    let Some(callee) = ctx.attr_of(op, CALLEE) else {
        return Err(op_error(ctx, op, "requires attribute 'callee'"));
    };
    constraint(ctx, op, ARG_ATTRS, "Array of dictionary attributes", |k| dict_array(ctx, k))?;
    // The callee property is stored as a flat symbol reference: anything else fails when the
    // generic form's `<{...}>` is converted to properties.
    if !matches!(ctx.attr_kind(callee), AttrKind::SymbolRef { nested, .. } if nested.is_empty()) {
        return Err(crate::arith::verify::invalid_prop(ctx, op, CALLEE));
    }
    constraint(ctx, op, NO_INLINE, "unit attribute", |k| matches!(k, AttrKind::Unit))?;
    constraint(ctx, op, RES_ATTRS, "Array of dictionary attributes", |k| dict_array(ctx, k))?;
    let name = ctx.attr_symbol(callee).unwrap_or_default();
    let Some(f) = ctx.resolve_symbol_ref(op, callee).and_then(|f| FuncOp::view(ctx, f)) else {
        return Err(op_error(ctx, op, format!("'{name}' does not reference a valid function")));
    };
    let (inputs, results) = (f.arg_types(ctx), f.result_types(ctx));
    let operands = ctx.operand_types(op);
    if operands.len() != inputs.len() {
        return Err(op_error(ctx, op, "incorrect number of operands for callee"));
    }
    for (i, (&have, &want)) in operands.iter().zip(&inputs).enumerate() {
        if have != want {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, want),
                    type_to_string(ctx, have)
                ),
            ));
        }
    }
    let produced = ctx.result_types(op);
    if produced.len() != results.len() {
        return Err(op_error(ctx, op, "incorrect number of results for callee"));
    }
    if let Some(i) = produced.iter().zip(&results).position(|(a, b)| a != b) {
        let loc = ctx.loc(op).clone();
        return Err(op_error(ctx, op, format!("result type mismatch at index {i}"))
            .with_note(loc.clone(), format!("      op result types: {}", quoted_types(ctx, &produced)))
            .with_note(loc, format!("function result types: {}", quoted_types(ctx, &results))));
    }
    Ok(())
}
