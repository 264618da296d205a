//! The verifier: structural rules every op obeys, then each op's own rules.
//!
//! Checked here, for every op under the root:
//! - ops of unregistered dialects only when the context allows them;
//! - terminators: a registered terminator is last in its block; every block of a registered op
//!   with regions ends in a terminator unless the op has `NO_TERMINATOR`; `SINGLE_BLOCK` regions
//!   have at most one block;
//! - successors lie in the same region;
//! - SSA dominance: a use is dominated by its definition (same block: defined earlier; else the
//!   defining block dominates), except in graph regions;
//! - isolation: regions of `ISOLATED_FROM_ABOVE` ops use no value defined outside;
//! - symbol tables: no two symbols of one table share a name;
//! - the op's own [`OpSpec::verify`](crate::OpSpec).

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::op::ValueDef;
use crate::registry::OpTraits;
// Fx hashing: the keys are dense ids, hashed for every op verified; no untrusted keys.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// An error about `op`, prefixed as MLIR's `emitOpError`: `'name' op message`.
pub fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op).clone(), format!("'{}' op {msg}", ctx.op_name(op)))
}

/// Verifies `root` and everything nested in it; returns the first error.
pub fn verify(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let mut v = Verifier { ctx, order: Vec::new(), dominators: HashMap::default() };
    v.verify_op(root)
}

struct Verifier<'a> {
    ctx: &'a Context,
    /// Position of each op in its block, indexed by op id (`u32::MAX`: not yet known); filled
    /// per block on demand. Dense, not a map: same-block dominance asks for it for most
    /// operands, and hashing every op of every block was a visible share of verification.
    order: Vec<u32>,
    /// Dominator sets of blocks of multi-block regions.
    dominators: HashMap<RegionId, HashMap<BlockId, HashSet<BlockId>>>,
}

