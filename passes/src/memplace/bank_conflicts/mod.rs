//! `sharc-bank-conflicts`: removes the shared-memory bank conflicts of promoted buffers with
//! seed 000's decision tree (§3.3.1, Table 1) and an XOR swizzle, each candidate judged by the
//! one bank-cost analysis ([`crate::analysis::bank_cost`]) on the rewritten IR. The
//! user-facing description is [`INFO`]'s.
//!
//! How: for each conflicted buffer of a band, every candidate is applied to a copy of the band
//! ([`candidate::apply`]), the copy is costed and checked against the shared-memory budget and
//! the occupancy, and the copy that wins replaces the band. Costing the rewritten IR, rather
//! than a formula per candidate, keeps the decision and the generated code the same thing.

mod candidate;
pub(crate) mod remap;
pub(crate) mod reorder;

use crate::analysis::bank_cost::{buffer_cost, buffer_trace, BankCost, CostEnv, CostError};
use crate::plan::{BankFix, Plan};
use crate::target_option::target_option;
use candidate::{apply, buffer_bytes, candidates, shape_of, Candidate, Family, Features};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, CopyOp};
use sharc_ir::op::ValueDef;
use sharc_ir::pass::{OptionEnum, Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, InsertPoint, OpId, Value};
use sharc_machine::occupancy::{occupancy, BlockResources};
use sharc_machine::Target;
use std::collections::HashMap;

/// The declaration of `sharc-bank-conflicts`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-bank-conflicts",
    title: "SharcBankConflicts",
    summary: "Remove the shared-memory bank conflicts of promoted buffers (seed 000's decision tree, XOR swizzles)",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &PREFER.spec, &MAX_PAD.spec, &ALLOW_REASSOC.spec, &ALLOW_OCCUPANCY_LOSS.spec],
    create,
};

static TARGET: PassOption<String> = target_option("The GPU whose shared-memory banks are modelled");
static PREFER: PassOption<Prefer> = PassOption::enumeration(
    "prefer",
    "auto",
    "How the fix is chosen: the cheapest candidate (auto), seed 000's Table-1 order with padding first (paper), or the XOR swizzle when it helps (swizzle)",
);
static MAX_PAD: PassOption<i64> =
    PassOption::int("max-pad", 32, "The largest intra-padding tried, in elements").at_least(0);
static ALLOW_REASSOC: PassOption<bool> = PassOption::bool(
    "allow-reassoc",
    false,
    "Allow access reordering of floating-point reductions (changes results bitwise)",
);
static ALLOW_OCCUPANCY_LOSS: PassOption<bool> = PassOption::bool(
    "allow-occupancy-loss",
    false,
    "Allow a fix that lowers the resident blocks per SM (padding adds bytes)",
);

/// `prefer`: the choice rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefer {
    /// The least cost; ties to fewer extra bytes, then fewer extra index operations.
    Auto,
    /// The first family of seed 000's Table 1 (AOS→SOA, padding, transpose, thread remap, access
    /// reorder) that reduces the cost, its best parameter; no swizzle.
    Paper,
    /// The best XOR swizzle when it reduces the cost, else `auto`.
    Swizzle,
}

impl OptionEnum for Prefer {
    const CHOICES: &'static [(&'static str, Prefer)] =
        &[("auto", Prefer::Auto), ("paper", Prefer::Paper), ("swizzle", Prefer::Swizzle)];
}

const DESCRIPTION: &str = include_str!("description.md");

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(BankConflicts {
        target: options.get(&TARGET),
        prefer: options.get(&PREFER),
        max_pad: options.get(&MAX_PAD),
        allow_reassoc: options.get(&ALLOW_REASSOC),
        allow_occupancy_loss: options.get(&ALLOW_OCCUPANCY_LOSS),
    })
}

struct BankConflicts {
    target: String,
    prefer: Prefer,
    max_pad: i64,
    allow_reassoc: bool,
    allow_occupancy_loss: bool,
}

impl Pass for BankConflicts {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-bank-conflicts: {e}")))?;
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            self.run_band(ctx, band, &target, diags);
        }
        Ok(())
    }
}

