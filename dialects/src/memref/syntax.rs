//! Custom syntax of the memref ops, parser and printer side by side. Each form is upstream's
//! (`MemRefOps.td` assembly formats and `MemRefOps.cpp`), including which attributes the
//! printer elides.

use super::ops::{
    self, GlobalOp, SubViewOp, ALIGNMENT, CONSTANT, GLOBAL_NAME, GLOBAL_TYPE, INITIAL_VALUE, NONTEMPORAL,
    OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES,
};
use super::verify::{alignment_ok, quoted, ALIGNMENT_CONSTRAINT};
use sharc_ir::attrs::AttrKind;
use sharc_ir::builder::OperationState;
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::{Diagnostic, OpId, Type};

/// An error a custom parser reports at the op name, prefixed as MLIR's `CustomOpAsmParser`
/// does: `custom op 'memref.alloc' ...`.
pub(crate) fn custom_error(state: &OperationState, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(state.loc.clone(), format!("custom op '{}' {msg}", state.name))
}

/// The same prefix for an error at a given source offset.
pub(crate) fn custom_error_at(
    p: &OpAsmParser<'_, '_>,
    state: &OperationState,
    offset: usize,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    p.error_at(offset, format!("custom op '{}' {msg}", state.name))
}

/// Keyword `kw`, or MLIR's prefixed `custom op '...' expected 'kw'` (custom parsers' keyword
/// errors carry the op name).
pub(crate) fn parse_keyword_of(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
    kw: &str,
    msg: &str,
) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        return Ok(());
    }
    let off = p.offset();
    Err(custom_error_at(p, state, off, format!("expected '{kw}'{msg}")))
}

/// `: type` where the type must be a ranked memref (`type($x)` of an `AnyMemRef` operand).
pub(crate) fn parse_colon_memref_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    p.parse_punct(":")?;
    parse_memref_type(p, state)
}

fn parse_memref_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    let off = p.offset();
    let ty = p.parse_type()?;
    if p.ctx().memref_parts(ty).is_none() {
        let shown = quoted(p.ctx(), ty);
        return Err(custom_error_at(
            p,
            state,
            off,
            format!("invalid kind of type specified: expected builtin.memref, but found {shown}"),
        ));
    }
    Ok(ty)
}

/// A ranked or unranked memref type (`BaseMemRefType` in upstream's formats).
fn parse_base_memref_type(p: &mut OpAsmParser<'_, '_>, state: &OperationState) -> ParseResult<Type> {
    let off = p.offset();
    let ty = p.parse_type()?;
    if !matches!(p.ctx().type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. }) {
        return Err(custom_error_at(p, state, off, "invalid kind of type specified"));
    }
    Ok(ty)
}

/// `[%a, %b]`: a bracketed, possibly empty operand list.
fn parse_bracket_operands(p: &mut OpAsmParser<'_, '_>) -> ParseResult<Vec<UnresolvedOperand>> {
    p.parse_punct("[")?;
    let list = p.parse_operand_list()?;
    p.parse_punct("]")?;
    Ok(list)
}

/// The attribute dictionary, then a bad `alignment` reported as MLIR verifies the properties
/// of custom forms: at the dictionary.
fn parse_attr_dict_checking_alignment(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let dict = p.offset();
    p.parse_optional_attr_dict(state)?;
    let bad = state.props.iter().any(|(n, a)| n == ALIGNMENT && !alignment_ok(p.ctx(), *a));
    if bad {
        return Err(custom_error_at(p, state, dict, format!("'{}' op {ALIGNMENT_CONSTRAINT}", state.name)));
    }
    Ok(())
}

/// `memref.alloc(%d)[%s] attr-dict : memref<...>` (and `memref.alloca`).
pub(crate) fn parse_alloc(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_punct("(")?;
    let dynamic = p.parse_operand_list()?;
    p.parse_punct(")")?;
    let symbols = if p.at_punct("[") { parse_bracket_operands(p)? } else { Vec::new() };
    parse_attr_dict_checking_alignment(p, state)?;
    let ty = parse_colon_memref_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands = p.resolve_operands_of(&dynamic, index)?;
    state.operands.extend(p.resolve_operands_of(&symbols, index)?);
    state.result_types.push(ty);
    let seg = p.ctx().dense_i32_array(&[dynamic.len() as i32, symbols.len() as i32]);
    state.add_prop(OPERAND_SEGMENT_SIZES, seg);
    Ok(())
}