impl Verifier<'_> {
    fn verify_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let spec = ctx.op_spec(op);
        if spec.is_none() && !ctx.allow_unregistered {
            return Err(op_error(ctx, op, "is unregistered; use --allow-unregistered-dialect to accept it"));
        }
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            self.check_use(op, i, v)?;
        }
        let block = ctx.parent_block(op);
        for &s in ctx.successors(op) {
            let same_region = block.is_some() && ctx.block_parent(s) == block.and_then(|b| ctx.block_parent(b));
            if !same_region {
                return Err(op_error(ctx, op, "has successor in a different region"));
            }
        }
        if let Some(spec) = spec {
            if spec.has(OpTraits::TERMINATOR) {
                if let Some(b) = block {
                    if ctx.block_last_op(b) != Some(op) {
                        return Err(op_error(ctx, op, "must be the last operation in the parent block"));
                    }
                }
            }
        }
        // MLIR's `SingleBlock` trait checks every region before any region is entered.
        if spec.is_some_and(|s| s.has(OpTraits::SINGLE_BLOCK)) {
            let needs_terminator = spec.is_some_and(|s| !s.has(OpTraits::NO_TERMINATOR));
            for (ri, &r) in ctx.regions(op).iter().enumerate() {
                let blocks = ctx.region_blocks(r);
                if blocks.len() > 1 {
                    return Err(op_error(ctx, op, format!("expects region #{ri} to have 0 or 1 blocks")));
                }
                if needs_terminator && blocks.first().is_some_and(|&b| ctx.block_first_op(b).is_none()) {
                    return Err(op_error(ctx, op, "expects a non-empty block"));
                }
            }
        }
        for &r in ctx.regions(op) {
            let blocks = ctx.region_blocks(r);
            if let Some(&entry) = blocks.first() {
                let has_pred =
                    blocks.iter().any(|&b| ctx.block_last_op(b).is_some_and(|t| ctx.successors(t).contains(&entry)));
                if has_pred {
                    return Err(Diagnostic::error(
                        ctx.loc(op).clone(),
                        "entry block of region may not have predecessors",
                    ));
                }
            }
            if let Some(spec) = spec {
                if spec.has(OpTraits::SYMBOL_TABLE) {
                    self.check_symbols(op, r)?;
                }
            }
            // As MLIR's verifier: an empty block is reported on entering it, a missing
            // terminator after its ops (so a misplaced terminator is reported as such first).
            let needs_terminator = spec.is_some_and(|s| !s.has(OpTraits::NO_TERMINATOR));
            // Upstream's `mayBeValidWithoutTerminator`: only a region of one block may have an
            // empty block, and only if its op (registered or not) may lack terminators.
            let may_be_empty = blocks.len() == 1 && !needs_terminator;
            for &b in blocks {
                if !may_be_empty && ctx.block_first_op(b).is_none() {
                    return Err(Diagnostic::error(ctx.loc(op).clone(), "empty block: expect at least a terminator"));
                }
                for o in ctx.block_ops_iter(b) {
                    self.verify_op(o)?;
                }
                let ends =
                    ctx.block_last_op(b).is_some_and(|l| ctx.op_spec(l).is_none_or(|s| s.has(OpTraits::TERMINATOR)));
                if needs_terminator && !ends {
                    let loc = ctx.block_last_op(b).map_or_else(|| ctx.loc(op).clone(), |l| ctx.loc(l).clone());
                    let msg = "block with no terminator, has ".to_string() + &op_summary(ctx, ctx.block_last_op(b));
                    return Err(Diagnostic::error(loc, msg));
                }
            }
        }
        if let Some(verify) = spec.and_then(|s| s.verify) {
            verify(ctx, op)?;
        }
        Ok(())
    }

    fn check_symbols(&self, op: OpId, r: RegionId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let mut seen: HashMap<&str, OpId> = HashMap::default();
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops_iter(b) {
                if let Some(name) = ctx.symbol_name(o) {
                    if let Some(&prev) = seen.get(name) {
                        return Err(Diagnostic::error(
                            ctx.loc(o).clone(),
                            format!("redefinition of symbol named '{name}'"),
                        )
                        .with_note(ctx.loc(prev).clone(), "see existing symbol definition here"));
                    }
                    seen.insert(name, o);
                }
            }
        }
        let _ = op;
        Ok(())
    }

    fn position(&mut self, op: OpId) -> usize {
        if self.order.is_empty() {
            self.order = vec![u32::MAX; self.ctx.num_ops()];
        }
        match self.order.get(op.index()) {
            Some(&p) if p != u32::MAX => return p as usize,
            _ => {}
        }
        if let Some(b) = self.ctx.parent_block(op) {
            for (i, o) in self.ctx.block_ops_iter(b).enumerate() {
                if let Some(slot) = self.order.get_mut(o.index()) {
                    // Saturates at `u32::MAX - 1`: a block of 4 G ops does not fit in memory.
                    *slot = u32::try_from(i).unwrap_or(u32::MAX - 1).min(u32::MAX - 1);
                }
            }
        }
        self.order.get(op.index()).copied().filter(|&p| p != u32::MAX).unwrap_or(0) as usize
    }

    /// Checks that operand `index` (value `v`) of `user` is dominated by its definition and does
    /// not cross an isolation boundary.
    fn check_use(&mut self, user: OpId, index: usize, v: Value) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let Some(def_block) = ctx.value_block(v) else {
            return Err(op_error(ctx, user, format!("operand #{index} is not defined")));
        };
        let Some(def_region) = ctx.block_parent(def_block) else {
            return Err(op_error(ctx, user, format!("operand #{index} uses a value whose definition was erased")));
        };
        // Walk up from the user to the op that sits in the defining region.
        let mut cur = user;
        loop {
            let Some(b) = ctx.parent_block(cur) else {
                return Err(self.dominance_error(user, index, v));
            };
            if ctx.block_parent(b) == Some(def_region) {
                break;
            }
            let Some(parent) = ctx.parent_op(cur) else {
                return Err(self.dominance_error(user, index, v));
            };
            // Leaving the regions of `parent` to find the definition: it must not be isolated.
            if ctx.op_has(parent, OpTraits::ISOLATED_FROM_ABOVE) {
                return Err(op_error(ctx, user, "using value defined outside the region")
                    .with_note(ctx.loc(parent).clone(), "required by region isolation constraints"));
            }
            cur = parent;
        }
        let use_block = ctx.parent_block(cur).expect("checked in the loop");
        // In graph regions, and (as upstream's `DominanceInfo`) within one block of an
        // unregistered op's region, uses may precede definitions; across blocks of an
        // unregistered op's region dominance still holds.
        let parent = ctx.region_parent(def_region);
        if parent.is_some_and(|p| ctx.op_has(p, OpTraits::GRAPH_REGION)) {
            return Ok(());
        }
        if use_block == def_block && parent.is_some_and(|p| ctx.op_spec(p).is_none()) {
            return Ok(());
        }
        if use_block == def_block {
            match ctx.value_def(v) {
                ValueDef::BlockArg { .. } => return Ok(()),
                ValueDef::OpResult { op: def, .. } => {
                    if def != cur && self.position(def) < self.position(cur) {
                        return Ok(());
                    }
                    return Err(self.dominance_error(user, index, v));
                }
            }
        }
        if self.block_dominates(def_region, def_block, use_block) {
            Ok(())
        } else {
            Err(self.dominance_error(user, index, v))
        }
    }

    /// Upstream's dominance error (no op prefix) with its note saying where the operand is
    /// defined relative to the user.
    fn dominance_error(&self, user: OpId, index: usize, v: Value) -> Diagnostic {
        let ctx = self.ctx;
        let d = Diagnostic::error(ctx.loc(user).clone(), format!("operand #{index} does not dominate this use"));
        let user_block = ctx.parent_block(user);
        let user_region = user_block.and_then(|b| ctx.block_parent(b));
        let Some(def_block) = ctx.value_block(v) else { return d };
        let def_region = ctx.block_parent(def_block);
        let relation = |in_same: &str, parent: &str, child: &str, neither: &str| -> String {
            if def_region == user_region {
                in_same.to_string()
            } else if def_region.zip(user_region).is_some_and(|(a, b)| self.region_is_proper_ancestor(a, b)) {
                parent.to_string()
            } else if def_region.zip(user_region).is_some_and(|(a, b)| self.region_is_proper_ancestor(b, a)) {
                child.to_string()
            } else {
                neither.to_string()
            }
        };
        match ctx.defining_op(v) {
            Some(def) => {
                let place = if Some(def_block) == user_block {
                    "op in the same block".to_string()
                } else {
                    relation(
                        "op in the same region",
                        "op in a parent region",
                        "op in a child region",
                        "op is neither in a parent nor in a child region",
                    )
                };
                d.with_note(ctx.loc(def).clone(), format!("operand defined here ({place})"))
            }
            None => {
                let owner = ctx.block_parent_op(def_block);
                let loc = owner.map(|o| ctx.loc(o).clone()).unwrap_or_default();
                let n = def_region.and_then(|r| ctx.region_blocks(r).iter().position(|&b| b == def_block)).unwrap_or(0);
                let place = relation(
                    "in the same region",
                    "in a parent region",
                    "in a child region",
                    "neither in a parent nor in a child region",
                );
                d.with_note(loc, format!("operand defined as a block argument (block #{n} {place})"))
            }
        }
    }

    /// Whether region `a` strictly encloses region `b`.
    fn region_is_proper_ancestor(&self, a: RegionId, b: RegionId) -> bool {
        let ctx = self.ctx;
        let mut cur = ctx.region_parent(b).and_then(|op| ctx.parent_block(op)).and_then(|blk| ctx.block_parent(blk));
        while let Some(r) = cur {
            if r == a {
                return true;
            }
            cur = ctx.region_parent(r).and_then(|op| ctx.parent_block(op)).and_then(|blk| ctx.block_parent(blk));
        }
        false
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let ctx = self.ctx;
        let doms = self.dominators.entry(region).or_insert_with(|| compute_dominators(ctx, region));
        doms.get(&b).is_some_and(|d| d.contains(&a))
    }
}