/// One candidate, costed on its copy of the band.
struct Tried {
    candidate: Candidate,
    /// The band's total shared wavefronts per block (every buffer: a remap or a reorder moves the
    /// accesses of the others too).
    cost: f64,
    /// The buffer's own cost after the fix.
    buffer: BankCost,
    extra_bytes: u64,
    extra_ops: u64,
    /// The rewritten band of a remap or a reorder (detached from the IR until it wins); layouts
    /// and pads are costed on the buffer's trace and applied to the band only when they win.
    band: Option<BandOp>,
}

impl BankConflicts {
    fn run_band(&self, ctx: &mut Context, mut band: BandOp, target: &Target, diags: &mut Vec<Diagnostic>) {
        let env = CostEnv::default();
        let loc = ctx.loc(band.0).clone();
        if band.replication(ctx).iter().any(|&f| f != 1) {
            // The thread remap and the access reorder rewrite thread ids, which a replicated
            // body (sharc-ilp's) also encodes in its replica offsets; the pass runs before it.
            diags.push(Diagnostic::remark(
                loc,
                "bank conflicts not analyzed: the band runs several iterations per thread (tile larger than its block); run sharc-bank-conflicts before sharc-ilp",
            ));
            return;
        }
        let mut fixes = Vec::new();
        let count = shared_buffers(ctx, band).len();
        // Every buffer's cost in the band as it stands; recomputed when a fix replaces the band.
        let mut costs = buffer_costs(ctx, band, target, &env);
        for index in 0..count {
            let buffer = shared_buffers(ctx, band)[index];
            let name = array_name(ctx, band, buffer, index);
            let before = match &costs[index] {
                Ok(c) => *c,
                Err(e) => {
                    let at = ctx.loc(e.op).clone();
                    diags.push(Diagnostic::remark(at, format!("{name}: bank conflicts not analyzed: {}", e.message)));
                    continue;
                }
            };
            if before.conflicts() < 0.5 {
                diags.push(Diagnostic::remark(
                    loc.clone(),
                    format!(
                        "{name}: no bank conflict ({} wavefronts per block, the minimum)",
                        before.wavefronts.round()
                    ),
                ));
                continue;
            }
            let state = BandState {
                total: costs.iter().flatten().map(|c| c.wavefronts).sum(),
                minimum: costs.iter().flatten().map(|c| c.ideal).sum(),
                analyzable: costs.iter().flatten().count(),
                buffer: before,
            };
            let tried = self.try_candidates(ctx, band, buffer, target, &env, &state);
            let chosen = self.choose(&tried, state.total);
            let listing = best_per_family(&tried)
                .iter()
                .map(|t| format!("{} {}", t.candidate.describe(), t.buffer.wavefronts.round()))
                .collect::<Vec<_>>()
                .join(", ");
            match chosen {
                Some(i) => {
                    let t = &tried[i];
                    fixes.push(BankFix {
                        array: name.clone(),
                        fix: t.candidate.describe(),
                        cost_before: whole(before.wavefronts),
                        cost_after: whole(t.buffer.wavefronts),
                        ideal: whole(t.buffer.ideal),
                    });
                    diags.push(Diagnostic::remark(
                        loc.clone(),
                        format!(
                            "{name}: {} bank wavefronts per block (minimum {}), {} after {}; tried: {listing}",
                            before.wavefronts.round(),
                            before.ideal.round(),
                            t.buffer.wavefronts.round(),
                            t.candidate.describe()
                        ),
                    ));
                    match t.band {
                        Some(winner) => {
                            ctx.insert_op(InsertPoint::Before(band.0), winner.0);
                            ctx.erase_op(band.0);
                            band = winner;
                        }
                        None => {
                            // Costed on the trace; applying it to the band itself cannot fail
                            // where it applied to the geometry.
                            if let Err(why) = apply(ctx, band, buffer, t.candidate, self.allow_reassoc) {
                                diags.push(Diagnostic::warning(loc.clone(), format!("{name}: {why}")));
                            }
                        }
                    }
                    costs = buffer_costs(ctx, band, target, &env);
                }
                None => {
                    let best = tried.iter().min_by(|a, b| a.cost.total_cmp(&b.cost));
                    let best = best.map_or("no candidate applies".to_string(), |t| {
                        format!("the best, {}, costs {}", t.candidate.describe(), t.buffer.wavefronts.round())
                    });
                    fixes.push(BankFix {
                        array: name.clone(),
                        fix: "none".to_string(),
                        cost_before: whole(before.wavefronts),
                        cost_after: whole(before.wavefronts),
                        ideal: whole(before.ideal),
                    });
                    diags.push(Diagnostic::remark(
                        loc.clone(),
                        format!(
                            "{name}: {} bank wavefronts per block (minimum {}) kept: no fix reduces them; {best}",
                            before.wavefronts.round(),
                            before.ideal.round()
                        ),
                    ));
                }
            }
            for copy in tried.iter().filter_map(|t| t.band) {
                if copy != band {
                    ctx.erase_op(copy.0);
                }
            }
        }
        if !fixes.is_empty() {
            self.update_plan(ctx, band, target, fixes);
        }
    }

