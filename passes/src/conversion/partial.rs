//! A partial dialect conversion driver, with the observable behaviour of upstream's
//! `applyPartialConversion` (`mlir/lib/Transforms/Utils/DialectConversion.cpp`) that decides
//! what lowered IR looks like:
//!
//! - the ops to convert are collected up front, in pre-order (parents before the ops in their
//!   regions; ops moved into new ops by a pattern are still converted in their new place);
//! - an op of a legal dialect is left alone; any other op is first *folded* (upstream's
//!   `legalizeWithFold`: constant results are materialized right before the op, an in-place
//!   fold is retried), and only if that fails handed to the conversion pattern; an op no
//!   pattern converts stays (a partial conversion);
//! - replacements are *deferred*: a replaced op stays in the IR, with its uses, until the end,
//!   so folders and patterns of later ops see the original IR (a folded `affine.apply` is not
//!   a constant to the next `affine.apply`, exactly as upstream). At the end every use of a
//!   replaced value is redirected to its final replacement and the replaced ops are erased.

use crate::rewrite::fold::{constant_op_value, fold_op, Folded};
use sharc_ir::registry::FoldResult;
use sharc_ir::{Context, Diagnostic, InsertPoint, OpId, OpTraits, Value};
use std::collections::{HashMap, HashSet};

/// In-place folds of one op at most before giving up on folding it (upstream retries until the
/// folder stops changing the op; a folder that never stops would loop).
const MAX_IN_PLACE_FOLDS: usize = 8;

/// Records replacements and erasures; applied by [`apply_partial_conversion`] at the end.
#[derive(Default, Debug)]
pub struct Rewriter {
    replacements: HashMap<Value, Value>,
    order: Vec<(Value, Value)>,
    erased: HashSet<OpId>,
    erase_order: Vec<OpId>,
    /// Errors the patterns reported.
    pub diags: Vec<Diagnostic>,
}

impl Rewriter {
    /// Replaces the results of `op` by `values` (one each) and erases `op`, at the end.
    pub fn replace_op(&mut self, ctx: &Context, op: OpId, values: &[Value]) {
        for (&r, &v) in ctx.results(op).iter().zip(values) {
            self.replacements.insert(r, v);
            self.order.push((r, v));
        }
        self.erase_op(op);
    }

    /// Erases `op` at the end; its results must be unused by then.
    pub fn erase_op(&mut self, op: OpId) {
        if self.erased.insert(op) {
            self.erase_order.push(op);
        }
    }

    /// Whether `op` is scheduled for erasure.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.erased.contains(&op)
    }

    /// The value `v` finally stands for, following chains of replacements.
    fn resolve(&self, mut v: Value) -> Value {
        // A chain is at most as long as the number of replacements; more means a cycle.
        for _ in 0..=self.order.len() {
            match self.replacements.get(&v) {
                Some(&next) if next != v => v = next,
                _ => return v,
            }
        }
        v
    }
}

/// A conversion pattern: converts `op` (creating ops before it, recording its replacement in
/// the rewriter) and returns whether it did.
pub type ConversionPattern = fn(&mut Context, &mut Rewriter, OpId) -> bool;

/// Converts every op nested in `root` whose dialect is not in `legal`, as described in the
/// module docs. Returns the errors patterns reported.
pub fn apply_partial_conversion(
    ctx: &mut Context,
    root: OpId,
    legal: &[&str],
    pattern: ConversionPattern,
) -> Vec<Diagnostic> {
    let mut rw = Rewriter::default();
    for op in ctx.collect_ops(root) {
        if ctx.is_erased(op) || is_ignored(ctx, &rw, op) {
            continue;
        }
        if ctx.op_spec(op).is_some_and(|s| legal.contains(&s.dialect())) {
            continue;
        }
        if fold(ctx, &mut rw, op) {
            continue;
        }
        pattern(ctx, &mut rw, op);
    }
    commit(ctx, rw)
}

/// Whether `op` or an op around it was replaced or erased (upstream ignores them).
fn is_ignored(ctx: &Context, rw: &Rewriter, op: OpId) -> bool {
    let mut cur = Some(op);
    while let Some(o) = cur {
        if rw.is_erased(o) {
            return true;
        }
        cur = ctx.parent_op(o);
    }
    false
}

/// Upstream's `legalizeWithFold`; returns whether `op` was replaced.
fn fold(ctx: &mut Context, rw: &mut Rewriter, op: OpId) -> bool {
    if ctx.op_has(op, OpTraits::CONSTANT_LIKE) {
        return false;
    }
    for _ in 0..MAX_IN_PLACE_FOLDS {
        let results = match fold_op(ctx, op) {
            Folded::No => return false,
            Folded::InPlace => continue,
            Folded::Replace(r) => r,
        };
        let Some(dialect) = ctx.op_spec(op).and_then(|s| ctx.registry().dialect(s.dialect())) else { return false };
        let mut values = Vec::new();
        let mut created = Vec::new();
        for (i, r) in results.into_iter().enumerate() {
            let value = match r {
                FoldResult::Value(v) => Some(v),
                FoldResult::Attr(attr) => {
                    let ty = ctx.value_type(ctx.result(op, i));
                    let loc = ctx.loc(op).clone();
                    dialect.materialize_constant.and_then(|m| m(ctx, attr, ty, loc)).and_then(|state| {
                        let c = ctx.create_op(state);
                        ctx.insert_op(InsertPoint::Before(op), c);
                        created.push(c);
                        (constant_op_value(ctx, c).is_some() && ctx.value_type(ctx.result(c, 0)) == ty)
                            .then(|| ctx.result(c, 0))
                    })
                }
            };
            match value {
                Some(v) => values.push(v),
                None => {
                    for c in created {
                        ctx.erase_op(c);
                    }
                    return false;
                }
            }
        }
        rw.replace_op(ctx, op, &values);
        return true;
    }
    false
}

/// Redirects uses of replaced values to their final replacements and erases replaced ops
/// (later erasures first: nested terminators go before their parents).
fn commit(ctx: &mut Context, rw: Rewriter) -> Vec<Diagnostic> {
    for &(from, _) in &rw.order {
        let to = rw.resolve(from);
        ctx.replace_all_uses(from, to);
    }
    for &op in rw.erase_order.iter().rev() {
        if !ctx.is_erased(op) {
            ctx.erase_op(op);
        }
    }
    rw.diags
}
