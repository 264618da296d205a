//! Replica guards sunk into the thread-local loops they enclose, so that the loops can be
//! jammed (spec §2.2, step 3) and their replica-invariant loads hoisted per iteration (step 5).
//!
//! A plan that stages nothing guards the whole band body (`sharc-map`: "body guarded"); the
//! baseline gemm's `k` loop then sits inside `affine.if (i < n && j < n)`, and replicating the
//! guard would replicate the loop: `f` loops one after the other, no ILP, and `B[k][j]` read by
//! every replica. The guard is split at each such loop:
//!
//! ```text
//! affine.if g(i) {                   %p = affine.if g(i) -> T { pre; yield %x } else { yield 0 }
//!   pre                              %r = affine.for k iter_args(%a = ...) {
//!   %r = affine.for k iter_args(%a)  =>     %s = affine.if g(i) -> T { body; yield %y } else { yield %a }
//!     { body; yield %y }                   affine.yield %s }
//!   post(%r)                         affine.if g(i) { post(%r) }
//! }
//! ```
//!
//! Only the loop's control runs past the guard: its bounds are the same in every replica and
//! available before the guard, its body is guarded. A value crossing from one piece to the next
//! is yielded by the piece's guard, zero in the `else` branch, where no use reads it (every use
//! sits under the same guard). Constants move out of the guard whole.

use super::regions::holds_block_wide;
use crate::effects;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, arith, scf};
use sharc_ir::op::ValueDef;
use sharc_ir::{BlockId, Context, InsertPoint, OpId, Type, Value};

/// How deep the invariance walk follows a def chain.
const MAX_DEPTH: usize = 32;

/// Sinks every guard of `band`'s body on the replicated `iv` that encloses a thread-local loop;
/// returns how many guards were split. An error (malformed IR met half-way) leaves the band
/// half rewritten: the caller works on a detached copy and drops it.
pub(crate) fn sink_guards(ctx: &mut Context, band: BandOp, iv: Value) -> Result<usize, String> {
    let mut work: Vec<OpId> =
        ctx.collect_ops(band.0).into_iter().filter(|&o| affine::IfOp::view(ctx, o).is_some()).collect();
    let mut sunk = 0;
    while let Some(guard) = work.pop() {
        if let Some(inner) = sink(ctx, band, iv, guard)? {
            sunk += 1;
            work.extend(inner);
        }
    }
    Ok(sunk)
}

/// The ops of a block but its terminator.
fn body_ops(ctx: &Context, block: BlockId) -> Vec<OpId> {
    let mut ops = ctx.block_ops(block);
    ops.pop();
    ops
}

/// Whether `v` is the same in every replica and available before `guard`: defined outside the
/// band body or outside `guard` by pure ops of such values, and never the replicated variable.
fn invariant(ctx: &Context, band: BandOp, iv: Value, guard: OpId, v: Value, depth: usize) -> bool {
    if v == iv || depth > MAX_DEPTH {
        return false;
    }
    match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => {
            if !ctx.is_ancestor(band.0, op) {
                return true;
            }
            !ctx.is_ancestor(guard, op)
                && ctx.regions(op).is_empty()
                && effects::is_memory_effect_free(ctx, op)
                && ctx.operands(op).iter().all(|&o| invariant(ctx, band, iv, guard, o, depth + 1))
        }
        ValueDef::BlockArg { block, index } => match ctx.block_parent_op(block) {
            None => true,
            // Outside the band, or the band's other induction variables and origins (the
            // replicated one is refused above).
            Some(o) if o == band.0 || !ctx.is_ancestor(band.0, o) => true,
            // The induction variable of an enclosing loop outside the guard whose bounds are
            // the same in every replica (a triangular `for l = 0 to k` inside `for k`).
            Some(o) => {
                index == 0
                    && !ctx.is_ancestor(guard, o)
                    && loop_bounds(ctx, o)
                        .is_some_and(|b| b.iter().all(|&v| invariant(ctx, band, iv, guard, v, depth + 1)))
            }
        },
    }
}

/// The bound operands of a loop (`affine.for`, `scf.for`), `None` for another op.
fn loop_bounds(ctx: &Context, op: OpId) -> Option<Vec<Value>> {
    if let Some(l) = affine::ForOp::view(ctx, op) {
        return Some([l.lower_bound_operands(ctx), l.upper_bound_operands(ctx)].concat());
    }
    scf::ForOp::view(ctx, op).map(|l| vec![l.lower_bound(ctx), l.upper_bound(ctx), l.step(ctx)])
}

/// One piece of a guard's body.
enum Piece {
    /// A loop whose control may run outside the guard.
    Loop(OpId),
    /// The ops between two such loops.
    Run(Vec<OpId>),
}

