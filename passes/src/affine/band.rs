//! Parallel bands: an `affine.for` rewritten as a one-dimensional `affine.parallel`, and
//! perfectly nested `affine.parallel` ops merged into one multi-dimensional band (upstream's
//! `affineParallelize` and the band coalescing of `AffineParallelize.cpp`).
//!
//! Legality is the caller's business (`sharc-parallelize` decides it from the dependence
//! analysis); these rewrites only keep the iteration space and the body.

use sharc_dialects::affine as aff;
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::{Context, OpId, Value};

/// Replaces `affine.for` `op` by an equivalent one-dimensional `affine.parallel` and returns
/// it. Its carried values, if any, must be private temporaries nothing observes
/// ([`observed_carried_values`](crate::analysis::affine::carried::observed_carried_values)):
/// what still refers to them (dead code) refers to their initial values instead. The loop's
/// discardable attributes move to the new op.
pub fn for_to_parallel(ctx: &mut Context, op: OpId) -> OpId {
    let f = aff::ForOp(op);
    let inits = f.inits(ctx).to_vec();
    for (k, &init) in inits.iter().enumerate() {
        let arg = f.region_iter_args(ctx)[k];
        ctx.replace_all_uses(arg, init);
        let result = ctx.results(op)[k];
        ctx.replace_all_uses(result, init);
    }
    let lb_map = f.lower_bound_map(ctx).expect("a verified affine.for has bound maps").clone();
    let ub_map = f.upper_bound_map(ctx).expect("a verified affine.for has bound maps").clone();
    let lb_ops = f.lower_bound_operands(ctx).to_vec();
    let ub_ops = f.upper_bound_operands(ctx).to_vec();
    let step = f.step(ctx);
    let loc = ctx.loc(op).clone();
    let state = aff::ParallelOp::build(
        ctx,
        loc,
        &lb_ops,
        lb_map.clone(),
        &[lb_map.num_results() as i32],
        &ub_ops,
        ub_map.clone(),
        &[ub_map.num_results() as i32],
        &[step],
    );
    let par = Builder::before(op).insert(ctx, state);
    for (name, attr) in ctx.attrs(op).to_vec() {
        ctx.set_attr(par, &name, attr);
    }
    let new_body = aff::ParallelOp(par).body(ctx).expect("built with a body");
    let new_iv = ctx.block_args(new_body)[0];
    let old_body = f.body(ctx).expect("a verified affine.for has a body");
    let old_iv = ctx.block_args(old_body)[0];
    ctx.replace_all_uses(old_iv, new_iv);
    move_body(ctx, old_body, new_body);
    ctx.erase_op(op);
    par
}

/// Moves the ops of `from` but its terminator before the terminator of `to`.
fn move_body(ctx: &mut Context, from: sharc_ir::BlockId, to: sharc_ir::BlockId) {
    let new_yield = ctx.block_last_op(to).expect("built with a yield");
    for o in ctx.block_ops(from) {
        if aff::YieldOp::view(ctx, o).is_none() {
            ctx.move_op(o, InsertPoint::Before(new_yield));
        }
    }
}

/// The `affine.parallel` that is the only op (besides the yield) of `outer`'s body, if its
/// bounds do not depend on anything defined in `outer` and it has no discardable attributes
/// (a band with its own section attributes stays a band of its own).
pub fn sole_parallel_child(ctx: &Context, outer: OpId) -> Option<OpId> {
    let body = aff::ParallelOp(outer).body(ctx)?;
    let ops = ctx.block_ops(body);
    let [inner, y] = ops.as_slice() else { return None };
    if aff::YieldOp::view(ctx, *y).is_none() || aff::ParallelOp::view(ctx, *inner).is_none() {
        return None;
    }
    let defined_inside = |v: Value| match ctx.defining_op(v) {
        Some(d) => ctx.is_ancestor(outer, d),
        None => ctx
            .value_block(v)
            .is_some_and(|b| ctx.block_parent_op(b).is_some_and(|p| p == outer || ctx.is_ancestor(outer, p))),
    };
    if ctx.operands(*inner).iter().any(|&v| defined_inside(v)) || !ctx.attrs(*inner).is_empty() {
        return None;
    }
    Some(*inner)
}

