//! Offset rotation of a reduction loop for 1-D grids (seed 001 §3.3.7, for grids the diagonal
//! order cannot reorder): block `b` starts its reduction loop `(b mod C)·r` iterations in, so
//! that co-resident blocks, which all read the same columns at the same time when they start
//! together, spread over the `C` channels.
//!
//! ```mlir
//! %s = affine.for %k = 0 to %n iter_args(%acc = %c0) -> (i32) { ... %acc + A[%i][%k] ... }
//! ```
//! becomes a head from the block's offset to the end, then a tail from the start to the offset:
//! ```mlir
//! %h = affine.for %k = (o floordiv 256) mod 8 * 64 to %n iter_args(%acc = %c0) -> (i32) {...}
//! %s = affine.for %k = 0 to min(((o floordiv 256) mod 8) * 64, %n) iter_args(%acc = %h) ... {...}
//!        {sharc.rotated_tail}
//! ```
//! Both keep affine bounds (the offset is an affine function of the band's origin, `mod` a
//! constant), and the iterations each block runs are the same ones: only the order in which
//! they are combined changes. A site is a loop of the band, not the band itself, with
//! loop-carried values that are reductions: each is threaded through its iteration only by one
//! associative and commutative op (`acc' = acc ⊕ v`, also through nested loops that reduce with
//! the same op), and no partial result is used otherwise. Integer reductions always qualify
//! (the combining ops lose their `nsw`/`nuw` flags: a partial sum in the new order may overflow
//! where the original's did not); floating-point ones only under `allow-reassoc`. The loop may
//! write memory only by copying global tiles into shared buffers of the band
//! (`memplace.copy_in`) that it reads after the copy in the same iteration, with barriers: each
//! iteration then reads what it copied itself, whatever the order.

use crate::analysis::camping::ROTATED_TAIL_ATTR;
use sharc_dialects::affine::ForOp;
use sharc_dialects::arith;
use sharc_dialects::gpu::Dimension;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::InsertPoint;
use sharc_ir::{BlockId, Context, OpId, Value};
use std::collections::HashMap;

/// The loops of `band` that may run rotated, outermost first, or why there is none.
pub(super) fn sites(ctx: &Context, band: BandOp, allow_reassoc: bool) -> Result<Vec<OpId>, String> {
    let mut found = Vec::new();
    // The reason of the outermost loop that carries values.
    let mut why = None;
    for op in ctx.collect_ops(band.0) {
        if op == band.0 || ForOp::view(ctx, op).is_none() {
            continue;
        }
        match site(ctx, band, op, allow_reassoc) {
            Ok(()) => found.push(op),
            Err(e) if !e.is_empty() => {
                why.get_or_insert(e);
            }
            Err(_) => {}
        }
    }
    if found.is_empty() {
        Err(why.unwrap_or_else(|| "the band has no loop that carries a reduction".into()))
    } else {
        Ok(found)
    }
}

/// Whether `loop_op` is a site (see the module docs); `Err("")` for a loop that carries nothing.
fn site(ctx: &Context, band: BandOp, loop_op: OpId, allow_reassoc: bool) -> Result<(), String> {
    let f = ForOp::view(ctx, loop_op).ok_or("not an affine.for")?;
    let accs = f.region_iter_args(ctx);
    if accs.is_empty() {
        return Err(String::new());
    }
    let (Some(lb), Some(ub)) = (f.lower_bound_map(ctx), f.upper_bound_map(ctx)) else {
        return Err("the reduction loop has no bounds".into());
    };
    if lb.num_results() != 1 || ub.num_results() != 1 || f.step(ctx) <= 0 {
        return Err("the reduction loop's bounds are a max or a min".into());
    }
    let (body, yield_op) = match (f.body(ctx), f.yield_op(ctx)) {
        (Some(b), Some(y)) => (b, y.0),
        _ => return Err("the reduction loop has no body".into()),
    };
    writes_only_own_copies(ctx, band, loop_op, body)?;
    let mut kind = None;
    for (pos, &acc) in accs.iter().enumerate() {
        follow(ctx, acc, body, yield_op, pos, &mut kind, allow_reassoc)?;
    }
    Ok(())
}

