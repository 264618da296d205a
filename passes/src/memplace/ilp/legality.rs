//! When `sharc-ilp` may replicate a band, and by which factors (spec §2.2, step 1).
//!
//! Seed 000 §3.3.2: ILP "should be carried out after our shared memory and bank optimizations",
//! since "additional memory instructions lead to worse bandwidth utilization" where requests are
//! not coalesced or conflict in the banks (its Fig. 5). So a band is refused while
//! - a global load or store of its first warp touches more sectors than its bytes need
//!   (`sharc_machine::memory::sectors` against `ideal_segments`, the simulator's sector model;
//!   the warp is aligned at its best offset, so a stencil's constant shift is not held against
//!   it: staging fixes coalescing, not the alignment of a halo read), or
//! - a shared buffer still costs more wavefronts than its conflict-free minimum
//!   ([`crate::analysis::bank_cost`], the cost `sharc-bank-conflicts` minimises).
//!
//! Each access is evaluated on every thread of a block in the middle of a large problem
//! ([`LaneEvaluator`]), the loops around it at their first iteration; a dynamic memref size is
//! the evaluator's problem size.

use super::regions::{accessed_memref, is_shared_memref};
use crate::analysis::bank_cost::{band_costs, CostEnv};
use crate::analysis::lane_index::{element_bytes, KernelScope, LaneEvaluator, Lanes};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, memref, scf};
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId, Value};
use sharc_machine::memory::{ideal_segments, segments};
use sharc_machine::Target;

/// The factors `f` a band admits along loop `pos`: powers of two dividing the loop's block
/// that leave at least a warp of threads per block (seed 000 §3.3.2: "restricted by the upper
/// and the lower bound of a TB size ... five legal ILP factors"); always includes 1.
pub fn legal_factors(ctx: &Context, band: BandOp, pos: usize, target: &Target) -> Vec<i64> {
    let block = band.block_sizes(ctx).get(pos).copied().unwrap_or(1);
    let threads: i64 = band.block_shape(ctx).iter().product();
    let warp = i64::from(target.warp_size.max(1));
    let mut out = vec![1];
    let mut f = 2;
    while f <= block && block % f == 0 && threads / f >= warp {
        out.push(f);
        f *= 2;
    }
    out
}

/// Why `band` must not be replicated on `target`, if it must not: a non-coalesced global
/// access or a shared buffer with bank conflicts left.
pub fn refusal(ctx: &Context, band: BandOp, target: &Target) -> Option<String> {
    if let Some(why) = uncoalesced(ctx, band, target) {
        return Some(why);
    }
    let env = CostEnv::default();
    for (buffer, cost) in band_costs(ctx, band.0, target, &env) {
        let name = buffer_name(ctx, band, buffer);
        match cost {
            Err(e) => return Some(format!("the bank cost of {name} is unknown ({e})")),
            Ok(c) if c.total.conflicts() >= 0.5 => {
                return Some(format!(
                    "{name} still has bank conflicts ({} wavefronts per block, minimum {})",
                    c.total.wavefronts.round(),
                    c.total.ideal.round()
                ))
            }
            Ok(_) => {}
        }
    }
    None
}

fn buffer_name(ctx: &Context, band: BandOp, buffer: Value) -> String {
    let position = band.body(ctx).and_then(|body| {
        ctx.block_ops_iter(body)
            .filter(|&o| sharc_dialects::memplace::AllocSharedOp::view(ctx, o).is_some())
            .position(|o| ctx.results(o).contains(&buffer))
    });
    position.map_or_else(|| "a shared buffer".into(), |i| format!("shared buffer #{i}"))
}

/// The first non-coalesced global access of `band`, described.
fn uncoalesced(ctx: &Context, band: BandOp, target: &Target) -> Option<String> {
    let env = CostEnv::default();
    let scope = match KernelScope::of(ctx, band.0) {
        Ok(s) => s,
        Err(e) => return Some(format!("coalescing cannot be analyzed: {e}")),
    };
    let block = band.block_shape(ctx);
    let mut eval = match LaneEvaluator::new(ctx, &scope, block, env.symbols) {
        Ok(e) => e,
        Err(e) => return Some(format!("coalescing cannot be analyzed: {e}")),
    };
    let accesses: Vec<OpId> = ctx
        .collect_ops(band.0)
        .into_iter()
        .filter(|&o| accessed_memref(ctx, o).is_some_and(|m| !is_shared_memref(ctx, m)))
        .collect();
    let warp = (target.warp_size.max(1) as usize).min(eval.threads());
    for op in accesses {
        let what = format!("`{}` at {}", ctx.op_name(op), ctx.loc(op));
        let lanes = match lane_addresses(ctx, band, op, &mut eval, env.symbols) {
            Ok(l) => l,
            Err(e) => return Some(format!("coalescing of {what} cannot be analyzed: {e}")),
        };
        let Some((addrs, bytes)) = lanes else { continue };
        let warp_addrs: Vec<Option<u64>> = addrs.into_iter().take(warp).collect();
        let ideal = ideal_segments(&warp_addrs, bytes, target.sector_size);
        // The warp at its best alignment: a constant shift (a halo) is not a coalescing defect.
        let best = (0..u64::from(target.sector_size.max(1)))
            .step_by(bytes.max(1) as usize)
            .map(|s| {
                let shifted: Vec<Option<u64>> = warp_addrs.iter().map(|a| a.map(|a| a + s)).collect();
                segments(&shifted, bytes, target.sector_size)
            })
            .min()
            .unwrap_or(0);
        if best > ideal {
            return Some(format!(
                "{what} is not coalesced (the first warp touches {best} sectors where {ideal} would hold its bytes)"
            ));
        }
    }
    None
}

