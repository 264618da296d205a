//! Custom syntax of the affine ops, parser and printer side by side, as upstream's
//! `AffineOps.cpp` writes them: `loops.rs` for `affine.for`, `affine.parallel` and
//! `affine.if`; this file for the accesses, `affine.apply`/`min`/`max` and `affine.yield`.

mod loops;

pub(crate) use loops::{
    parse_bounds_with_min_max, parse_for, parse_if, parse_optional_steps, parse_parallel, print_for, print_if,
    print_min_max_bound, print_parallel, print_steps,
};

use super::ops::{LoadOp, StoreOp, VectorLoadOp, VectorStoreOp, MAP};
use crate::memref::{custom_error, custom_error_at};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{Attr, OpId, Type, Value};

/// An affine map attribute (an alias such as `#map` or `affine_map<...>`); anything else is
/// MLIR's "invalid kind of attribute specified".
pub(super) fn parse_map_attr(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<(Attr, AffineMap)> {
    let off = p.offset();
    let attr = p.parse_attribute()?;
    match p.ctx().attr_affine_map(attr) {
        Some(m) => Ok((attr, m.clone())),
        None => Err(custom_error_at(p, state, off, "invalid kind of attribute specified")),
    }
}

/// `(%d0, ...)[%s0, ...]`: dim operands, then optional symbol operands (MLIR's
/// `parseDimAndSymbolList`). Returns the operands resolved as `index` and the dim count.
pub(super) fn parse_dim_and_symbol_list(p: &mut OpAsmParser<'_, '_>) -> ParseResult<(Vec<Value>, usize)> {
    // As upstream's `parseDimAndSymbolList`: two `parseOperandList`s.
    let mut names = p.parse_delimited_operand_list(Delimiter::Paren)?;
    let num_dims = names.len();
    names.extend(p.parse_delimited_operand_list(Delimiter::OptionalSquare)?);
    let index = p.ctx().index_type();
    Ok((p.resolve_operands_of(&names, index)?, num_dims))
}

/// The inverse of [`parse_dim_and_symbol_list`]; the brackets only if there are symbols.
pub(super) fn print_dim_and_symbol_list(p: &mut OpAsmPrinter<'_>, operands: &[Value], num_dims: usize) {
    let num_dims = num_dims.min(operands.len());
    p.write("(");
    p.operands(&operands[..num_dims]);
    p.write(")");
    if operands.len() > num_dims {
        p.write("[");
        p.operands(&operands[num_dims..]);
        p.write("]");
    }
}

/// Resolves the dim and symbol operands of an affine map of SSA ids, dims first.
pub(super) fn resolve_map_operands(
    p: &mut OpAsmParser<'_, '_>,
    dims: &[UnresolvedOperand],
    syms: &[UnresolvedOperand],
) -> ParseResult<Vec<Value>> {
    let index = p.ctx().index_type();
    let mut values = p.resolve_operands_of(dims, index)?;
    values.extend(p.resolve_operands_of(syms, index)?);
    Ok(values)
}

/// `%A[%i + 1, symbol(%n)]`: a memref operand and its inline access map.
fn parse_access(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let memref = p.parse_operand()?;
    let (map, dims, syms) = p.parse_affine_map_of_ssa_ids("[", "]")?;
    let map = p.ctx().affine_map_attr(map);
    state.add_prop(MAP, map);
    Ok((memref, dims, syms))
}

fn print_access(p: &mut OpAsmPrinter<'_>, op: OpId, memref: Value, map: Option<&AffineMap>, operands: &[Value]) {
    p.operand(memref);
    p.write("[");
    if let Some(map) = map {
        p.affine_map_of_ssa_ids(map, operands);
    }
    p.write("]");
    p.attr_dict(op, &[MAP]);
    p.write(" : ");
    p.ty(p.ctx().value_type(memref));
}

/// `affine.load %A[map of ssa ids] attr-dict : memref<...>`.
pub(crate) fn parse_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (memref, dims, syms) = parse_access(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let ty = crate::memref::parse_colon_memref_type(p, state)?;
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_map_operands(p, &dims, &syms)?);
    let elem = p.ctx().element_type_or_self(ty);
    state.result_types.push(elem);
    Ok(())
}

pub(crate) fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = LoadOp(op);
    let Some(&memref) = ctx.operands(op).first() else { return };
    p.write(" ");
    print_access(p, op, memref, view.map(ctx), view.map_operands(ctx));
}

/// `affine.store %v, %A[map of ssa ids] attr-dict : memref<...>`.
pub(crate) fn parse_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let value = p.parse_operand()?;
    p.parse_punct(",")?;
    let (memref, dims, syms) = parse_access(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let ty = crate::memref::parse_colon_memref_type(p, state)?;
    let elem = p.ctx().element_type_or_self(ty);
    state.operands.push(p.resolve_operand(&value, elem)?);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_map_operands(p, &dims, &syms)?);
    Ok(())
}

