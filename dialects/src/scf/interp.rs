//! `sharc-run` semantics of the scf ops.
//!
//! `scf.for` and `scf.if` diverge per lane inside kernels (masked iterations and branches);
//! `scf.while` keeps each lane looping until its own condition fails; `scf.parallel` runs its
//! iteration space sequentially in row-major order, combining `scf.reduce` operands into the
//! accumulators through each reduction region; `scf.execute_region` runs its single block.
//! The terminators (`scf.yield`, `scf.condition`, `scf.reduce`, `scf.reduce.return`) only hand
//! their operands to the parent.

use super::ops::*;
use sharc_ir::{Diagnostic, OpId, RegionId};
use sharc_sim::control::Bounds;
use sharc_sim::{BlockRef, Exec, Loop, Prep, Scalar, Semantics, SimError, Slot, Val};

fn entry(p: &mut Prep<'_>, op: OpId, r: RegionId) -> Result<BlockRef, Diagnostic> {
    p.region_entry(op, r)
}

struct For {
    lb: Slot,
    ub: Slot,
    step: Slot,
    ty: Scalar,
    l: Loop,
}

fn prepare_for(p: &mut Prep<'_>, op: OpId) -> Result<For, Diagnostic> {
    let ctx = p.ctx();
    let f = ForOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed scf.for"))?;
    let ty = p.scalar(op, f.lower_bound(ctx))?;
    let l = Loop {
        iv: p.slot(f.induction_var(ctx)),
        iters: p.slots(f.region_iter_args(ctx)).into(),
        inits: p.slots(f.init_args(ctx)).into(),
        body: entry(p, op, f.region(ctx))?,
        results: p.slots(ctx.results(op)).into(),
    };
    Ok(For { lb: p.slot(f.lower_bound(ctx)), ub: p.slot(f.upper_bound(ctx)), step: p.slot(f.step(ctx)), ty, l })
}

fn exec_for(x: &mut Exec<'_, '_>, f: &For) -> Result<(), SimError> {
    x.counted_loop(
        &f.l,
        &mut |x, lane| {
            let (lb, ub, step) = (x.get(f.lb, lane).i(), x.get(f.ub, lane).i(), x.get(f.step, lane).i());
            if step <= 0 {
                return Err(x.trap(lane, format!("scf.for step must be positive, got {step}")));
            }
            Ok((lb, ub, step))
        },
        f.ty,
    )
}

struct If {
    cond: Slot,
    then: BlockRef,
    els: Option<BlockRef>,
    results: Box<[Slot]>,
}

fn prepare_if(p: &mut Prep<'_>, op: OpId) -> Result<If, Diagnostic> {
    let ctx = p.ctx();
    let i = IfOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed scf.if"))?;
    let els = match i.else_block(ctx) {
        Some(_) => Some(entry(p, op, i.else_region(ctx))?),
        None => None,
    };
    Ok(If {
        cond: p.slot(i.condition(ctx)),
        then: entry(p, op, i.then_region(ctx))?,
        els,
        results: p.slots(ctx.results(op)).into(),
    })
}

fn exec_if(x: &mut Exec<'_, '_>, f: &If) -> Result<(), SimError> {
    x.branch(&mut |x, lane| Ok(x.get(f.cond, lane).truthy()), f.then, f.els, &f.results)
}

struct While {
    inits: Box<[Slot]>,
    before: BlockRef,
    before_args: Box<[Slot]>,
    after: BlockRef,
    after_args: Box<[Slot]>,
    results: Box<[Slot]>,
}

fn prepare_while(p: &mut Prep<'_>, op: OpId) -> Result<While, Diagnostic> {
    let ctx = p.ctx();
    let w = WhileOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed scf.while"))?;
    Ok(While {
        inits: p.slots(w.inits(ctx)).into(),
        before: entry(p, op, w.before(ctx))?,
        before_args: p.slots(w.before_arguments(ctx)).into(),
        after: entry(p, op, w.after(ctx))?,
        after_args: p.slots(w.after_arguments(ctx)).into(),
        results: p.slots(ctx.results(op)).into(),
    })
}

/// Copies `from` slots to `to` slots for `lanes` (reading all before writing any).
fn copy(x: &mut Exec<'_, '_>, lanes: &[u32], from: &[Slot], to: &[Slot], tmp: &mut Vec<Val>) {
    for &lane in lanes {
        tmp.clear();
        tmp.extend(from.iter().map(|&s| x.get(s, lane)));
        for (&t, &v) in to.iter().zip(tmp.iter()) {
            x.set(t, lane, v);
        }
    }
}

