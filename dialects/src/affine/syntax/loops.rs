//! The custom forms of `affine.for`, `affine.parallel` and `affine.if`.

use super::{parse_dim_and_symbol_list, print_dim_and_symbol_list};
use crate::affine::ops::{
    i32_tensor_attr, i64_array_attr, ForOp, IfOp, ParallelOp, ReductionKind, CONDITION, LOWER_BOUNDS_GROUPS,
    LOWER_BOUNDS_MAP, LOWER_BOUND_MAP, OPERAND_SEGMENT_SIZES, REDUCTIONS, STEP, STEPS, UPPER_BOUNDS_GROUPS,
    UPPER_BOUNDS_MAP, UPPER_BOUND_MAP,
};
use crate::memref::{custom_error, custom_error_at, parse_keyword_of};
use sharc_ir::affine::{print_expr_with_names, AffineExpr, AffineMap};
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{Attr, OpId, Value};

/// One bound of `affine.for`: `max`/`min` prefix (required for several results), then a
/// constant, a single SSA symbol, or a map with its dim and symbol operands.
fn parse_bound(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
    lower: bool,
) -> ParseResult<(AffineMap, Vec<Value>)> {
    let min_max = p.parse_optional_keyword(if lower { "max" } else { "min" });
    let index = p.ctx().index_type();
    if let Some(operand) = p.parse_optional_operand()? {
        if p.at_punct(",") {
            return Err(custom_error(state, "expected only one loop bound operand"));
        }
        let v = p.resolve_operand(&operand, index)?;
        // A single SSA value is a symbol: `()[s0] -> (s0)`.
        let map = AffineMap::new(0, 1, vec![AffineExpr::symbol(0)]).expect("s0 is declared");
        return Ok((map, vec![v]));
    }
    let attr_off = p.offset();
    if let Some(c) = p.parse_optional_integer().map_err(out_of_range)? {
        return Ok((AffineMap::constant(c), Vec::new()));
    }
    let attr = p.parse_attribute()?;
    let Some(map) = p.ctx().attr_affine_map(attr).cloned() else {
        return Err(custom_error(state, "expected valid affine map representation for loop bounds"));
    };
    let (operands, num_dims) = parse_dim_and_symbol_list(p)?;
    if map.num_dims() as usize != num_dims {
        return Err(custom_error(state, "dim operand count and affine map dim count must match"));
    }
    if num_dims + map.num_symbols() as usize != operands.len() {
        return Err(custom_error(state, "symbol operand count and affine map symbol count must match"));
    }
    if map.num_results() > 1 && !min_max {
        let msg = if lower {
            "lower loop bound affine map with multiple results requires 'max' prefix"
        } else {
            "upper loop bound affine map with multiple results requires 'min' prefix"
        };
        return Err(custom_error_at(p, state, attr_off, msg));
    }
    Ok((map, operands))
}

/// Prints a bound: a constant or a single symbol bare, anything else as `#map(dims)[syms]`
/// (with `prefix` if the map has several results).
fn print_bound(p: &mut OpAsmPrinter<'_>, attr: Option<Attr>, operands: &[Value], prefix: &str) {
    let ctx = p.ctx();
    let Some((attr, map)) = attr.and_then(|a| ctx.attr_affine_map(a).map(|m| (a, m))) else { return };
    if let [expr] = map.results() {
        if map.num_dims() == 0 && map.num_symbols() == 0 {
            if let Some(c) = expr.as_constant() {
                p.write(&c.to_string());
                return;
            }
        }
        if map.num_dims() == 0 && map.num_symbols() == 1 && expr.as_symbol().is_some() {
            if let Some(&v) = operands.first() {
                p.operand(v);
                return;
            }
        }
    } else {
        p.write(prefix);
        p.write(" ");
    }
    p.attr(attr);
    print_dim_and_symbol_list(p, operands, map.num_dims() as usize);
}

/// Upstream parses loop bounds and steps as index attributes: an oversized literal is an
/// attribute error, not [`OpAsmParser::parse_integer`]'s.
fn out_of_range(mut d: sharc_ir::Diagnostic) -> sharc_ir::Diagnostic {
    if d.message == "integer value too large" {
        d.message = "integer constant out of range for attribute".to_string();
    }
    d
}

