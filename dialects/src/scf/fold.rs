//! Canonicalization patterns of the scf ops: the cheap subset of upstream's that removes control
//! flow decided at compile time.
//!
//! - `scf.if` on a constant condition is replaced by the branch taken (`RemoveStaticCondition`);
//!   an `scf.if` without results whose else branch is empty loses it (`RemoveEmptyElseBranch`).
//! - `scf.for` with constant bounds and step that runs zero times is replaced by its inits, and
//!   one that runs once by its body (`SimplifyTrivialLoops`).
//! - A single-block `scf.execute_region` without `no_inline` is inlined
//!   (`SingleBlockExecuteInliner`).

use super::ops::{ExecuteRegionOp, ForOp, IfOp, YieldOp};
use crate::arith::ConstantOp;
use sharc_ir::builder::InsertPoint;
use sharc_ir::{BlockId, Context, OpId, Value};

/// The integer value of `v` if an `arith.constant` defines it.
fn constant_int(ctx: &Context, v: Value) -> Option<i128> {
    let def = ctx.defining_op(v)?;
    ConstantOp::view(ctx, def)?.int_value(ctx)
}

/// Moves the ops of `block` but its terminator (an `scf.yield`) before `op`, then replaces `op`'s
/// results with the yielded values and erases it. `block`'s arguments must be unused or already
/// replaced. Returns false (changing nothing) if the block does not end in a matching yield.
fn inline_block_before(ctx: &mut Context, op: OpId, block: BlockId) -> bool {
    let Some(term) = ctx.block_last_op(block).filter(|&t| YieldOp::view(ctx, t).is_some()) else { return false };
    let values = ctx.operands(term).to_vec();
    if values.len() != ctx.results(op).len() {
        return false;
    }
    for o in ctx.block_ops(block) {
        if o != term {
            ctx.move_op(o, InsertPoint::Before(op));
        }
    }
    ctx.replace_op(op, &values);
    true
}

/// `scf.if` on a constant condition becomes the branch taken; with a false condition and no else
/// branch the op (which then has no results) is erased.
pub(crate) fn if_static_condition(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = IfOp::view(ctx, op) else { return false };
    let Some(c) = constant_int(ctx, view.condition(ctx)) else { return false };
    let block = if c != 0 { Some(view.then_block(ctx)) } else { view.else_block(ctx) };
    match block {
        Some(b) => inline_block_before(ctx, op, b),
        None if ctx.results(op).is_empty() => {
            ctx.erase_op(op);
            true
        }
        None => false,
    }
}

/// An `scf.if` without results whose else block holds only its `scf.yield` loses the else region.
pub(crate) fn if_remove_empty_else(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = IfOp::view(ctx, op) else { return false };
    if !ctx.results(op).is_empty() {
        return false;
    }
    let Some(block) = view.else_block(ctx) else { return false };
    let only_yield = ctx
        .block_first_op(block)
        .is_some_and(|f| Some(f) == ctx.block_last_op(block) && YieldOp::view(ctx, f).is_some());
    if !only_yield {
        return false;
    }
    let region = view.else_region(ctx);
    ctx.erase_region_contents(region);
    true
}

/// `scf.for` with constant bounds and step running zero times is replaced by its inits; running
/// once, by its body with the induction variable replaced by the lower bound.
pub(crate) fn for_trivial_trip_count(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = ForOp::view(ctx, op) else { return false };
    let (lb, ub, step) = (view.lower_bound(ctx), view.upper_bound(ctx), view.step(ctx));
    let (Some(l), Some(u), Some(s)) = (constant_int(ctx, lb), constant_int(ctx, ub), constant_int(ctx, step)) else {
        return false;
    };
    if s <= 0 {
        return false;
    }
    let inits = view.init_args(ctx).to_vec();
    if l >= u {
        ctx.replace_op(op, &inits);
        return true;
    }
    if l + s < u {
        return false;
    }
    let body = view.body(ctx);
    let iv = view.induction_var(ctx);
    let iter_args = view.region_iter_args(ctx).to_vec();
    if iter_args.len() != inits.len() || YieldOp::of_region(ctx, view.region(ctx)).is_none() {
        return false;
    }
    ctx.replace_all_uses(iv, lb);
    for (a, v) in iter_args.into_iter().zip(inits) {
        ctx.replace_all_uses(a, v);
    }
    inline_block_before(ctx, op, body)
}

/// A single-block `scf.execute_region` without `no_inline` is replaced by its block.
pub(crate) fn inline_single_block_execute_region(ctx: &mut Context, op: OpId) -> bool {
    let Some(view) = ExecuteRegionOp::view(ctx, op) else { return false };
    let region = view.region(ctx);
    if view.no_inline(ctx) || ctx.region_blocks(region).len() != 1 {
        return false;
    }
    let Some(block) = ctx.entry_block(region) else { return false };
    inline_block_before(ctx, op, block)
}
