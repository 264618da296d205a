//! Replica-invariant loads hoisted out of the replica guards (spec §2.2, step 5).
//!
//! After replication each replica keeps its own bounds guard (`affine.if` on the induction
//! variable), so a load whose subscripts do not use the replicated variable — gemm's
//! `Bs[k][tx]`, the baseline gemm's `B[k][j]` — sits inside `f` different guards, where `cse`
//! cannot merge it (it merges only within one block). It is emitted once, before the guards:
//! - a shared-memory load without a guard, when its subscripts provably lie inside the buffer's
//!   static shape (a speculated read of another replica's row is then harmless);
//! - a global load under the weakest guard of its replicas ([`weakest_guard`]): a replica past
//!   the problem's edge must not read there, but the load must run wherever one replica uses it.
//!
//! The in-bounds proof: every subscript is written as `Σ c·s + [lo, hi]` over opaque values
//! `s`, where a band induction variable is its block origin plus `[0, (tile − 1)·step]` and an
//! `affine.for` induction variable is its lower bound plus `[0, c − 1]` when one upper-bound
//! result is that lower bound plus a constant `c` (a strip loop `for k = s to min(s + 32, n)`).
//! A subscript is in bounds when the opaque terms cancel and `[lo, hi]` lies in `[0, size)`.

use super::regions::{accessed_memref, is_load, is_shared_memref, Dependence};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, arith, memref, scf};
use sharc_ir::affine::{AffineExpr, AffineExprKind, AffineMap, IntegerSet};
use sharc_ir::op::ValueDef;
use sharc_ir::{Context, OpId, Value};

/// How deep the range walk follows a def chain.
const MAX_DEPTH: usize = 64;

/// `Σ c·s + [lo, hi]`: a value bounded up to opaque terms.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Range {
    /// Opaque values and their coefficients, sorted, none zero.
    terms: Vec<(Value, i64)>,
    lo: i64,
    hi: i64,
}

impl Range {
    fn constant(c: i64) -> Range {
        Range { terms: Vec::new(), lo: c, hi: c }
    }

    fn opaque(v: Value) -> Range {
        Range { terms: vec![(v, 1)], lo: 0, hi: 0 }
    }

    fn as_constant(&self) -> Option<i64> {
        (self.terms.is_empty() && self.lo == self.hi).then_some(self.lo)
    }

    fn add(&self, other: &Range) -> Option<Range> {
        let mut terms = self.terms.clone();
        for &(s, c) in &other.terms {
            match terms.binary_search_by_key(&s, |&(v, _)| v) {
                Ok(i) => terms[i].1 = terms[i].1.checked_add(c)?,
                Err(i) => terms.insert(i, (s, c)),
            }
        }
        terms.retain(|&(_, c)| c != 0);
        Some(Range { terms, lo: self.lo.checked_add(other.lo)?, hi: self.hi.checked_add(other.hi)? })
    }

    fn scale(&self, k: i64) -> Option<Range> {
        let terms = self.terms.iter().map(|&(s, c)| Some((s, c.checked_mul(k)?))).collect::<Option<Vec<_>>>()?;
        let (a, b) = (self.lo.checked_mul(k)?, self.hi.checked_mul(k)?);
        let mut r = Range { terms, lo: a.min(b), hi: a.max(b) };
        r.terms.retain(|&(_, c)| c != 0);
        Some(r)
    }

    fn widen(&self, extra: i64) -> Option<Range> {
        Some(Range { terms: self.terms.clone(), lo: self.lo, hi: self.hi.checked_add(extra)? })
    }
}

/// The ranges of index values inside one band.
struct Ranges<'a> {
    ctx: &'a Context,
    band: BandOp,
}