/// `affine.for %i = lb to ub [step c] [iter_args(%a = %init, ...) -> (types)] { ... } attr-dict`.
pub(crate) fn parse_for(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let index = p.ctx().index_type();
    let mut iv = p.parse_argument_name(index)?;
    if p.at_keyword("loc") {
        iv.loc = Some(p.parse_location()?);
    }
    p.parse_punct("=")?;
    let (lb_map, lb_operands) = parse_bound(p, state, true)?;
    parse_keyword_of(p, state, "to", " between bounds")?;
    let (ub_map, ub_operands) = parse_bound(p, state, false)?;
    let step = if p.parse_optional_keyword("step") {
        let off = p.offset();
        // Upstream parses an index attribute here; anything but an integer literal fails as
        // attribute parsing does.
        let Some(step) = p.parse_optional_integer().map_err(out_of_range)? else {
            p.parse_attribute()?;
            return Err(custom_error_at(p, state, off, "invalid kind of attribute specified"));
        };
        if step < 0 {
            return Err(custom_error_at(
                p,
                state,
                off,
                "expected step to be representable as a positive signed integer",
            ));
        }
        step
    } else {
        1
    };
    let mut args = vec![iv];
    let mut init_names: Vec<UnresolvedOperand> = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        p.parse_comma_separated_list(Delimiter::Paren, |p| {
            args.push(p.parse_argument_name(index)?);
            p.parse_punct("=")?;
            init_names.push(p.parse_operand()?);
            Ok(())
        })?;
        p.parse_punct("->")?;
        state.result_types = p.parse_function_result_types()?;
    }
    let mut inits = Vec::new();
    for ((arg, name), &ty) in args.iter_mut().skip(1).zip(&init_names).zip(&state.result_types) {
        arg.ty = ty;
        inits.push(p.resolve_operand(name, ty)?);
    }
    let ctx = p.ctx();
    let seg = ctx.dense_i32_array(&[lb_operands.len() as i32, ub_operands.len() as i32, inits.len() as i32]);
    let (lb, ub, step) = (ctx.affine_map_attr(lb_map), ctx.affine_map_attr(ub_map), ctx.index_attr(step));
    state.add_prop(LOWER_BOUND_MAP, lb);
    state.add_prop(UPPER_BOUND_MAP, ub);
    state.add_prop(STEP, step);
    state.add_prop(OPERAND_SEGMENT_SIZES, seg);
    state.operands = [lb_operands, ub_operands, inits].concat();
    if args.len() != state.result_types.len() + 1 {
        return Err(custom_error(state, "mismatch between the number of loop-carried values and results"));
    }
    let body = p.parse_region(&args)?;
    state.regions.push(body);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_for(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = ForOp(op);
    p.write(" ");
    if let Some(iv) = view.induction_var(ctx) {
        p.operand(iv);
        p.value_loc(iv);
    }
    p.write(" = ");
    print_bound(p, ctx.attr_of(op, LOWER_BOUND_MAP), view.lower_bound_operands(ctx), "max");
    p.write(" to ");
    print_bound(p, ctx.attr_of(op, UPPER_BOUND_MAP), view.upper_bound_operands(ctx), "min");
    let step = view.step(ctx);
    if step != 1 {
        p.write(&format!(" step {step}"));
    }
    let inits = view.inits(ctx);
    if !inits.is_empty() {
        p.write(" iter_args(");
        for (i, (&arg, &init)) in view.region_iter_args(ctx).iter().zip(inits).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.operand(arg);
            p.write(" = ");
            p.operand(init);
        }
        p.write(") -> (");
        p.types(&ctx.result_types(op));
        p.write(")");
    }
    if let Some(region) = view.region(ctx) {
        p.write(" ");
        p.region(region, false, !inits.is_empty());
    }
    p.attr_dict(op, &[LOWER_BOUND_MAP, UPPER_BOUND_MAP, STEP, OPERAND_SEGMENT_SIZES]);
}

/// One result of a parallel bound with the operands its expression refers to.
struct FlatBound {
    expr: AffineExpr,
    dims: Vec<UnresolvedOperand>,
    syms: Vec<UnresolvedOperand>,
}