/// Follows the accumulator `start` through its single uses in `body` to operand `pos` of the
/// loop's yield: each step a combining op of one kind, or a nested loop that reduces it with
/// the same kind. Returns the combining ops.
fn follow(
    ctx: &Context,
    start: Value,
    body: BlockId,
    yield_op: OpId,
    pos: usize,
    kind: &mut Option<String>,
    allow_reassoc: bool,
) -> Result<Vec<OpId>, String> {
    let mut v = start;
    let mut combiners = Vec::new();
    loop {
        let [u] = ctx.uses(v)[..] else {
            return Err("a partial result of the reduction is used other than by its combination".into());
        };
        if u.op == yield_op {
            return if u.operand as usize == pos {
                Ok(combiners)
            } else {
                Err("a partial result of the reduction is carried as another value".into())
            };
        }
        if ctx.parent_block(u.op) != Some(body) {
            return Err("a partial result of the reduction is used in a nested region".into());
        }
        if let Some(float) = combining(ctx, u.op) {
            if float && !allow_reassoc {
                return Err("the reduction is floating-point: a new order changes its rounding (allow-reassoc)".into());
            }
            let name = ctx.op_name(u.op).to_string();
            if kind.get_or_insert_with(|| name.clone()) != &name {
                return Err("the reduction combines with two different ops".into());
            }
            combiners.push(u.op);
            v = ctx.result(u.op, 0);
            continue;
        }
        let Some(nested) = ForOp::view(ctx, u.op) else {
            return Err(format!("a partial result of the reduction is used by '{}'", ctx.op_name(u.op)));
        };
        let bound_operands = nested.lower_bound_operands(ctx).len() + nested.upper_bound_operands(ctx).len();
        let j = (u.operand as usize).checked_sub(bound_operands).ok_or("the reduction feeds a loop bound")?;
        let (Some(inner_body), Some(inner_yield), Some(&inner_acc)) =
            (nested.body(ctx), nested.yield_op(ctx), nested.region_iter_args(ctx).get(j))
        else {
            return Err("a nested loop of the reduction has no body".into());
        };
        combiners.extend(follow(ctx, inner_acc, inner_body, inner_yield.0, j, kind, allow_reassoc)?);
        v = ctx.result(nested.0, j);
    }
}

/// Whether `op` is an associative and commutative combining op: `Some(is_float)`.
fn combining(ctx: &Context, op: OpId) -> Option<bool> {
    let is = |v: bool| Some(v);
    if arith::AddIOp::view(ctx, op).is_some()
        || arith::MulIOp::view(ctx, op).is_some()
        || arith::AndIOp::view(ctx, op).is_some()
        || arith::OrIOp::view(ctx, op).is_some()
        || arith::XOrIOp::view(ctx, op).is_some()
        || arith::MaxSIOp::view(ctx, op).is_some()
        || arith::MinSIOp::view(ctx, op).is_some()
        || arith::MaxUIOp::view(ctx, op).is_some()
        || arith::MinUIOp::view(ctx, op).is_some()
    {
        return is(false);
    }
    if arith::AddFOp::view(ctx, op).is_some()
        || arith::MulFOp::view(ctx, op).is_some()
        || arith::MaximumFOp::view(ctx, op).is_some()
        || arith::MinimumFOp::view(ctx, op).is_some()
    {
        return is(true);
    }
    None
}

/// The loop's writes are barriers and copies of global tiles into the band's shared buffers,
/// each buffer read in the loop only after its copy in the body: every iteration reads what it
/// copied itself.
fn writes_only_own_copies(ctx: &Context, band: BandOp, loop_op: OpId, body: BlockId) -> Result<(), String> {
    let top = ctx.block_ops(body);
    let position = |op: OpId| {
        let mut at = op;
        while ctx.parent_block(at) != Some(body) {
            at = ctx.parent_op(at)?;
        }
        top.iter().position(|&t| t == at)
    };
    let mut copied: HashMap<Value, usize> = HashMap::new();
    for op in ctx.collect_ops(loop_op).into_iter().skip(1) {
        if BarrierOp::view(ctx, op).is_some() || !ctx.regions(op).is_empty() {
            continue;
        }
        if let Some(c) = CopyOp::view(ctx, op) {
            let buffer = c.shared(ctx);
            let local = ctx
                .defining_op(buffer)
                .is_some_and(|d| AllocSharedOp::view(ctx, d).is_some() && ctx.is_ancestor(band.0, d));
            if c.direction(ctx) != Direction::In || !local || ctx.parent_block(op) != Some(body) {
                return Err("the reduction loop writes memory other than its own staged tiles".into());
            }
            let at = position(op).ok_or("a copy outside the loop body")?;
            copied.insert(buffer, at);
            continue;
        }
        if crate::effects::may_write(ctx, op) {
            return Err(format!("the reduction loop writes memory ('{}')", ctx.op_name(op)));
        }
    }
    // Every use of a copied buffer in the loop comes after its copy.
    for (&buffer, &at) in &copied {
        for u in ctx.uses(buffer) {
            if ctx.is_ancestor(loop_op, u.op) && position(u.op).is_none_or(|p| p < at) {
                return Err("the reduction loop reads a staged tile before copying it".into());
            }
        }
    }
    Ok(())
}

