//! The ILP factor model (design study §2.3): which replication factor of a `gpumap.band`
//! (seed 000 §3.3.2, Algorithm 1) is predicted fastest on a target.
//!
//! Seed 000 timed every legal factor on the GPU; sharc cannot run one, so every input here is
//! something a CPU can produce: static work counts of the candidate band ([`WorkCounts`], after
//! the ILP rewrite, so replicas and hoisted loads are explicit ops), its registers and spills
//! (`RegisterUse`, from ptxas / HSACO notes or the static estimate), the occupancy model and the
//! target's cited latency and throughput constants. The time per output is the worst of four
//! bounds, in clocks of one SM (Hong & Kim's MWP/CWP and Volkov's "better performance at lower
//! occupancy", seed 000's ref. [11]):
//!
//! ```text
//! t_bw    = b / dram_bytes_per_clk_sm                bytes per output
//! t_issue = o / warp_size / issue_per_clk            thread ops per output
//! t_sh    = sh / shared_wavefronts_per_clk           shared wavefronts per output
//! t_lat   = ph · (L + ch · alu) / (W · warp_size · outputs per thread)
//! T       = max(t_bw, t_issue, t_sh, t_lat)
//! ```
//!
//! `t_lat` is Little's law: one thread's `ph` memory phases each wait a DRAM latency `L` plus a
//! dependent ALU chain `ch`, and the SM overlaps them over its `W` resident warps. A factor is
//! vetoed when it spills, when no block fits an SM, or when it needs more registers than a thread
//! may have; [`choose`] takes the smallest factor within [`EPSILON`] of the best time — the
//! seed's "a large one introduces superfluous register pressure", made operational.
//!
//! The work counts are per block at the representative full-block size of the bank cost
//! ([`CostEnv`]: every symbol 65536, the middle block), and loop trips and guards weigh ops per
//! thread exactly as that cost weighs accesses ([`loop_iterations`]); the shared wavefronts are
//! that cost's. Limits: global accesses are assumed coalesced (only an access uniform across x
//! is recognised, and counted once per warp row), so `dram_bytes` is traffic, not unique bytes;
//! a loop's body is walked once at its first iteration with the weight of all its trips, so trip
//! counts that depend on an enclosing loop's iteration are taken at its first iteration; an
//! `scf.if` whose condition cannot be evaluated is counted as taken.

use super::bank_cost::{band_costs, loop_iterations, CostEnv, CostError};
use super::lane_index::{element_bytes, IndexDeriver, KernelScope, LaneEvaluator};
use super::registers::RegisterUse;
use sharc_dialects::gpu::{self, AddressSpace};
use sharc_dialects::gpumap::{BandOp, Distribution};
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_dialects::{affine, arith, memref, scf};
use sharc_ir::registry::OpTraits;
use sharc_ir::{BlockId, Context, OpId, Value};
use sharc_machine::occupancy::{occupancy, BlockResources};
use sharc_machine::Target;
use std::collections::HashMap;

/// Relative slack of [`choose`]: a larger factor must be predicted more than 10% faster than the
/// smallest near-best one to be chosen.
pub const EPSILON: f64 = 0.10;

/// What one thread block of a candidate does, per block (except where a field says per thread).
#[derive(Clone, Debug, PartialEq)]
pub struct WorkCounts {
    /// Threads per block.
    pub threads: u32,
    /// Iterations the block covers: the product of the band's tile sizes.
    pub outputs: f64,
    /// Operations executed, summed over the block's threads (loop control counts one per
    /// iteration; constants, terminators and `alloc_shared` count nothing; a copy counts one
    /// load and one store per element).
    pub thread_ops: f64,
    /// Shared-memory wavefronts, summed over the band's buffers (`bank_cost`).
    pub shared_wavefronts: f64,
    /// Global-memory bytes moved (coalesced accesses; one element per warp row for an access
    /// uniform across x; a copy's whole tile).
    pub dram_bytes: f64,
    /// Memory phases per thread: barrier-free stretches of one loop body (or the band body)
    /// holding global loads, times their executions.
    pub phases: f64,
    /// The dependent ALU chain after a phase's loads, averaged over phases (by executions).
    pub chain: f64,
    /// Global loads issued per phase by one thread, averaged over phases (the design study's
    /// `g`; a copy counts its rounds).
    pub loads_per_phase: f64,
}