impl Ranges<'_> {
    fn value(&self, v: Value, depth: usize) -> Option<Range> {
        let ctx = self.ctx;
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(d) = self.band.ivs(ctx).iter().position(|&iv| iv == v) {
            let origin = *self.band.origins(ctx).get(d)?;
            let tile = *self.band.tile_sizes(ctx).get(d)?;
            let step = *self.band.steps(ctx).get(d)?;
            // Every thread of the block runs the body, those past the upper bound too: the
            // induction variable stays within the block's tile.
            return Range::opaque(origin).widen(tile.checked_sub(1)?.checked_mul(step)?);
        }
        match ctx.value_def(v) {
            ValueDef::OpResult { op, .. } => {
                if let Some(c) = arith::ConstantOp::view(ctx, op).and_then(|c| c.int_value(ctx)) {
                    return Some(Range::constant(i64::try_from(c).ok()?));
                }
                if let Some(a) = affine::ApplyOp::view(ctx, op) {
                    let map = a.map(ctx)?;
                    return self.expr(map.result(0)?, map, a.operands(ctx), depth + 1);
                }
                Some(Range::opaque(v))
            }
            ValueDef::BlockArg { block, index } => {
                let owner = ctx.block_parent_op(block)?;
                match affine::ForOp::view(ctx, owner) {
                    Some(l) if index == 0 => self.affine_iv(l, depth).or_else(|| Some(Range::opaque(v))),
                    _ => Some(Range::opaque(v)),
                }
            }
        }
    }

    /// `lb + [0, c − 1]` for `for iv = lb to min(..., lb + c, ...)`.
    fn affine_iv(&self, l: affine::ForOp, depth: usize) -> Option<Range> {
        let ctx = self.ctx;
        let (lbm, ubm) = (l.lower_bound_map(ctx)?, l.upper_bound_map(ctx)?);
        if lbm.num_results() != 1 {
            return None;
        }
        let lb = self.expr(lbm.result(0)?, lbm, l.lower_bound_operands(ctx), depth + 1)?;
        ubm.results()
            .iter()
            .filter_map(|r| self.expr(r, ubm, l.upper_bound_operands(ctx), depth + 1))
            .filter(|ub| ub.terms == lb.terms)
            .filter_map(|ub| Some(Range { terms: lb.terms.clone(), lo: lb.lo, hi: ub.hi.checked_sub(1)? }))
            .min_by_key(|r| r.hi)
    }

    fn expr(&self, e: &AffineExpr, map: &AffineMap, operands: &[Value], depth: usize) -> Option<Range> {
        let nd = map.num_dims() as usize;
        match e.kind() {
            AffineExprKind::Dim(i) => self.value(*operands.get(*i as usize)?, depth),
            AffineExprKind::Symbol(i) => self.value(*operands.get(nd + *i as usize)?, depth),
            AffineExprKind::Constant(c) => Some(Range::constant(*c)),
            AffineExprKind::Add(a, b) => self.expr(a, map, operands, depth)?.add(&self.expr(b, map, operands, depth)?),
            AffineExprKind::Mul(a, b) => {
                let (a, b) = (self.expr(a, map, operands, depth)?, self.expr(b, map, operands, depth)?);
                match (a.as_constant(), b.as_constant()) {
                    (Some(k), _) => b.scale(k),
                    (_, Some(k)) => a.scale(k),
                    _ => None,
                }
            }
            AffineExprKind::Mod(a, b) => {
                let (a, m) = (self.expr(a, map, operands, depth)?, self.expr(b, map, operands, depth)?.as_constant()?);
                if m <= 0 {
                    return None;
                }
                if a.terms.is_empty() && a.lo >= 0 && a.hi < m {
                    Some(a)
                } else {
                    Some(Range { terms: Vec::new(), lo: 0, hi: m - 1 })
                }
            }
            AffineExprKind::FloorDiv(a, b) | AffineExprKind::CeilDiv(a, b) => {
                let (a, m) = (self.expr(a, map, operands, depth)?, self.expr(b, map, operands, depth)?.as_constant()?);
                if m <= 0 || !a.terms.is_empty() {
                    return None;
                }
                let ceil = matches!(e.kind(), AffineExprKind::CeilDiv(..));
                let div = |x: i64| if ceil { -((-x).div_euclid(m)) } else { x.div_euclid(m) };
                Some(Range { terms: Vec::new(), lo: div(a.lo), hi: div(a.hi) })
            }
        }
    }
}