pub(crate) fn print_alloc(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = ops::AllocOp(op);
    p.write("(");
    p.operands(view.dynamic_sizes(ctx));
    p.write(")");
    let symbols = view.symbol_operands(ctx);
    if !symbols.is_empty() {
        p.write("[");
        p.operands(symbols);
        p.write("]");
    }
    p.attr_dict(op, &[OPERAND_SEGMENT_SIZES]);
    print_colon_result_type(p, op);
}

/// ` : type` of the op's first result (nothing if it has none: custom printers must not panic
/// on unverified IR).
fn print_colon_result_type(p: &mut OpAsmPrinter<'_>, op: OpId) {
    if let Some(&r) = p.ctx().results(op).first() {
        p.write(" : ");
        p.ty(p.ctx().value_type(r));
    }
}

/// `memref.dealloc %m attr-dict : memref<...>`.
pub(crate) fn parse_dealloc(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let m = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let ty = parse_base_memref_type(p, state)?;
    state.operands.push(p.resolve_operand(&m, ty)?);
    Ok(())
}

pub(crate) fn print_dealloc(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&m) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.operand(m);
    p.attr_dict(op, &[]);
    p.write(" : ");
    p.ty(ctx.value_type(m));
}

/// The attributes a load or store prints: `nontemporal` only when true (its default is false).
fn access_elided(p: &OpAsmPrinter<'_>, op: OpId) -> &'static [&'static str] {
    let ctx = p.ctx();
    let is_false = ctx.attr_of(op, NONTEMPORAL).is_some_and(|a| matches!(ctx.attr_kind(a), AttrKind::Bool(false)));
    if is_false {
        &[NONTEMPORAL]
    } else {
        &[]
    }
}

/// `memref.load %A[%i, %j] attr-dict : memref<...>`.
pub(crate) fn parse_load(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let m = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_memref_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&m, ty)?);
    state.operands.extend(p.resolve_operands_of(&indices, index)?);
    let elem = p.ctx().element_type_or_self(ty);
    state.result_types.push(elem);
    Ok(())
}

pub(crate) fn print_load(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some((&m, indices)) = ctx.operands(op).split_first() else { return };
    p.write(" ");
    p.operand(m);
    p.write("[");
    p.operands(indices);
    p.write("]");
    let elided = access_elided(p, op);
    p.attr_dict(op, elided);
    p.write(" : ");
    p.ty(ctx.value_type(m));
}

/// `memref.store %v, %A[%i, %j] attr-dict : memref<...>`.
pub(crate) fn parse_store(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let v = p.parse_operand()?;
    p.parse_punct(",")?;
    let m = p.parse_operand()?;
    let indices = parse_bracket_operands(p)?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_memref_type(p, state)?;
    let index = p.ctx().index_type();
    let elem = p.ctx().element_type_or_self(ty);
    state.operands.push(p.resolve_operand(&v, elem)?);
    state.operands.push(p.resolve_operand(&m, ty)?);
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
    let elided = access_elided(p, op);
    p.attr_dict(op, elided);
    p.write(" : ");
    p.ty(ctx.value_type(m));
}

/// `memref.dim attr-dict %A, %i : memref<...>`.
pub(crate) fn parse_dim(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)?;
    let src = p.parse_operand()?;
    p.parse_punct(",")?;
    let idx = p.parse_operand()?;
    // The source's constraint is a union (`AnyTypeOf`), so any type parses; the verifier checks it.
    let ty = p.parse_colon_type()?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&src, ty)?);
    state.operands.push(p.resolve_operand(&idx, index)?);
    state.result_types.push(index);
    Ok(())
}

pub(crate) fn print_dim(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let operands = ctx.operands(op);
    p.attr_dict(op, &[]);
    p.write(" ");
    p.operands(operands);
    if let Some(&src) = operands.first() {
        p.write(" : ");
        p.ty(ctx.value_type(src));
    }
}

/// One list of MLIR's `custom<DynamicIndexList>`: `[%a, 4, %b]`, each entry an SSA value
/// (static value [`DYNAMIC`]) or an integer.
fn parse_dynamic_index_list(
    p: &mut OpAsmParser<'_, '_>,
    state: &OperationState,
) -> ParseResult<(Vec<i64>, Vec<UnresolvedOperand>)> {
    let mut statics = Vec::new();
    let mut values = Vec::new();
    p.parse_comma_separated_list_in(Delimiter::Square, " in dynamic index list", |p| {
        if let Some(v) = p.parse_optional_operand()? {
            values.push(v);
            statics.push(DYNAMIC);
        } else if p.peek_text() == "-" || p.peek_text().starts_with(|c: char| c.is_ascii_digit()) {
            statics.push(p.parse_integer()?);
        } else {
            // Upstream's `parseInteger`: at the current token, through the op's parser.
            return Err(custom_error_at(p, state, p.offset(), "expected integer value"));
        }
        Ok(())
    })?;
    Ok((statics, values))
}

