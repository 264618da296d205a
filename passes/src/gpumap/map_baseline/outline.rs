//! Rewriting one planned section: the kernel (`gpu.func`) is built first, from copies of the
//! section's ops; only when it is complete is the section replaced on the host by the grid
//! computation and the `gpu.launch_func`. A kernel that cannot be completed is erased again,
//! so the host code is never left half-rewritten.

use super::plan::{Mapped, Plan};
use super::SHARE_ATTR;
use sharc_dialects::affine::{self, ParallelOp};
use sharc_dialects::arith::{ConstantOp, MaxSIOp};
use sharc_dialects::gpu;
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::{Builder, Context, InsertPoint, Location, OpId, Value};
use std::collections::HashMap;

/// Host value → kernel value: captured values to kernel arguments, outer constants to their
/// copies, loop induction variables to the values that replace them.
type ValueMap = HashMap<Value, Value>;

/// Outlines `plan`'s section into `@module_name::@kernel_name` (a new function of `module`) and
/// launches it in the section's place. `false` (and the IR unchanged) if the kernel could not
/// be built.
pub(super) fn outline(ctx: &mut Context, plan: &Plan, module: gpu::ModuleOp, kernel_name: &str) -> bool {
    let loc = ctx.loc(plan.section.0).clone();
    let Some(grid) = grid_maps(plan) else { return false };
    let arg_types: Vec<_> = plan.captured.iter().map(|&v| ctx.value_type(v)).collect();
    let kernel = gpu::FuncOp::build(ctx, loc.clone(), kernel_name, &arg_types, &[], true);
    kernel.insert_into(ctx, module);
    if build_kernel(ctx, plan, kernel, &loc).is_none() {
        ctx.erase_op(kernel.0);
        return false;
    }
    let module_name = module.name(ctx).to_string();
    launch(ctx, plan, grid, &module_name, kernel_name, &loc);
    true
}

fn build_kernel(ctx: &mut Context, plan: &Plan, kernel: gpu::FuncOp, loc: &Location) -> Option<()> {
    let block = plan.block.map(|b| i32::try_from(b).unwrap_or(i32::MAX));
    kernel.set_known_block_size(ctx, block);
    crate::gpumap::copy_arg_attrs(ctx, &plan.captured, kernel);
    if let Some(share) = ctx.attr_of(plan.section.0, SHARE_ATTR) {
        ctx.set_attr(kernel.0, SHARE_ATTR, share);
    }
    let entry = kernel.entry_block(ctx);
    let ret = Builder::at_end(entry).insert(ctx, gpu::ReturnOp::state(loc.clone(), &[]));
    let mut map: ValueMap = plan.captured.iter().copied().zip(kernel.arguments(ctx).to_vec()).collect();
    for &c in &plan.constants {
        let copy = ctx.clone_op(c, &mut map);
        ctx.insert_op(InsertPoint::Before(ret), copy);
    }
    for m in &plan.mapped {
        let iv = mapped_iv(ctx, plan, m, &map, ret, loc)?;
        map.insert(plan.dims[m.dim].iv, iv);
    }
    let mut ip = match guard(ctx, plan, &map, ret, loc)? {
        Some(then_terminator) => then_terminator,
        None => ret,
    };
    // The chain loops not bound to the grid run inside the thread, in their original order
    // (their bounds may use the mapped loops and the loops around them).
    for (d, dim) in plan.dims.iter().enumerate() {
        if plan.mapped_index(d).is_some() {
            continue;
        }
        let lb_map = dim.band.lower_bound_map(ctx, dim.pos)?;
        let ub_map = dim.band.upper_bound_map(ctx, dim.pos)?;
        let lbs = translate(&map, dim.band.lower_bound_operands(ctx))?;
        let ubs = translate(&map, dim.band.upper_bound_operands(ctx))?;
        let state = affine::ForOp::build(ctx, loc.clone(), &lbs, lb_map, &ubs, ub_map, dim.step, &[]);
        let l = affine::ForOp(Builder::before(ip).insert(ctx, state));
        map.insert(dim.iv, l.induction_var(ctx)?);
        ip = l.yield_op(ctx)?.0;
    }
    let body = plan.chain.last()?.body(ctx)?;
    for op in ctx.block_ops(body) {
        if affine::YieldOp::view(ctx, op).is_none() {
            let copy = ctx.clone_op(op, &mut map);
            ctx.insert_op(InsertPoint::Before(ip), copy);
        }
    }
    sequentialize_nested(ctx, kernel.0);
    Some(())
}