impl WorkCounts {
    /// Counts the work of `band` (a `gpumap.band`) on `target`.
    pub fn of(ctx: &Context, band: OpId, target: &Target, env: &CostEnv) -> Result<WorkCounts, CostError> {
        let view = BandOp::view(ctx, band).ok_or_else(|| cost_error(band, "not a gpumap.band"))?;
        let body = view.body(ctx).ok_or_else(|| cost_error(band, "the band has no body"))?;
        let scope = KernelScope::of(ctx, band).map_err(|m| cost_error(band, m))?;
        let block = view.block_shape(ctx);
        let eval = LaneEvaluator::new(ctx, &scope, block, env.symbols).map_err(|e| cost_error(band, e))?;
        let threads = eval.threads();
        let outputs = view.tile_sizes(ctx).iter().try_fold(1f64, |acc, &t| (t > 0).then_some(acc * t as f64));
        let outputs = outputs.ok_or_else(|| cost_error(band, "a tile size is not positive"))?;
        let mut shared_wavefronts = 0.0;
        for (_, cost) in band_costs(ctx, band, target, env) {
            shared_wavefronts += cost?.total.wavefronts;
        }
        let mut walk = Walk {
            ctx,
            eval,
            deriver: IndexDeriver::new(ctx, &scope),
            row: block[0].max(1) as usize,
            warp: target.warp_size.max(1) as usize,
            threads,
            ops: 0.0,
            bytes: 0.0,
            phases: 0.0,
            chains: 0.0,
            loads: 0.0,
        };
        walk.scope(body, &vec![1.0; threads])?;
        let per_phase = |x: f64| if walk.phases > 0.0 { x / walk.phases } else { 0.0 };
        Ok(WorkCounts {
            threads: u32::try_from(threads).unwrap_or(u32::MAX),
            outputs,
            thread_ops: walk.ops,
            shared_wavefronts,
            dram_bytes: walk.bytes,
            phases: walk.phases,
            chain: per_phase(walk.chains),
            loads_per_phase: per_phase(walk.loads),
        })
    }
}

fn cost_error(op: OpId, why: impl std::fmt::Display) -> CostError {
    CostError { op, message: format!("cannot analyze: {why}") }
}

/// A barrier-free stretch of one loop body: whether it is a memory phase, and its ALU chain.
#[derive(Default)]
struct Segment {
    /// Executions per thread (mean over the block's threads).
    weight: f64,
    /// Global loads issued per thread per execution.
    loads: f64,
    /// Dependent ALU ops since the phase's loads, per value defined in the stretch.
    depth: HashMap<Value, u32>,
    /// The longest chain so far.
    chain: u32,
}

struct Walk<'a> {
    ctx: &'a Context,
    eval: LaneEvaluator<'a>,
    deriver: IndexDeriver<'a>,
    /// Threads along x: lanes `t` and `t'` are in one row when `t / row == t' / row`.
    row: usize,
    warp: usize,
    threads: usize,
    ops: f64,
    bytes: f64,
    phases: f64,
    /// Σ executions · chain over phases.
    chains: f64,
    /// Σ executions · loads over phases.
    loads: f64,
}

