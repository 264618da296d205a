//! The greedy rewrite driver: upstream's `applyPatternsGreedily`
//! (`mlir/lib/Transforms/Utils/GreedyPatternRewriteDriver.cpp`) over the folders and
//! canonicalization patterns of the ops' [`OpSpec`](sharc_ir::OpSpec)s.
//!
//! Each iteration:
//! 1. walks the regions of the root (pre-order, or post-order with `top_down = false`); every
//!    constant goes through the [`ConstantUniquer`] (hoisted to the entry block of its
//!    isolated-from-above region, or replaced by an equal one), and every op is pushed on a
//!    LIFO worklist, which is then reversed so ops come off in walk order;
//! 2. pops ops until the worklist is empty: a trivially dead op is erased; otherwise the op is
//!    folded ([`fold::fold_op`]; attribute results are materialized by the op's dialect right
//!    before the op) and, failing that, its canonicalization patterns are tried in order;
//! 3. simplifies the regions (unreachable blocks, dead ops).
//!
//! It repeats while anything changed, at most `max_iterations` times. Changes feed the
//! worklist as upstream's listener does: created ops and their ancestors, users of replaced
//! results, and the definitions of operands that lost their last-but-one use.
//!
//! sharc's patterns are plain functions on the [`Context`] and notify nobody, so after a
//! pattern succeeds the driver finds its work by looking: the ops created meanwhile (by id),
//! the users of the op's former results and the definitions of its former operands. What it
//! misses is caught by the region simplification and the next iteration.

pub mod constants;
pub mod fold;
mod region_simplify;
mod worklist;

use crate::effects::is_trivially_dead;
use constants::{ConstantUniquer, Known};
use fold::{constant_op_value, fold_op, Folded};
use sharc_ir::registry::FoldResult;
use sharc_ir::{Context, InsertPoint, OpId, OpTraits, RegionId, Value};
use std::collections::HashSet;
use worklist::Worklist;

/// How the greedy driver runs.
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Visit ops parents-first in program order (upstream's default) rather than post-order.
    pub top_down: bool,
    /// Iterations at most; `None` for no limit (see [`ITERATION_CAP`]).
    pub max_iterations: Option<u64>,
    /// Pattern applications per iteration at most; `None` for no limit (see
    /// [`REWRITE_CAP_PER_OP`]).
    pub max_num_rewrites: Option<u64>,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig { top_down: true, max_iterations: Some(10), max_num_rewrites: None }
    }
}

/// Iterations run when no limit is set: a pair of patterns undoing each other would
/// otherwise loop forever (upstream does loop).
pub const ITERATION_CAP: u64 = 1000;

/// Pattern applications per op of the scope and iteration when no limit is set, for the same
/// reason.
pub const REWRITE_CAP_PER_OP: u64 = 100;

/// Applies folders and canonicalization patterns to everything nested in `root` (not to
/// `root` itself) until nothing changes. Returns whether it converged within the limits.
pub fn apply_patterns_greedily(ctx: &mut Context, root: OpId, config: GreedyConfig) -> bool {
    let mut converged = true;
    for region in ctx.regions(root).to_vec() {
        let mut driver = Driver { scope: region, worklist: Worklist::default(), uniquer: ConstantUniquer::default() };
        converged &= driver.simplify(ctx, root, config);
    }
    converged
}

/// What [`Driver::try_fold`] did.
enum FoldOutcome {
    None,
    InPlace,
    Replaced,
}

struct Driver {
    /// The region whose ops (and nested ops) the driver may rewrite.
    scope: RegionId,
    worklist: Worklist,
    uniquer: ConstantUniquer,
}

impl Driver {
    fn simplify(&mut self, ctx: &mut Context, root: OpId, config: GreedyConfig) -> bool {
        let max_iterations = config.max_iterations.unwrap_or(ITERATION_CAP).min(ITERATION_CAP);
        let mut iteration = 0;
        loop {
            if iteration >= max_iterations {
                // Upstream counts zero iterations as converged: nothing was left changing.
                return iteration == 0;
            }
            iteration += 1;
            self.worklist.clear();
            self.uniquer = ConstantUniquer::default();
            self.fill_worklist(ctx, config.top_down);
            let num_ops = ctx.collect_ops(root).len() as u64;
            let max_rewrites = config.max_num_rewrites.unwrap_or(REWRITE_CAP_PER_OP.saturating_mul(num_ops.max(1)));
            let mut changed = self.process_worklist(ctx, max_rewrites);
            changed |= region_simplify::simplify_regions(ctx, root);
            if !changed {
                return true;
            }
        }
    }