/// `(e0, max(e1, e2), ...)`: the bounds of `affine.parallel`, each dimension one expression
/// or a `max`/`min` group (MLIR's `parseAffineMapWithMinMax`). Operands are deduplicated;
/// returns the flat map, the group sizes and the operands.
pub(crate) fn parse_bounds_with_min_max(
    p: &mut OpAsmParser<'_, '_>,
    keyword: &str,
) -> ParseResult<(AffineMap, Vec<i32>, Vec<Value>)> {
    p.parse_punct("(")?;
    if p.parse_optional_punct(")") {
        return Ok((AffineMap::empty(), Vec::new(), Vec::new()));
    }
    let mut flat: Vec<FlatBound> = Vec::new();
    let mut groups = Vec::new();
    loop {
        if p.parse_optional_keyword(keyword) {
            let (map, dims, syms) = p.parse_affine_map_of_ssa_ids("(", ")")?;
            for expr in map.results() {
                flat.push(FlatBound { expr: expr.clone(), dims: dims.clone(), syms: syms.clone() });
            }
            groups.push(map.num_results() as i32);
        } else {
            let (expr, dims, syms) = p.parse_affine_expr_of_ssa_ids()?;
            flat.push(FlatBound { expr, dims, syms });
            groups.push(1);
        }
        if !p.parse_optional_punct(",") {
            break;
        }
    }
    p.parse_punct(")")?;
    // Give each expression its own dims and symbols, then map them to the unique operands.
    let (mut total_dims, mut total_syms) = (0u32, 0u32);
    let mut exprs = Vec::new();
    for b in &flat {
        let (nd, ns) = (b.dims.len() as u32, b.syms.len() as u32);
        exprs.push(b.expr.shift_dims(nd, total_dims, 0).shift_symbols(ns, total_syms, 0));
        total_dims += nd;
        total_syms += ns;
    }
    let index = p.ctx().index_type();
    let mut unique_dims: Vec<Value> = Vec::new();
    let mut dim_repl = Vec::new();
    for b in &flat {
        for v in p.resolve_operands_of(&b.dims, index)? {
            dim_repl.push(AffineExpr::dim(unique_position(&mut unique_dims, v)));
        }
    }
    let mut unique_syms: Vec<Value> = Vec::new();
    let mut sym_repl = Vec::new();
    for b in &flat {
        for v in p.resolve_operands_of(&b.syms, index)? {
            sym_repl.push(AffineExpr::symbol(unique_position(&mut unique_syms, v)));
        }
    }
    let start = p.offset();
    let map = AffineMap::new(total_dims, total_syms, exprs)
        .and_then(|m| {
            m.replace_dims_and_symbols(&dim_repl, &sym_repl, unique_dims.len() as u32, unique_syms.len() as u32)
        })
        .map_err(|e| p.error_at(start, e.to_string()))?;
    unique_dims.extend(unique_syms);
    Ok((map, groups, unique_dims))
}

fn unique_position(list: &mut Vec<Value>, v: Value) -> u32 {
    match list.iter().position(|&x| x == v) {
        Some(i) => i as u32,
        None => {
            list.push(v);
            (list.len() - 1) as u32
        }
    }
}

/// Prints the bounds of one side of `affine.parallel`: single expressions inline, groups as
/// `max(...)`/`min(...)` (MLIR's `printMinMaxBound`).
pub(crate) fn print_min_max_bound(
    p: &mut OpAsmPrinter<'_>,
    map: &AffineMap,
    groups: &[i64],
    operands: &[Value],
    keyword: &str,
) {
    let nd = (map.num_dims() as usize).min(operands.len());
    let dims: Vec<String> = operands[..nd].iter().map(|&v| p.value_name(v)).collect();
    let syms: Vec<String> = operands[nd..].iter().map(|&v| format!("symbol({})", p.value_name(v))).collect();
    let mut start = 0usize;
    for (i, &size) in groups.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        let size = usize::try_from(size).unwrap_or(0);
        let exprs = start.checked_add(size).and_then(|end| map.results().get(start..end)).unwrap_or(&[]);
        if size == 1 {
            if let Some(e) = exprs.first() {
                p.write(&print_expr_with_names(e, &dims, &syms));
            }
        } else {
            p.write(keyword);
            p.write("(");
            let texts: Vec<String> = exprs.iter().map(|e| print_expr_with_names(e, &dims, &syms)).collect();
            p.write(&texts.join(", "));
            p.write(")");
        }
        start = start.saturating_add(size);
    }
}

/// `[step (c, ...)]` after the bounds of `affine.parallel` and `gpumap.band`: the constant
/// steps, `None` without the keyword.
pub(crate) fn parse_optional_steps(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
) -> ParseResult<Option<Vec<i64>>> {
    if !p.parse_optional_keyword("step") {
        return Ok(None);
    }
    let (map, _, _) = p.parse_affine_map_of_ssa_ids("(", ")")?;
    let steps: Option<Vec<i64>> = map.results().iter().map(AffineExpr::as_constant).collect();
    steps.map(Some).ok_or_else(|| custom_error(state, "steps must be constant integers"))
}

/// ` step (c, ...)`, printed only when a step is not 1.
pub(crate) fn print_steps(p: &mut OpAsmPrinter<'_>, steps: &[i64]) {
    if steps.iter().any(|&s| s != 1) {
        let texts: Vec<String> = steps.iter().map(i64::to_string).collect();
        p.write(&format!(" step ({})", texts.join(", ")));
    }
}

