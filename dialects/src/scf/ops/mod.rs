//! The scf ops: one [`OpSpec`](sharc_ir::OpSpec) per op (summary, syntax, example, traits) and a
//! typed view per op whose accessors are the only place the op's attribute names are spelled.
//!
//! The views assume verified IR: an accessor such as [`ForOp::lower_bound`] reads the operand
//! the verifier guarantees. Verifiers (`verify.rs`) check shapes before they use these accessors.
//! Builders (`ForOp::build`, ...) create detached ops whose regions already hold their entry
//! block and, where the op has no results, the implicit terminator.

mod branches;
mod loops;

pub use branches::{ExecuteRegionOp, IfOp, YieldOp, EXECUTE_REGION, IF, YIELD};
pub use loops::{
    ConditionOp, ForOp, ParallelOp, ReduceOp, ReduceReturnOp, WhileOp, CONDITION, FOR, PARALLEL, REDUCE, REDUCE_RETURN,
    WHILE,
};

pub(crate) use branches::NO_INLINE;
pub(crate) use loops::SEGMENTS;

use sharc_ir::{BlockId, Context, OpId, RegionId, Value};

/// The entry block of region `index` of `op`, if the op has that region and it has a block.
pub(crate) fn entry_block_of(ctx: &Context, op: OpId, index: usize) -> Option<BlockId> {
    ctx.regions(op).get(index).and_then(|&r| ctx.entry_block(r))
}

/// The last op of the entry block of `region` (its terminator in verified IR).
pub(crate) fn region_terminator(ctx: &Context, region: RegionId) -> Option<OpId> {
    ctx.entry_block(region).and_then(|b| ctx.block_last_op(b))
}

/// The operands of the terminator of region `index` of `op` if it is the op `name`, else empty.
pub(crate) fn terminator_operands<'c>(ctx: &'c Context, op: OpId, index: usize, name: &str) -> &'c [Value] {
    match ctx.regions(op).get(index).and_then(|&r| region_terminator(ctx, r)) {
        Some(t) if ctx.op_is(t, name) => ctx.operands(t),
        _ => &[],
    }
}