fn print_dynamic_index_list(p: &mut OpAsmPrinter<'_>, statics: &[i64], values: &[sharc_ir::Value]) {
    p.write("[");
    let mut next = values.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (s == DYNAMIC).then(|| next.next()).flatten() {
            Some(&v) => p.operand(v),
            None => p.write(&s.to_string()),
        }
    }
    p.write("]");
}

/// `memref.subview %A[offsets] [sizes] [strides] attr-dict : T to T'`.
pub(crate) fn parse_subview(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let src = p.parse_operand()?;
    let (offsets, offset_values) = parse_dynamic_index_list(p, state)?;
    let (sizes, size_values) = parse_dynamic_index_list(p, state)?;
    let (strides, stride_values) = parse_dynamic_index_list(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let src_ty = parse_colon_memref_type(p, state)?;
    parse_keyword_of(p, state, "to", "")?;
    let res_ty = parse_memref_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&src, src_ty)?);
    for list in [&offset_values, &size_values, &stride_values] {
        let resolved = p.resolve_operands_of(list, index)?;
        state.operands.extend(resolved);
    }
    state.result_types.push(res_ty);
    let ctx = p.ctx();
    let seg =
        ctx.dense_i32_array(&[1, offset_values.len() as i32, size_values.len() as i32, stride_values.len() as i32]);
    state.add_prop(OPERAND_SEGMENT_SIZES, seg);
    for (name, list) in [(STATIC_OFFSETS, &offsets), (STATIC_SIZES, &sizes), (STATIC_STRIDES, &strides)] {
        let a = ctx.dense_i64_array(list);
        state.add_prop(name, a);
    }
    Ok(())
}

pub(crate) fn print_subview(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = SubViewOp(op);
    let Some(&src) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.operand(src);
    print_dynamic_index_list(p, &view.static_offsets(ctx), view.offsets(ctx));
    p.write(" ");
    print_dynamic_index_list(p, &view.static_sizes(ctx), view.sizes(ctx));
    p.write(" ");
    print_dynamic_index_list(p, &view.static_strides(ctx), view.strides(ctx));
    p.attr_dict(op, &[OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES]);
    p.write(" : ");
    p.ty(ctx.value_type(src));
    p.write(" to");
    print_colon_result_type_after(p, op);
}

/// `memref.reinterpret_cast %A to offset: [o], sizes: [sizes], strides: [strides] attr-dict :
/// T to T'`.
pub(crate) fn parse_reinterpret_cast(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let src = p.parse_operand()?;
    parse_keyword_of(p, state, "to", "")?;
    let mut lists = Vec::new();
    for (k, key) in ["offset", "sizes", "strides"].into_iter().enumerate() {
        if k > 0 {
            p.parse_punct(",")?;
        }
        parse_keyword_of(p, state, key, "")?;
        p.parse_punct(":")?;
        lists.push(parse_dynamic_index_list(p, state)?);
    }
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let src_ty = parse_base_memref_type(p, state)?;
    parse_keyword_of(p, state, "to", "")?;
    let res_ty = parse_memref_type(p, state)?;
    let index = p.ctx().index_type();
    state.operands.push(p.resolve_operand(&src, src_ty)?);
    for (_, values) in &lists {
        let resolved = p.resolve_operands_of(values, index)?;
        state.operands.extend(resolved);
    }
    state.result_types.push(res_ty);
    let ctx = p.ctx();
    let counts: Vec<i32> = std::iter::once(1).chain(lists.iter().map(|(_, v)| v.len() as i32)).collect();
    let seg = ctx.dense_i32_array(&counts);
    state.add_prop(OPERAND_SEGMENT_SIZES, seg);
    for (name, (statics, _)) in [STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES].into_iter().zip(&lists) {
        let a = ctx.dense_i64_array(statics);
        state.add_prop(name, a);
    }
    Ok(())
}

pub(crate) fn print_reinterpret_cast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&src) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.operand(src);
    p.write(" to");
    for (k, (key, attr)) in
        [("offset", STATIC_OFFSETS), ("sizes", STATIC_SIZES), ("strides", STATIC_STRIDES)].into_iter().enumerate()
    {
        p.write(if k == 0 { " " } else { ", " });
        p.write(key);
        p.write(": ");
        let values = super::ops::segment(ctx, op, 4, k + 1).to_vec();
        print_dynamic_index_list(p, &super::ops::dense_i64s(ctx, op, attr), &values);
    }
    p.attr_dict(op, &[OPERAND_SEGMENT_SIZES, STATIC_OFFSETS, STATIC_SIZES, STATIC_STRIDES]);
    p.write(" : ");
    p.ty(ctx.value_type(src));
    p.write(" to");
    print_colon_result_type_after(p, op);
}