/// Per thread of the block its byte address (`None`: inactive), and the bytes of one element.
type LaneAddresses = (Vec<Option<u64>>, u32);

/// Every thread's byte address for `op` (loops around it at their first iteration) and the
/// bytes of one element; `None` for an access the first warp does not reach.
fn lane_addresses(
    ctx: &Context,
    band: BandOp,
    op: OpId,
    eval: &mut LaneEvaluator<'_>,
    symbols: i64,
) -> Result<Option<LaneAddresses>, String> {
    let memref = accessed_memref(ctx, op).ok_or("not an access")?;
    let ty = ctx.value_type(memref);
    let parts = ctx.memref_parts(ty).ok_or("not a memref")?;
    if parts.layout.is_some() {
        return Err("a memref with a layout".into());
    }
    let bytes = element_bytes(ctx, parts.elem).ok_or("an element without a size")?;
    let shape: Vec<i64> = parts.shape.iter().map(|&d| if d == DYNAMIC { symbols } else { d }).collect();
    // The loops between the band and the access, outermost first, at their first iteration.
    let mut loops = Vec::new();
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur.filter(|&p| p != band.0) {
        loops.push(p);
        cur = ctx.parent_op(p);
    }
    let mut bound = Vec::new();
    for &l in loops.iter().rev() {
        let first = if let Some(f) = affine::ForOp::view(ctx, l) {
            let (Some(map), Some(iv)) = (f.lower_bound_map(ctx).cloned(), f.induction_var(ctx)) else { continue };
            let lbs = eval.map(&map, f.lower_bound_operands(ctx)).map_err(|e| e.to_string())?;
            let first =
                lbs.into_iter().reduce(|a, b| max_lanes(a, b, eval.threads())).ok_or("a loop bound without results")?;
            Some((iv, first))
        } else if let Some(f) = scf::ForOp::view(ctx, l) {
            Some((f.induction_var(ctx), eval.value(f.lower_bound(ctx)).map_err(|e| e.to_string())?))
        } else {
            None
        };
        if let Some((iv, lanes)) = first {
            eval.bind(iv, lanes);
            bound.push(iv);
        }
    }
    let subscripts = if let Some(a) = affine::LoadOp::view(ctx, op) {
        eval.map(a.map(ctx).ok_or("malformed load")?, a.map_operands(ctx))
    } else if let Some(a) = affine::StoreOp::view(ctx, op) {
        eval.map(a.map(ctx).ok_or("malformed store")?, a.map_operands(ctx))
    } else if let Some(a) = memref::LoadOp::view(ctx, op) {
        a.indices(ctx).iter().map(|&i| eval.value(i)).collect()
    } else if let Some(a) = memref::StoreOp::view(ctx, op) {
        a.indices(ctx).iter().map(|&i| eval.value(i)).collect()
    } else {
        return Ok(None);
    };
    for iv in bound {
        eval.unbind(iv);
    }
    let subscripts = subscripts.map_err(|e| e.to_string())?;
    let mut strides = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].checked_mul(shape[d + 1]).ok_or("overflow")?;
    }
    let addrs = (0..eval.threads())
        .map(|t| {
            let elem: i64 = subscripts.iter().zip(&strides).map(|(s, &st)| s.get(t).saturating_mul(st)).sum();
            // Addresses are shifted into the positive range: only their differences matter.
            u64::try_from(elem.saturating_mul(i64::from(bytes)).saturating_add(1 << 40)).ok()
        })
        .collect();
    Ok(Some((addrs, bytes)))
}

fn max_lanes(a: Lanes, b: Lanes, threads: usize) -> Lanes {
    match (&a, &b) {
        (Lanes::Uniform(x), Lanes::Uniform(y)) => Lanes::Uniform(*x.max(y)),
        _ => Lanes::Threads((0..threads).map(|t| a.get(t).max(b.get(t))).collect()),
    }
}