/// Whether the load `op` (in `band`) reads inside its shared buffer's static shape on every
/// thread, whatever guard surrounds it.
pub(crate) fn in_bounds(ctx: &Context, band: BandOp, op: OpId) -> bool {
    let Some(buffer) = accessed_memref(ctx, op) else { return false };
    let Some(parts) = ctx.memref_parts(ctx.value_type(buffer)) else { return false };
    let shape = parts.shape.to_vec();
    let ranges = Ranges { ctx, band };
    let subscripts: Option<Vec<Range>> = if let Some(l) = affine::LoadOp::view(ctx, op) {
        l.map(ctx).and_then(|map| map.results().iter().map(|r| ranges.expr(r, map, l.map_operands(ctx), 0)).collect())
    } else if let Some(l) = memref::LoadOp::view(ctx, op) {
        l.indices(ctx).iter().map(|&i| ranges.value(i, 0)).collect()
    } else {
        None
    };
    let Some(subscripts) = subscripts else { return false };
    subscripts.len() == shape.len()
        && subscripts.iter().zip(&shape).all(|(r, &size)| r.terms.is_empty() && r.lo >= 0 && r.hi < size)
}

/// Whether `v` is defined outside `op` (so available just before it).
fn defined_outside(ctx: &Context, v: Value, op: OpId) -> bool {
    let owner = match ctx.value_def(v) {
        ValueDef::OpResult { op: d, .. } => Some(d),
        ValueDef::BlockArg { block, .. } => ctx.block_parent_op(block),
    };
    owner.is_none_or(|d| !ctx.is_ancestor(op, d))
}

/// The replicas of one rewrite, as the weakest guard needs them.
pub(crate) struct Replicas {
    /// The replicated induction variable (replica 0's).
    pub(crate) iv: Value,
    /// Per replica `u` (0 included), its induction variable minus replica 0's: `offset(u)·step`.
    pub(crate) deltas: Vec<i64>,
}

/// A load to emit once, before the replica guard it was found in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hoist {
    /// The load (nested in the guard).
    pub(crate) load: OpId,
    /// `None`: unconditionally (a shared load in bounds). `Some((set, operands))`: under this
    /// condition, which every replica's chain of guards implies (a global load).
    pub(crate) guard: Option<(IntegerSet, Vec<Value>)>,
}

/// The conditions of the `affine.if`s from a guard down to a load: `None` for an `else` branch
/// or an `scf.if` (not an integer set the load's replicas all satisfy).
type Chain = Vec<Option<(IntegerSet, Vec<Value>)>>;

/// The loads nested in `guard` (through nested `affine.if`/`scf.if` only) that may be emitted
/// once before it: the same in every replica, operands available outside the guard; a shared
/// buffer read in bounds, or a global load under the weakest guard of its replicas.
pub(crate) fn hoistable(ctx: &Context, band: BandOp, guard: OpId, dep: &Dependence, replicas: &Replicas) -> Vec<Hoist> {
    let mut out = Vec::new();
    let walk = Walk { ctx, band, guard, dep, replicas };
    walk.collect(guard, &mut Vec::new(), &mut out);
    out
}

struct Walk<'a> {
    ctx: &'a Context,
    band: BandOp,
    guard: OpId,
    dep: &'a Dependence,
    replicas: &'a Replicas,
}

impl Walk<'_> {
    fn collect(&self, op: OpId, chain: &mut Chain, out: &mut Vec<Hoist>) {
        let ctx = self.ctx;
        let affine_if = affine::IfOp::view(ctx, op);
        if affine_if.is_none() && scf::IfOp::view(ctx, op).is_none() {
            return;
        }
        for (i, &r) in ctx.regions(op).iter().enumerate() {
            // Only an `affine.if`'s `then` region holds where its integer set does.
            let condition =
                affine_if.filter(|_| i == 0).and_then(|g| Some((g.condition(ctx)?.clone(), ctx.operands(op).to_vec())));
            chain.push(condition);
            for &b in ctx.region_blocks(r) {
                for o in ctx.block_ops_iter(b) {
                    match self.hoist(o, chain) {
                        Some(h) => out.push(h),
                        None => self.collect(o, chain, out),
                    }
                }
            }
            chain.pop();
        }
    }

    /// `o` as a hoisted load, if it is one that may be.
    fn hoist(&self, o: OpId, chain: &Chain) -> Option<Hoist> {
        let ctx = self.ctx;
        let invariant = is_load(ctx, o)
            && ctx.results(o).iter().all(|&v| !self.dep.has(v))
            && ctx.operands(o).iter().all(|&v| defined_outside(ctx, v, self.guard));
        if !invariant {
            return None;
        }
        if accessed_memref(ctx, o).is_some_and(|m| is_shared_memref(ctx, m)) {
            return in_bounds(ctx, self.band, o).then_some(Hoist { load: o, guard: None });
        }
        let guard = weakest_guard(ctx, self.guard, self.dep, self.replicas, chain)?;
        Some(Hoist { load: o, guard: Some(guard) })
    }
}

