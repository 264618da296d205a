//! The rewrite of seed 000's Algorithm 1 (spec §2.2, steps 2-5) on a band body.
//!
//! The body is walked as [`Piece`]s: block-wide ops stay as they are, carriers stay once and
//! their bodies are walked the same way, and every region's ops are emitted per replica, op by
//! op (replica 0's op, replica 1's, ..., then the next op: the replicas' instructions are
//! interleaved, which is the point of the transformation). Per op:
//! - the same in every replica and free of effects (or a read of memory the region does not
//!   write): kept once, where it is (Algorithm 1, line 9);
//! - a thread-local loop (bounds the same in every replica): unroll-and-jammed, one loop whose
//!   body holds the `f` replicas of its body, its carried values `× f` (replicated loops would
//!   run one after the other and give no ILP);
//! - otherwise cloned once per replica, the replicated induction variable substituted (line 4)
//!   through a per-replica value map; guards are cloned with the rest, so each replica keeps its
//!   own. Loads the same in every replica are first hoisted out of the guard, global ones under
//!   the weakest of the replicas' guards ([`super::hoist`]); guards that enclose a thread-local
//!   loop were split around it beforehand, so that the loop is jammed ([`super::sink`]).
//!
//! Expansion (lines 5-8) is the per-replica value map itself: a value defined in one region and
//! used in another after a barrier is replica `u`'s value there too; a carrier's loop-carried
//! values become `f` iter_args each. No private memref is introduced: memrefs go to local memory.
//!
//! Invariant: the rewrite works on a detached copy of the band ([`super::apply`]); an error
//! leaves the original untouched.

use super::regions::{loop_carried, pieces, Dependence, Piece, Writes};
use super::{hoist, sink};
use crate::effects;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::scf;
use sharc_dialects::{affine, arith};
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::{BlockId, Context, InsertPoint, OpId, Type, Value};
use std::collections::{HashMap, HashSet};

/// What the rewrite did, for the remark and the plan.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Barrier-free regions replicated.
    pub regions: usize,
    /// Thread-local loops unroll-and-jammed.
    pub jammed: usize,
    /// Shared loads hoisted out of the replica guards (emitted once instead of `f` times).
    pub hoisted: usize,
    /// Global loads hoisted out of the replica guards, each under the weakest of its replicas'
    /// guards (emitted once instead of `f` times).
    pub hoisted_global: usize,
    /// Replica guards split around the thread-local loops they enclosed, so the loops could be
    /// jammed ([`super::sink`]).
    pub sunk: usize,
    /// Replica-invariant ops kept once.
    pub once: usize,
    /// Values expanded into `f` SSA values across a barrier (carrier iter_args and values
    /// defined in one region and used in another).
    pub expanded: usize,
}

/// The state of one rewrite.
pub(crate) struct Replicator {
    band: BandOp,
    f: usize,
    /// Per replica: original value → the replica's value.
    maps: Vec<HashMap<Value, Value>>,
    dep: Dependence,
    /// Original ops replaced by their replicas, in the order they were replaced.
    erase: Vec<OpId>,
    /// The replicas' induction variables: already per replica, never replicated again.
    replica_ivs: HashSet<OpId>,
    /// The replicated variable and the replicas' offsets, for the weakest guards.
    replicas: hoist::Replicas,
    pub(crate) counts: Counts,
}