    /// Applies every candidate the tree selects to its own copy of the band and costs it.
    fn try_candidates(
        &self,
        ctx: &mut Context,
        band: BandOp,
        buffer: Value,
        target: &Target,
        env: &CostEnv,
        state: &BandState,
    ) -> Vec<Tried> {
        let features = Features::of(ctx, band, buffer);
        let shape = shape_of(ctx, buffer).unwrap_or_default();
        let elem_bytes = {
            let bytes = buffer_bytes(ctx, buffer);
            let elems: i64 = shape.iter().product();
            (bytes / elems.max(1) as u64) as u32
        };
        let sites = candidate::reorder_sites(ctx, band, buffer, self.allow_reassoc).len();
        let remappable: Vec<remap::Placement> =
            remap::Placement::ALL.into_iter().filter(|&p| remap::check(ctx, band.0, p).is_ok()).collect();
        let list = candidates(&features, sites, &remappable, &shape, elem_bytes, self.max_pad, target);
        let bytes_before = shared_bytes(ctx, band);
        let blocks_before = blocks_per_sm(ctx, band, target, bytes_before);
        let budget = target.shared_budget();
        let mut tried: Vec<Tried> = Vec::new();
        // Families that already reached the minimum: their larger parameters cannot do better
        // (Gao's progressive padding search, seed 002 §6.4, applied to every family).
        let mut done: Vec<Family> = Vec::new();
        // The buffer's requests, traced once: every layout and pad is priced on them.
        let trace = buffer_trace(ctx, band.0, buffer, target, env).ok();
        let layout = ctx.defining_op(buffer).and_then(|op| AllocSharedOp::view(ctx, op)).and_then(|a| a.layout(ctx));
        let own_bytes = buffer_bytes(ctx, buffer);
        for candidate in list {
            if done.contains(&candidate.family()) {
                continue;
            }
            let tried_one = match candidate.family() {
                Family::Remap | Family::Reorder => self.try_rewrite(ctx, band, buffer, candidate, target, env, state),
                _ => {
                    let (Some(trace), Some(layout)) = (trace.as_ref(), layout) else { continue };
                    let Some((new_shape, new_layout)) = candidate.geometry(&shape, layout) else { continue };
                    let elems: i64 = new_shape.iter().product();
                    let bytes = bytes_before - own_bytes + elems.max(0) as u64 * u64::from(elem_bytes);
                    if !self.fits(ctx, band, target, bytes, budget, blocks_before) {
                        continue;
                    }
                    let Ok(own) = trace.cost(&new_shape, new_layout, target) else { continue };
                    let cost = state.total - state.buffer.wavefronts + own.total.wavefronts;
                    Some((cost, own.total, bytes, None))
                }
            };
            let Some((cost, own, bytes, copy)) = tried_one else { continue };
            if !self.fits(ctx, band, target, bytes, budget, blocks_before) {
                if let Some(copy) = copy {
                    ctx.erase_op(copy.0);
                }
                continue;
            }
            // The conflict-free minimum does not depend on addresses, so no candidate lowers it.
            if cost <= state.minimum + 0.5 {
                done.push(candidate.family());
            }
            tried.push(Tried {
                candidate,
                cost,
                buffer: own,
                extra_bytes: bytes.saturating_sub(bytes_before),
                extra_ops: candidate.extra_ops_per_access() * features.accesses,
                band: copy,
            });
        }
        tried
    }

