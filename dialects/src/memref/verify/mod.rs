//! The memref ops' verifiers, with upstream's messages: first the constraints MLIR's ODS
//! generates (operand counts and kinds, required attributes; `constraints.rs`), then each op's
//! own rules (`subview.rs` for the subview's type inference, `reinterpret_cast.rs` for the
//! reinterpret cast's result type).

mod constraints;
mod reinterpret_cast;
mod subview;

pub(crate) use constraints::*;
pub(crate) use reinterpret_cast::reinterpret_cast;
pub(crate) use subview::subview;

use super::layout::strides_and_offset;
use super::ops::{GetGlobalOp, GlobalOp, ALIGNMENT, GLOBAL_NAME, GLOBAL_TYPE, NONTEMPORAL};
use sharc_ir::attrs::AttrKind;
use sharc_ir::symbol::{SYM_NAME, SYM_VISIBILITY};
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, OpTraits, Type};

fn check_alignment(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.attr_of(op, ALIGNMENT) {
        Some(a) if !alignment_ok(ctx, a) => Err(op_error(ctx, op, ALIGNMENT_CONSTRAINT)),
        _ => Ok(()),
    }
}

pub(crate) fn is_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::MemRef { .. })
}

fn is_any_memref(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::MemRef { .. } | TypeKind::UnrankedMemRef { .. })
}

/// The number of symbols a memref's layout binds: those of an affine map, or one per dynamic
/// stride and offset of a strided layout.
fn layout_symbol_count(ctx: &Context, ty: Type) -> usize {
    let Some(layout) = ctx.memref_parts(ty).and_then(|p| p.layout) else { return 0 };
    match ctx.attr_kind(layout) {
        AttrKind::AffineMap(m) => m.num_symbols() as usize,
        AttrKind::Strided { offset, strides } => {
            strides.iter().chain(std::iter::once(offset)).filter(|&&v| v == DYNAMIC).count()
        }
        _ => 0,
    }
}

/// `memref.alloca`: as `memref.alloc`, inside an allocation scope.
pub(crate) fn alloca(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur {
        if ctx.op_has(p, OpTraits::AUTOMATIC_ALLOCATION_SCOPE) {
            return alloc(ctx, op);
        }
        cur = ctx.parent_op(p);
    }
    Err(op_error(ctx, op, "requires an ancestor op with AutomaticAllocationScope trait"))
}

/// `memref.alloc` and `memref.alloca`.
pub(crate) fn alloc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let seg = check_segments(ctx, op, 2)?;
    check_index_operands(ctx, op, 0, ctx.operands(op).len())?;
    check_alignment(ctx, op)?;
    expect_results(ctx, op, 1)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(parts) = ctx.memref_parts(ty) else {
        return Err(result_must_be(ctx, op, 0, "memref of any type values"));
    };
    let dynamic = parts.num_dynamic_dims();
    if seg[0] != dynamic {
        return Err(op_error(
            ctx,
            op,
            format!("incorrect number of dynamic sizes, has {}, expected {dynamic}", seg[0]),
        ));
    }
    let symbols = layout_symbol_count(ctx, ty);
    if seg[1] != symbols {
        return Err(op_error(
            ctx,
            op,
            format!("symbol operand count does not equal memref symbol count: expected {symbols}, got {}", seg[1]),
        ));
    }
    Ok(())
}

/// `memref.dealloc`.
pub(crate) fn dealloc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 1)?;
    expect_results(ctx, op, 0)?;
    if !is_any_memref(ctx, ctx.value_type(ctx.operand(op, 0))) {
        return Err(operand_must_be(ctx, op, 0, "ranked or unranked memref of any type values"));
    }
    Ok(())
}

fn check_nontemporal(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    match ctx.attr_of(op, NONTEMPORAL) {
        Some(a) if !matches!(ctx.attr_kind(a), AttrKind::Bool(_)) => {
            Err(op_error(ctx, op, format!("attribute '{NONTEMPORAL}' failed to satisfy constraint: bool attribute")))
        }
        _ => Ok(()),
    }
}

