//! `sharc-ilp`: seed 000's ILP enhancement (§3.3.2, Algorithm 1) and seed 001's thread merge on
//! a mapped band: each thread runs `f` iterations of a y (or z) loop, the barrier-free regions
//! of the body replicated, thread-local loops unroll-and-jammed, values live across barriers
//! expanded into SSA values, replica-invariant loads emitted once. The user-facing description
//! is [`INFO`]'s (`description.md`).
//!
//! Layout: [`legality`] (which bands and factors), `regions` (what is replicated), `replicate`
//! (the rewrite), `sink` (replica guards split around the thread-local loops they enclose),
//! `hoist` (loads out of the replica guards), [`choose`] (`factor=auto`: every
//! candidate built on a scratch clone, measured and given to the model). [`apply`] rewrites one
//! band. The decision goes into the band's `sharc.plan` (`ilp`) and a remark.
//!
//! ```text
//! gpumap.band (%i, %j) ... block [32, 32] dims [y, x]      gpumap.band (%i, %j) ... block [8, 32] tile [32, 32] dims [y, x]
//!   copy_in; barrier                                  =>      %i1 = %i + 8; %i2 = %i + 16; %i3 = %i + 24
//!   for k iter_args(%a) { if (%i < n) {As[%i][k]} * Bs[k][%j] }   copy_in; barrier
//!                                                             %b = Bs[k][%j]
//!                                                             for k iter_args(%a0..%a3) { if (%i  < n) {As[%i][k]}  * %b, ...
//!                                                                                         if (%i3 < n) {As[%i3][k]} * %b }
//! ```

pub mod choose;
mod hoist;
pub mod legality;
mod regions;
mod replicate;
mod sink;

pub use legality::{legal_factors, refusal};
pub use replicate::Counts;

use crate::analysis::registers::{oracle_for, RegisterOracle};
use crate::plan::{IlpDecision, Plan};
use crate::target_option::target_option;
use sharc_dialects::gpu::Dimension;
use sharc_dialects::gpumap::{BandOp, Distribution};
use sharc_dialects::memplace::{AllocSharedOp, CopyOp};
use sharc_ir::pass::{Choices, OptionEnum, OtherValues, Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, InsertPoint, OpId};
use sharc_machine::Target;
use std::collections::HashMap;

/// The declaration of `sharc-ilp`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-ilp",
    title: "SharcIlp",
    summary: "Give each thread several iterations of a y or z loop: barrier-free regions replicated, loops jammed (seed 000 Algorithm 1, seed 001 thread merge)",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &FACTOR.spec, &DIM.spec, &DISTRIBUTION.spec],
    create,
};

const DESCRIPTION: &str = include_str!("description.md");

static TARGET: PassOption<String> = target_option("The GPU whose warp size, sectors and banks bound the legal factors");
static FACTOR: PassOption<String> = PassOption::choice(
    "factor",
    "auto",
    Choices { names: || vec!["auto"], other: Some(OtherValues { what: "a power of two", placeholder: "N", accepts: is_power_of_two }) },
    "Iterations per thread along the replicated loop: chosen per target (auto) or a power of two N (1 leaves the band alone)",
);
static DIM: PassOption<DimChoice> = PassOption::enumeration(
    "dim",
    "auto",
    "The hardware dimension replicated, never x (coalescing): y, z, or auto (y when its block has at least 2 threads, else z)",
);
static DISTRIBUTION: PassOption<DistributionChoice> = PassOption::enumeration(
    "distribution",
    "cyclic",
    "How a thread's iterations are spread: cyclic (replica u runs iv + u·block, seed 000) or blocked (iv·f + u, seed 001's thread merge)",
);

fn is_power_of_two(text: &str) -> bool {
    text.parse::<i64>().is_ok_and(|n| n >= 1 && n.count_ones() == 1)
}

/// `dim`: which loop of the band is replicated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimChoice {
    /// The loop mapped to y.
    Y,
    /// The loop mapped to z.
    Z,
    /// y when its block has at least 2 threads, else z.
    Auto,
}

impl OptionEnum for DimChoice {
    const CHOICES: &'static [(&'static str, DimChoice)] =
        &[("y", DimChoice::Y), ("z", DimChoice::Z), ("auto", DimChoice::Auto)];
}

/// `distribution`, as the option spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DistributionChoice {
    /// [`Distribution::Cyclic`].
    Cyclic,
    /// [`Distribution::Blocked`].
    Blocked,
}

impl OptionEnum for DistributionChoice {
    const CHOICES: &'static [(&'static str, DistributionChoice)] =
        &[("cyclic", DistributionChoice::Cyclic), ("blocked", DistributionChoice::Blocked)];
}

impl From<DistributionChoice> for Distribution {
    fn from(d: DistributionChoice) -> Distribution {
        match d {
            DistributionChoice::Cyclic => Distribution::Cyclic,
            DistributionChoice::Blocked => Distribution::Blocked,
        }
    }
}