    /// Whether a band of `bytes` shared bytes stays within seed 000's budget (9) and keeps its
    /// resident blocks per SM (unless `allow-occupancy-loss`).
    fn fits(&self, ctx: &Context, band: BandOp, target: &Target, bytes: u64, budget: u64, blocks_before: u32) -> bool {
        bytes <= budget && (self.allow_occupancy_loss || blocks_per_sm(ctx, band, target, bytes) >= blocks_before)
    }

    /// A remap or a reorder, applied to a detached copy of the band and costed whole (it moves
    /// the accesses of every buffer): `(band cost, the buffer's cost, shared bytes, the copy)`.
    #[allow(clippy::too_many_arguments)]
    fn try_rewrite(
        &self,
        ctx: &mut Context,
        band: BandOp,
        buffer: Value,
        candidate: Candidate,
        target: &Target,
        env: &CostEnv,
        state: &BandState,
    ) -> Option<(f64, BankCost, u64, Option<BandOp>)> {
        let mut map = HashMap::new();
        let copy = BandOp(ctx.clone_op(band.0, &mut map));
        ctx.insert_op(InsertPoint::Before(band.0), copy.0);
        let copied = map.get(&buffer).copied().unwrap_or(buffer);
        let costed = apply(ctx, copy, copied, candidate, self.allow_reassoc)
            .ok()
            .and_then(|()| buffer_cost(ctx, copy.0, copied, target, env).ok())
            .map(|own| (own, buffer_costs(ctx, copy, target, env)));
        // A rewrite that leaves a buffer the analysis cannot cost is not judged.
        let Some((own, after)) = costed.filter(|(_, after)| after.iter().flatten().count() >= state.analyzable) else {
            ctx.erase_op(copy.0);
            return None;
        };
        let bytes = shared_bytes(ctx, copy);
        ctx.unlink_op(copy.0);
        Some((after.iter().flatten().map(|c| c.wavefronts).sum(), own.total, bytes, Some(copy)))
    }

    /// The index of the winning candidate, `None` when none reduces the band's cost.
    fn choose(&self, tried: &[Tried], before: f64) -> Option<usize> {
        let improves = |t: &Tried| t.cost < before - 0.5;
        let argmin = |family: Option<Family>| {
            tried
                .iter()
                .enumerate()
                .filter(|(_, t)| improves(t) && family.is_none_or(|f| t.candidate.family() == f))
                .min_by(|(_, a), (_, b)| {
                    a.cost
                        .total_cmp(&b.cost)
                        .then(a.extra_bytes.cmp(&b.extra_bytes))
                        .then(a.extra_ops.cmp(&b.extra_ops))
                        .then(a.candidate.family().cmp(&b.candidate.family()))
                })
                .map(|(i, _)| i)
        };
        match self.prefer {
            Prefer::Auto => argmin(None),
            Prefer::Swizzle => argmin(Some(Family::Xor)).or_else(|| argmin(None)),
            Prefer::Paper => {
                let families = [Family::Soa, Family::Pad, Family::Transpose, Family::Remap, Family::Reorder];
                families.into_iter().find_map(|f| argmin(Some(f)))
            }
        }
    }

    /// Writes the decisions into the band's plan, with the shared bytes and residency the fixes
    /// leave (padding adds bytes).
    fn update_plan(&self, ctx: &mut Context, band: BandOp, target: &Target, fixes: Vec<BankFix>) {
        let Some(Ok(mut plan)) = Plan::of(ctx, band.0) else { return };
        let bytes = shared_bytes(ctx, band);
        if let Some(search) = plan.search.as_mut() {
            search.shared_bytes = bytes;
            let threads: i64 = plan.block.iter().product();
            let resources = BlockResources {
                threads: u32::try_from(threads).unwrap_or(u32::MAX),
                shared_bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
                registers_per_thread: None,
            };
            if let Ok(occ) = occupancy(target, resources) {
                search.blocks_per_sm = occ.blocks_per_sm;
                search.occupancy = occ.fraction(target);
            }
        }
        plan.bank = fixes;
        plan.attach(ctx, band.0);
    }
}

