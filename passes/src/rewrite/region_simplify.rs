//! Region simplification after each greedy iteration: upstream's `simplifyRegions` at its
//! default level (`mlir/lib/Transforms/Utils/RegionUtils.cpp`), i.e. erasing unreachable
//! blocks and dead ops, without merging blocks.
//!
//! Upstream's region DCE is a liveness analysis that can also drop unused arguments of
//! non-entry blocks reached by branches; sharc has no branch dialect, so only the op part
//! applies: an op is dead when it would be trivially dead and all its results are unused once
//! the dead ops after it are gone. Visiting ops in reverse pre-order (users before
//! definitions, nested ops before their parent) finds all of them in one sweep.

use crate::effects::is_trivially_dead;
use sharc_ir::{BlockId, Context, OpId, RegionId};
use std::collections::HashSet;

/// Erases unreachable blocks and dead ops in the regions of `root` (not `root` itself).
/// Returns whether anything changed.
pub fn simplify_regions(ctx: &mut Context, root: OpId) -> bool {
    let mut changed = erase_unreachable_blocks(ctx, root);
    let mut ops = ctx.collect_ops(root);
    ops.reverse();
    ops.pop(); // `root` itself, last after the reversal
    for op in ops {
        if ctx.is_erased(op) || ctx.parent_block(op).is_none() {
            continue;
        }
        if is_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            changed = true;
        }
    }
    changed
}

/// Erases the blocks of multi-block regions that the entry block cannot reach.
fn erase_unreachable_blocks(ctx: &mut Context, root: OpId) -> bool {
    let mut changed = false;
    let regions: Vec<RegionId> = ctx.collect_ops(root).into_iter().flat_map(|o| ctx.regions(o).to_vec()).collect();
    for region in regions {
        let blocks = ctx.region_blocks(region).to_vec();
        if blocks.len() < 2 {
            continue;
        }
        let reachable = reachable_blocks(ctx, blocks[0]);
        let dead: Vec<BlockId> = blocks.iter().copied().filter(|b| !reachable.contains(b)).collect();
        if dead.is_empty() {
            continue;
        }
        changed = true;
        for b in dead {
            ctx.erase_block(b);
        }
    }
    changed
}

fn reachable_blocks(ctx: &Context, entry: BlockId) -> HashSet<BlockId> {
    let mut seen = HashSet::from([entry]);
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if let Some(t) = ctx.block_last_op(b) {
            for &s in ctx.successors(t) {
                if seen.insert(s) {
                    stack.push(s);
                }
            }
        }
    }
    seen
}