/// One `affine.parallel` with the dimensions of `outer` then those of `inner` (its only child,
/// [`sole_parallel_child`]); it keeps `outer`'s attributes.
pub fn merge(ctx: &mut Context, outer: OpId, inner: OpId) -> OpId {
    let (o, i) = (aff::ParallelOp(outer), aff::ParallelOp(inner));
    let bounds = |p: aff::ParallelOp, lower: bool| {
        let map = if lower { p.lower_bounds_map(ctx) } else { p.upper_bounds_map(ctx) };
        let ops = if lower { p.lower_bound_operands(ctx) } else { p.upper_bound_operands(ctx) };
        (map.expect("a verified affine.parallel has bound maps").clone(), ops.to_vec())
    };
    let lb = concat(bounds(o, true), bounds(i, true));
    let ub = concat(bounds(o, false), bounds(i, false));
    let lbg: Vec<i32> =
        o.lower_bounds_groups(ctx).iter().chain(&i.lower_bounds_groups(ctx)).map(|&g| g as i32).collect();
    let ubg: Vec<i32> =
        o.upper_bounds_groups(ctx).iter().chain(&i.upper_bounds_groups(ctx)).map(|&g| g as i32).collect();
    let steps: Vec<i64> = o.steps(ctx).into_iter().chain(i.steps(ctx)).collect();
    let loc = ctx.loc(outer).clone();
    let state = aff::ParallelOp::build(ctx, loc, &lb.1, lb.0, &lbg, &ub.1, ub.0, &ubg, &steps);
    let m = Builder::before(outer).insert(ctx, state);
    for (name, attr) in ctx.attrs(outer).to_vec() {
        ctx.set_attr(m, &name, attr);
    }
    let mb = aff::ParallelOp(m).body(ctx).expect("built with a body");
    let new_ivs = ctx.block_args(mb).to_vec();
    let old_ivs: Vec<Value> = o.ivs(ctx).iter().chain(i.ivs(ctx)).copied().collect();
    for (old, new) in old_ivs.into_iter().zip(new_ivs) {
        ctx.replace_all_uses(old, new);
    }
    let ib = i.body(ctx).expect("a verified affine.parallel has a body");
    move_body(ctx, ib, mb);
    ctx.erase_op(outer);
    m
}

/// Two multi-result maps over their operands as one map over the union of operands (dims of
/// both, then symbols of both).
fn concat(a: (AffineMap, Vec<Value>), b: (AffineMap, Vec<Value>)) -> (AffineMap, Vec<Value>) {
    let split = |m: &AffineMap, ops: &[Value]| {
        let nd = (m.num_dims() as usize).min(ops.len());
        (ops[..nd].to_vec(), ops[nd..].to_vec())
    };
    let (ad, asy) = split(&a.0, &a.1);
    let (bd, bsy) = split(&b.0, &b.1);
    let mut dims = ad.clone();
    for v in &bd {
        if !dims.contains(v) {
            dims.push(*v);
        }
    }
    let mut syms = asy.clone();
    for v in &bsy {
        if !syms.contains(v) {
            syms.push(*v);
        }
    }
    let position = |list: &[Value], v: &Value| list.iter().position(|x| x == v).expect("in the union") as u32;
    let remap = |m: &AffineMap, d: &[Value], s: &[Value]| -> Vec<AffineExpr> {
        let de: Vec<AffineExpr> = d.iter().map(|v| AffineExpr::dim(position(&dims, v))).collect();
        let se: Vec<AffineExpr> = s.iter().map(|v| AffineExpr::symbol(position(&syms, v))).collect();
        m.results().iter().map(|e| e.replace_dims_and_symbols(&de, &se)).collect()
    };
    let mut results = remap(&a.0, &ad, &asy);
    results.extend(remap(&b.0, &bd, &bsy));
    let map = AffineMap::new(dims.len() as u32, syms.len() as u32, results).expect("positions are in range");
    (map, [dims, syms].concat())
}

