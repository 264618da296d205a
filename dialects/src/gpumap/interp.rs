//! `sharc-run` semantics of `gpumap.band`: a kernel launch whose body is inline in the host
//! function, as `gpu.launch`'s.
//!
//! The host thread evaluates the bounds (a loop starts at the maximum of its lower-bound group
//! and ends at the minimum of its upper-bound group); loop `d` gets
//! `ceildiv(ub_d - lb_d, step_d * tile_d)` blocks of `block_d` threads along its hardware
//! dimension, and a band with an empty loop launches nothing. Each thread's induction variables
//! (`lb + step * (block_id * tile + thread_id * stride)`, stride 1 when cyclic and
//! `tile / block` when blocked: replica 0's iteration) and its block's origins
//! (`lb + step * block_id * tile`, `block_id` the index of the tile the band's `blockOrder`
//! deals the block) are set before the block runs, and the body's
//! `memplace.alloc_shared` buffers become the block's workgroup memory: one per block, zeroed,
//! counted against the target's shared memory, checked for races, each with its layout as the
//! buffer's address map (so the metrics and race checks see physical addresses). Everything else — blocks in
//! order, threads in lockstep, barriers — is `sharc_sim::gpu`'s.

use super::ops::{BandOp, BAND, YIELD};
use crate::memplace::AllocSharedOp;
use crate::memref::interp::memref_info;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Diagnostic, OpId};
use sharc_sim::affine::Map;
use sharc_sim::{Exec, LaneInit, LaunchSpec, Prep, Semantics, SimError, Slot, Space};

/// One loop of a band: threads and iterations per block, and how they are dealt.
#[derive(Clone, Copy)]
struct Loop {
    block: i64,
    tile: i64,
    thread_stride: i64,
    dim: usize,
}

/// A band, decoded once.
struct Band {
    lower: Map,
    upper: Map,
    lb_ops: Box<[Slot]>,
    ub_ops: Box<[Slot]>,
    /// Per loop: block size, tile size, distance between neighbouring threads' first
    /// iterations, and hardware dimension (0 = x).
    loops: Vec<Loop>,
    /// Per loop: how many lower and upper results it combines, and its step.
    groups: Vec<(usize, usize, i64)>,
    ivs: Box<[Slot]>,
    origins: Box<[Slot]>,
    /// Which tile each block runs.
    order: sharc_machine::channels::BlockOrder,
    /// Everything but the bounds: the body, captures and workgroup buffers.
    spec: LaunchSpec,
}

