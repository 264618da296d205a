//! Canonicalization patterns of the gpu ops.

use super::ops::BarrierOp;
use sharc_ir::{Context, OpId};

/// A `gpu.barrier` directly followed by another is redundant: the threads are already
/// synchronized (upstream's `eraseRedundantGpuBarrierOps`).
pub(crate) fn erase_redundant_barrier(ctx: &mut Context, op: OpId) -> bool {
    let redundant =
        BarrierOp::view(ctx, op).is_some() && ctx.next_op(op).is_some_and(|n| BarrierOp::view(ctx, n).is_some());
    if redundant {
        ctx.erase_op(op);
    }
    redundant
}
