//! The memplace verifiers. What they cannot check: that a copy or barrier is reached by every
//! thread of the block with the same origin, and that barriers separate the copies from the
//! other threads' accesses; `sharc-run` reports both (divergence, races).

use super::ops::{AllocSharedOp, CopyOp, Direction, LAYOUT, MAP, SIZES};
use crate::affine::validity::{affine_scope, is_valid_dim};
use crate::gpu::AddressSpace;
use crate::gpumap::BandOp;
use crate::{affine, memref};
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::types::DYNAMIC;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, Type, Value};

type Result = std::result::Result<(), Diagnostic>;

fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_to_string(ctx, ty))
}

fn in_band(ctx: &Context, op: OpId) -> Result {
    if BandOp::enclosing(ctx, op).is_some() {
        Ok(())
    } else {
        Err(op_error(ctx, op, "expects to be nested in a 'gpumap.band'"))
    }
}

/// Whether `ty` is a statically shaped memref with the identity layout in workgroup memory.
fn is_shared_buffer(ctx: &Context, ty: Type) -> bool {
    ctx.memref_parts(ty).is_some_and(|m| !m.shape.contains(&DYNAMIC) && m.layout.is_none())
        && AddressSpace::of_type(ctx, ty) == Some(AddressSpace::Workgroup)
}

/// The rules of `memplace.alloc_shared`.
pub(crate) fn verify_alloc_shared(ctx: &Context, op: OpId) -> Result {
    let alloc = AllocSharedOp(op);
    if ctx.results(op).len() != 1 || !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "expects no operands and one result"));
    }
    let ty = ctx.value_type(alloc.result(ctx));
    if !is_shared_buffer(ctx, ty) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "result must be a statically shaped memref in #gpu.address_space<workgroup> with the identity layout, but got {}",
                quoted(ctx, ty)
            ),
        ));
    }
    let layout = alloc.try_layout(ctx).map_err(|e| op_error(ctx, op, format!("attribute '{LAYOUT}' {e}")))?;
    let shape = ctx.shape(ty).unwrap_or(&[]);
    layout.check(shape).map_err(|e| op_error(ctx, op, e.0))?;
    if !layout.is_row_major() {
        if let Some(user) = ctx.uses(alloc.result(ctx)).iter().find(|u| !is_element_access(ctx, u.op, u.operand)) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "a buffer with layout {layout} is only loaded, stored and copied (its layout applies to every access), but '{}' uses it",
                    ctx.op_name(user.op)
                ),
            ));
        }
    }
    if ctx.parent_op(op).is_none_or(|p| BandOp::view(ctx, p).is_none()) {
        return Err(op_error(ctx, op, "expects parent op 'gpumap.band'"));
    }
    Ok(())
}

/// Whether operand `operand` of `op` is the memref of an element access or the shared buffer of
/// a copy: the uses a laid-out buffer may have (a view or a call would see row-major offsets).
fn is_element_access(ctx: &Context, op: OpId, operand: u32) -> bool {
    let v = ctx.operands(op).get(operand as usize).copied();
    let memref = if let Some(l) = affine::LoadOp::view(ctx, op) {
        Some(l.memref(ctx))
    } else if let Some(s) = affine::StoreOp::view(ctx, op) {
        Some(s.memref(ctx))
    } else if let Some(l) = memref::LoadOp::view(ctx, op) {
        Some(l.memref(ctx))
    } else if let Some(s) = memref::StoreOp::view(ctx, op) {
        Some(s.memref(ctx))
    } else {
        CopyOp::view(ctx, op).filter(|_| ctx.operands(op).len() >= 2).map(|c| c.shared(ctx))
    };
    let is_memref = |m: Value| v == Some(m) && ctx.operands(op).iter().filter(|&&x| x == m).count() == 1;
    memref.is_some_and(is_memref)
}