/// The weakest guard of a chain of replica guards: the conjunction of the chain's constraints,
/// each taken at the replica where it is weakest, so that every replica's chain implies it.
///
/// Replica `u`'s copy of a constraint `e(iv, ...) ≥ 0` is `e(iv + δ_u, ...) ≥ 0`; when
/// `e(iv + δ_u) − e(iv)` is a constant `c_u` for every replica (an affine use of `iv`), the
/// constraint `e(iv) + max_u c_u ≥ 0` holds wherever one of the replicas' holds: an upper bound
/// (negative coefficient) is taken at the smallest offset, a lower bound at the largest. An
/// equality that moves with the replica holds for one replica at most and is not weakened:
/// nothing is hoisted. The chain's operands must be available before `guard` and the same in
/// every replica but the induction variable itself; otherwise (or for an `else` branch, an
/// `scf.if`, a non-constant difference) `None`.
pub(crate) fn weakest_guard(
    ctx: &Context,
    guard: OpId,
    dep: &Dependence,
    replicas: &Replicas,
    chain: &Chain,
) -> Option<(IntegerSet, Vec<Value>)> {
    let conditions: Vec<&(IntegerSet, Vec<Value>)> = chain.iter().map(Option::as_ref).collect::<Option<_>>()?;
    let (mut dim_operands, mut symbol_operands) = (Vec::new(), Vec::new());
    let mut constraints = Vec::new();
    for (set, operands) in conditions {
        if operands.len() != set.num_inputs()
            || operands.iter().any(|&v| !defined_outside(ctx, v, guard) || (v != replicas.iv && dep.has(v)))
        {
            return None;
        }
        let (d0, s0) = (u32::try_from(dim_operands.len()).ok()?, u32::try_from(symbol_operands.len()).ok()?);
        let dims: Vec<AffineExpr> = (0..set.num_dims()).map(|d| AffineExpr::dim(d0 + d)).collect();
        let symbols: Vec<AffineExpr> = (0..set.num_symbols()).map(|s| AffineExpr::symbol(s0 + s)).collect();
        for (e, eq) in set.constraints() {
            constraints.push((e.replace_dims_and_symbols(&dims, &symbols), eq));
        }
        let nd = set.num_dims() as usize;
        dim_operands.extend_from_slice(&operands[..nd]);
        symbol_operands.extend_from_slice(&operands[nd..]);
    }
    let (nd, ns) = (u32::try_from(dim_operands.len()).ok()?, u32::try_from(symbol_operands.len()).ok()?);
    // The replica's substitution: every dim or symbol bound to the induction variable moves by δ.
    let moved = |delta: i64| -> (Vec<AffineExpr>, Vec<AffineExpr>) {
        let shift = |e: AffineExpr, v: Value| if v == replicas.iv { e + delta } else { e };
        let dims = dim_operands.iter().zip(0..nd).map(|(&v, d)| shift(AffineExpr::dim(d), v)).collect();
        let symbols = symbol_operands.iter().zip(0..ns).map(|(&v, s)| shift(AffineExpr::symbol(s), v)).collect();
        (dims, symbols)
    };
    let shifts: Vec<(Vec<AffineExpr>, Vec<AffineExpr>)> = replicas.deltas.iter().map(|&d| moved(d)).collect();
    let mut exprs = Vec::with_capacity(constraints.len());
    let mut eqs = Vec::with_capacity(constraints.len());
    for (e, eq) in constraints {
        let mut weakest = 0i64;
        let mut moves = false;
        for (dims, symbols) in &shifts {
            let c = (e.replace_dims_and_symbols(dims, symbols) - &e).simplify(nd, ns).as_constant()?;
            moves |= c != 0;
            weakest = weakest.max(c);
        }
        if eq && moves {
            return None;
        }
        exprs.push((e + weakest).simplify(nd, ns));
        eqs.push(eq);
    }
    let set = IntegerSet::new(nd, ns, exprs, eqs).ok()?;
    Some((set, dim_operands.into_iter().chain(symbol_operands).collect()))
}