    /// Step 1: constants are uniqued and hoisted, every op is queued in walk order.
    fn fill_worklist(&mut self, ctx: &mut Context, top_down: bool) {
        let blocks = ctx.region_blocks(self.scope).to_vec();
        for b in blocks {
            self.walk_block(ctx, b, top_down);
        }
        if top_down {
            self.worklist.reverse();
        }
    }

    fn walk_block(&mut self, ctx: &mut Context, block: sharc_ir::BlockId, top_down: bool) {
        // The ops are collected first: the walk moves constants to the entry block and erases
        // duplicates, as upstream's early-increment iteration allows.
        for op in ctx.block_ops(block) {
            if ctx.is_erased(op) {
                continue;
            }
            if top_down {
                if !self.insert_known_constant(ctx, op) {
                    continue;
                }
                self.worklist.push(op);
                self.walk_regions(ctx, op, top_down);
            } else {
                self.walk_regions(ctx, op, top_down);
                if self.insert_known_constant(ctx, op) {
                    self.add_to_worklist(ctx, op);
                }
            }
        }
    }

    fn walk_regions(&mut self, ctx: &mut Context, op: OpId, top_down: bool) {
        for r in ctx.regions(op).to_vec() {
            for b in ctx.region_blocks(r).to_vec() {
                self.walk_block(ctx, b, top_down);
            }
        }
    }

    /// Returns `false` when `op` was a duplicate constant and is gone.
    fn insert_known_constant(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let Some(value) = constant_op_value(ctx, op) else { return true };
        match self.uniquer.insert_known_constant(ctx, op, value) {
            Known::Kept => true,
            Known::Duplicate(existing) => {
                let with = ctx.results(existing).to_vec();
                self.replace_op(ctx, op, &with);
                false
            }
        }
    }

    /// Step 2. Returns whether anything changed.
    fn process_worklist(&mut self, ctx: &mut Context, max_rewrites: u64) -> bool {
        let mut changed = false;
        let (mut rewrites, mut in_place) = (0, 0);
        while rewrites < max_rewrites {
            let Some(op) = self.worklist.pop() else { break };
            if ctx.is_erased(op) || !self.in_scope(ctx, op) {
                continue;
            }
            if is_trivially_dead(ctx, op) {
                self.erase_op(ctx, op);
                changed = true;
                continue;
            }
            if !ctx.op_has(op, OpTraits::CONSTANT_LIKE) {
                match self.try_fold(ctx, op) {
                    FoldOutcome::None => {}
                    FoldOutcome::Replaced => {
                        changed = true;
                        continue;
                    }
                    FoldOutcome::InPlace => {
                        // Not a rewrite upstream, but a folder that always claims an in-place
                        // change would otherwise loop forever.
                        changed = true;
                        in_place += 1;
                        if in_place >= max_rewrites {
                            break;
                        }
                        continue;
                    }
                }
            }
            if self.apply_patterns(ctx, op) {
                changed = true;
                rewrites += 1;
            }
        }
        changed
    }

    /// Folds `op`.
    fn try_fold(&mut self, ctx: &mut Context, op: OpId) -> FoldOutcome {
        let results = match fold_op(ctx, op) {
            Folded::No => return FoldOutcome::None,
            Folded::InPlace => {
                self.add_to_worklist(ctx, op);
                return FoldOutcome::InPlace;
            }
            Folded::Replace(r) => r,
        };
        let Some(dialect) = ctx.op_spec(op).and_then(|s| ctx.registry().dialect(s.dialect())) else {
            return FoldOutcome::None;
        };
        let mut replacements = Vec::new();
        let mut created = Vec::new();
        for (i, r) in results.into_iter().enumerate() {
            let v = match r {
                FoldResult::Value(v) => Some(v),
                FoldResult::Attr(attr) => {
                    let ty = ctx.value_type(ctx.result(op, i));
                    let loc = ctx.loc(op).clone();
                    let state = dialect.materialize_constant.and_then(|m| m(ctx, attr, ty, loc));
                    state.and_then(|s| {
                        let c = ctx.create_op(s);
                        ctx.insert_op(InsertPoint::Before(op), c);
                        created.push(c);
                        let ok = constant_op_value(ctx, c).is_some() && ctx.value_type(ctx.result(c, 0)) == ty;
                        ok.then(|| ctx.result(c, 0))
                    })
                }
            };
            match v {
                Some(v) => replacements.push(v),
                None => {
                    // Upstream cleans up what it materialized for the earlier results.
                    for c in created {
                        ctx.erase_op(c);
                    }
                    return FoldOutcome::None;
                }
            }
        }
        for c in created {
            self.add_to_worklist(ctx, c);
        }
        self.replace_op(ctx, op, &replacements);
        FoldOutcome::Replaced
    }

