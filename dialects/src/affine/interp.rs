//! `sharc-run` semantics of the affine ops.
//!
//! Maps and integer sets are compiled once per op (`sharc_sim::affine`). `affine.for` runs
//! from the maximum of its lower-bound map to the minimum of its upper-bound map;
//! `affine.parallel` runs its iteration space sequentially in row-major order and combines the
//! yielded values with its reductions (starting from each reduction's identity); `affine.if`
//! masks the lanes outside its set. Loops and conditionals diverge per lane inside kernels.

use super::ops::*;
use sharc_ir::affine::AffineMap;
use sharc_ir::{Diagnostic, OpId};
use sharc_sim::affine::{Map, Set};
use sharc_sim::control::Bounds;
use sharc_sim::memory::MAX_RANK;
use sharc_sim::{Exec, Loop, Prep, Scalar, Semantics, SimError, Slot, Trap, Val};

/// Up to this many map operands are gathered without allocating.
const INLINE_INPUTS: usize = 12;

/// The map operands of `lane` as integers.
#[inline]
fn gather<'b>(
    x: &Exec<'_, '_>,
    slots: &[Slot],
    lane: u32,
    buf: &'b mut [i64; INLINE_INPUTS],
    big: &'b mut Vec<i64>,
) -> &'b [i64] {
    if slots.len() <= INLINE_INPUTS {
        for (b, &s) in buf.iter_mut().zip(slots) {
            *b = x.get(s, lane).i();
        }
        &buf[..slots.len()]
    } else {
        big.clear();
        big.extend(slots.iter().map(|&s| x.get(s, lane).i()));
        big
    }
}

/// Lane-op operands (map operands) as integers.
#[inline]
fn ints(v: &[Val], buf: &mut [i64; INLINE_INPUTS]) -> Result<usize, Trap> {
    if v.len() > INLINE_INPUTS {
        return Err(Trap::new(format!("more than {INLINE_INPUTS} affine map operands are not supported")));
    }
    for (b, x) in buf.iter_mut().zip(v) {
        *b = x.i();
    }
    Ok(v.len())
}

fn map_of(p: &Prep<'_>, op: OpId, m: Option<&AffineMap>) -> Result<Map, Diagnostic> {
    let m = m.ok_or_else(|| p.error(op, "affine op without its map"))?;
    if m.num_results() > MAX_RANK.max(INLINE_INPUTS) {
        return Err(p.error(op, "affine map with too many results"));
    }
    Ok(Map::compile(m))
}

struct For {
    lb: Map,
    lb_ops: Box<[Slot]>,
    ub: Map,
    ub_ops: Box<[Slot]>,
    step: i64,
    l: Loop,
}

fn prepare_for(p: &mut Prep<'_>, op: OpId) -> Result<For, Diagnostic> {
    let ctx = p.ctx();
    let f = ForOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed affine.for"))?;
    let body = f.body(ctx).ok_or_else(|| p.error(op, "affine.for without a body"))?;
    let iv = f.induction_var(ctx).ok_or_else(|| p.error(op, "affine.for without an induction variable"))?;
    let step = f.step(ctx);
    if step <= 0 {
        return Err(p.error(op, format!("affine.for step must be positive, got {step}")));
    }
    let l = Loop {
        iv: p.slot(iv),
        iters: p.slots(f.region_iter_args(ctx)).into(),
        inits: p.slots(f.inits(ctx)).into(),
        body: p.block(body),
        results: p.slots(ctx.results(op)).into(),
    };
    Ok(For {
        lb: map_of(p, op, f.lower_bound_map(ctx))?,
        lb_ops: p.slots(f.lower_bound_operands(ctx)).into(),
        ub: map_of(p, op, f.upper_bound_map(ctx))?,
        ub_ops: p.slots(f.upper_bound_operands(ctx)).into(),
        step,
        l,
    })
}

fn exec_for(x: &mut Exec<'_, '_>, f: &For) -> Result<(), SimError> {
    let mut buf = [0i64; INLINE_INPUTS];
    let mut big = Vec::new();
    x.counted_loop(
        &f.l,
        &mut |x, lane| {
            let lb = f.lb.max(gather(x, &f.lb_ops, lane, &mut buf, &mut big)).map_err(|t| x.trap(lane, t))?;
            let ub = f.ub.min(gather(x, &f.ub_ops, lane, &mut buf, &mut big)).map_err(|t| x.trap(lane, t))?;
            Ok((lb, ub, f.step))
        },
        Scalar::Index,
    )
}