/// `memref.load`.
pub(crate) fn load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 1)?;
    check_nontemporal(ctx, op)?;
    let mty = ctx.value_type(ctx.operand(op, 0));
    let Some(parts) = ctx.memref_parts(mty) else {
        return Err(operand_must_be(ctx, op, 0, "memref of any type values"));
    };
    check_index_operands(ctx, op, 1, ctx.operands(op).len())?;
    expect_results(ctx, op, 1)?;
    if ctx.value_type(ctx.result(op, 0)) != parts.elem {
        return Err(op_error(ctx, op, "failed to verify that result type matches element type of 'memref'"));
    }
    let n = ctx.operands(op).len() - 1;
    if n != parts.rank() {
        return Err(op_error(
            ctx,
            op,
            format!("incorrect number of indices for load, expected {} but got {n}", parts.rank()),
        ));
    }
    Ok(())
}

/// `memref.store`.
pub(crate) fn store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 2)?;
    check_nontemporal(ctx, op)?;
    let mty = ctx.value_type(ctx.operand(op, 1));
    let Some(parts) = ctx.memref_parts(mty) else {
        return Err(operand_must_be(ctx, op, 1, "memref of any type values"));
    };
    check_index_operands(ctx, op, 2, ctx.operands(op).len())?;
    expect_results(ctx, op, 0)?;
    if ctx.value_type(ctx.operand(op, 0)) != parts.elem {
        return Err(op_error(ctx, op, "failed to verify that type of 'value' matches element type of 'memref'"));
    }
    if ctx.operands(op).len() != 2 + parts.rank() {
        return Err(op_error(ctx, op, "store index operand count not equal to memref rank"));
    }
    Ok(())
}

/// `memref.dim`.
pub(crate) fn dim(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 2)?;
    expect_results(ctx, op, 1)?;
    let src = ctx.value_type(ctx.operand(op, 0));
    let ok = match ctx.type_kind(src) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    };
    if !ok {
        return Err(operand_must_be(
            ctx,
            op,
            0,
            "unranked.memref of any type values or non-0-ranked.memref of any type values",
        ));
    }
    if !ctx.is_index(ctx.value_type(ctx.operand(op, 1))) {
        return Err(operand_must_be(ctx, op, 1, "index"));
    }
    if !ctx.is_index(ctx.value_type(ctx.result(op, 0))) {
        return Err(result_must_be(ctx, op, 0, "index"));
    }
    Ok(())
}

/// Whether two memref types may be cast into each other (MLIR's `CastOp::areCastCompatible`).
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (
            TypeKind::MemRef { shape: sa, elem: ea, layout: la, memory_space: ma },
            TypeKind::MemRef { shape: sb, elem: eb, layout: lb, memory_space: mb },
        ) => {
            if ea != eb {
                return false;
            }
            if la != lb {
                let (Some((a_strides, a_off)), Some((b_strides, b_off))) =
                    (strides_and_offset(ctx, a), strides_and_offset(ctx, b))
                else {
                    return false;
                };
                let compatible = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
                if a_strides.len() != b_strides.len()
                    || !compatible(a_off, b_off)
                    || a_strides.iter().zip(&b_strides).any(|(&x, &y)| !compatible(x, y))
                {
                    return false;
                }
            }
            ma == mb && sa.len() == sb.len() && sa.iter().zip(sb).all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y)
        }
        (TypeKind::UnrankedMemRef { .. }, TypeKind::UnrankedMemRef { .. }) => false,
        (
            TypeKind::MemRef { elem: ea, memory_space: ma, .. }
            | TypeKind::UnrankedMemRef { elem: ea, memory_space: ma },
            TypeKind::MemRef { elem: eb, memory_space: mb, .. }
            | TypeKind::UnrankedMemRef { elem: eb, memory_space: mb },
        ) => ea == eb && ma == mb,
        _ => false,
    }
}

/// `memref.cast`.
pub(crate) fn cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 1)?;
    expect_results(ctx, op, 1)?;
    let (from, to) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    if !is_any_memref(ctx, from) {
        return Err(operand_must_be(ctx, op, 0, "ranked or unranked memref of any type values"));
    }
    if !is_any_memref(ctx, to) {
        return Err(result_must_be(ctx, op, 0, "ranked or unranked memref of any type values"));
    }
    if !cast_compatible(ctx, from, to) {
        return Err(op_error(
            ctx,
            op,
            format!("operand type {} and result type {} are cast incompatible", quoted(ctx, from), quoted(ctx, to)),
        ));
    }
    Ok(())
}