pub(crate) fn print_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = StoreOp(op);
    let [value, memref, ..] = *ctx.operands(op) else { return };
    p.write(" ");
    p.operand(value);
    p.write(", ");
    print_access(p, op, memref, view.map(ctx), view.map_operands(ctx));
}

/// `, vector<...>` after the memref type of the vector accesses.
fn parse_comma_vector_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    p.parse_punct(",")?;
    let off = p.offset();
    let ty = p.parse_type()?;
    if !matches!(p.ctx().type_kind(ty), sharc_ir::types::TypeKind::Vector { .. }) {
        let shown = crate::memref::verify::quoted(p.ctx(), ty);
        let msg = format!("invalid kind of type specified: expected builtin.vector, but found {shown}");
        return Err(custom_error_at(p, state, off, msg));
    }
    Ok(ty)
}

/// `affine.vector_load %A[map of ssa ids] attr-dict : memref<...>, vector<...>`.
pub(crate) fn parse_vector_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (memref, dims, syms) = parse_access(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let ty = crate::memref::parse_colon_memref_type(p, state)?;
    let vty = parse_comma_vector_type(p, state)?;
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_map_operands(p, &dims, &syms)?);
    state.result_types.push(vty);
    Ok(())
}

pub(crate) fn print_vector_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = VectorLoadOp(op);
    let (Some(&memref), Some(&r)) = (ctx.operands(op).first(), ctx.results(op).first()) else { return };
    p.write(" ");
    print_access(p, op, memref, view.map(ctx), view.map_operands(ctx));
    p.write(", ");
    p.ty(p.ctx().value_type(r));
}

/// `affine.vector_store %v, %A[map of ssa ids] attr-dict : memref<...>, vector<...>`.
pub(crate) fn parse_vector_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let value = p.parse_operand()?;
    p.parse_punct(",")?;
    let (memref, dims, syms) = parse_access(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let ty = crate::memref::parse_colon_memref_type(p, state)?;
    let vty = parse_comma_vector_type(p, state)?;
    state.operands.push(p.resolve_operand(&value, vty)?);
    state.operands.push(p.resolve_operand(&memref, ty)?);
    state.operands.extend(resolve_map_operands(p, &dims, &syms)?);
    Ok(())
}

pub(crate) fn print_vector_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = VectorStoreOp(op);
    let [value, memref, ..] = *ctx.operands(op) else { return };
    p.write(" ");
    p.operand(value);
    p.write(", ");
    print_access(p, op, memref, view.map(ctx), view.map_operands(ctx));
    p.write(", ");
    p.ty(p.ctx().value_type(value));
}

/// `affine.apply #map(%d)[%s] attr-dict`; the result count is the map's.
pub(crate) fn parse_apply(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (attr, map) = parse_map_attr(p, state)?;
    state.add_prop(MAP, attr);
    let (operands, num_dims) = parse_dim_and_symbol_list(p)?;
    p.parse_optional_attr_dict(state)?;
    if map.num_dims() as usize != num_dims || num_dims + map.num_symbols() as usize != operands.len() {
        return Err(custom_error(state, "dimension or symbol index mismatch"));
    }
    state.operands = operands;
    let index = p.ctx().index_type();
    state.result_types = vec![index; map.num_results()];
    Ok(())
}

/// `affine.apply`, `affine.min` and `affine.max` print alike.
fn print_map_op(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    let Some(attr) = ctx.attr_of(op, MAP) else { return };
    p.attr(attr);
    let num_dims = ctx.attr_affine_map(attr).map_or(0, |m| m.num_dims() as usize);
    print_dim_and_symbol_list(p, ctx.operands(op), num_dims);
    p.attr_dict(op, &[MAP]);
}

pub(crate) fn print_apply(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_map_op(p, op);
}

/// `affine.min #map(%d)[%s] attr-dict` (and `affine.max`).
pub(crate) fn parse_min_max(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (attr, _) = parse_map_attr(p, state)?;
    state.add_prop(MAP, attr);
    let (operands, _) = parse_dim_and_symbol_list(p)?;
    p.parse_optional_attr_dict(state)?;
    state.operands = operands;
    let index = p.ctx().index_type();
    state.result_types.push(index);
    Ok(())
}

pub(crate) fn print_min_max(p: &mut OpAsmPrinter<'_>, op: OpId) {
    print_map_op(p, op);
}

/// `affine.yield attr-dict [%v, ... : types]`.
pub(crate) fn parse_yield(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    let values = p.parse_operand_list()?;
    if !values.is_empty() {
        let off = p.offset();
        let types: Vec<Type> = p.parse_colon_type_list()?;
        state.operands = p.resolve_operands(&values, &types, off)?;
    }
    Ok(())
}

pub(crate) fn print_yield(p: &mut OpAsmPrinter<'_>, op: OpId) {
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