/// Replaces the reduction-free `affine.parallel` `op` by a perfect nest of `affine.for` loops,
/// its first dimension outermost, and returns the outermost loop. `None`: `op` has reductions,
/// which a nest would have to carry in `iter_args`, and is left as it is (the caller checks); or
/// it has no dimension, and its body, which runs once, takes its place. Each loop
/// takes its dimension's bound groups (a maximum of lower bounds, a minimum of upper bounds, as
/// `affine.for` reads multi-result maps) and step; the band's discardable attributes move to the
/// outermost loop. The inverse of [`for_to_parallel`] for a one-dimensional band.
pub fn parallel_to_for_nest(ctx: &mut Context, op: OpId) -> Option<OpId> {
    let p = aff::ParallelOp(op);
    if !p.reduction_codes(ctx).is_empty() || !ctx.results(op).is_empty() {
        return None;
    }
    let from = p.body(ctx).expect("a verified affine.parallel has a body");
    if p.steps(ctx).is_empty() {
        for o in ctx.block_ops(from) {
            if aff::YieldOp::view(ctx, o).is_none() {
                ctx.move_op(o, InsertPoint::Before(op));
            }
        }
        ctx.erase_op(op);
        return None;
    }
    let (lb_ops, ub_ops) = (p.lower_bound_operands(ctx).to_vec(), p.upper_bound_operands(ctx).to_vec());
    let steps = p.steps(ctx);
    let loc = ctx.loc(op).clone();
    let mut point = InsertPoint::Before(op);
    let mut loops = Vec::with_capacity(steps.len());
    for (d, &step) in steps.iter().enumerate() {
        let lb = p.lower_bound_map(ctx, d).expect("a verified affine.parallel has a bound group per dimension");
        let ub = p.upper_bound_map(ctx, d).expect("a verified affine.parallel has a bound group per dimension");
        let ((lb, lb_used), (ub, ub_used)) = (only_used_inputs(&lb, &lb_ops), only_used_inputs(&ub, &ub_ops));
        let state = aff::ForOp::build(ctx, loc.clone(), &lb_used, lb, &ub_used, ub, step, &[]);
        let f = ctx.create_op(state);
        ctx.insert_op(point, f);
        let body = aff::ForOp(f).body(ctx).expect("built with a body");
        point = InsertPoint::Before(ctx.block_last_op(body).expect("built with a yield"));
        loops.push(f);
    }
    let (outer, inner) = (loops[0], loops[loops.len() - 1]);
    for (name, attr) in ctx.attrs(op).to_vec() {
        ctx.set_attr(outer, &name, attr);
    }
    for (&old, &f) in p.ivs(ctx).to_vec().iter().zip(&loops) {
        let iv = aff::ForOp(f).induction_var(ctx).expect("built with an induction variable");
        ctx.replace_all_uses(old, iv);
    }
    let to = aff::ForOp(inner).body(ctx).expect("built with a body");
    move_body(ctx, from, to);
    ctx.erase_op(op);
    Some(outer)
}

/// `map` over `operands` restricted to the inputs its results use: a dimension's bound group
/// is a map over all the band's bound operands, most of which belong to other dimensions.
fn only_used_inputs(map: &AffineMap, operands: &[Value]) -> (AffineMap, Vec<Value>) {
    let (nd, ns) = (map.num_dims(), map.num_symbols());
    let uses = |f: &dyn Fn(&AffineExpr) -> bool| map.results().iter().any(f);
    let dims: Vec<u32> = (0..nd).filter(|&d| uses(&|e| e.is_function_of_dim(d))).collect();
    let syms: Vec<u32> = (0..ns).filter(|&s| uses(&|e| e.is_function_of_symbol(s))).collect();
    let renumber = |used: &[u32], count: u32, make: fn(u32) -> AffineExpr| -> Vec<AffineExpr> {
        // An unused input maps to anything: no result refers to it.
        (0..count).map(|p| make(used.iter().position(|&u| u == p).unwrap_or(0) as u32)).collect()
    };
    let results = map
        .results()
        .iter()
        .map(|e| {
            e.replace_dims_and_symbols(&renumber(&dims, nd, AffineExpr::dim), &renumber(&syms, ns, AffineExpr::symbol))
        })
        .collect();
    let pruned =
        AffineMap::new(dims.len() as u32, syms.len() as u32, results).expect("the used inputs are renumbered densely");
    let kept =
        dims.iter().map(|&d| operands[d as usize]).chain(syms.iter().map(|&s| operands[(nd + s) as usize])).collect();
    (pruned, kept)
}
