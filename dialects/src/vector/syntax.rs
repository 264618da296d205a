//! The custom forms of the vector ops, as upstream prints them.

use super::ops::{vector_shape, ALIGNMENT, NONTEMPORAL, STATIC_POSITION};
use crate::memref::verify::{alignment_ok, quoted, ALIGNMENT_CONSTRAINT};
use crate::memref::{custom_error_at, parse_colon_memref_type};
use sharc_ir::attrs::AttrKind;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{OpId, Type};

fn parse_bracket_operands(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Vec<UnresolvedOperand>> {
    p.parse_punct("[")?;
    let list = p.parse_operand_list()?;
    p.parse_punct("]")?;
    Ok(list)
}

/// The attribute dictionary, a bad `alignment` reported at the dictionary as MLIR verifies the
/// properties of custom forms.
fn parse_attr_dict(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let dict = p.offset();
    p.parse_optional_attr_dict(state)?;
    if state.props.iter().any(|(n, a)| n == ALIGNMENT && !alignment_ok(p.ctx(), *a)) {
        let msg = format!("'{}' op {ALIGNMENT_CONSTRAINT}", state.name);
        return Err(custom_error_at(p, state, dict, msg));
    }
    Ok(())
}

/// `, vector<...>`: the vector type after the memref type.
fn parse_comma_vector_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    p.parse_punct(",")?;
    parse_vector_type(p, state)
}

fn parse_vector_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    let off = p.offset();
    let ty = p.parse_type()?;
    if vector_shape(p.ctx(), ty).is_none() {
        let shown = quoted(p.ctx(), ty);
        return Err(custom_error_at(
            p,
            state,
            off,
            format!("invalid kind of type specified: expected builtin.vector, but found {shown}"),
        ));
    }
    Ok(ty)
}

/// `nontemporal = false` is the default, which upstream does not print.
fn elided(p: &OpAsmPrinter<'_>, op: OpId) -> &'static [&'static str] {
    let ctx = p.ctx();
    if ctx.attr_of(op, NONTEMPORAL).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(false))) {
        &[NONTEMPORAL]
    } else {
        &[]
    }
}

/// `vector.load %A[%i] attr-dict : memref<...>, vector<...>`.
pub(crate) fn parse_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let m = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    parse_attr_dict(p, state)?;
    let mty = parse_colon_memref_type(p, state)?;
    let vty = parse_comma_vector_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&m, mty)?);
    state.operands.extend(p.resolve_operands_of(&indices, index)?);
    state.result_types.push(vty);
    Ok(())
}

pub(crate) fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some((&m, indices)) = ctx.operands(op).split_first() else { return };
    let Some(&r) = ctx.results(op).first() else { return };
    p.write(" ");
    p.operand(m);
    p.write("[");
    p.operands(indices);
    p.write("]");
    let e = elided(p, op);
    p.attr_dict(op, e);
    p.write(" : ");
    p.ty(ctx.value_type(m));
    p.write(", ");
    p.ty(ctx.value_type(r));
}

/// `vector.store %v, %A[%i] attr-dict : memref<...>, vector<...>`.
pub(crate) fn parse_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_punct(",")?;
    let m = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    parse_attr_dict(p, state)?;
    let mty = parse_colon_memref_type(p, state)?;
    let vty = parse_comma_vector_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&v, vty)?);
    state.operands.push(p.resolve_operand(&m, mty)?);
    state.operands.extend(p.resolve_operands_of(&indices, index)?);
    Ok(())
}

pub(crate) fn print_store(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let [v, m, ref indices @ ..] = *ctx.operands(op) else { return };
    p.write(" ");
    p.operand(v);
    p.write(", ");
    p.operand(m);
    p.write("[");
    p.operands(indices);
    p.write("]");
    let e = elided(p, op);
    p.attr_dict(op, e);
    p.write(" : ");
    p.ty(ctx.value_type(m));
    p.write(", ");
    p.ty(ctx.value_type(v));
}

/// `vector.extract %v[1] attr-dict : f32 from vector<2xf32>` (static positions only).
pub(crate) fn parse_extract(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_punct("[")?;
    let mut pos = Vec::new();
    if !p.parse_optional_punct("]") {
        loop {
            pos.push(p.parse_integer()?);
            if p.parse_optional_punct("]") {
                break;
            }
            p.parse_punct(",")?;
        }
    }
    let attr = p.ctx().dense_i64_array(&pos);
    state.add_prop(STATIC_POSITION, attr);
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let rty = p.parse_type()?;
    p.parse_keyword("from")?;
    let vty = parse_vector_type(p, state)?;
    state.operands.push(p.resolve_operand(&v, vty)?);
    state.result_types.push(rty);
    Ok(())
}

pub(crate) fn print_extract(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let (Some(&v), Some(&r)) = (ctx.operands(op).first(), ctx.results(op).first()) else { return };
    let pos = super::ExtractOp(op).position(ctx);
    p.write(" ");
    p.operand(v);
    let list: Vec<String> = pos.iter().map(i64::to_string).collect();
    p.write(&format!("[{}]", list.join(", ")));
    p.attr_dict(op, &[STATIC_POSITION]);
    p.write(" : ");
    p.ty(ctx.value_type(r));
    p.write(" from ");
    p.ty(ctx.value_type(v));
}

/// `vector.from_elements %a, %b attr-dict : vector<2xf32>`.
pub(crate) fn parse_from_elements(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let start = p.offset();
    let elems = p.parse_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let vty = parse_vector_type(p, state)?;
    let (count, elem) = match vector_shape(p.ctx(), vty) {
        Some((shape, elem)) => (shape.iter().product::<i64>(), elem),
        None => (0, vty),
    };
    if count != elems.len() as i64 {
        let msg = format!("number of operands and types do not match: got {} operands and {count} types", elems.len());
        return Err(custom_error_at(p, state, start, msg));
    }
    state.operands.extend(p.resolve_operands_of(&elems, elem)?);
    state.result_types.push(vty);
    Ok(())
}

pub(crate) fn print_from_elements(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&r) = ctx.results(op).first() else { return };
    p.write(" ");
    p.operands(ctx.operands(op));
    p.attr_dict(op, &[]);
    p.write(" : ");
    p.ty(ctx.value_type(r));
}
