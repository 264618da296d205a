//! Parallel loops and simple reductions.
//!
//! A loop is parallel when no dependence that constrains order (flow, anti, output) is
//! carried by it; input dependences never matter. A loop that carries only the dependences
//! of *simple reductions* — `M[f] = M[f] ⊕ e` with `⊕` associative and commutative, `f`
//! independent of the loop, no other access to `M` in the loop, and the loaded value used
//! only by `⊕` — can run in parallel with a reduction ([`ParallelReport::parallel_with_reductions`]),
//! the "regular reduction" diKernel of seed 004 §4.2.

use super::access::{Access, AccessKind, AccessSet};
use super::dependence::Dependence;
use super::loops::LoopRef;
use sharc_dialects::affine::{ReductionKind, StoreOp};
use sharc_dialects::arith;
use sharc_ir::{Context, OpId, Value};

/// A simple reduction into memory along one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The memref reduced into.
    pub memref: Value,
    /// The `affine.load` of the partial result.
    pub load: OpId,
    /// The `affine.store` of the combined value.
    pub store: OpId,
    /// The combining operation.
    pub kind: ReductionKind,
}

/// What stands between a loop and parallel execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParallelReport {
    /// The loop.
    pub loop_ref: LoopRef,
    /// The order-constraining dependences the loop carries.
    pub carried: Vec<Dependence>,
    /// The simple reductions along the loop.
    pub reductions: Vec<Reduction>,
}

impl ParallelReport {
    /// Whether the loop carries no order-constraining dependence.
    pub fn is_parallel(&self) -> bool {
        self.carried.is_empty()
    }

    /// Whether every carried dependence belongs to one of the reductions.
    pub fn parallel_with_reductions(&self) -> bool {
        self.carried.iter().all(|d| {
            self.reductions.iter().any(|r| [r.load, r.store].contains(&d.source) && [r.load, r.store].contains(&d.sink))
        })
    }
}

/// Whether no dependence in `deps` that constrains order is carried by `lp`.
pub fn is_parallel(deps: &[Dependence], lp: LoopRef) -> bool {
    !deps.iter().any(|d| d.kind.constrains_order() && d.carried_by() == Some(lp))
}

/// The dependences `lp` carries and the simple reductions along it.
pub fn parallel_report(ctx: &Context, set: &AccessSet, deps: &[Dependence], lp: LoopRef) -> ParallelReport {
    let carried = deps.iter().filter(|d| d.kind.constrains_order() && d.carried_by() == Some(lp)).cloned().collect();
    ParallelReport { loop_ref: lp, carried, reductions: reductions(ctx, set, lp) }
}

/// The simple reductions along `lp` (see the module docs).
pub fn reductions(ctx: &Context, set: &AccessSet, lp: LoopRef) -> Vec<Reduction> {
    let inside: Vec<&Access> = set.accesses.iter().filter(|a| a.loops().contains(&lp)).collect();
    let mut out = Vec::new();
    for st in inside.iter().filter(|a| a.kind == AccessKind::Write) {
        let Some(level) = st.loops().iter().position(|l| *l == lp) else { continue };
        if st.map.results().iter().any(|e| e.is_function_of_dim(level as u32)) {
            continue;
        }
        let others_ok = set.non_affine.iter().all(|n| n.memref != st.memref || !n.loops.contains(&lp));
        let same_memref: Vec<&&Access> = inside.iter().filter(|a| a.memref == st.memref).collect();
        let Some(value) = ctx.operands(st.op).first().copied().filter(|_| StoreOp::view(ctx, st.op).is_some()) else {
            continue;
        };
        let Some((kind, lhs, rhs)) = ctx.defining_op(value).and_then(|d| combiner(ctx, d)) else { continue };
        let load = same_memref.iter().find(|a| {
            a.kind == AccessKind::Read
                && a.map == st.map
                && a.loops() == st.loops()
                && ctx.results(a.op).first().is_some_and(|&r| (r == lhs) != (r == rhs) && ctx.uses(r).len() == 1)
        });
        if let (Some(load), true, 2) = (load, others_ok, same_memref.len()) {
            out.push(Reduction { memref: st.memref, load: load.op, store: st.op, kind });
        }
    }
    out
}

/// The reduction kind and operands of an associative, commutative combining op.
fn combiner(ctx: &Context, op: OpId) -> Option<(ReductionKind, Value, Value)> {
    macro_rules! views {
        ($($view:ident => $kind:ident),* $(,)?) => {
            $(if let Some(o) = arith::$view::view(ctx, op) {
                return Some((ReductionKind::$kind, o.lhs(ctx), o.rhs(ctx)));
            })*
        };
    }
    views!(
        AddFOp => AddF, AddIOp => AddI, MulFOp => MulF, MulIOp => MulI,
        MaximumFOp => MaximumF, MinimumFOp => MinimumF, MaxNumFOp => MaxNumF, MinNumFOp => MinNumF,
        MaxSIOp => MaxS, MinSIOp => MinS, MaxUIOp => MaxU, MinUIOp => MinU,
        AndIOp => AndI, OrIOp => OrI, XOrIOp => XOrI,
    );
    None
}