/// Splits the site `loop_op` of `band` into a head that starts `(b mod channels)·iterations`
/// iterations in (`b` the block's index along x) and a tail that runs the iterations before
/// it; the loop's results become the tail's.
pub(super) fn rotate(
    ctx: &mut Context,
    band: BandOp,
    loop_op: OpId,
    channels: i64,
    iterations: i64,
) -> Result<(), String> {
    let f = ForOp::view(ctx, loop_op).ok_or("not an affine.for")?;
    let x = band.mapping(ctx).iter().position(|&d| d == Some(Dimension::X)).ok_or("the band maps no loop to x")?;
    let (Some(&o_x), Some(&step_x), Some(&tile_x)) =
        (band.origins(ctx).get(x), band.steps(ctx).get(x), band.tile_sizes(ctx).get(x))
    else {
        return Err("the band's origins, steps and tiles disagree".into());
    };
    let per_block = step_x.checked_mul(tile_x).filter(|&p| p > 0).ok_or("the band's tile is empty")?;
    let band_lb = band.lower_bound_map(ctx, x).ok_or("the band has no lower bound")?;
    if band_lb.num_results() != 1 {
        return Err("the band's lower bound is a max".into());
    }
    let step = f.step(ctx);
    let shift = iterations.checked_mul(step).ok_or("the offset overflows")?;
    let (lb_map, ub_map) = match (f.lower_bound_map(ctx), f.upper_bound_map(ctx)) {
        (Some(l), Some(u)) => (l.clone(), u.clone()),
        _ => return Err("the loop has no bounds".into()),
    };
    let (lb_ops, ub_ops) = (f.lower_bound_operands(ctx).to_vec(), f.upper_bound_operands(ctx).to_vec());
    let band_ops = band.lower_bound_operands(ctx).to_vec();
    // One operand list for the loop's lower bound, the origin, the band's lower bound and the
    // loop's upper bound: their dims first, then their symbols.
    let parts: [(&AffineMap, Vec<Value>); 4] = [
        (&lb_map, lb_ops),
        (&AffineMap::new(1, 0, vec![AffineExpr::dim(0)]).expect("identity"), vec![o_x]),
        (&band_lb, band_ops),
        (&ub_map, ub_ops),
    ];
    // The head's start over the first three parts; the tail's end over all four.
    let start = |exprs: &[Vec<AffineExpr>]| {
        let block = (&exprs[1][0] - &exprs[2][0]).floor_div(per_block);
        &exprs[0][0] + block.modulo(channels) * shift
    };
    let (exprs, head_operands, nd, ns) = concat(&parts[..3]);
    let head_map = AffineMap::new(nd, ns, vec![start(&exprs)]).map_err(|e| format!("{e:?}"))?.simplify();
    let (exprs, operands, nd, ns) = concat(&parts);
    let tail_ub =
        AffineMap::new(nd, ns, vec![start(&exprs), exprs[3][0].clone()]).map_err(|e| format!("{e:?}"))?.simplify();

    let mut map = HashMap::new();
    let head = ctx.clone_op(loop_op, &mut map);
    ctx.insert_op(InsertPoint::Before(loop_op), head);
    ForOp(head).set_lower_bound(ctx, &head_operands, head_map);
    // The tail starts from the head's results and ends where the head began.
    let bound_operands = f.lower_bound_operands(ctx).len() + f.upper_bound_operands(ctx).len();
    let inits = f.inits(ctx).len();
    for j in 0..inits {
        let r = ctx.result(head, j);
        ctx.set_operand(loop_op, bound_operands + j, r);
    }
    ForOp(loop_op).set_upper_bound(ctx, &operands, tail_ub);
    let unit = ctx.unit_attr();
    ctx.set_attr(loop_op, ROTATED_TAIL_ATTR, unit);
    // A partial sum in the new order may overflow where the original's did not.
    for op in ctx.collect_ops(head).into_iter().chain(ctx.collect_ops(loop_op)) {
        if combining(ctx, op) == Some(false) && arith::overflow_flags(ctx, op) != 0 {
            let none = arith::flags::OVERFLOW.encode(ctx, 0);
            ctx.set_prop(op, arith::OVERFLOW_FLAGS, none);
        }
    }
    Ok(())
}

/// The expressions of `parts` over one operand list (all dims, then all symbols), the list, and
/// its dim and symbol counts.
fn concat(parts: &[(&AffineMap, Vec<Value>)]) -> (Vec<Vec<AffineExpr>>, Vec<Value>, u32, u32) {
    let nd: u32 = parts.iter().map(|(m, _)| m.num_dims()).sum();
    let ns: u32 = parts.iter().map(|(m, _)| m.num_symbols()).sum();
    let (mut dims, mut syms) = (Vec::new(), Vec::new());
    let mut exprs = Vec::new();
    let (mut d0, mut s0) = (0u32, 0u32);
    for (m, ops) in parts {
        let (md, ms) = (m.num_dims(), m.num_symbols());
        let dim_map: Vec<AffineExpr> = (0..md).map(|i| AffineExpr::dim(d0 + i)).collect();
        let sym_map: Vec<AffineExpr> = (0..ms).map(|i| AffineExpr::symbol(s0 + i)).collect();
        exprs.push(m.results().iter().map(|e| e.replace_dims_and_symbols(&dim_map, &sym_map)).collect());
        dims.extend_from_slice(&ops[..md as usize]);
        syms.extend_from_slice(&ops[md as usize..]);
        d0 += md;
        s0 += ms;
    }
    (exprs, [dims, syms].concat(), nd, ns)
}