impl Replicator {
    /// Replicates the body of `band` (detached) `f` times along loop `pos`; replica `u` runs the
    /// iteration `offset(u)` steps of the loop after the thread's own.
    pub(crate) fn run(
        ctx: &mut Context,
        band: BandOp,
        pos: usize,
        f: usize,
        offset: impl Fn(i64) -> i64,
    ) -> Result<Counts, String> {
        let body = band.body(ctx).ok_or("the band has no body")?;
        let iv = *band.ivs(ctx).get(pos).ok_or("the band has no such loop")?;
        let step = *band.steps(ctx).get(pos).ok_or("the band has no such loop")?;
        let sunk = sink::sink_guards(ctx, band, iv)?;
        let mut maps = vec![HashMap::new(); f];
        let mut replica_ivs = HashSet::new();
        let mut deltas = vec![0];
        // The replicas' induction variables, once, after the shared buffers at the top of the
        // body (the band's documented layout).
        let first = ctx.block_ops_iter(body).find(|&o| !is_alloc(ctx, o));
        let at = first.map_or(InsertPoint::BlockEnd(body), InsertPoint::Before);
        for (u, map) in maps.iter_mut().enumerate().skip(1) {
            let delta = offset(u as i64).checked_mul(step).ok_or("replica offset overflows")?;
            deltas.push(delta);
            let m = AffineMap::new(1, 0, vec![AffineExpr::dim(0) + delta]).map_err(|e| e.to_string())?;
            let loc = ctx.loc(band.0).clone();
            let state = affine::ApplyOp::build(ctx, loc, m, &[iv]);
            let apply = ctx.create_op(state);
            ctx.insert_op(at, apply);
            replica_ivs.insert(apply);
            map.insert(iv, ctx.result(apply, 0));
        }
        let dep = Dependence::new(iv);
        let replicas = hoist::Replicas { iv, deltas };
        let counts = Counts { sunk, ..Counts::default() };
        let mut r = Replicator { band, f, maps, dep, erase: Vec::new(), replica_ivs, replicas, counts };
        r.block(ctx, body)?;
        for op in r.erase.iter().rev() {
            ctx.erase_op(*op);
        }
        Ok(r.counts)
    }

    fn lookup(&self, u: usize, v: Value) -> Value {
        self.maps[u].get(&v).copied().unwrap_or(v)
    }

    /// Every value of `vs`, replica after replica within each (`v0 r0, v0 r1, ..., v1 r0, ...`).
    fn expand(&self, vs: &[Value]) -> Vec<Value> {
        vs.iter().flat_map(|&v| (0..self.f).map(move |u| self.lookup(u, v))).collect()
    }

