//! gpu ops inside a kernel: thread/block ids and sizes, `gpu.barrier`, `gpu.return`.
//! What they become is the architecture's business (`crate::arch`).

use crate::lower::{internal, Exit, FnLowering, Res};
use sharc_dialects::gpu::{BarrierOp, IndexKind, IndexOp, ReturnOp};
use sharc_ir::OpId;

pub(super) fn lower(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<bool> {
    let ctx = l.ctx;
    if let Some(i) = IndexOp::view(ctx, op) {
        let dim = i.dimension(ctx).ok_or_else(|| l.err(op, "id op without a valid dimension"))?.index();
        let kind = i.kind(ctx);
        let v = match (kind, l.known_block_size) {
            // A known block size folds, as upstream's `gpu.known_block_size` promises.
            (IndexKind::BlockDim, Some(sizes)) => l.i64_const(sizes[dim]),
            _ => l.arch().index(l, kind, dim)?,
        };
        l.bind_scalar(i.result(ctx), v);
        return Ok(true);
    }
    if BarrierOp::view(ctx, op).is_some() {
        l.arch().barrier(l)?;
        return Ok(true);
    }
    Ok(false)
}

pub(super) fn terminator(l: &mut FnLowering<'_, '_>, op: OpId) -> Res<Option<Exit>> {
    let Some(r) = ReturnOp::view(l.ctx, op) else { return Ok(None) };
    if !r.values(l.ctx).is_empty() {
        return Err(l.err(op, "a kernel returns no values"));
    }
    l.b.build_return(None).map_err(internal)?;
    Ok(Some(Exit::Return))
}