struct If {
    set: Set,
    operands: Box<[Slot]>,
    then: sharc_sim::BlockRef,
    els: Option<sharc_sim::BlockRef>,
    results: Box<[Slot]>,
}

fn prepare_if(p: &mut Prep<'_>, op: OpId) -> Result<If, Diagnostic> {
    let ctx = p.ctx();
    let i = IfOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed affine.if"))?;
    let set = i.condition(ctx).ok_or_else(|| p.error(op, "affine.if without its condition"))?;
    let then = i.then_block(ctx).ok_or_else(|| p.error(op, "affine.if without a then region"))?;
    let else_block = i.else_block(ctx);
    Ok(If {
        set: Set::compile(set),
        operands: p.slots(ctx.operands(op)).into(),
        then: p.block(then),
        els: else_block.map(|b| p.block(b)),
        results: p.slots(ctx.results(op)).into(),
    })
}

fn exec_if(x: &mut Exec<'_, '_>, f: &If) -> Result<(), SimError> {
    let mut buf = [0i64; INLINE_INPUTS];
    let mut big = Vec::new();
    x.branch(
        &mut |x, lane| f.set.contains(gather(x, &f.operands, lane, &mut buf, &mut big)).map_err(|t| x.trap(lane, t)),
        f.then,
        f.els,
        &f.results,
    )
}

struct Parallel {
    lower: Vec<Map>,
    upper: Vec<Map>,
    lb_ops: Box<[Slot]>,
    ub_ops: Box<[Slot]>,
    steps: Vec<i64>,
    ivs: Box<[Slot]>,
    body: sharc_sim::BlockRef,
    reductions: Vec<(ReductionKind, Scalar)>,
    results: Box<[Slot]>,
}

fn prepare_parallel(p: &mut Prep<'_>, op: OpId) -> Result<Parallel, Diagnostic> {
    let ctx = p.ctx();
    let par = ParallelOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed affine.parallel"))?;
    let n = par.num_dims(ctx);
    let mut lower = Vec::with_capacity(n);
    let mut upper = Vec::with_capacity(n);
    for d in 0..n {
        lower.push(map_of(p, op, par.lower_bound_map(ctx, d).as_ref())?);
        upper.push(map_of(p, op, par.upper_bound_map(ctx, d).as_ref())?);
    }
    let steps = par.steps(ctx);
    if let Some(s) = steps.iter().find(|&&s| s <= 0) {
        return Err(p.error(op, format!("affine.parallel step must be positive, got {s}")));
    }
    let kinds = par.reductions(ctx);
    let mut reductions = Vec::new();
    for (k, &r) in kinds.iter().zip(ctx.results(op)) {
        reductions.push((*k, p.scalar(op, r)?));
    }
    let body = par.body(ctx).ok_or_else(|| p.error(op, "affine.parallel without a body"))?;
    Ok(Parallel {
        lower,
        upper,
        lb_ops: p.slots(par.lower_bound_operands(ctx)).into(),
        ub_ops: p.slots(par.upper_bound_operands(ctx)).into(),
        steps,
        ivs: p.slots(par.ivs(ctx)).into(),
        body: p.block(body),
        reductions,
        results: p.slots(ctx.results(op)).into(),
    })
}