impl Walk<'_> {
    fn mean(&self, w: &[f64]) -> f64 {
        w.iter().sum::<f64>() / self.threads.max(1) as f64
    }

    /// Walks a loop body (or the band body) executed with per-thread weights `w`: its
    /// barrier-separated stretches are phases of their own.
    fn scope(&mut self, block: BlockId, w: &[f64]) -> Result<(), CostError> {
        let mut seg = Segment { weight: self.mean(w), ..Segment::default() };
        self.ops_of(block, w, &mut seg)?;
        self.close(seg);
        Ok(())
    }

    fn close(&mut self, seg: Segment) {
        if seg.loads > 0.0 && seg.weight > 0.0 {
            self.phases += seg.weight;
            self.chains += seg.weight * f64::from(seg.chain);
            self.loads += seg.weight * seg.loads;
        }
    }

    /// The ops of `block` with weights `w`, continuing stretch `seg` (an `if` is transparent:
    /// its branches belong to the stretch around it, so guarded replicas share one phase).
    fn ops_of(&mut self, block: BlockId, w: &[f64], seg: &mut Segment) -> Result<(), CostError> {
        let ctx = self.ctx;
        let ops: Vec<OpId> = ctx.block_ops_iter(block).collect();
        for op in ops {
            let total: f64 = w.iter().sum();
            if total == 0.0 {
                return Ok(());
            }
            if ctx.op_has(op, OpTraits::TERMINATOR)
                || arith::ConstantOp::view(ctx, op).is_some()
                || AllocSharedOp::view(ctx, op).is_some()
            {
                continue;
            }
            if BarrierOp::view(ctx, op).is_some() || gpu::BarrierOp::view(ctx, op).is_some() {
                self.ops += total;
                let next = Segment { weight: self.mean(w), ..Segment::default() };
                self.close(std::mem::replace(seg, next));
            } else if let Some(copy) = CopyOp::view(ctx, op) {
                self.copy(copy, w, seg)?;
            } else if let Some(i) = affine::IfOp::view(ctx, op) {
                self.ops += total;
                let set = i.condition(ctx).cloned().ok_or_else(|| cost_error(op, "malformed affine.if"))?;
                let cond = self.eval.set(&set, ctx.operands(op)).map_err(|e| cost_error(op, e))?;
                self.branches(i.then_block(ctx), i.else_block(ctx), &cond, w, seg)?;
            } else if let Some(i) = scf::IfOp::view(ctx, op) {
                self.ops += total;
                // A condition the index evaluator cannot compute (a float compare) is taken.
                let cond = match self.eval.value(i.condition(ctx)) {
                    Ok(l) => (0..self.threads).map(|t| l.get(t) != 0).collect(),
                    Err(_) => vec![true; self.threads],
                };
                self.branches(Some(i.then_block(ctx)), i.else_block(ctx), &cond, w, seg)?;
            } else if let Some(it) = loop_iterations(ctx, &mut self.eval, op)? {
                let body: Vec<f64> = w.iter().zip(&it.trips).map(|(&x, &n)| x * n as f64).collect();
                // One compare-and-branch per iteration.
                self.ops += body.iter().sum::<f64>();
                self.eval.bind(it.iv, it.first.clone());
                let r = self.scope(it.body, &body);
                self.eval.unbind(it.iv);
                r?;
                self.define(op, seg, 1);
            } else if !ctx.regions(op).is_empty() {
                self.ops += total;
                for &r in ctx.regions(op) {
                    for &b in ctx.region_blocks(r) {
                        self.ops_of(b, w, seg)?;
                    }
                }
                self.define(op, seg, 1);
            } else {
                self.ops += total;
                self.plain(op, w, seg)?;
            }
        }
        Ok(())
    }

    fn branches(
        &mut self,
        then: Option<BlockId>,
        other: Option<BlockId>,
        cond: &[bool],
        w: &[f64],
        seg: &mut Segment,
    ) -> Result<(), CostError> {
        for (block, taken) in [(then, true), (other, false)] {
            let Some(block) = block else { continue };
            let bw: Vec<f64> = w.iter().zip(cond).map(|(&x, &c)| if c == taken { x } else { 0.0 }).collect();
            if bw.iter().any(|&x| x > 0.0) {
                self.ops_of(block, &bw, seg)?;
            }
        }
        Ok(())
    }

    /// Gives `op`'s results the depth of its deepest operand in the stretch plus `step`.
    fn define(&self, op: OpId, seg: &mut Segment, step: u32) {
        let ctx = self.ctx;
        let depth = ctx.operands(op).iter().filter_map(|v| seg.depth.get(v)).max().copied().unwrap_or(0) + step;
        seg.chain = seg.chain.max(depth);
        for &r in ctx.results(op) {
            seg.depth.insert(r, depth);
        }
    }

    /// An op without regions: a global access moves bytes (a load also starts a phase's chain),
    /// a shared load passes its operands' depth on, anything else is one ALU step.
    fn plain(&mut self, op: OpId, w: &[f64], seg: &mut Segment) -> Result<(), CostError> {
        let ctx = self.ctx;
        let access = if let Some(l) = affine::LoadOp::view(ctx, op) {
            let map = l.map(ctx).cloned().ok_or_else(|| cost_error(op, "malformed affine.load"))?;
            Some((true, l.memref(ctx), self.deriver.map_forms(&map, l.map_operands(ctx))))
        } else if let Some(s) = affine::StoreOp::view(ctx, op) {
            let map = s.map(ctx).cloned().ok_or_else(|| cost_error(op, "malformed affine.store"))?;
            Some((false, s.memref(ctx), self.deriver.map_forms(&map, s.map_operands(ctx))))
        } else if let Some(l) = memref::LoadOp::view(ctx, op) {
            let forms = l.indices(ctx).to_vec().into_iter().map(|v| self.deriver.form(v)).collect();
            Some((true, l.memref(ctx), forms))
        } else if let Some(s) = memref::StoreOp::view(ctx, op) {
            let forms = s.indices(ctx).to_vec().into_iter().map(|v| self.deriver.form(v)).collect();
            Some((false, s.memref(ctx), forms))
        } else {
            None
        };
        let Some((load, buffer, forms)) = access else {
            self.define(op, seg, 1);
            return Ok(());
        };
        let ty = ctx.value_type(buffer);
        if matches!(AddressSpace::of_type(ctx, ty), Some(AddressSpace::Workgroup | AddressSpace::Private)) {
            if load {
                self.define(op, seg, 0);
            }
            return Ok(());
        }
        let elem = ctx.memref_parts(ty).and_then(|p| element_bytes(ctx, p.elem));
        let elem = f64::from(elem.ok_or_else(|| cost_error(op, "the element type has no size in memory"))?);
        // An access whose subscripts do not vary with x is one element per row of a warp.
        let uniform_x = forms.is_ok_and(|f| f.iter().all(|f| f.thread[0] == 0));
        self.bytes += if uniform_x {
            let mut rows = 0.0;
            for warp in w.chunks(self.warp).enumerate() {
                let (first, lanes) = (warp.0 * self.warp, warp.1);
                let mut best: HashMap<usize, f64> = HashMap::new();
                for (l, &x) in lanes.iter().enumerate() {
                    let e = best.entry((first + l) / self.row).or_insert(0.0);
                    *e = e.max(x);
                }
                rows += best.values().sum::<f64>();
            }
            rows * elem
        } else {
            w.iter().sum::<f64>() * elem
        };
        if load {
            seg.loads += 1.0;
            for &r in ctx.results(op) {
                seg.depth.insert(r, 0);
            }
        }
        Ok(())
    }

    /// A block-wide copy: its tile's bytes once per execution of the block, one load and one
    /// store per element; a `copy_in`'s loads (rounds per thread) belong to the stretch.
    fn copy(&mut self, copy: CopyOp, w: &[f64], seg: &mut Segment) -> Result<(), CostError> {
        let ctx = self.ctx;
        let op = copy.0;
        let executions = w.iter().copied().fold(0.0, f64::max);
        let elements = copy.sizes(ctx).iter().try_fold(1f64, |acc, &s| (s > 0).then_some(acc * s as f64));
        let elements = elements.ok_or_else(|| cost_error(op, "malformed copy sizes"))?;
        let global = ctx.value_type(copy.global(ctx));
        let elem = ctx.memref_parts(global).and_then(|p| element_bytes(ctx, p.elem));
        let elem = f64::from(elem.ok_or_else(|| cost_error(op, "the element type has no size in memory"))?);
        self.ops += 2.0 * elements * executions;
        self.bytes += elements * elem * executions;
        if copy.direction(ctx) == Direction::In {
            seg.loads += (elements / self.threads.max(1) as f64).ceil();
        }
        Ok(())
    }
}