fn exec_while(x: &mut Exec<'_, '_>, w: &While) -> Result<(), SimError> {
    let mut tmp = Vec::new();
    let lanes = x.lanes();
    copy(x, lanes, &w.inits, &w.before_args, &mut tmp);
    let mut active = x.take_lanes();
    let mut cont = x.take_lanes();
    active.extend_from_slice(lanes);
    let r = (|| {
        while !active.is_empty() {
            let term = x.run_block(w.before, &active)?;
            let cond = x.yielded(term);
            let (flag, args) = cond.split_first().ok_or_else(|| x.error("scf.condition without a condition"))?;
            cont.clear();
            for &lane in active.iter() {
                if x.get(*flag, lane).truthy() {
                    cont.push(lane);
                } else {
                    copy(x, &[lane], args, &w.results, &mut tmp);
                }
            }
            if cont.is_empty() {
                break;
            }
            copy(x, &cont, args, &w.after_args, &mut tmp);
            let term = x.run_block(w.after, &cont)?;
            let yields = x.yielded(term);
            copy(x, &cont, yields, &w.before_args, &mut tmp);
            std::mem::swap(&mut active, &mut cont);
        }
        Ok(())
    })();
    x.recycle(active);
    x.recycle(cont);
    r
}

/// One `scf.reduce` region: its block and its two arguments.
struct Reduction {
    block: BlockRef,
    lhs: Slot,
    rhs: Slot,
}

struct Parallel {
    lbs: Box<[Slot]>,
    ubs: Box<[Slot]>,
    steps: Box<[Slot]>,
    inits: Box<[Slot]>,
    ivs: Box<[Slot]>,
    body: BlockRef,
    reductions: Vec<Reduction>,
    results: Box<[Slot]>,
}

fn prepare_parallel(p: &mut Prep<'_>, op: OpId) -> Result<Parallel, Diagnostic> {
    let ctx = p.ctx();
    let par = ParallelOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed scf.parallel"))?;
    let mut reductions = Vec::new();
    if let Some(red) = par.reduce_op(ctx) {
        for &r in red.reductions(ctx) {
            let block = entry(p, red.0, r)?;
            let args = ctx.entry_block(r).map(|b| ctx.block_args(b).to_vec()).unwrap_or_default();
            let [lhs, rhs] = args[..] else { return Err(p.error(red.0, "an scf.reduce region takes two arguments")) };
            reductions.push(Reduction { block, lhs: p.slot(lhs), rhs: p.slot(rhs) });
        }
    }
    Ok(Parallel {
        lbs: p.slots(par.lower_bounds(ctx)).into(),
        ubs: p.slots(par.upper_bounds(ctx)).into(),
        steps: p.slots(par.steps(ctx)).into(),
        inits: p.slots(par.init_vals(ctx)).into(),
        ivs: p.slots(par.induction_vars(ctx)).into(),
        body: entry(p, op, par.region(ctx))?,
        reductions,
        results: p.slots(ctx.results(op)).into(),
    })
}

fn exec_parallel(x: &mut Exec<'_, '_>, f: &Parallel) -> Result<(), SimError> {
    let mut tmp = Vec::new();
    let lanes = x.lanes();
    copy(x, lanes, &f.inits, &f.results, &mut tmp);
    let mut combined_tmp = Vec::new();
    x.parallel_loop(
        &f.ivs,
        f.body,
        &mut |x, lane, b: &mut Bounds| {
            for d in 0..f.steps.len() {
                let step = x.get(f.steps[d], lane).i();
                if step <= 0 {
                    return Err(x.trap(lane, format!("scf.parallel step must be positive, got {step}")));
                }
                b.push([x.get(f.lbs[d], lane).i(), x.get(f.ubs[d], lane).i(), step]);
            }
            Ok(())
        },
        &mut |x, term, lanes| {
            let values = x.yielded(term);
            for ((red, &acc), &v) in f.reductions.iter().zip(f.results.iter()).zip(values) {
                for &lane in lanes {
                    let (a, b) = (x.get(acc, lane), x.get(v, lane));
                    x.set(red.lhs, lane, a);
                    x.set(red.rhs, lane, b);
                }
                let t = x.run_block(red.block, lanes)?;
                let combined = x.yielded(t);
                copy(x, lanes, combined, &[acc], &mut combined_tmp);
            }
            Ok(())
        },
    )
}

struct Region {
    block: BlockRef,
    results: Box<[Slot]>,
}

pub(crate) fn register(s: &mut Semantics) {
    s.region(&FOR, prepare_for, exec_for);
    s.region(&IF, prepare_if, exec_if);
    s.region(&WHILE, prepare_while, exec_while);
    s.region(&PARALLEL, prepare_parallel, exec_parallel);
    s.region(
        &EXECUTE_REGION,
        |p, op| {
            let r = ExecuteRegionOp::view(p.ctx(), op).ok_or_else(|| p.error(op, "malformed scf.execute_region"))?;
            let region = r.region(p.ctx());
            Ok(Region { block: entry(p, op, region)?, results: p.slots(p.ctx().results(op)).into() })
        },
        |x, r: &Region| {
            let lanes = x.lanes();
            x.run_part(r.block, lanes, &r.results)
        },
    );
    for t in [&YIELD, &CONDITION, &REDUCE, &REDUCE_RETURN] {
        s.terminator(t);
    }
}