/// ` type` of the op's first result, after a keyword such as `to`.
fn print_colon_result_type_after(p: &mut OpAsmPrinter<'_>, op: OpId) {
    if let Some(&r) = p.ctx().results(op).first() {
        p.write(" ");
        p.ty(p.ctx().value_type(r));
    }
}

/// `memref.cast %A attr-dict : T to T'`.
pub(crate) fn parse_cast(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let src = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    p.parse_punct(":")?;
    let from = parse_base_memref_type(p, state)?;
    parse_keyword_of(p, state, "to", "")?;
    let to = parse_base_memref_type(p, state)?;
    state.operands.push(p.resolve_operand(&src, from)?);
    state.result_types.push(to);
    Ok(())
}

pub(crate) fn print_cast(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let Some(&src) = ctx.operands(op).first() else { return };
    p.write(" ");
    p.operand(src);
    p.attr_dict(op, &[]);
    p.write(" : ");
    p.ty(ctx.value_type(src));
    p.write(" to");
    print_colon_result_type_after(p, op);
}

/// `memref.global ["visibility"] [constant] @name : memref<...> [= uninitialized | = dense<...>]
/// attr-dict`.
pub(crate) fn parse_global(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    if p.peek_text().starts_with('"') {
        let vis = p.parse_string()?;
        let a = p.ctx().string_attr(vis);
        state.add_prop(SYM_VISIBILITY, a);
    }
    if p.parse_optional_keyword("constant") {
        let unit = p.ctx().unit_attr();
        state.add_prop(CONSTANT, unit);
    }
    let name = p.parse_symbol_name().map_err(|mut d| {
        d.message = format!("custom op '{}' {}", state.name, d.message);
        d
    })?;
    let name = p.ctx().string_attr(name);
    state.add_prop(SYM_NAME, name);
    p.parse_punct(":")?;
    let ty = p.parse_type()?;
    let parts = p.ctx().memref_parts(ty).filter(|m| !m.shape.contains(&DYNAMIC)).map(|m| (m.shape.to_vec(), m.elem));
    let Some((shape, elem)) = parts else {
        let shown = quoted(p.ctx(), ty);
        return Err(custom_error(state, format!("type should be static shaped memref, but got {shown}")));
    };
    let ty_attr = p.ctx().type_attr(ty);
    state.add_prop(GLOBAL_TYPE, ty_attr);
    if p.parse_optional_punct("=") {
        let init = if p.parse_optional_keyword("uninitialized") {
            p.ctx().unit_attr()
        } else {
            let tensor = p.ctx().ty(TypeKind::Tensor { shape: Some(shape), elem, encoding: None });
            let a = p.parse_attribute_of_type(tensor)?;
            if !matches!(p.ctx().attr_kind(a), AttrKind::DenseElements { .. }) {
                return Err(custom_error(state, "initial value should be a unit or elements attribute"));
            }
            a
        };
        state.add_prop(INITIAL_VALUE, init);
    }
    parse_attr_dict_checking_alignment(p, state)
}

pub(crate) fn print_global(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let view = GlobalOp(op);
    if let Some(vis) = ctx.attr_of(op, SYM_VISIBILITY) {
        p.write(" ");
        p.attr(vis);
    }
    if view.is_constant(ctx) {
        p.write(" constant");
    }
    p.write(" ");
    p.symbol_name(view.sym_name(ctx).unwrap_or(""));
    p.write(" : ");
    if let Some(ty) = view.ty(ctx) {
        p.ty(ty);
    }
    if let Some(init) = view.initial_value(ctx) {
        p.write(" = ");
        if view.is_uninitialized(ctx) {
            p.write("uninitialized");
        } else {
            p.attr_without_type(init);
        }
    }
    p.attr_dict(op, &[SYM_NAME, SYM_VISIBILITY, CONSTANT, GLOBAL_TYPE, INITIAL_VALUE]);
}

/// `memref.get_global @name : memref<...> attr-dict`.
pub(crate) fn parse_get_global(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let sym = p.parse_symbol_ref_attr(true, &state.name)?;
    state.add_prop(GLOBAL_NAME, sym);
    let ty = parse_colon_memref_type(p, state)?;
    state.result_types.push(ty);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print_get_global(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    p.write(" ");
    match ctx.attr_of(op, GLOBAL_NAME) {
        Some(a) => p.attr(a),
        None => p.write("@<<missing>>"),
    }
    print_colon_result_type(p, op);
    p.attr_dict(op, &[GLOBAL_NAME]);
}