fn exec_parallel(x: &mut Exec<'_, '_>, f: &Parallel) -> Result<(), SimError> {
    for &lane in x.lanes() {
        for (&(k, ty), &r) in f.reductions.iter().zip(f.results.iter()) {
            x.set(r, lane, identity(k, ty));
        }
    }
    let mut buf = [0i64; INLINE_INPUTS];
    let mut big = Vec::new();
    x.parallel_loop(
        &f.ivs,
        f.body,
        &mut |x, lane, b: &mut Bounds| {
            for d in 0..f.steps.len() {
                let lb = f.lower[d].max(gather(x, &f.lb_ops, lane, &mut buf, &mut big)).map_err(|t| x.trap(lane, t))?;
                let ub = f.upper[d].min(gather(x, &f.ub_ops, lane, &mut buf, &mut big)).map_err(|t| x.trap(lane, t))?;
                b.push([lb, ub, f.steps[d]]);
            }
            Ok(())
        },
        &mut |x, term, lanes| {
            let yields = x.yielded(term);
            for &lane in lanes {
                for ((&(k, ty), &r), &y) in f.reductions.iter().zip(f.results.iter()).zip(yields) {
                    let v = combine(k, ty, x.get(r, lane), x.get(y, lane));
                    x.set(r, lane, v);
                }
            }
            Ok(())
        },
    )
}

/// The value a reduction starts from.
fn identity(k: ReductionKind, ty: Scalar) -> Val {
    use ReductionKind::*;
    let w = ty.width();
    match k {
        AddF => ty.float(0.0),
        MulF => ty.float(1.0),
        MaximumF | MaxNumF => ty.float(f64::NEG_INFINITY),
        MinimumF | MinNumF => ty.float(f64::INFINITY),
        AddI | OrI | XOrI | MaxU => Val::Int(0),
        MulI => Val::Int(1),
        AndI | MinU => Val::Int(-1),
        MaxS => ty.int(if w >= 64 { i64::MIN } else { -(1i64 << (w - 1)) }),
        MinS => ty.int(if w >= 64 { i64::MAX } else { (1i64 << (w - 1)) - 1 }),
        Assign => Val::Undef,
    }
}

/// `acc ⊕ v` for reduction `k` on values of type `ty`.
fn combine(k: ReductionKind, ty: Scalar, acc: Val, v: Val) -> Val {
    use ReductionKind::*;
    let w = ty.width();
    let f = |op: fn(f64, f64) -> f64| match (acc, v) {
        (Val::F32(a), Val::F32(b)) => Val::F32(ty.round_f32(op(a as f64, b as f64) as f32)),
        (Val::F64(a), Val::F64(b)) => Val::F64(op(a, b)),
        _ => v,
    };
    let (a, b) = (acc.i(), v.i());
    let (ua, ub) = (sharc_sim::value::zext(a, w), sharc_sim::value::zext(b, w));
    match k {
        // f32 sums and products: exact in f64, then one rounding, as the f32 operation.
        AddF => f(|a, b| a + b),
        MulF => f(|a, b| a * b),
        MaximumF => f(|a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) }),
        MinimumF => f(|a, b| if a.is_nan() || b.is_nan() { f64::NAN } else { a.min(b) }),
        MaxNumF => f(f64::max),
        MinNumF => f(f64::min),
        AddI => ty.int(a.wrapping_add(b)),
        MulI => ty.int(a.wrapping_mul(b)),
        AndI => ty.int(a & b),
        OrI => ty.int(a | b),
        XOrI => ty.int(a ^ b),
        MaxS => ty.int(a.max(b)),
        MinS => ty.int(a.min(b)),
        MaxU => ty.int(ua.max(ub) as i64),
        MinU => ty.int(ua.min(ub) as i64),
        Assign => v,
    }
}

/// The compiled map of an affine op.
fn map_payload(p: &mut Prep<'_>, op: OpId, m: Option<&AffineMap>) -> Result<Map, Diagnostic> {
    map_of(p, op, m)
}

fn index_results(v: &[Val], m: &Map, out: &mut [i64; INLINE_INPUTS]) -> Result<usize, Trap> {
    let mut inputs = [0i64; INLINE_INPUTS];
    let n = ints(v, &mut inputs)?;
    m.eval_into(&inputs[..n], out)?;
    Ok(m.exprs.len())
}

/// The lanes of a 1-d vector of at most `MAX_VECTOR_BYTES` bytes the simulator holds.
fn vector_lanes(p: &Prep<'_>, op: OpId, ty: sharc_ir::Type) -> Result<usize, Diagnostic> {
    let ctx = p.ctx();
    let fits = match ctx.type_kind(ty) {
        sharc_ir::types::TypeKind::Vector { shape, elem, .. } if shape.len() == 1 && shape[0] > 0 => {
            Scalar::of(ctx, *elem).map(|e| (shape[0] as usize, e.bytes()))
        }
        _ => None,
    };
    match fits {
        Some((n, e)) if n * e <= sharc_sim::value::MAX_VECTOR_BYTES => Ok(n),
        _ => Err(p.error(
            op,
            format!(
                "cannot execute values of type {} (sharc-run holds 1-d vectors of up to {} bytes)",
                sharc_ir::syntax::printer::type_to_string(ctx, ty),
                sharc_sim::value::MAX_VECTOR_BYTES
            ),
        )),
    }
}