/// The op as MLIR shows it in "block with no terminator" errors: in generic form, its values named
/// as in its closest isolated-from-above ancestor.
fn op_summary(ctx: &Context, op: Option<OpId>) -> String {
    match op {
        Some(o) => {
            let scope = ctx.ancestor(o, |c, a| c.op_has(a, OpTraits::ISOLATED_FROM_ABOVE)).unwrap_or(o);
            crate::syntax::printer::op_generic_in_scope(ctx, o, scope)
        }
        None => "nothing".to_string(),
    }
}

/// Dominator sets by the classic iterative data-flow algorithm (regions are small).
fn compute_dominators(ctx: &Context, region: RegionId) -> HashMap<BlockId, HashSet<BlockId>> {
    let blocks = ctx.region_blocks(region).to_vec();
    let mut preds: HashMap<BlockId, Vec<BlockId>> = HashMap::default();
    for &b in &blocks {
        if let Some(t) = ctx.block_last_op(b) {
            for &s in ctx.successors(t) {
                preds.entry(s).or_default().push(b);
            }
        }
    }
    let all: HashSet<BlockId> = blocks.iter().copied().collect();
    let mut dom: HashMap<BlockId, HashSet<BlockId>> = HashMap::default();
    for (i, &b) in blocks.iter().enumerate() {
        dom.insert(b, if i == 0 { [b].into_iter().collect() } else { all.clone() });
    }
    let mut changed = true;
    while changed {
        changed = false;
        for &b in blocks.iter().skip(1) {
            let mut new: Option<HashSet<BlockId>> = None;
            for p in preds.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
                let pd = &dom[p];
                new = Some(match new {
                    None => pd.clone(),
                    Some(n) => n.intersection(pd).copied().collect(),
                });
            }
            // Unreachable blocks are dominated by everything (MLIR does not check them).
            let mut new = new.unwrap_or_else(|| all.clone());
            new.insert(b);
            if new != dom[&b] {
                dom.insert(b, new);
                changed = true;
            }
        }
    }
    dom
}