    /// Tries the op's canonicalization patterns in order; returns whether one applied.
    fn apply_patterns(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let Some(spec) = ctx.op_spec(op) else { return false };
        for pattern in spec.canonicalize {
            let mark = ctx.num_ops();
            let results = ctx.results(op).to_vec();
            let users = self.users_of(ctx, &results);
            let operands = ctx.operands(op).to_vec();
            if !pattern(ctx, op) {
                continue;
            }
            let created: Vec<OpId> = ctx.ops_created_since(mark).collect();
            for c in created {
                if !ctx.is_erased(c) && ctx.parent_block(c).is_some() {
                    self.add_to_worklist(ctx, c);
                }
            }
            for u in users {
                if !ctx.is_erased(u) {
                    self.add_to_worklist(ctx, u);
                }
            }
            if ctx.is_erased(op) {
                self.add_operands_to_worklist(ctx, &operands);
            } else {
                self.add_to_worklist(ctx, op);
            }
            return true;
        }
        false
    }

    /// The users of `values`, each once, newest use first (upstream's use-list order).
    fn users_of(&self, ctx: &Context, values: &[Value]) -> Vec<OpId> {
        let mut seen = HashSet::new();
        let mut users = Vec::new();
        for &v in values {
            for u in ctx.uses(v).iter().rev() {
                if seen.insert(u.op) {
                    users.push(u.op);
                }
            }
        }
        users
    }

    /// Replaces `op`'s results and erases it, queueing the users (they were modified).
    fn replace_op(&mut self, ctx: &mut Context, op: OpId, with: &[Value]) {
        let results = ctx.results(op).to_vec();
        for (&r, &w) in results.iter().zip(with) {
            let users = self.users_of(ctx, &[r]);
            ctx.replace_all_uses(r, w);
            for u in users {
                self.add_to_worklist(ctx, u);
            }
        }
        self.erase_op(ctx, op);
    }

    /// Erases `op` and its nested ops one by one, users before definitions, queueing the
    /// definitions of operands that become (almost) unused, as upstream's `eraseOp` does.
    fn erase_op(&mut self, ctx: &mut Context, op: OpId) {
        for r in ctx.regions(op).to_vec().into_iter().rev() {
            for b in ctx.region_blocks(r).to_vec().into_iter().rev() {
                for o in ctx.block_ops(b).into_iter().rev() {
                    self.erase_op(ctx, o);
                }
            }
        }
        let operands = ctx.operands(op).to_vec();
        self.add_operands_to_worklist(ctx, &operands);
        self.worklist.remove(op);
        self.uniquer.notify_erased(op);
        ctx.erase_op(op);
    }

    /// Queues the definitions of operands left with at most one use (upstream's
    /// `addOperandsToWorklist`: dead or single-use values enable more rewrites).
    fn add_operands_to_worklist(&mut self, ctx: &Context, operands: &[Value]) {
        for &v in operands {
            if ctx.uses(v).len() > 1 {
                continue;
            }
            if let Some(def) = ctx.defining_op(v) {
                if !ctx.is_erased(def) {
                    self.add_to_worklist(ctx, def);
                }
            }
        }
    }

    /// Queues `op` and its ancestors inside the scope; nothing when `op` is outside it.
    fn add_to_worklist(&mut self, ctx: &Context, op: OpId) {
        let mut chain = vec![op];
        let mut cur = op;
        loop {
            let Some(region) = ctx.parent_block(cur).and_then(|b| ctx.block_parent(b)) else { return };
            if region == self.scope {
                break;
            }
            let Some(parent) = ctx.region_parent(region) else { return };
            chain.push(parent);
            cur = parent;
        }
        for o in chain {
            self.worklist.push(o);
        }
    }

    fn in_scope(&self, ctx: &Context, mut op: OpId) -> bool {
        loop {
            let Some(region) = ctx.parent_block(op).and_then(|b| ctx.block_parent(b)) else { return false };
            if region == self.scope {
                return true;
            }
            let Some(parent) = ctx.region_parent(region) else { return false };
            op = parent;
        }
    }
}
#[cfg(test)]
mod tests;