/// One candidate factor of a band, transformed and measured.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Replicas per thread along the ILP dimension (1: untransformed).
    pub factor: u32,
    /// How replicas are spread.
    pub distribution: Distribution,
    /// Threads per block after the transformation.
    pub threads_per_block: u32,
    /// Shared memory per block, bytes.
    pub shared_bytes: u32,
    /// The transformed band's work.
    pub counts: WorkCounts,
    /// Its registers and spills.
    pub registers: RegisterUse,
}

/// The term that sets a candidate's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// DRAM bandwidth.
    Bandwidth,
    /// Instruction issue.
    Issue,
    /// Shared-memory wavefronts.
    Shared,
    /// Memory latency not hidden by the resident warps.
    Latency,
}

impl Bound {
    /// A word for reports.
    pub fn keyword(self) -> &'static str {
        match self {
            Bound::Bandwidth => "bandwidth",
            Bound::Issue => "issue",
            Bound::Shared => "shared",
            Bound::Latency => "latency",
        }
    }
}

/// The model's terms for one candidate, in SM clocks per output.
#[derive(Clone, Debug, PartialEq)]
pub struct Terms {
    /// DRAM bytes per output over the bytes one SM moves per clock.
    pub t_bw: f64,
    /// Warp instructions per output over the issue rate.
    pub t_issue: f64,
    /// Shared wavefronts per output over the wavefronts served per clock.
    pub t_sh: f64,
    /// Latency of one thread's phases over the outputs the resident warps overlap.
    pub t_lat: f64,
    /// The largest of the four.
    pub time: f64,
    /// Which term it is.
    pub bound: Bound,
    /// Resident warps per SM with the candidate's registers and shared memory.
    pub warps_per_sm: u32,
    /// Those warps over the most an SM holds.
    pub occupancy: f64,
}

