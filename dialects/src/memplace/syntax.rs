//! The custom syntax of the memplace ops, parser beside printer:
//!
//! ```text
//! %s = memplace.alloc_shared (layout <kind>)? attr-dict : memref-type
//! memplace.copy_in %global[origin] to %shared sizes [n, ...] attr-dict : global-type, shared-type
//! memplace.copy_out %shared to %global[origin] sizes [n, ...] attr-dict : shared-type, global-type
//! memplace.barrier attr-dict
//! ```
//!
//! The origin is an affine map of SSA ids, as an `affine.load` subscript (`%A[%i - 1, symbol(%n)]`).

use super::ops::{AllocSharedOp, CopyOp, Layout, LAYOUT, MAP, SIZES};
use crate::memref::custom_error_at;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult, UnresolvedOperand};
use sharc_ir::{Context, OpId, Value};

fn keyword(p: &mut OpAsmParser<'_, '_>, state: &OperationState, kw: &str) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        Err(custom_error_at(p, state, p.offset(), format!("expected '{kw}'")))
    }
}

// ----- memplace.alloc_shared --------------------------------------------------------------------

/// `memplace.alloc_shared (layout kind)? attr-dict : type`.
pub(crate) fn parse_alloc_shared(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    if p.parse_optional_keyword("layout") {
        let off = p.offset();
        let Some(layout) = p.parse_optional_any_keyword().and_then(Layout::from_keyword) else {
            let known: Vec<&str> = Layout::ALL.iter().map(|l| l.keyword()).collect();
            return Err(custom_error_at(p, state, off, format!("expected a layout: {}", known.join(", "))));
        };
        let attr = layout.attr(p.ctx());
        state.add_prop(LAYOUT, attr);
    }
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    state.result_types.push(ty);
    Ok(())
}

/// Prints `memplace.alloc_shared`.
pub(crate) fn print_alloc_shared(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let alloc = AllocSharedOp(op);
    if ctx.results(op).is_empty() {
        return;
    }
    let mut skip = vec![];
    if alloc.has_explicit_layout(ctx) {
        if let Some(l) = alloc.layout(ctx) {
            p.write(&format!(" layout {}", l.keyword()));
            skip.push(LAYOUT);
        }
    }
    p.attr_dict(op, &skip);
    p.write(" : ");
    p.ty(ctx.value_type(alloc.result(ctx)));
}

/// Names the buffer `%shared`, as `memref.alloc` names its result `%alloc`.
pub(crate) fn alloc_shared_names(ctx: &Context, op: OpId, name: &mut dyn FnMut(Value, String)) {
    if let Some(&r) = ctx.results(op).first() {
        name(r, "shared".to_string());
    }
}

// ----- copies -----------------------------------------------------------------------------------

/// `%A[origin]`: a global operand and its origin map, stored in `state`.
fn parse_tile(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(UnresolvedOperand, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
    let memref = p.parse_operand()?;
    let (map, dims, syms) = p.parse_affine_map_of_ssa_ids("[", "]")?;
    let map = p.ctx().affine_map_attr(map);
    state.add_prop(MAP, map);
    Ok((memref, dims, syms))
}

/// `sizes [n, ...] attr-dict : type, type`; returns the two types.
fn parse_sizes_and_types(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
) -> ParseResult<(sharc_ir::Type, sharc_ir::Type)> {
    keyword(p, state, "sizes")?;
    let mut sizes = Vec::new();
    p.parse_comma_separated_list(Delimiter::Square, |p| {
        sizes.push(p.parse_integer()?);
        Ok(())
    })?;
    let sizes = p.ctx().dense_i64_array(&sizes);
    state.add_prop(SIZES, sizes);
    p.parse_optional_attr_dict(state)?;
    let off = p.offset();
    let types = p.parse_colon_type_list()?;
    match types[..] {
        [a, b] => Ok((a, b)),
        _ => Err(custom_error_at(p, state, off, format!("expected 2 types, got {}", types.len()))),
    }
}

/// Resolves the two memrefs and the origin's operands, in operand order.
fn resolve_copy(
    p: &mut OpAsmParser<'_, '_>,
    state: &mut OperationState,
    memrefs: [(UnresolvedOperand, sharc_ir::Type); 2],
    dims: &[UnresolvedOperand],
    syms: &[UnresolvedOperand],
) -> ParseResult<()> {
    for (m, ty) in memrefs {
        let v = p.resolve_operand(&m, ty)?;
        state.operands.push(v);
    }
    let index = p.ctx().index_type();
    let dims = p.resolve_operands_of(dims, index)?;
    let syms = p.resolve_operands_of(syms, index)?;
    state.operands.extend(dims.into_iter().chain(syms));
    Ok(())
}

/// `memplace.copy_in %A[origin] to %s sizes [..] attr-dict : type(A), type(s)`.
pub(crate) fn parse_copy_in(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let (global, dims, syms) = parse_tile(p, state)?;
    keyword(p, state, "to")?;
    let shared = p.parse_operand()?;
    let (global_ty, shared_ty) = parse_sizes_and_types(p, state)?;
    resolve_copy(p, state, [(global, global_ty), (shared, shared_ty)], &dims, &syms)
}

/// `memplace.copy_out %s to %A[origin] sizes [..] attr-dict : type(s), type(A)`.
pub(crate) fn parse_copy_out(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let shared = p.parse_operand()?;
    keyword(p, state, "to")?;
    let (global, dims, syms) = parse_tile(p, state)?;
    let (shared_ty, global_ty) = parse_sizes_and_types(p, state)?;
    resolve_copy(p, state, [(shared, shared_ty), (global, global_ty)], &dims, &syms)
}

fn print_tile(p: &mut OpAsmPrinter<'_>, copy: CopyOp) {
    let ctx = p.ctx();
    p.operand(copy.global(ctx));
    p.write("[");
    if let Some(map) = copy.origin_map(ctx) {
        p.affine_map_of_ssa_ids(map, copy.origin_operands(ctx));
    }
    p.write("]");
}

fn print_sizes_and_types(p: &mut OpAsmPrinter<'_>, copy: CopyOp) {
    let ctx = p.ctx();
    let sizes: Vec<String> = copy.sizes(ctx).iter().map(i64::to_string).collect();
    p.write(&format!(" sizes [{}]", sizes.join(", ")));
    p.attr_dict(copy.0, &[MAP, SIZES]);
    p.write(" : ");
    let types = [ctx.value_type(ctx.operand(copy.0, 0)), ctx.value_type(ctx.operand(copy.0, 1))];
    p.types(&types);
}

/// Prints `memplace.copy_in`.
pub(crate) fn print_copy_in(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let copy = CopyOp(op);
    if p.ctx().operands(op).len() < 2 {
        // Unverified IR without its memrefs: nothing of the custom form can be printed.
        return;
    }
    p.write(" ");
    print_tile(p, copy);
    p.write(" to ");
    p.operand(copy.shared(p.ctx()));
    print_sizes_and_types(p, copy);
}

/// Prints `memplace.copy_out`.
pub(crate) fn print_copy_out(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let copy = CopyOp(op);
    if p.ctx().operands(op).len() < 2 {
        return;
    }
    p.write(" ");
    p.operand(copy.shared(p.ctx()));
    p.write(" to ");
    print_tile(p, copy);
    print_sizes_and_types(p, copy);
}

// ----- memplace.barrier -------------------------------------------------------------------------

/// `attr-dict`: the whole syntax of `memplace.barrier`.
pub(crate) fn parse_attr_dict_only(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)
}

/// Prints the attributes of `memplace.barrier`.
pub(crate) fn print_attr_dict_only(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
}