/// Splits `guard` when it qualifies; returns the guards it put into the loops' bodies, `None`
/// when it does not qualify.
fn sink(ctx: &mut Context, band: BandOp, iv: Value, guard: OpId) -> Result<Option<Vec<OpId>>, String> {
    let Some(g) = affine::IfOp::view(ctx, guard) else { return Ok(None) };
    let operands = ctx.operands(guard).to_vec();
    // A guard with results must yield, where it fails, values from outside (an `else` of its
    // terminator alone: the guards this module puts into loop bodies).
    let trivial_else = g.else_block(ctx).is_none_or(|b| ctx.block_ops(b).len() == 1);
    let has_results = !ctx.results(guard).is_empty();
    if !operands.contains(&iv) || !trivial_else || (has_results && !g.has_else(ctx)) || holds_block_wide(ctx, guard) {
        return Ok(None);
    }
    let (Some(set), Some(then_block)) = (g.condition(ctx).cloned(), g.then_block(ctx)) else { return Ok(None) };
    let ops = body_ops(ctx, then_block);
    let is_sinkable_loop = |ctx: &Context, o: OpId| {
        loop_bounds(ctx, o).is_some_and(|b| b.iter().all(|&v| invariant(ctx, band, iv, guard, v, 0)))
    };
    if !ops.iter().any(|&o| is_sinkable_loop(ctx, o)) {
        return Ok(None);
    }
    let mut pieces = Vec::new();
    let mut run = Vec::new();
    for &o in &ops {
        if is_sinkable_loop(ctx, o) {
            if !run.is_empty() {
                pieces.push(Piece::Run(std::mem::take(&mut run)));
            }
            pieces.push(Piece::Loop(o));
        } else {
            run.push(o);
        }
    }
    if !run.is_empty() {
        pieces.push(Piece::Run(run));
    }
    // Every value a run passes on needs a zero for the `else` branch: check before rewriting.
    let mut live_outs = Vec::new();
    for piece in &pieces {
        let Piece::Run(run) = piece else { continue };
        let outs = run_live_outs(ctx, run);
        for &v in &outs {
            let ty = ctx.value_type(v);
            if !is_constant_op(ctx, v) && arith::fold::zero(ctx, ty).is_none() {
                return Ok(None);
            }
        }
        live_outs.push(outs);
    }
    let mut inner = Vec::new();
    let mut outs = live_outs.into_iter();
    for piece in pieces {
        match piece {
            Piece::Loop(l) => {
                ctx.move_op(l, InsertPoint::Before(guard));
                inner.push(guard_loop_body(ctx, l, &set, &operands).ok_or(MALFORMED)?);
            }
            Piece::Run(run) => {
                let live = outs.next().unwrap_or_default();
                guard_run(ctx, &run, &live, &set, &operands, guard).ok_or(MALFORMED)?;
            }
        }
    }
    if has_results {
        // The guard's values: what its `then` block yields (now computed outside it) where the
        // guard holds, what its `else` block yields elsewhere.
        select_results(ctx, guard, &set, &operands).ok_or(MALFORMED)?;
    }
    ctx.erase_op(guard);
    Ok(Some(inner))
}

const MALFORMED: &str = "a malformed guard or loop met while sinking a replica guard";

/// Replaces the results of `guard` (its `then` block's ops moved out) by those of a new
/// `affine.if` on the same condition yielding the `then` block's values or the `else` block's.
fn select_results(
    ctx: &mut Context,
    guard: OpId,
    set: &sharc_ir::affine::IntegerSet,
    operands: &[Value],
) -> Option<()> {
    let g = affine::IfOp(guard);
    let then_values = ctx.operands(ctx.block_last_op(g.then_block(ctx)?)?).to_vec();
    let else_values = ctx.operands(ctx.block_last_op(g.else_block(ctx)?)?).to_vec();
    let loc = ctx.loc(guard).clone();
    let types: Vec<Type> = ctx.results(guard).iter().map(|&r| ctx.value_type(r)).collect();
    let state = affine::IfOp::build(ctx, loc.clone(), set.clone(), operands, &types, true);
    let select = affine::IfOp(ctx.create_op(state));
    ctx.insert_op(InsertPoint::Before(guard), select.0);
    for (block, values) in [(select.then_block(ctx)?, then_values), (select.else_block(ctx)?, else_values)] {
        let y = ctx.create_op(affine::YieldOp::build(loc.clone(), &values));
        ctx.insert_op(InsertPoint::BlockEnd(block), y);
    }
    let (old, new) = (ctx.results(guard).to_vec(), ctx.results(select.0).to_vec());
    for (o, n) in old.into_iter().zip(new) {
        ctx.replace_all_uses(o, n);
    }
    Some(())
}

/// Whether `v` is the result of a constant-like op (no operands, no regions, no effect): such
/// ops move out of the guard whole.
fn is_constant_op(ctx: &Context, v: Value) -> bool {
    match ctx.value_def(v) {
        ValueDef::OpResult { op, .. } => {
            ctx.operands(op).is_empty() && ctx.regions(op).is_empty() && effects::is_memory_effect_free(ctx, op)
        }
        ValueDef::BlockArg { .. } => false,
    }
}