/// Why a candidate is not considered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Veto {
    /// The compiled kernel spills.
    #[error("spills ({stores} bytes stored, {loads} loaded per thread)")]
    Spills {
        /// Spill-store bytes per thread.
        stores: u32,
        /// Spill-load bytes per thread.
        loads: u32,
    },
    /// More registers per thread than the target allows.
    #[error("{registers} registers per thread exceed the target's {max}")]
    TooManyRegisters {
        /// Needed.
        registers: u32,
        /// `max_registers_per_thread`.
        max: u32,
    },
    /// No block fits an SM.
    #[error("no block fits an SM: {0}")]
    NoOccupancy(String),
    /// The band covers no iteration (nothing to divide by).
    #[error("the band covers no iteration")]
    NoOutputs,
}

/// The model's time per output of `c` on `target`, or why it is vetoed.
pub fn evaluate(target: &Target, c: &Candidate) -> Result<Terms, Veto> {
    let r = &c.registers;
    if r.spills() {
        return Err(Veto::Spills { stores: r.spill_stores, loads: r.spill_loads });
    }
    if r.registers > target.max_registers_per_thread {
        return Err(Veto::TooManyRegisters { registers: r.registers, max: target.max_registers_per_thread });
    }
    let block = BlockResources {
        threads: c.threads_per_block,
        shared_bytes: c.shared_bytes,
        registers_per_thread: Some(r.registers),
    };
    let occ = occupancy(target, block).map_err(|e| Veto::NoOccupancy(e.to_string()))?;
    if occ.blocks_per_sm == 0 {
        return Err(Veto::NoOccupancy(format!("{:?} allows no resident block", occ.limiter())));
    }
    let k = &c.counts;
    if k.outputs.is_nan() || k.outputs <= 0.0 || k.threads == 0 {
        return Err(Veto::NoOutputs);
    }
    let warp = f64::from(target.warp_size);
    let warps = occ.warps_per_sm();
    let t_bw = k.dram_bytes / k.outputs / target.dram_bytes_per_clk_sm();
    let t_issue = k.thread_ops / k.outputs / warp / target.issue_per_clk;
    let t_sh = k.shared_wavefronts / k.outputs / target.shared_wavefronts_per_clk;
    let per_thread = k.outputs / f64::from(k.threads);
    let phase = f64::from(target.dram_latency_clk) + k.chain * f64::from(target.alu_latency_clk);
    let t_lat = k.phases * phase / (f64::from(warps) * warp * per_thread);
    let (time, bound) =
        [(t_bw, Bound::Bandwidth), (t_issue, Bound::Issue), (t_sh, Bound::Shared), (t_lat, Bound::Latency)]
            .into_iter()
            .fold((f64::NEG_INFINITY, Bound::Bandwidth), |best, (t, b)| if t > best.0 { (t, b) } else { best });
    Ok(Terms { t_bw, t_issue, t_sh, t_lat, time, bound, warps_per_sm: warps, occupancy: occ.fraction(target) })
}

/// The model's verdict on a set of candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Index of the chosen candidate; `None` when every one is vetoed.
    pub chosen: Option<usize>,
    /// The best predicted time, clocks per output.
    pub best_time: Option<f64>,
    /// Every candidate's terms or veto, in the input order (for the remark and the report).
    pub evaluations: Vec<Result<Terms, Veto>>,
}

/// Evaluates every candidate and picks the smallest factor whose time is within [`EPSILON`] of
/// the best (the first such candidate in input order among equal factors).
pub fn choose(target: &Target, candidates: &[Candidate]) -> Choice {
    let evaluations: Vec<Result<Terms, Veto>> = candidates.iter().map(|c| evaluate(target, c)).collect();
    let best = evaluations
        .iter()
        .filter_map(|e| e.as_ref().ok())
        .map(|t| t.time)
        .fold(None, |acc: Option<f64>, t| Some(acc.map_or(t, |a| a.min(t))));
    let chosen = best.and_then(|best| {
        let limit = best * (1.0 + EPSILON);
        let near = evaluations.iter().enumerate().filter(|(_, e)| e.as_ref().is_ok_and(|t| t.time <= limit));
        near.min_by_key(|&(i, _)| (candidates[i].factor, i)).map(|(i, _)| i)
    });
    Choice { chosen, best_time: best, evaluations }
}

#[cfg(test)]
mod tests;