/// The loop of `band` that `dim` replicates: mapped to y or z (never x), its block at least 2.
pub fn replicated_loop(ctx: &Context, band: BandOp, dim: DimChoice) -> Result<usize, String> {
    let mapping = band.mapping(ctx);
    let blocks = band.block_sizes(ctx);
    let find =
        |d: Dimension| mapping.iter().position(|&m| m == Some(d)).filter(|&p| blocks.get(p).is_some_and(|&b| b >= 2));
    let found = match dim {
        DimChoice::Y => find(Dimension::Y),
        DimChoice::Z => find(Dimension::Z),
        DimChoice::Auto => find(Dimension::Y).or_else(|| find(Dimension::Z)),
    };
    found.ok_or_else(|| {
        let which = match dim {
            DimChoice::Y => "y",
            DimChoice::Z => "z",
            DimChoice::Auto => "y or z",
        };
        format!(
            "no {which} loop with a block of 2 threads or more (x is never replicated: it keeps the warps coalesced)"
        )
    })
}

/// What [`apply`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The rewritten band (it replaced the one given to [`apply`] in the IR).
    pub band: BandOp,
    /// The replicated loop.
    pub pos: usize,
    /// Iterations per thread along it.
    pub factor: i64,
    /// How they are spread.
    pub distribution: Distribution,
    /// The loop's block (threads) and tile (iterations per block) after the rewrite.
    pub block: i64,
    /// See `block`.
    pub tile: i64,
    /// Whether the tile grew (thread merge without staging: grid / f) rather than the block
    /// shrinking.
    pub tile_grown: bool,
    /// What was replicated, jammed, hoisted and expanded.
    pub counts: Counts,
}

impl Applied {
    /// The remark's sentence.
    pub fn describe(&self) -> String {
        let c = &self.counts;
        let shape = if self.tile_grown {
            format!("tile {} (block kept, grid / {})", self.tile, self.factor)
        } else {
            format!("block {} (tile {} kept)", self.block, self.tile)
        };
        format!(
            "{} iterations per thread along loop {} ({}): {shape}; {} region(s) replicated, {} loop(s) jammed, {} load(s) hoisted, {} op(s) kept once, {} value(s) expanded, {} global load(s) hoisted under the replicas' weakest guard, {} guard(s) sunk into thread-local loops",
            self.factor,
            self.pos,
            self.distribution.keyword(),
            c.regions,
            c.jammed,
            c.hoisted,
            c.once,
            c.expanded,
            c.hoisted_global,
            c.sunk
        )
    }
}

/// Whether the band stages anything in shared memory.
fn stages(ctx: &Context, band: BandOp) -> bool {
    ctx.collect_ops(band.0).into_iter().any(|o| AllocSharedOp::view(ctx, o).is_some() || CopyOp::view(ctx, o).is_some())
}

/// Replicates `band` `factor` times along loop `pos` (spec §2.2 steps 2-6, §4.2 for blocked).
/// Cyclic: the block shrinks to `block / f`, the tile is kept, replica `u` runs
/// `iv + u·(block / f)·step`. Blocked: without staging the block is kept and the tile grows by
/// `f` (grid / f); with staging (a larger tile would need larger copies) the tile is kept and the
/// block shrinks, replica `u` running `t·f + u`. The rewritten band replaces `band` (also a
/// detached one, for a model's scratch clone); on an error nothing changes.
pub fn apply(
    ctx: &mut Context,
    band: BandOp,
    pos: usize,
    factor: i64,
    distribution: Distribution,
) -> Result<Applied, String> {
    let blocks = band.block_sizes(ctx);
    let block = *blocks.get(pos).ok_or_else(|| format!("the band has no loop {pos}"))?;
    if band.replication(ctx).iter().any(|&r| r != 1) {
        return Err("the band already runs several iterations per thread".into());
    }
    if factor < 1 || factor.count_ones() != 1 {
        return Err(format!("factor {factor} is not a power of two"));
    }
    let (new_block, new_tile, grown) = if distribution == Distribution::Blocked && !stages(ctx, band) {
        (block, block.checked_mul(factor).ok_or("the tile overflows")?, true)
    } else {
        if block % factor != 0 {
            return Err(format!("factor {factor} does not divide the block of {block} threads"));
        }
        (block / factor, block, false)
    };
    if factor == 1 {
        let counts = Counts::default();
        return Ok(Applied { band, pos, factor, distribution, block, tile: block, tile_grown: false, counts });
    }
    let copy = BandOp(ctx.clone_op(band.0, &mut HashMap::new()));
    let f = usize::try_from(factor).map_err(|_| "factor too large")?;
    let offset = |u: i64| distribution.replica_offset(new_block, u);
    match replicate::Replicator::run(ctx, copy, pos, f, offset) {
        Ok(counts) => {
            copy.set_tiling(ctx, pos, new_block, new_tile, distribution);
            if ctx.parent_block(band.0).is_some() {
                ctx.insert_op(InsertPoint::Before(band.0), copy.0);
            }
            ctx.erase_op(band.0);
            Ok(Applied {
                band: copy,
                pos,
                factor,
                distribution,
                block: new_block,
                tile: new_tile,
                tile_grown: grown,
                counts,
            })
        }
        Err(why) => {
            ctx.erase_op(copy.0);
            Err(why)
        }
    }
}

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(Ilp {
        target: options.get(&TARGET),
        factor: options.get(&FACTOR),
        dim: options.get(&DIM),
        distribution: options.get(&DISTRIBUTION).into(),
    })
}