/// The rules of `memplace.copy_in` and `memplace.copy_out`.
pub(crate) fn verify_copy(ctx: &Context, op: OpId) -> Result {
    let copy = CopyOp(op);
    if ctx.operands(op).len() < 2 {
        return Err(op_error(ctx, op, "expects a global memref and a shared buffer"));
    }
    let (global_ty, shared_ty) = (ctx.value_type(copy.global(ctx)), ctx.value_type(copy.shared(ctx)));
    let Some(global) = ctx.memref_parts(global_ty) else {
        return Err(op_error(
            ctx,
            op,
            format!("expects a ranked memref as the global tile, got {}", quoted(ctx, global_ty)),
        ));
    };
    if AddressSpace::of_type(ctx, global_ty) == Some(AddressSpace::Workgroup) {
        return Err(op_error(ctx, op, "expects the tile's memref outside workgroup memory"));
    }
    if !is_shared_buffer(ctx, shared_ty) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects a statically shaped buffer in #gpu.address_space<workgroup> with the identity layout, got {}",
                quoted(ctx, shared_ty)
            ),
        ));
    }
    let shared = ctx.shape(shared_ty).unwrap_or(&[]);
    let elem_of = |t: Type| ctx.memref_parts(t).map(|m| m.elem);
    if elem_of(global_ty) != elem_of(shared_ty) {
        return Err(op_error(ctx, op, "expects the global memref and the shared buffer to have the same element type"));
    }
    let rank = global.shape.len();
    if shared.len() != rank {
        return Err(op_error(ctx, op, format!("expects a shared buffer of rank {rank}, got rank {}", shared.len())));
    }
    let Some(map) = copy.origin_map(ctx) else {
        return Err(op_error(ctx, op, format!("requires affine map attribute '{MAP}'")));
    };
    if map.num_results() != rank {
        return Err(op_error(ctx, op, format!("expects {rank} origin indices, got {}", map.num_results())));
    }
    let extra = ctx.operands(op).len() - 2 - copy.origin_operands(ctx).len();
    let takes_valid = copy.direction(ctx) == Direction::Out;
    if map.num_inputs() != copy.origin_operands(ctx).len() || (extra > 0 && !takes_valid) {
        return Err(op_error(ctx, op, "expects as many origin operands as the origin map has dims and symbols"));
    }
    if extra != 0 && extra != rank {
        return Err(op_error(ctx, op, format!("expects no valid extent or {rank} of them, got {extra}")));
    }
    let sizes = copy.sizes(ctx);
    if ctx.attr_of(op, SIZES).is_none() || sizes.len() != rank {
        return Err(op_error(ctx, op, format!("expects {rank} tile sizes, got {}", sizes.len())));
    }
    for (d, (&size, &cap)) in sizes.iter().zip(shared).enumerate() {
        if size < 1 || size > cap {
            return Err(op_error(
                ctx,
                op,
                format!("tile size {size} along dimension {d} must be positive and fit the shared buffer ({cap})"),
            ));
        }
    }
    let scope = affine_scope(ctx, op);
    if let Some(pos) = copy.origin_operands(ctx).iter().position(|&v| !is_valid_dim(ctx, v, scope)) {
        return Err(op_error(ctx, op, format!("origin operand #{pos} must be a valid affine dimension or symbol")));
    }
    // The lowering compares the tile index with the extent in an affine guard.
    for (d, &v) in copy.valid(ctx).iter().enumerate() {
        let ty = ctx.value_type(v);
        if !ctx.is_index(ty) {
            return Err(op_error(
                ctx,
                op,
                format!("valid extent #{d} must be of type 'index', got {}", quoted(ctx, ty)),
            ));
        }
        if !is_valid_dim(ctx, v, scope) {
            return Err(op_error(ctx, op, format!("valid extent #{d} must be a valid affine dimension or symbol")));
        }
    }
    in_band(ctx, op)
}

/// The rules of `memplace.barrier`.
pub(crate) fn verify_barrier(ctx: &Context, op: OpId) -> Result {
    in_band(ctx, op)
}