/// The cheapest candidate of each family, in the tree's order (what a remark lists).
fn best_per_family(tried: &[Tried]) -> Vec<&Tried> {
    let mut best: Vec<&Tried> = Vec::new();
    for t in tried {
        match best.iter_mut().find(|b| b.candidate.family() == t.candidate.family()) {
            Some(b) if t.cost < b.cost => *b = t,
            Some(_) => {}
            None => best.push(t),
        }
    }
    best.sort_by_key(|t| t.candidate.family());
    best
}

/// The costs of a band as it stands, for the candidates of one buffer.
struct BandState {
    /// Every analyzable buffer's wavefronts per block.
    total: f64,
    /// Their conflict-free minimum.
    minimum: f64,
    /// How many buffers the analysis costs.
    analyzable: usize,
    /// The buffer being fixed.
    buffer: BankCost,
}

/// Every shared buffer's cost in `band`, in order.
fn buffer_costs(ctx: &Context, band: BandOp, target: &Target, env: &CostEnv) -> Vec<Result<BankCost, CostError>> {
    shared_buffers(ctx, band).into_iter().map(|b| buffer_cost(ctx, band.0, b, target, env).map(|c| c.total)).collect()
}

/// A weighted wavefront count as the plan records it.
fn whole(wavefronts: f64) -> u64 {
    wavefronts.round().max(0.0) as u64
}

/// The `memplace.alloc_shared` results of a band, in order.
fn shared_buffers(ctx: &Context, band: BandOp) -> Vec<Value> {
    let Some(body) = band.body(ctx) else { return Vec::new() };
    ctx.block_ops_iter(body).filter_map(|op| AllocSharedOp::view(ctx, op)).map(|a| a.result(ctx)).collect()
}

/// Shared bytes of a band: its buffers' types.
pub(crate) fn shared_bytes(ctx: &Context, band: BandOp) -> u64 {
    shared_buffers(ctx, band).into_iter().map(|b| buffer_bytes(ctx, b)).sum()
}

fn blocks_per_sm(ctx: &Context, band: BandOp, target: &Target, bytes: u64) -> u32 {
    let threads: i64 = band.block_shape(ctx).iter().product();
    let resources = BlockResources {
        threads: u32::try_from(threads).unwrap_or(u32::MAX),
        shared_bytes: u32::try_from(bytes).unwrap_or(u32::MAX),
        registers_per_thread: None,
    };
    occupancy(target, resources).map_or(0, |o| o.blocks_per_sm)
}

/// The source name of a buffer's array: the staged array of the plan whose argument the
/// buffer's copies move, else `buffer #i`. When the plan stages that array in several tiles
/// (one per group of its references), the tile's label (`A[d1, d2]`): the one entry of that
/// array with the buffer's shape, else the entry in the order sharc-promote allocated them.
fn array_name(ctx: &Context, band: BandOp, buffer: Value, index: usize) -> String {
    let fallback = || format!("buffer #{index}");
    let Some(plan) = Plan::of(ctx, band.0).and_then(Result::ok) else { return fallback() };
    let arg_of = |buffer: Value| {
        ctx.uses(buffer).iter().find_map(|u| {
            let copy = CopyOp::view(ctx, u.op)?;
            match ctx.value_def(copy.global(ctx)) {
                ValueDef::BlockArg { index, .. } => Some(index as usize),
                ValueDef::OpResult { .. } => None,
            }
        })
    };
    let Some(arg) = arg_of(buffer) else { return fallback() };
    // A column sharc-resident-columns keeps: one buffer per array.
    if let Some(r) = plan.resident.iter().find(|r| r.arg == Some(arg)) {
        return r.name.clone();
    }
    let entries: Vec<usize> = (0..plan.staged.len()).filter(|&i| plan.staged[i].arg == Some(arg)).collect();
    let shape = ctx.memref_parts(ctx.value_type(buffer)).map(|m| m.shape.to_vec());
    let same_shape: Vec<usize> =
        entries.iter().copied().filter(|&i| Some(&plan.staged[i].tile) == shape.as_ref()).collect();
    let earlier = shared_buffers(ctx, band).into_iter().take(index).filter(|&b| arg_of(b) == Some(arg)).count();
    let entry = match same_shape.as_slice() {
        [only] => Some(*only),
        _ => entries.get(earlier).or(entries.first()).copied(),
    };
    entry.map_or_else(fallback, |i| plan.tile_label(i))
}