    fn block(&mut self, ctx: &mut Context, block: BlockId) -> Result<(), String> {
        for piece in pieces(ctx, block) {
            match piece {
                Piece::BlockWide(op) => {
                    if ctx.operands(op).iter().any(|&v| self.dep.has(v)) {
                        return Err(format!("`{}` depends on the replicated loop", ctx.op_name(op)));
                    }
                }
                Piece::Carrier(op) => self.carrier(ctx, op)?,
                Piece::Region(mut ops) => {
                    ops.retain(|o| !self.replica_ivs.contains(o));
                    if !ops.is_empty() {
                        self.region(ctx, &ops)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn region(&mut self, ctx: &mut Context, ops: &[OpId]) -> Result<(), String> {
        self.counts.regions += 1;
        let writes = Writes::of(ctx, ops);
        for &op in ops {
            let dep = self.op(ctx, op, &writes)?;
            if dep {
                // Expansion: a replica-dependent value used past the region.
                let outside = |ctx: &Context, user: OpId| !ops.iter().any(|&o| ctx.is_ancestor(o, user));
                self.counts.expanded += ctx
                    .results(op)
                    .iter()
                    .filter(|&&v| self.maps[0].contains_key(&v) && ctx.uses(v).iter().any(|u| outside(ctx, u.op)))
                    .count();
            }
        }
        Ok(())
    }

    /// Emits `op` of a region; returns whether it was replicated.
    fn op(&mut self, ctx: &mut Context, op: OpId, writes: &Writes) -> Result<bool, String> {
        let dep = self.dep.op(ctx, op, writes);
        if !dep && (effects::is_memory_effect_free(ctx, op) || effects::only_reads(ctx, op)) {
            self.counts.once += 1;
            return Ok(false);
        }
        if let Some(c) = loop_carried(ctx, op) {
            if !self.dep.has(c.iv) {
                self.jam(ctx, op, writes)?;
                return Ok(true);
            }
        }
        let hoisted = if dep { hoist::hoistable(ctx, self.band, op, &self.dep, &self.replicas) } else { Vec::new() };
        let mut once = HashMap::new();
        for h in &hoisted {
            let results = match &h.guard {
                None => {
                    let c = ctx.clone_op(h.load, &mut HashMap::new());
                    ctx.insert_op(InsertPoint::Before(op), c);
                    self.counts.hoisted += 1;
                    ctx.results(c).to_vec()
                }
                Some((set, operands)) => match guarded_load(ctx, h.load, set.clone(), operands, op) {
                    Some(results) => {
                        self.counts.hoisted_global += 1;
                        results
                    }
                    // No zero of the element type: the load stays in every replica's guard.
                    None => continue,
                },
            };
            for (&from, &to) in ctx.results(h.load).iter().zip(&results) {
                once.insert(from, to);
            }
        }
        for u in 0..self.f {
            let c = ctx.clone_op(op, &mut self.maps[u]);
            ctx.insert_op(InsertPoint::Before(op), c);
            for (&from, &to) in &once {
                if let Some(copy) = self.maps[u].insert(from, to) {
                    if let Some(load) = ctx.defining_op(copy) {
                        ctx.replace_all_uses(copy, to);
                        ctx.erase_op(load);
                    }
                }
            }
        }
        for &r in ctx.results(op) {
            self.dep.mark(r);
        }
        self.erase.push(op);
        Ok(true)
    }

    /// Unroll-and-jam of a thread-local loop: one loop, `f` replicas of the body inside.
    fn jam(&mut self, ctx: &mut Context, op: OpId, writes: &Writes) -> Result<(), String> {
        let (new, body) = self.rebuild_loop(ctx, op)?;
        let ops = body_ops(ctx, body);
        for o in ops {
            self.op(ctx, o, writes)?;
        }
        self.finish_loop(ctx, op, new, body);
        self.counts.jammed += 1;
        Ok(())
    }

    /// A carrier: kept once, its body walked piece by piece; a loop's carried values are
    /// expanded `× f`.
    fn carrier(&mut self, ctx: &mut Context, op: OpId) -> Result<(), String> {
        let name = ctx.op_name(op).to_string();
        if let Some(c) = loop_carried(ctx, op) {
            if c.bounds.iter().any(|&v| self.dep.has(v)) {
                return Err(format!(
                    "the bounds of `{name}` holding a barrier or a copy depend on the replicated loop"
                ));
            }
            if c.inits.is_empty() {
                let body = loop_body(ctx, op).ok_or("malformed loop")?;
                return self.block(ctx, body);
            }
            for &a in c.iter_args.iter().chain(ctx.results(op)) {
                self.dep.mark(a);
            }
            self.counts.expanded += c.inits.len();
            let (new, body) = self.rebuild_loop(ctx, op)?;
            self.block(ctx, body)?;
            self.finish_loop(ctx, op, new, body);
            return Ok(());
        }
        let is_if = affine::IfOp::view(ctx, op).is_some() || scf::IfOp::view(ctx, op).is_some();
        if !is_if {
            return Err(format!("`{name}` holds a barrier or a copy; only loops and conditionals may"));
        }
        if ctx.operands(op).iter().any(|&v| self.dep.has(v)) {
            return Err(format!(
                "the condition of `{name}` holding a barrier or a copy depends on the replicated loop"
            ));
        }
        if !ctx.results(op).is_empty() {
            return Err(format!("`{name}` holding a barrier or a copy yields values"));
        }
        let blocks: Vec<BlockId> = ctx.regions(op).iter().flat_map(|&r| ctx.region_blocks(r).iter().copied()).collect();
        for b in blocks {
            self.block(ctx, b)?;
        }
        Ok(())
    }

    /// A copy of loop `op` (same bounds, its inits expanded `× f`) inserted before it, with the
    /// old body's ops moved into it; the old induction variable is replaced by the new one, the
    /// old carried values map to the new ones per replica.
    fn rebuild_loop(&mut self, ctx: &mut Context, op: OpId) -> Result<(OpId, BlockId), String> {
        let c = loop_carried(ctx, op).ok_or("not a loop")?;
        let inits = self.expand(&c.inits);
        let loc = ctx.loc(op).clone();
        let new = if let Some(l) = affine::ForOp::view(ctx, op) {
            let (lbm, ubm) = (l.lower_bound_map(ctx).cloned(), l.upper_bound_map(ctx).cloned());
            let (Some(lbm), Some(ubm)) = (lbm, ubm) else { return Err("malformed affine.for".into()) };
            let (lbo, ubo) = (l.lower_bound_operands(ctx).to_vec(), l.upper_bound_operands(ctx).to_vec());
            let state = affine::ForOp::build(ctx, loc, &lbo, lbm, &ubo, ubm, l.step(ctx), &inits);
            ctx.create_op(state)
        } else if let Some(l) = scf::ForOp::view(ctx, op) {
            let (lb, ub, step) = (l.lower_bound(ctx), l.upper_bound(ctx), l.step(ctx));
            scf::ForOp::build(ctx, loc, lb, ub, step, &inits).0
        } else {
            return Err("not a loop".into());
        };
        for (name, value) in ctx.attrs(op).to_vec() {
            ctx.set_attr(new, &name, value);
        }
        ctx.insert_op(InsertPoint::Before(op), new);
        let body = loop_body(ctx, new).ok_or("malformed loop")?;
        if let Some(t) = ctx.block_last_op(body) {
            ctx.erase_op(t);
        }
        let old_body = loop_body(ctx, op).ok_or("malformed loop")?;
        ctx.move_block_ops(old_body, InsertPoint::BlockEnd(body));
        let args = ctx.block_args(body).to_vec();
        ctx.replace_all_uses(c.iv, args[0]);
        for (i, &old) in c.iter_args.iter().enumerate() {
            for u in 0..self.f {
                self.maps[u].insert(old, args[1 + i * self.f + u]);
            }
        }
        Ok((new, body))
    }

    /// Expands the moved body's terminator and maps the old loop's results to the new ones.
    fn finish_loop(&mut self, ctx: &mut Context, old: OpId, new: OpId, body: BlockId) {
        if let Some(t) = ctx.block_last_op(body) {
            let yielded = ctx.operands(t).to_vec();
            let expanded = self.expand(&yielded);
            ctx.set_operands(t, expanded);
        }
        let results = ctx.results(old).to_vec();
        for (i, &r) in results.iter().enumerate() {
            self.dep.mark(r);
            for u in 0..self.f {
                let v = ctx.result(new, i * self.f + u);
                self.maps[u].insert(r, v);
            }
        }
        self.erase.push(old);
    }
}

/// A copy of the global `load` emitted before `before` under `affine.if set(operands)`, whose
/// `else` yields a zero of each result type (never read: every use of the load sits in a replica
/// guard, which implies `set`). Returns the `if`'s results; `None` (nothing built) when a result
/// type has no zero constant.
fn guarded_load(
    ctx: &mut Context,
    load: OpId,
    set: IntegerSet,
    operands: &[Value],
    before: OpId,
) -> Option<Vec<Value>> {
    let loc = ctx.loc(load).clone();
    let types: Vec<Type> = ctx.results(load).iter().map(|&r| ctx.value_type(r)).collect();
    let mut zeros = Vec::with_capacity(types.len());
    for &ty in &types {
        let attr = arith::fold::zero(ctx, ty)?;
        zeros.push(arith::ConstantOp::state(ctx, attr, ty, loc.clone())?);
    }
    let state = affine::IfOp::build(ctx, loc.clone(), set, operands, &types, true);
    let guard = affine::IfOp(ctx.create_op(state));
    ctx.insert_op(InsertPoint::Before(before), guard.0);
    let (then_block, else_block) = (guard.then_block(ctx)?, guard.else_block(ctx)?);
    let copy = ctx.clone_op(load, &mut HashMap::new());
    ctx.insert_op(InsertPoint::BlockEnd(then_block), copy);
    let loaded = ctx.results(copy).to_vec();
    let yield_then = ctx.create_op(affine::YieldOp::build(loc.clone(), &loaded));
    ctx.insert_op(InsertPoint::BlockEnd(then_block), yield_then);
    let zero_values: Vec<Value> = zeros
        .into_iter()
        .map(|z| {
            let c = ctx.create_op(z);
            ctx.insert_op(InsertPoint::BlockEnd(else_block), c);
            ctx.result(c, 0)
        })
        .collect();
    let yield_else = ctx.create_op(affine::YieldOp::build(loc, &zero_values));
    ctx.insert_op(InsertPoint::BlockEnd(else_block), yield_else);
    Some(ctx.results(guard.0).to_vec())
}

fn is_alloc(ctx: &Context, op: OpId) -> bool {
    sharc_dialects::memplace::AllocSharedOp::view(ctx, op).is_some()
}

fn loop_body(ctx: &Context, op: OpId) -> Option<BlockId> {
    ctx.regions(op).first().and_then(|&r| ctx.entry_block(r))
}

/// The ops of a block but its terminator.
fn body_ops(ctx: &Context, block: BlockId) -> Vec<OpId> {
    let mut ops = ctx.block_ops(block);
    ops.pop();
    ops
}
