//! The custom syntax of the scf ops, each op's parser beside its printer. The printed text is
//! byte-for-byte upstream MLIR's (including its spacing quirks, e.g. `step %s  : i32` and the
//! trailing space of an operand-less `scf.reduce `).

use super::ops::{entry_block_of, ExecuteRegionOp, ForOp, ParallelOp, NO_INLINE, SEGMENTS};
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{Argument, OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{Diagnostic, OpId, Type, Value};

/// An error of a custom parser, prefixed as MLIR prefixes them (`custom op 'scf.for' ...`).
fn custom_error(state: &OperationState, mut d: Diagnostic) -> Diagnostic {
    d.message = format!("custom op '{}' {}", state.name, d.message);
    d
}

/// An error at the op name.
fn name_error(state: &OperationState, msg: String) -> Diagnostic {
    custom_error(state, Diagnostic::error(state.loc.clone(), msg))
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

/// `(%inner = %outer, ...)`: region argument names and the operands they start from.
fn parse_assignment_list(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let (mut inner, mut outer) = (Vec::new(), Vec::new());
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        inner.push(p.parse_argument_operand()?);
        p.parse_punct("=")?;
        outer.push(p.parse_operand()?);
        Ok(())
    })?;
    Ok((inner, outer))
}

/// Region arguments named `names` with types `types` (same length).
fn arguments(names: Vec<UnresolvedOperand>, types: impl IntoIterator<Item = Type>) -> Vec<Argument> {
    names.into_iter().zip(types).map(|(name, ty)| Argument { name, ty, loc: None, attrs: None }).collect()
}

/// `( %a, %b )` with exactly `count` operands (MLIR's `parseOperandList` with a required count).
fn parse_operands_exactly(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
    count: usize,
) -> ParseResult<Vec<UnresolvedOperand>> {
    let start = p.offset();
    let ops = p.parse_paren_operand_list()?;
    if ops.len() != count {
        return Err(custom_error(state, p.error_at(start, format!("expected {count} operands"))));
    }
    Ok(ops)
}

/// Resolves `operands` against `types`, with MLIR's count error at the op name.
fn resolve_all(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
    operands: &[UnresolvedOperand],
    types: &[Type],
) -> ParseResult<Vec<Value>> {
    if operands.len() != types.len() {
        let msg = format!("{} operands present, but expected {}", operands.len(), types.len());
        return Err(name_error(state, msg));
    }
    operands.iter().zip(types).map(|(o, &t)| p.resolve_operand(o, t)).collect()
}

/// ` iter_args(%a = %x, ...)` / ` (%a = %x, ...)`: nothing when there are no initializers.
fn print_init_list(p: &mut OpAsmPrinter<'_>, prefix: &str, args: &[Value], inits: &[Value]) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &v)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.operand(a);
        p.write(" = ");
        p.operand(v);
    }
    p.write(")");
}

/// `attr-dict ($values^ : type($values))?` operands: ` %a, %b : t1, t2`.
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

/// `(%a, %b : t1, t2)`-less form: optional operands then `: types` (scf.yield, scf.condition).
fn parse_values_with_types(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Vec<Value>> {
    let operands = p.parse_operand_list()?;
    if operands.is_empty() {
        return Ok(Vec::new());
    }
    let types = p.parse_colon_type_list()?;
    resolve_all(p, state, &operands, &types)
}

// ----- scf.for --------------------------------------------------------------------------------

/// `scf.for %iv = %lb to %ub step %s (iter_args(%a = %x, ...) -> (types))? (: type)? region attrs`.
pub(crate) fn parse_for(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    // Upstream parses the induction variable as an operand: `%i#1` is accepted.
    let iv = p.parse_operand()?;
    p.parse_punct("=")?;
    let lb = p.parse_operand()?;
    keyword(p, state, "to")?;
    let ub = p.parse_operand()?;
    keyword(p, state, "step")?;
    let step = p.parse_operand()?;
    let (mut iter_names, mut inits) = (Vec::new(), Vec::new());
    if p.parse_optional_keyword("iter_args") {
        (iter_names, inits) = parse_assignment_list(p)?;
        p.parse_punct("->")?;
        state.result_types = p.parse_function_result_types()?;
    }
    if iter_names.len() != state.result_types.len() {
        return Err(name_error(state, "mismatch in number of loop-carried values and defined values".into()));
    }
    let ty = if p.parse_optional_punct(":") { p.parse_type()? } else { p.ctx().index_type() };
    for o in [&lb, &ub, &step] {
        let v = p.resolve_operand(o, ty)?;
        state.operands.push(v);
    }
    let result_types = state.result_types.clone();
    let init_values = resolve_all(p, state, &inits, &result_types)?;
    state.operands.extend(init_values);
    let mut args = vec![Argument { name: iv, ty, loc: None, attrs: None }];
    args.extend(arguments(iter_names, result_types));
    let body = p.parse_region(&args)?;
    state.regions.push(body);
    p.parse_optional_attr_dict(state)
}

/// Prints `scf.for`.
pub(crate) fn print_for(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let for_op = ForOp(op);
    let operands = ctx.operands(op);
    let Some(body) = entry_block_of(ctx, op, 0) else { return };
    let (Some(&iv), [lb, ub, step, ..]) = (ctx.block_args(body).first(), operands) else { return };
    p.write(" ");
    p.operand(iv);
    p.write(" = ");
    p.operand(*lb);
    p.write(" to ");
    p.operand(*ub);
    p.write(" step ");
    p.operand(*step);
    let inits = for_op.init_args(ctx);
    print_init_list(p, " iter_args", ctx.block_args(body).get(1..).unwrap_or(&[]), inits);
    if !inits.is_empty() {
        p.write(" -> (");
        let types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
        p.types(&types);
        p.write(")");
    }
    p.write(" ");
    let iv_type = ctx.value_type(iv);
    if !ctx.is_index(iv_type) {
        p.write(" : ");
        p.ty(iv_type);
        p.write(" ");
    }
    p.region(ctx.region(op, 0), false, !inits.is_empty());
    p.attr_dict(op, &[]);
}

// ----- scf.if ---------------------------------------------------------------------------------

/// `scf.if %c (-> types)? region (else region)? attrs`.
pub(crate) fn parse_if(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().i1();
    let c = p.resolve_operand(&cond, i1)?;
    state.operands.push(c);
    state.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[])?;
    state.regions.push(then_region);
    let else_region = if p.parse_optional_keyword("else") { p.parse_region(&[])? } else { p.ctx().new_region() };
    state.regions.push(else_region);
    p.parse_optional_attr_dict(state)
}