/// `affine.parallel (%i, ...) = (lbs) to (ubs) [step (c, ...)] [reduce ("addf", ...) -> (types)]
/// { ... } attr-dict`.
pub(crate) fn parse_parallel(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let index = p.ctx().index_type();
    let mut ivs = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        ivs.push(p.parse_argument_name(index)?);
        Ok(())
    })?;
    p.parse_punct("=")?;
    let (lb_map, lb_groups, lb_operands) = parse_bounds_with_min_max(p, "max")?;
    parse_keyword_of(p, state, "to", "")?;
    let (ub_map, ub_groups, ub_operands) = parse_bounds_with_min_max(p, "min")?;
    let steps = parse_optional_steps(p, state)?.unwrap_or_else(|| vec![1; ivs.len()]);
    let mut reductions = Vec::new();
    if p.parse_optional_keyword("reduce") {
        p.parse_comma_separated_list(Delimiter::Paren, |p| {
            let off = p.offset();
            let name = p.parse_string()?;
            match ReductionKind::from_name(&name) {
                Some(kind) => {
                    reductions.push(kind.code());
                    Ok(())
                }
                None => Err(custom_error_at(p, state, off, format!("invalid reduction value: \"{name}\""))),
            }
        })?;
    }
    state.result_types = p.parse_optional_arrow_type_list()?;
    let ctx = p.ctx();
    let props = [
        (LOWER_BOUNDS_MAP, ctx.affine_map_attr(lb_map)),
        (LOWER_BOUNDS_GROUPS, i32_tensor_attr(ctx, &lb_groups)),
        (UPPER_BOUNDS_MAP, ctx.affine_map_attr(ub_map)),
        (UPPER_BOUNDS_GROUPS, i32_tensor_attr(ctx, &ub_groups)),
        (STEPS, i64_array_attr(ctx, &steps)),
        (REDUCTIONS, i64_array_attr(ctx, &reductions)),
    ];
    for (name, attr) in props {
        state.add_prop(name, attr);
    }
    state.operands = [lb_operands, ub_operands].concat();
    let body = p.parse_region(&ivs)?;
    state.regions.push(body);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_parallel(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = ParallelOp(op);
    p.write(" (");
    p.operands(view.ivs(ctx));
    p.write(") = (");
    if let Some(map) = view.lower_bounds_map(ctx) {
        print_min_max_bound(p, map, &view.lower_bounds_groups(ctx), view.lower_bound_operands(ctx), "max");
    }
    p.write(") to (");
    if let Some(map) = view.upper_bounds_map(ctx) {
        print_min_max_bound(p, map, &view.upper_bounds_groups(ctx), view.upper_bound_operands(ctx), "min");
    }
    p.write(")");
    print_steps(p, &view.steps(ctx));
    let results = ctx.result_types(op);
    if !results.is_empty() {
        let names: Vec<String> = view
            .reduction_codes(ctx)
            .into_iter()
            .map(|c| format!("\"{}\"", ReductionKind::from_code(c as i128).map_or("?", ReductionKind::name)))
            .collect();
        p.write(&format!(" reduce ({}) -> (", names.join(", ")));
        p.types(&results);
        p.write(")");
    }
    if let Some(&region) = ctx.regions(op).first() {
        p.write(" ");
        p.region(region, false, !results.is_empty());
    }
    p.attr_dict(op, &[REDUCTIONS, LOWER_BOUNDS_MAP, LOWER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP, UPPER_BOUNDS_GROUPS, STEPS]);
}

/// `affine.if #set(%d)[%s] [-> types] { ... } [else { ... }] attr-dict`.
pub(crate) fn parse_if(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let off = p.offset();
    let attr = p.parse_attribute()?;
    let Some(set) = p.ctx().attr_integer_set(attr).cloned() else {
        return Err(custom_error_at(p, state, off, "invalid kind of attribute specified"));
    };
    state.add_prop(CONDITION, attr);
    let (operands, num_dims) = parse_dim_and_symbol_list(p)?;
    if set.num_dims() as usize != num_dims {
        return Err(custom_error(state, "dim operand count and integer set dim count must match"));
    }
    if num_dims + set.num_symbols() as usize != operands.len() {
        return Err(custom_error(state, "symbol operand count and integer set symbol count must match"));
    }
    state.operands = operands;
    state.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[])?;
    let else_region = if p.parse_optional_keyword("else") { p.parse_region(&[])? } else { p.ctx().new_region() };
    state.regions = vec![then_region, else_region];
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_if(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = IfOp(op);
    p.write(" ");
    let Some(cond) = ctx.attr_of(op, CONDITION) else { return };
    p.attr(cond);
    let num_dims = view.condition(ctx).map_or(0, |s| s.num_dims() as usize);
    print_dim_and_symbol_list(p, ctx.operands(op), num_dims);
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.result_types(&results);
    }
    let regions = ctx.regions(op);
    if let Some(&then_region) = regions.first() {
        p.write(" ");
        p.region(then_region, false, !results.is_empty());
    }
    if let Some(&else_region) = regions.get(1).filter(|&&r| !ctx.region_is_empty(r)) {
        p.write(" else ");
        p.region(else_region, false, !results.is_empty());
    }
    p.attr_dict(op, &[CONDITION]);
}