fn prepare_vector_load(p: &mut Prep<'_>, op: OpId) -> Result<(Map, usize), Diagnostic> {
    let ctx = p.ctx();
    let l = VectorLoadOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed affine.vector_load"))?;
    let lanes = vector_lanes(p, op, ctx.value_type(l.result(ctx)))?;
    Ok((map_of(p, op, l.map(ctx))?, lanes))
}

fn prepare_vector_store(p: &mut Prep<'_>, op: OpId) -> Result<(Map, usize), Diagnostic> {
    let ctx = p.ctx();
    let s = VectorStoreOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed affine.vector_store"))?;
    let lanes = vector_lanes(p, op, ctx.value_type(s.value(ctx)))?;
    Ok((map_of(p, op, s.map(ctx))?, lanes))
}

pub(crate) fn register(s: &mut Semantics) {
    s.lane(
        &APPLY,
        |p, op| map_payload(p, op, ApplyOp::view(p.ctx(), op).and_then(|a| a.map(p.ctx()))),
        |_, m: &Map, v| {
            let mut out = [0i64; INLINE_INPUTS];
            index_results(v, m, &mut out)?;
            Ok(Val::Int(out[0]))
        },
    );
    s.lane(
        &MIN,
        |p, op| map_payload(p, op, MinOp::view(p.ctx(), op).and_then(|a| a.map(p.ctx()))),
        |_, m: &Map, v| {
            let mut inputs = [0i64; INLINE_INPUTS];
            let n = ints(v, &mut inputs)?;
            m.min(&inputs[..n]).map(Val::Int)
        },
    );
    s.lane(
        &MAX,
        |p, op| map_payload(p, op, MaxOp::view(p.ctx(), op).and_then(|a| a.map(p.ctx()))),
        |_, m: &Map, v| {
            let mut inputs = [0i64; INLINE_INPUTS];
            let n = ints(v, &mut inputs)?;
            m.max(&inputs[..n]).map(Val::Int)
        },
    );
    s.lane(
        &LOAD,
        |p, op| map_payload(p, op, LoadOp::view(p.ctx(), op).and_then(|a| a.map(p.ctx()))),
        |cx, m: &Map, v| {
            let mut idx = [0i64; INLINE_INPUTS];
            let n = index_results(&v[1..], m, &mut idx)?;
            cx.load(v[0], &idx[..n])
        },
    );
    s.lane(
        &STORE,
        |p, op| map_payload(p, op, StoreOp::view(p.ctx(), op).and_then(|a| a.map(p.ctx()))),
        |cx, m: &Map, v| {
            let mut idx = [0i64; INLINE_INPUTS];
            let n = index_results(&v[2..], m, &mut idx)?;
            cx.store(v[1], &idx[..n], v[0]).map(|_| Val::Undef)
        },
    );
    s.lane(&VECTOR_LOAD, prepare_vector_load, |cx, (m, lanes): &(Map, usize), v| {
        let mut idx = [0i64; INLINE_INPUTS];
        let n = index_results(&v[1..], m, &mut idx)?;
        cx.load_vector(v[0], &idx[..n], *lanes)
    });
    s.lane(&VECTOR_STORE, prepare_vector_store, |cx, (m, lanes): &(Map, usize), v| {
        let mut idx = [0i64; INLINE_INPUTS];
        let n = index_results(&v[2..], m, &mut idx)?;
        cx.store_vector(v[1], &idx[..n], *lanes, v[0]).map(|_| Val::Undef)
    });
    s.region(&FOR, prepare_for, exec_for);
    s.region(&IF, prepare_if, exec_if);
    s.region(&PARALLEL, prepare_parallel, exec_parallel);
    s.terminator(&YIELD);
}