/// Prints `scf.if`.
pub(crate) fn print_if(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let (Some(&cond), [then_region, else_region]) = (ctx.operands(op).first(), ctx.regions(op)) else { return };
    p.write(" ");
    p.operand(cond);
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> (");
        p.types(&results);
        p.write(")");
    }
    p.write(" ");
    p.region(*then_region, false, !results.is_empty());
    if !ctx.region_is_empty(*else_region) {
        p.write(" else ");
        p.region(*else_region, false, !results.is_empty());
    }
    p.attr_dict(op, &[]);
}

// ----- scf.parallel, scf.reduce, scf.reduce.return -------------------------------------------

/// `scf.parallel (%i, ...) = (lbs) to (ubs) step (steps) (init (values))? (-> types)? region attrs`.
pub(crate) fn parse_parallel(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let mut ivs = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        ivs.push(p.parse_argument_operand()?);
        Ok(())
    })?;
    let index = p.ctx().index_type();
    p.parse_punct("=")?;
    let lbs = parse_operands_exactly(p, state, ivs.len())?;
    let lbs = p.resolve_operands_of(&lbs, index)?;
    keyword(p, state, "to")?;
    let ubs = parse_operands_exactly(p, state, ivs.len())?;
    let ubs = p.resolve_operands_of(&ubs, index)?;
    keyword(p, state, "step")?;
    let steps = parse_operands_exactly(p, state, ivs.len())?;
    let steps = p.resolve_operands_of(&steps, index)?;
    let inits = if p.parse_optional_keyword("init") { p.parse_paren_operand_list()? } else { Vec::new() };
    state.result_types = p.parse_optional_arrow_type_list()?;
    let n = ivs.len();
    let body = p.parse_region(&arguments(ivs, vec![index; n]))?;
    state.regions.push(body);
    let sizes = [lbs.len(), ubs.len(), steps.len(), inits.len()].map(|s| s as i32);
    let segments = p.ctx().dense_i32_array(&sizes);
    state.add_prop(SEGMENTS, segments);
    p.parse_optional_attr_dict(state)?;
    let result_types = state.result_types.clone();
    if inits.len() != result_types.len() {
        let msg = format!(
            "number of operands and types do not match: got {} operands and {} types",
            inits.len(),
            result_types.len()
        );
        return Err(name_error(state, msg));
    }
    let inits = resolve_all(p, state, &inits, &result_types)?;
    state.operands = [lbs, ubs, steps, inits].concat();
    Ok(())
}

/// Prints `scf.parallel`.
pub(crate) fn print_parallel(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let par = ParallelOp(op);
    let Some(body) = entry_block_of(ctx, op, 0) else { return };
    p.write(" (");
    p.operands(ctx.block_args(body));
    p.write(") = (");
    p.operands(par.lower_bounds(ctx));
    p.write(") to (");
    p.operands(par.upper_bounds(ctx));
    p.write(") step (");
    p.operands(par.steps(ctx));
    p.write(")");
    let inits = par.init_vals(ctx);
    if !inits.is_empty() {
        p.write(" init (");
        p.operands(inits);
        p.write(")");
    }
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.result_types(&results);
    }
    p.write(" ");
    p.region(ctx.region(op, 0), false, true);
    p.attr_dict(op, &[SEGMENTS]);
}

