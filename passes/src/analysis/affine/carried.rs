//! Carried values the program observes: which `iter_args` of `affine.for` (and results of
//! `affine.if`/`scf.if`) matter, so that a loop whose carried values nobody observes may still
//! run in parallel.
//!
//! A front-end that keeps scalars in SSA registers carries every scalar a loop body assigns, as
//! MLIR front-ends do. A carried value matters only if an iteration reads the value the previous
//! one left (the body's argument is used) or code after the loop reads the last value (the
//! result is used), directly or through other carried values that matter. A scalar each
//! iteration assigns before reading it and that is dead after the loop (a temporary such as
//! `sum = 0; for (k...) sum += ...; C[i][j] = sum;` inside the `j` loop) is private to the
//! iteration, as OpenACC's `private` makes it, and does not keep the loop sequential.

use sharc_dialects::{affine as aff, scf};
use sharc_ir::op::{Use, ValueDef};
use sharc_ir::{Context, OpId, Value};
use std::collections::HashSet;

/// The carried slots of a function that the program observes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObservedCarried {
    /// `(op, k)`: slot `k` of a carrier (`affine.for` iter_arg `k` with its result, or result
    /// `k` of an `affine.if`/`scf.if`) is observed.
    pub slots: HashSet<(OpId, usize)>,
    /// The values whose contents the program needs (a loop's body argument is here when an
    /// iteration reads what the previous one left).
    pub values: HashSet<Value>,
}

impl ObservedCarried {
    /// Whether an iteration of `for_op` reads the value of slot `k` that the previous one left.
    pub fn read_in_loop(&self, ctx: &Context, for_op: OpId, k: usize) -> bool {
        aff::ForOp(for_op).region_iter_args(ctx).get(k).is_some_and(|a| self.values.contains(a))
    }
}

/// Whether `op` carries values through slots: `affine.for`, `affine.if`, `scf.if`.
fn is_carrier(ctx: &Context, op: OpId) -> bool {
    aff::ForOp::view(ctx, op).is_some() || aff::IfOp::view(ctx, op).is_some() || scf::IfOp::view(ctx, op).is_some()
}

/// The carrier slot a use passes its value on to, instead of computing with it: an
/// `affine.for` init, or an operand of the yield that ends a carrier's region.
fn passed_to(ctx: &Context, u: &Use) -> Option<(OpId, usize)> {
    if let Some(f) = aff::ForOp::view(ctx, u.op) {
        let first_init = ctx.operands(u.op).len() - f.inits(ctx).len();
        return (u.operand as usize).checked_sub(first_init).map(|k| (u.op, k));
    }
    if aff::YieldOp::view(ctx, u.op).is_some() || scf::YieldOp::view(ctx, u.op).is_some() {
        let parent = ctx.parent_op(u.op)?;
        return is_carrier(ctx, parent).then_some((parent, u.operand as usize));
    }
    None
}

/// The carried slots of the carriers in `func` that the program observes.
pub fn observed_carried_values(ctx: &Context, func: OpId) -> ObservedCarried {
    let mut needed: Vec<Value> = Vec::new();
    for op in ctx.collect_ops(func) {
        for &v in ctx.operands(op) {
            if ctx.uses(v).iter().any(|u| u.op == op && passed_to(ctx, u).is_none()) {
                needed.push(v);
            }
        }
    }
    // A slot is observed when its result or, for a loop, its body argument is needed; then what
    // flows into it (the loop's initial value, the yielded values) is needed too. The body
    // argument itself is needed only through its own uses.
    let mut out = ObservedCarried::default();
    while let Some(v) = needed.pop() {
        if !out.values.insert(v) {
            continue;
        }
        let slot = match ctx.value_def(v) {
            ValueDef::OpResult { op, index } => Some((op, index as usize)),
            ValueDef::BlockArg { block, index } => ctx
                .block_parent_op(block)
                .filter(|&p| aff::ForOp::view(ctx, p).is_some() && index > 0)
                .map(|p| (p, index as usize - 1)),
        };
        let Some((op, k)) = slot else { continue };
        if !is_carrier(ctx, op) || !out.slots.insert((op, k)) {
            continue;
        }
        if let Some(f) = aff::ForOp::view(ctx, op) {
            needed.extend(f.inits(ctx).get(k).copied());
        }
        for &region in ctx.regions(op) {
            for &block in ctx.region_blocks(region) {
                let Some(term) = ctx.block_last_op(block) else { continue };
                if aff::YieldOp::view(ctx, term).is_some() || scf::YieldOp::view(ctx, term).is_some() {
                    needed.extend(ctx.operands(term).get(k).copied());
                }
            }
        }
    }
    out
}