fn translate(map: &ValueMap, values: &[Value]) -> Option<Vec<Value>> {
    values.iter().map(|v| map.get(v).copied()).collect()
}

/// The induction variable of mapped loop `m` in the thread: `start + step * (block_id *
/// block_size + thread_id)`, with `start` the maximum of the hull's lower bounds (an
/// `affine.max` over them when there are several).
fn mapped_iv(
    ctx: &mut Context,
    plan: &Plan,
    m: &Mapped,
    map: &ValueMap,
    before: OpId,
    loc: &Location,
) -> Option<Value> {
    let dim = &plan.dims[m.dim];
    let mut b = Builder::before(before);
    let state = gpu::IndexOp::state(ctx, loc.clone(), gpu::IndexKind::BlockId, m.role);
    let block_id = b.insert_value(ctx, state);
    let state = gpu::IndexOp::state(ctx, loc.clone(), gpu::IndexKind::ThreadId, m.role);
    let thread_id = b.insert_value(ctx, state);
    let (nd, ns, starts, mut operands) = plan.space.compact(&m.hull_lbs, |v| map.get(&v).copied())?;
    let size = plan.block[m.role.index()];
    let global = AffineExpr::symbol(ns) * size + AffineExpr::symbol(ns + 1);
    let exprs: Vec<AffineExpr> = starts.iter().map(|s| s.clone() + global.clone() * dim.step).collect();
    operands.extend([block_id, thread_id]);
    let map = AffineMap::new(nd, ns + 2, exprs).ok()?;
    let state = if map.num_results() == 1 {
        affine::ApplyOp::build(ctx, loc.clone(), map, &operands)
    } else {
        affine::MaxOp::build(ctx, loc.clone(), map, &operands)
    };
    Some(b.insert_value(ctx, state))
}

/// The `affine.if` that keeps threads outside the iteration space idle (partial tiles, and
/// the corners of a hull around a non-rectangular space). `Some(None)` if no check is needed;
/// otherwise the terminator of its `then` block, before which the body goes.
fn guard(ctx: &mut Context, plan: &Plan, map: &ValueMap, before: OpId, loc: &Location) -> Option<Option<OpId>> {
    let mut constraints = Vec::new();
    for m in &plan.mapped {
        let dim = &plan.dims[m.dim];
        let iv = AffineExpr::dim(plan.space.dim_position(dim.iv)?);
        if m.guard_upper {
            constraints.extend(dim.ubs.iter().map(|u| u.clone() - iv.clone() - 1));
        }
        if m.guard_lower {
            constraints.extend(dim.lbs.iter().map(|l| iv.clone() - l.clone()));
        }
    }
    if constraints.is_empty() {
        return Some(None);
    }
    let (nd, ns, exprs, operands) = plan.space.compact(&constraints, |v| map.get(&v).copied())?;
    let n = exprs.len();
    let set = IntegerSet::new(nd, ns, exprs, vec![false; n]).ok()?;
    let state = affine::IfOp::build(ctx, loc.clone(), set, &operands, &[], false);
    let guard = affine::IfOp(Builder::before(before).insert(ctx, state));
    let then_block = guard.then_block(ctx)?;
    Some(Some(ctx.block_last_op(then_block)?))
}

/// Every `affine.parallel` left in the kernel (not part of the mapped chain) runs inside one
/// thread: one `affine.for` per dimension. Bands with reductions stay as they are; they are
/// executed by the thread too, and keep their combining semantics.
fn sequentialize_nested(ctx: &mut Context, kernel: OpId) {
    for op in ctx.collect_ops(kernel) {
        let Some(p) = ParallelOp::view(ctx, op) else { continue };
        if p.reduction_codes(ctx).is_empty() {
            sequentialize(ctx, p);
        }
    }
}