/// The results of `run`'s ops used by an op outside `run`.
fn run_live_outs(ctx: &Context, run: &[OpId]) -> Vec<Value> {
    let inside = |user: OpId| run.iter().any(|&o| ctx.is_ancestor(o, user));
    run.iter().flat_map(|&o| ctx.results(o).to_vec()).filter(|&v| ctx.uses(v).iter().any(|u| !inside(u.op))).collect()
}

/// Moves `run` out of `guard` (before it) under its own copy of the guard; constants move out
/// whole, the other values used later come out of the copy's results (zero in its `else`).
fn guard_run(
    ctx: &mut Context,
    run: &[OpId],
    live: &[Value],
    set: &sharc_ir::affine::IntegerSet,
    operands: &[Value],
    guard: OpId,
) -> Option<()> {
    let mut rest = Vec::new();
    for &o in run {
        if ctx.results(o).first().is_some_and(|&r| is_constant_op(ctx, r)) {
            ctx.move_op(o, InsertPoint::Before(guard));
        } else {
            rest.push(o);
        }
    }
    if rest.is_empty() {
        return Some(());
    }
    let live: Vec<Value> = live.iter().copied().filter(|&v| !is_constant_op(ctx, v)).collect();
    let loc = ctx.loc(guard).clone();
    let types: Vec<Type> = live.iter().map(|&v| ctx.value_type(v)).collect();
    let state = affine::IfOp::build(ctx, loc.clone(), set.clone(), operands, &types, !types.is_empty());
    let copy = affine::IfOp(ctx.create_op(state));
    ctx.insert_op(InsertPoint::Before(guard), copy.0);
    let then_block = copy.then_block(ctx)?;
    if types.is_empty() {
        let end = ctx.block_last_op(then_block)?;
        for o in rest {
            ctx.move_op(o, InsertPoint::Before(end));
        }
        return Some(());
    }
    let results = ctx.results(copy.0).to_vec();
    for (&v, &r) in live.iter().zip(&results) {
        // Uses outside the run now read the guard's result; uses inside keep the value.
        let outside: Vec<_> =
            ctx.uses(v).iter().copied().filter(|u| !rest.iter().any(|&o| ctx.is_ancestor(o, u.op))).collect();
        for u in outside {
            ctx.set_operand(u.op, u.operand as usize, r);
        }
    }
    for o in rest {
        ctx.move_op(o, InsertPoint::BlockEnd(then_block));
    }
    let y = ctx.create_op(affine::YieldOp::build(loc.clone(), &live));
    ctx.insert_op(InsertPoint::BlockEnd(then_block), y);
    let else_block = copy.else_block(ctx)?;
    let mut zeros = Vec::with_capacity(types.len());
    for &ty in &types {
        let attr = arith::fold::zero(ctx, ty)?;
        let state = arith::ConstantOp::state(ctx, attr, ty, loc.clone())?;
        let c = ctx.create_op(state);
        ctx.insert_op(InsertPoint::BlockEnd(else_block), c);
        zeros.push(ctx.result(c, 0));
    }
    let y = ctx.create_op(affine::YieldOp::build(loc, &zeros));
    ctx.insert_op(InsertPoint::BlockEnd(else_block), y);
    Some(())
}

/// Puts the body of loop `l` under a copy of the guard: its carried values pass through
/// unchanged where the guard fails. Returns the new guard.
fn guard_loop_body(ctx: &mut Context, l: OpId, set: &sharc_ir::affine::IntegerSet, operands: &[Value]) -> Option<OpId> {
    let body = ctx.regions(l).first().and_then(|&r| ctx.entry_block(r))?;
    let terminator = ctx.block_last_op(body)?;
    let ops = body_ops(ctx, body);
    let yielded = ctx.operands(terminator).to_vec();
    let carried: Vec<Value> = ctx.block_args(body).get(1..).unwrap_or(&[]).to_vec();
    let loc = ctx.loc(l).clone();
    let types: Vec<Type> = yielded.iter().map(|&v| ctx.value_type(v)).collect();
    let state = affine::IfOp::build(ctx, loc.clone(), set.clone(), operands, &types, !types.is_empty());
    let copy = affine::IfOp(ctx.create_op(state));
    ctx.insert_op(InsertPoint::Before(terminator), copy.0);
    let then_block = copy.then_block(ctx)?;
    if types.is_empty() {
        let end = ctx.block_last_op(then_block)?;
        for o in ops {
            ctx.move_op(o, InsertPoint::Before(end));
        }
        return Some(copy.0);
    }
    for o in ops {
        ctx.move_op(o, InsertPoint::BlockEnd(then_block));
    }
    let y = ctx.create_op(affine::YieldOp::build(loc.clone(), &yielded));
    ctx.insert_op(InsertPoint::BlockEnd(then_block), y);
    let else_block = copy.else_block(ctx)?;
    let y = ctx.create_op(affine::YieldOp::build(loc, &carried));
    ctx.insert_op(InsertPoint::BlockEnd(else_block), y);
    let results = ctx.results(copy.0).to_vec();
    ctx.set_operands(terminator, results);
    Some(copy.0)
}