/// `scf.reduce ((%v, ... : types))? (region (, region)*)? attrs`.
pub(crate) fn parse_reduce(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    if p.parse_optional_punct("(") {
        let operands = p.parse_operand_list()?;
        let types = p.parse_colon_type_list()?;
        p.parse_punct(")")?;
        state.operands = resolve_all(p, state, &operands, &types)?;
    }
    if p.at_punct("{") {
        loop {
            let r = p.parse_region(&[])?;
            state.regions.push(r);
            if !p.parse_optional_punct(",") {
                break;
            }
        }
    }
    p.parse_optional_attr_dict(state)
}

/// Prints `scf.reduce`.
pub(crate) fn print_reduce(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let operands = ctx.operands(op);
    if !operands.is_empty() {
        p.write("(");
        p.operands(operands);
        p.write(" : ");
        p.types(&ctx.operand_types(op));
        p.write(")");
    }
    p.write(" ");
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.region(r, true, true);
    }
    p.attr_dict(op, &[]);
}

/// `scf.reduce.return %v attrs : type`.
pub(crate) fn parse_reduce_return(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(&v, ty)?;
    state.operands.push(v);
    Ok(())
}

/// Prints `scf.reduce.return`.
pub(crate) fn print_reduce_return(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&v) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.operand(v);
    p.attr_dict(op, &[]);
    p.write(" : ");
    p.ty(ctx.value_type(v));
}

// ----- scf.while, scf.condition -----------------------------------------------------------------

/// `scf.while ((%a = %x, ...))? : (types) -> types region do region (attributes {...})?`.
pub(crate) fn parse_while(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (names, inits) = if p.at_punct("(") { parse_assignment_list(p)? } else { (Vec::new(), Vec::new()) };
    let type_offset = p.offset();
    let fty = p.parse_colon_type()?;
    let Some((inputs, results)) = p.ctx().function_parts(fty).map(|(i, r)| (i.to_vec(), r.to_vec())) else {
        let found = sharc_ir::syntax::printer::type_to_string(p.ctx(), fty);
        let msg = format!("invalid kind of type specified: expected builtin.function, but found '{found}'");
        return Err(custom_error(state, p.error_at(type_offset, msg)));
    };
    state.result_types = results;
    if inputs.len() != inits.len() {
        let msg = format!("expected as many input types as operands (expected {} got {})", inits.len(), inputs.len());
        return Err(custom_error(state, p.error_at(type_offset, msg)));
    }
    state.operands = resolve_all(p, state, &inits, &inputs)?;
    let before = p.parse_region(&arguments(names, inputs))?;
    keyword(p, state, "do")?;
    let after = p.parse_region(&[])?;
    state.regions.extend([before, after]);
    p.parse_optional_attr_dict_with_keyword(state)
}

/// Prints `scf.while`.
pub(crate) fn print_while(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let [before, after] = ctx.regions(op) else { return };
    let before_args = ctx.entry_block(*before).map_or(&[][..], |b| ctx.block_args(b));
    print_init_list(p, " ", before_args, ctx.operands(op));
    p.write(" : ");
    p.functional_type(op);
    p.write(" ");
    p.region(*before, false, true);
    p.write(" do ");
    p.region(*after, true, true);
    p.attr_dict_with_keyword(op, &[]);
}

/// `scf.condition(%c) attrs (%v, ... : types)?`.
pub(crate) fn parse_condition(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_punct("(")?;
    let cond = p.parse_operand()?;
    p.parse_punct(")")?;
    let i1 = p.ctx().i1();
    let c = p.resolve_operand(&cond, i1)?;
    p.parse_optional_attr_dict(state)?;
    let args = parse_values_with_types(p, state)?;
    state.operands.push(c);
    state.operands.extend(args);
    Ok(())
}

/// Prints `scf.condition`.
pub(crate) fn print_condition(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some((&cond, args)) = ctx.operands(op).split_first() else { return };
    p.write("(");
    p.operand(cond);
    p.write(")");
    p.attr_dict(op, &[]);
    print_values_with_types(p, args);
}

// ----- scf.yield, scf.execute_region ----------------------------------------------------------

/// `scf.yield attrs (%v, ... : types)?`.
pub(crate) fn parse_yield(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    state.operands = parse_values_with_types(p, state)?;
    Ok(())
}

/// Prints `scf.yield`.
pub(crate) fn print_yield(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
    let values = p.ctx().operands(op);
    print_values_with_types(p, values);
}

/// `scf.execute_region (-> types)? no_inline? region attrs`.
pub(crate) fn parse_execute_region(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    state.result_types = p.parse_optional_arrow_type_list()?;
    if p.parse_optional_keyword(NO_INLINE) {
        let unit = p.ctx().unit_attr();
        state.add_prop(NO_INLINE, unit);
    }
    let region = p.parse_region(&[])?;
    state.regions.push(region);
    p.parse_optional_attr_dict(state)
}

/// Prints `scf.execute_region`.
pub(crate) fn print_execute_region(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&region) = ctx.regions(op).first() else { return };
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.result_types(&results);
    }
    if ExecuteRegionOp(op).no_inline(ctx) {
        p.write(" no_inline");
    }
    p.write(" ");
    p.region(region, false, true);
    p.attr_dict(op, &[NO_INLINE]);
}