struct Ilp {
    target: String,
    factor: String,
    dim: DimChoice,
    distribution: Distribution,
}

impl Pass for Ilp {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-ilp: {e}")))?;
        // `auto` is the only word the option accepts besides a power of two.
        let factor = self.factor.parse::<i64>().ok();
        // The installed register oracle, looked up once per run (it finds its tools on disk).
        let oracle = if factor.is_none() { oracle_for(&target) } else { None };
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let loc = ctx.loc(band.0).clone();
            let (band, message, decision) = self.run_band(ctx, band, factor, &target, oracle.as_deref());
            record(ctx, band, decision);
            diags.push(Diagnostic::remark(loc, format!("ilp: {message}")));
        }
        Ok(())
    }
}

/// Writes the decision into the band's plan (bands without a plan, written by hand, get none);
/// the plan's block becomes the band's.
fn record(ctx: &mut Context, band: BandOp, decision: IlpDecision) {
    let Some(Ok(mut plan)) = Plan::of(ctx, band.0) else { return };
    plan.block = band.block_shape(ctx);
    plan.ilp = Some(decision);
    plan.attach(ctx, band.0);
}

/// A decision that replicates nothing, for `reason`.
fn left_alone(reason: impl Into<String>) -> IlpDecision {
    IlpDecision {
        factor: 1,
        distribution: Distribution::Cyclic.keyword().to_string(),
        dim: "-".to_string(),
        registers: None,
        register_source: "-".to_string(),
        reason: reason.into(),
    }
}

impl Ilp {
    /// Rewrites one band; returns the band (replaced when rewritten), the remark and the
    /// decision for the plan.
    fn run_band(
        &self,
        ctx: &mut Context,
        band: BandOp,
        factor: Option<i64>,
        target: &Target,
        oracle: Option<&dyn RegisterOracle>,
    ) -> (BandOp, String, IlpDecision) {
        let alone = |why: String| (band, format!("band left alone: {why}"), left_alone(why));
        let pos = match replicated_loop(ctx, band, self.dim) {
            Ok(p) => p,
            Err(why) => return alone(why),
        };
        if let Some(why) = refusal(ctx, band, target) {
            return alone(format!("{why} (seed 000: ILP after the shared-memory and bank optimizations)"));
        }
        let dim = band.mapping(ctx).get(pos).copied().flatten().map_or("-", Dimension::keyword).to_string();
        let (factor, distribution, mut decision, model) = match factor {
            Some(f) => {
                let legal = legal_factors(ctx, band, pos, target);
                if !legal.contains(&f) {
                    let list = legal.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
                    return alone(format!("factor {f} is not legal along loop {pos} (legal: {list})"));
                }
                let mut d = left_alone("requested");
                d.factor = f;
                d.distribution = self.distribution.keyword().to_string();
                (f, self.distribution, d, String::new())
            }
            None => match choose::decide(ctx, band, pos, target, oracle) {
                Err(why) => return alone(format!("the factor model failed: {why}")),
                Ok(m) => {
                    let (f, dist) = m.chosen();
                    let bound = m
                        .choice
                        .chosen
                        .and_then(|i| m.choice.evaluations[i].as_ref().ok())
                        .map_or("every candidate vetoed".to_string(), |t| format!("{}-bound", t.bound.keyword()));
                    let reason = match &m.fallback {
                        None => format!("model, {bound}"),
                        Some(why) => format!("model, {bound}; register estimate only: {why}"),
                    };
                    let mut d = left_alone(reason);
                    d.factor = f;
                    d.distribution = dist.keyword().to_string();
                    if let Some(r) = m.registers() {
                        d.registers = Some(r.registers);
                        d.register_source = choose::source_text(r);
                    }
                    let listing = format!(" [{} on {}: {}]", m.oracle, target.name, m.listing());
                    (f, dist, d, listing)
                }
            },
        };
        if factor == 1 {
            return (band, format!("band left alone: factor 1 ({}){model}", decision.reason), decision);
        }
        match apply(ctx, band, pos, factor, distribution) {
            Ok(a) => {
                let mut text = a.describe();
                if distribution == Distribution::Blocked && !a.tile_grown {
                    text.push_str("; the band stages buffers, so the tile is kept and the block shrinks (a grown tile would need larger copies)");
                }
                decision.dim = dim;
                (a.band, format!("{text} ({}){model}", decision.reason), decision)
            }
            Err(why) => alone(why),
        }
    }
}