/// `memref.global`.
pub(crate) fn global(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 0)?;
    expect_results(ctx, op, 0)?;
    match ctx.attr_of(op, SYM_NAME) {
        None => return Err(requires_attr(ctx, op, SYM_NAME)),
        Some(a) if ctx.attr_str(a).is_none() => {
            return Err(op_error(
                ctx,
                op,
                format!("attribute '{SYM_NAME}' failed to satisfy constraint: string attribute"),
            ))
        }
        _ => {}
    }
    let Some(ty_attr) = ctx.attr_of(op, GLOBAL_TYPE) else { return Err(requires_attr(ctx, op, GLOBAL_TYPE)) };
    let Some(ty) = ctx.attr_type(ty_attr).filter(|&t| is_memref(ctx, t)) else {
        return Err(op_error(
            ctx,
            op,
            format!("attribute '{GLOBAL_TYPE}' failed to satisfy constraint: memref type attribute"),
        ));
    };
    check_alignment(ctx, op)?;
    if let Some(v) = ctx.attr_of(op, SYM_VISIBILITY) {
        let name = ctx.attr_str(v).unwrap_or("");
        if !matches!(name, "public" | "private" | "nested") {
            return Err(op_error(
                ctx,
                op,
                format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"{name}\""),
            ));
        }
    }
    let parts = ctx.memref_parts(ty).filter(|p| !p.shape.contains(&DYNAMIC));
    let Some(parts) = parts else {
        return Err(op_error(ctx, op, format!("type should be static shaped memref, but got {}", quoted(ctx, ty))));
    };
    let Some(init) = GlobalOp(op).initial_value(ctx) else { return Ok(()) };
    match ctx.attr_kind(init) {
        AttrKind::Unit => Ok(()),
        AttrKind::DenseElements { ty: init_ty, .. } => {
            let init_elem = ctx.element_type_or_self(*init_ty);
            if init_elem != parts.elem {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "initial value element expected to be of type {}, but was of type {}",
                        quoted(ctx, parts.elem),
                        quoted(ctx, init_elem)
                    ),
                ));
            }
            let init_shape = ctx.shape(*init_ty).unwrap_or(&[]);
            if init_shape != parts.shape {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "initial value shape expected to be {} but was {}",
                        shape_list(parts.shape),
                        shape_list(init_shape)
                    ),
                ));
            }
            Ok(())
        }
        _ => Err(op_error(
            ctx,
            op,
            format!(
                "initial value should be a unit or elements attribute, but got {}",
                sharc_ir::syntax::printer::attr_to_string(ctx, init)
            ),
        )),
    }
}

fn shape_list(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(i64::to_string).collect();
    items.join(", ")
}

/// `memref.get_global`: the global exists and has the result type (MLIR checks this in
/// `verifySymbolUses`).
pub(crate) fn get_global(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_operands(ctx, op, 0)?;
    expect_results(ctx, op, 1)?;
    let view = GetGlobalOp(op);
    let Some(name) = view.name(ctx) else {
        return match ctx.attr_of(op, GLOBAL_NAME) {
            None => Err(requires_attr(ctx, op, GLOBAL_NAME)),
            Some(_) => Err(op_error(
                ctx,
                op,
                format!("attribute '{GLOBAL_NAME}' failed to satisfy constraint: flat symbol reference attribute"),
            )),
        };
    };
    let res_ty = ctx.value_type(ctx.result(op, 0));
    if ctx.memref_parts(res_ty).is_none_or(|p| p.shape.contains(&DYNAMIC)) {
        return Err(result_must_be(ctx, op, 0, "statically shaped memref of any type values"));
    }
    let Some(global) = view.global(ctx) else {
        return Err(op_error(ctx, op, format!("'{name}' does not reference a valid global memref")));
    };
    if let Some(gty) = global.ty(ctx) {
        if gty != res_ty {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "result type {} does not match type {} of the global memref @{name}",
                    quoted(ctx, res_ty),
                    quoted(ctx, gty)
                ),
            ));
        }
    }
    Ok(())
}
