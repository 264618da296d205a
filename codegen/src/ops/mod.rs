//! Op lowerings, one module per dialect, tried in turn by [`lower_op`].
//!
//! Each dialect module exposes `lower(l, op) -> Res<bool>`: `Ok(true)` when it recognised the
//! op (through the op's typed view, or for arith and math a table keyed by the op's `OpSpec`)
//! and emitted it. An op no module recognises is a located error naming it.

mod arith;
mod gpu;
mod math;
pub(crate) mod memref;
mod scf;
mod vector;

use crate::lower::{Exit, FnLowering, Res};
use sharc_ir::OpId;

/// Lowers one non-terminator op.
pub(crate) fn lower_op(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<()> {
    if arith::lower(l, op)?
        || math::lower(l, op)?
        || memref::lower(l, op)?
        || vector::lower(l, op)?
        || scf::lower(l, op)?
        || gpu::lower(l, op)?
    {
        return Ok(());
    }
    let name = l.ctx.op_name(op);
    let affine = sharc_dialects::affine::DIALECT.name;
    if name.strip_prefix(affine).is_some_and(|rest| rest.starts_with('.')) {
        return Err(
            l.err(op, format!("'{name}' must be lowered before code generation (run sharc-opt --lower-affine)"))
        );
    }
    Err(l.err(op, format!("'{name}' cannot be translated to LLVM IR: the code generator does not support it")))
}

/// If `op` ends its block (`scf.yield`, `scf.condition`, `gpu.return`), what it passes on.
pub(crate) fn terminator(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<Option<Exit>> {
    if let Some(e) = scf::terminator(l, op) {
        return Ok(Some(e));
    }
    gpu::terminator(l, op)
}