fn prepare_band(p: &mut Prep<'_>, op: OpId) -> Result<Band, Diagnostic> {
    let ctx = p.ctx();
    let band = BandOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed gpumap.band"))?;
    let (Some(lb), Some(ub), Some(body)) = (band.lower_bounds_map(ctx), band.upper_bounds_map(ctx), band.body(ctx))
    else {
        return Err(p.error(op, "malformed gpumap.band"));
    };
    let dims = band.mapping(ctx).into_iter().map(|d| d.map(|d| d.index())).collect::<Option<Vec<_>>>();
    let dims = dims.ok_or_else(|| p.error(op, "gpumap.band without valid hardware dimensions"))?;
    let (blocks, tiles, dists) = (band.block_sizes(ctx), band.tile_sizes(ctx), band.distributions(ctx));
    let n = blocks.len();
    if tiles.len() != n || dists.len() != n || dims.len() != n {
        return Err(p.error(op, "malformed gpumap.band"));
    }
    let mut loops = Vec::with_capacity(n);
    for d in 0..n {
        let (block, tile) = (blocks[d], tiles[d]);
        let Some(dist) = dists[d].filter(|_| block >= 1 && tile >= block && tile % block == 0) else {
            return Err(p.error(op, "malformed gpumap.band"));
        };
        loops.push(Loop { block, tile, thread_stride: dist.thread_stride(tile / block), dim: dims[d] });
    }
    let (lb_groups, ub_groups, steps) = (band.lower_bounds_groups(ctx), band.upper_bounds_groups(ctx), band.steps(ctx));
    let groups: Vec<(usize, usize, i64)> = (0..n)
        .filter_map(|d| {
            let (l, u, s) = (*lb_groups.get(d)?, *ub_groups.get(d)?, *steps.get(d)?);
            Some((usize::try_from(l).ok()?, usize::try_from(u).ok()?, s))
        })
        .collect();
    let well_formed = groups.len() == n
        && groups.iter().all(|&(l, u, s)| l >= 1 && u >= 1 && s >= 1)
        && groups.iter().map(|g| g.0).sum::<usize>() == lb.num_results()
        && groups.iter().map(|g| g.1).sum::<usize>() == ub.num_results();
    if !well_formed || band.ivs(ctx).len() != n {
        return Err(p.error(op, "malformed gpumap.band"));
    }
    let region = ctx.block_parent(body).ok_or_else(|| p.error(op, "malformed gpumap.band"))?;
    let entry = p.region_entry(op, region)?;
    let mut inits = Vec::new();
    for alloc in ctx.block_ops_iter(body).filter_map(|o| AllocSharedOp::view(ctx, o)) {
        let result = alloc.result(ctx);
        let (elem, shape, space) = memref_info(p, alloc.0, ctx.value_type(result))?;
        if shape.contains(&DYNAMIC) || space != Space::Workgroup {
            return Err(p.error(alloc.0, "shared buffers must have static shapes in the workgroup memory space"));
        }
        let layout = alloc.layout(ctx).ok_or_else(|| p.error(alloc.0, "unknown shared-buffer layout"))?;
        layout.check(&shape).map_err(|e| p.error(alloc.0, e.0))?;
        inits.push((p.slot(result), LaneInit::Workgroup(elem, shape, layout)));
    }
    let name = match ctx.loc(op).position() {
        Some((_, line, _)) => format!("gpumap.band:{line}"),
        None => "gpumap.band".to_string(),
    };
    let spec = LaunchSpec { name, grid: [1; 3], block: [1; 3], func: None, entry, captures: p.captures(region), inits };
    Ok(Band {
        lower: Map::compile(lb),
        upper: Map::compile(ub),
        lb_ops: p.slots(band.lower_bound_operands(ctx)).into(),
        ub_ops: p.slots(band.upper_bound_operands(ctx)).into(),
        loops,
        groups,
        ivs: p.slots(band.ivs(ctx)).into(),
        origins: p.slots(band.origins(ctx)).into(),
        order: band.block_order(ctx).ok_or_else(|| p.error(op, "malformed gpumap.band"))?,
        spec,
    })
}

fn exec_band(x: &mut Exec<'_, '_>, b: &Band) -> Result<(), SimError> {
    let &[lane] = x.lanes() else {
        return Err(x.error("a gpumap.band must be executed by one host thread"));
    };
    let ints = |slots: &[Slot]| slots.iter().map(|&s| x.get(s, lane).i()).collect::<Vec<i64>>();
    let lb_count: usize = b.groups.iter().map(|g| g.0).sum();
    let ub_count: usize = b.groups.iter().map(|g| g.1).sum();
    let (mut lbs, mut ubs) = (vec![0; lb_count], vec![0; ub_count]);
    b.lower.eval_into(&ints(&b.lb_ops), &mut lbs).map_err(|t| x.trap(lane, t))?;
    b.upper.eval_into(&ints(&b.ub_ops), &mut ubs).map_err(|t| x.trap(lane, t))?;
    let mut spec = b.spec.clone();
    let (mut lbs_left, mut ubs_left) = (&lbs[..], &ubs[..]);
    for (d, (&l, &(lb_group, ub_group, step))) in b.loops.iter().zip(&b.groups).enumerate() {
        let (lower, rest) = lbs_left.split_at(lb_group);
        lbs_left = rest;
        let (upper, rest) = ubs_left.split_at(ub_group);
        ubs_left = rest;
        let (Some(&base), Some(&end)) = (lower.iter().max(), upper.iter().min()) else {
            return Err(x.error("malformed gpumap.band"));
        };
        let trips = end.saturating_sub(base);
        if trips <= 0 {
            // An empty loop: no thread block runs the body.
            return Ok(());
        }
        let per_block = step.saturating_mul(l.tile);
        spec.grid[l.dim] = trips.div_euclid(per_block) + i64::from(trips.rem_euclid(per_block) != 0);
        spec.block[l.dim] = l.block;
        let index = |with_thread| LaneInit::MappedIndex {
            dim: l.dim,
            base,
            step,
            tile: l.tile,
            thread_stride: l.thread_stride,
            with_thread,
            order: b.order,
        };
        spec.inits.push((b.ivs[d], index(true)));
        spec.inits.push((b.origins[d], index(false)));
    }
    x.launch(&spec)
}

pub(crate) fn register(s: &mut Semantics) {
    s.region(&BAND, prepare_band, exec_band);
    s.terminator(&YIELD);
}