fn sequentialize(ctx: &mut Context, p: ParallelOp) -> Option<()> {
    let loc = ctx.loc(p.0).clone();
    let (body, ivs, steps) = (p.body(ctx)?, p.ivs(ctx).to_vec(), p.steps(ctx));
    let (lb_operands, ub_operands) = (p.lower_bound_operands(ctx).to_vec(), p.upper_bound_operands(ctx).to_vec());
    // Everything is read before anything changes, so a malformed band is left whole.
    let bounds = (0..ivs.len())
        .map(|pos| Some((p.lower_bound_map(ctx, pos)?, p.upper_bound_map(ctx, pos)?, *steps.get(pos)?)))
        .collect::<Option<Vec<_>>>()?;
    let mut ip = p.0;
    for ((lb, ub, step), &iv) in bounds.into_iter().zip(&ivs) {
        let state = affine::ForOp::build(ctx, loc.clone(), &lb_operands, lb, &ub_operands, ub, step, &[]);
        let l = affine::ForOp(Builder::before(ip).insert(ctx, state));
        let (Some(new_iv), Some(term)) = (l.induction_var(ctx), l.yield_op(ctx)) else {
            ctx.erase_op(l.0);
            return None;
        };
        ctx.replace_all_uses(iv, new_iv);
        ip = term.0;
    }
    for op in ctx.block_ops(body) {
        if affine::YieldOp::view(ctx, op).is_none() {
            ctx.move_op(op, InsertPoint::Before(ip));
        }
    }
    ctx.erase_op(p.0);
    Some(())
}

/// The number of blocks along each mapped loop, `max(1, min(ceildiv(ub - lb, step * block)))`
/// over the hull's bounds, as a map (taking the minimum of its results) and its operands. All
/// of them are defined outside the section, so the map is valid in the section's place.
fn grid_maps(plan: &Plan) -> Option<Vec<(AffineMap, Vec<Value>)>> {
    plan.mapped
        .iter()
        .map(|m| {
            let per_block = plan.dims[m.dim].step.checked_mul(plan.block[m.role.index()])?;
            let exprs: Vec<AffineExpr> = m
                .hull_ubs
                .iter()
                .flat_map(|u| m.hull_lbs.iter().map(move |l| (u.clone() - l.clone()).ceil_div(per_block)))
                .collect();
            let (nd, ns, exprs, operands) = plan.space.compact(&exprs, Some)?;
            Some((AffineMap::new(nd, ns, exprs).ok()?, operands))
        })
        .collect()
}

/// On the host, in the section's place: the grid sizes (one block at least: a launch of zero
/// blocks is an error in CUDA and HIP, and the guard idles the threads of an empty space),
/// then the launch.
fn launch(
    ctx: &mut Context,
    plan: &Plan,
    grid_maps: Vec<(AffineMap, Vec<Value>)>,
    module_name: &str,
    kernel_name: &str,
    loc: &Location,
) {
    let section = plan.section.0;
    let mut b = Builder::before(section);
    let state = ConstantOp::index(ctx, 1, loc.clone());
    let one = b.insert_value(ctx, state);
    let index = ctx.index_type();
    let mut grid = [one; 3];
    for (m, (map, operands)) in plan.mapped.iter().zip(grid_maps) {
        // Static sizes fold here, so a constant-bound section launches with constants.
        if let Some(blocks) = map.constant_results().and_then(|c| c.into_iter().min()) {
            let state = ConstantOp::index(ctx, blocks.max(1), loc.clone());
            grid[m.role.index()] = b.insert_value(ctx, state);
            continue;
        }
        let state = if map.num_results() == 1 {
            affine::ApplyOp::build(ctx, loc.clone(), map, &operands)
        } else {
            affine::MinOp::build(ctx, loc.clone(), map, &operands)
        };
        let blocks = b.insert_value(ctx, state);
        grid[m.role.index()] = b.insert_value(ctx, MaxSIOp::state(&[blocks, one], index, loc.clone()));
    }
    let block = plan.block.map(|size| {
        if size == 1 {
            return one;
        }
        let state = ConstantOp::index(ctx, size, loc.clone());
        b.insert_value(ctx, state)
    });
    let launch =
        gpu::LaunchFuncOp::build(ctx, loc.clone(), module_name, kernel_name, grid, block, None, &plan.captured);
    ctx.insert_op(InsertPoint::Before(section), launch.0);
    if let Some(share) = ctx.attr_of(section, SHARE_ATTR) {
        ctx.set_attr(launch.0, SHARE_ATTR, share);
    }
    ctx.erase_op(section);
}
