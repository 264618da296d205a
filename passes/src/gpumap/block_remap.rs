//! `sharc-block-remap`: partition (channel) camping elimination by diagonal block reordering
//! (seed 001 §3.3.7). The user-facing description is [`INFO`]'s (`block_remap.md`).

use super::reduction_offset;
use crate::analysis::camping::{analyze, instances};
use crate::plan::Plan;
use crate::target_option::target_option;
use sharc_dialects::affine::ForOp;
use sharc_dialects::gpumap::{BandOp, BlockOrder};
use sharc_ir::builder::InsertPoint;
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId};
use sharc_machine::Target;
use std::collections::HashMap;

/// The declaration of `sharc-block-remap`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-block-remap",
    title: "SharcBlockRemap",
    summary: "Reorder thread blocks diagonally where co-resident blocks camp on one memory channel (seed 001 §3.3.7)",
    description: include_str!("block_remap.md"),
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &SIZE.spec, &ALLOW_REASSOC.spec],
    create,
};

static TARGET: PassOption<String> = target_option(
    "The GPU whose channels, interleave and occupancy define camping and the window of co-resident blocks",
);

static SIZE: PassOption<i64> = PassOption::int(
    "size",
    0,
    "For a function no call gives sizes to: the value assumed for its index arguments and dynamic memref extents (0: none, the band is left unchanged)",
)
.at_least(0);

static ALLOW_REASSOC: PassOption<bool> = PassOption::bool(
    "allow-reassoc",
    false,
    "Rotate floating-point reductions too (their sums are combined in another order, which changes their rounding)",
);

/// The decision threshold on the first window's imbalance (the issue's: the busiest channel
/// carries at least 1.5 times its even share).
const THRESHOLD: f64 = 1.5;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(BlockRemap {
        target: options.get(&TARGET),
        size: options.get(&SIZE),
        allow_reassoc: options.get(&ALLOW_REASSOC),
    })
}

struct BlockRemap {
    target: String,
    size: i64,
    allow_reassoc: bool,
}

impl Pass for BlockRemap {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-block-remap: {e}")))?;
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let assumed = (self.size > 0).then_some(self.size);
            let mut outcome = decide(ctx, band, &target, assumed);
            if let Some(order) = outcome.order {
                band.set_block_order(ctx, order);
            }
            if outcome.one_d {
                outcome = rotate_reduction(ctx, band, &target, assumed, self.allow_reassoc, outcome);
            }
            record(ctx, band, &outcome.cell);
            diags.push(Diagnostic::remark(ctx.loc(band.0).clone(), format!("block-remap: {}", outcome.message)));
        }
        Ok(())
    }
}

/// Writes the outcome into the band's plan, for `sharcc --report` (bands without a plan, written
/// by hand, get none).
fn record(ctx: &mut Context, band: BandOp, cell: &str) {
    let Some(Ok(mut plan)) = Plan::of(ctx, band.0) else { return };
    plan.remap = Some(cell.to_string());
    plan.attach(ctx, band.0);
}

/// What the pass does to one band: the order (`None`: leave it), the remark, and the short
/// `remap` cell of `sharcc --report` (the imbalance of the first window, before -> after).
struct Outcome {
    order: Option<BlockOrder>,
    message: String,
    cell: String,
    /// The band camps on a 1-D grid (no diagonal order): a reduction loop may be rotated.
    one_d: bool,
}

fn leave(message: String, cell: String) -> Outcome {
    Outcome { order: None, message, cell, one_d: false }
}

fn pair(p: (f64, f64)) -> String {
    format!("load {:.2}, store {:.2}", p.0, p.1)
}

/// The outcome for `band` on `target`.
fn decide(ctx: &Context, band: BandOp, target: &Target, assumed: Option<i64>) -> Outcome {
    let map = target.channel_map;
    if !map.is_linear() {
        return leave(
            format!("target {}: channel map is {}: camping is not modelled, never remapped", target.name, map.name()),
            format!("none (channel map {})", map.name()),
        );
    }
    if band.block_order(ctx) != Some(BlockOrder::Identity) {
        return leave("the band already has a block order".into(), "kept".into());
    }
    let on = format!("target {} (channel map {})", target.name, map.name());
    // Every instance (call site) with concrete sizes, each judged on its own; the band is
    // remapped when one camps and the diagonal order helps it, since the order is a bijection of
    // the tiles and legal at every size.
    let diagonal_possible = {
        let m = band.mapping(ctx);
        let has = |i: usize| m.iter().any(|d| d.is_some_and(|d| d.index() == i));
        has(0) && has(1)
    };
    let (mut lines, mut cells) = (Vec::new(), Vec::new());
    let (mut remap, mut one_d, mut intra) = (false, false, false);
    for inst in instances(ctx, band, assumed) {
        let at = if inst.label.is_empty() { String::new() } else { format!("{}: ", inst.label) };
        let c = match analyze(ctx, band, &inst, target) {
            Ok(c) => c,
            Err(e) => {
                lines.push(format!("{at}no camping estimate ({e})"));
                continue;
            }
        };
        let first = format!("{at}first window of {} blocks: {}", c.window, pair(c.before));
        let verdict = if !c.yang {
            "no camping (the block stride is no multiple of the channel period)".to_string()
        } else if c.worst_before() < THRESHOLD {
            format!(
                "no camping (the block stride is a multiple of the channel period, the imbalance below {THRESHOLD})"
            )
        } else {
            match c.diagonal {
                None => {
                    one_d = true;
                    "camps on a 1-D grid".to_string()
                }
                Some(after) if after.0.max(after.1) >= c.worst_before() => {
                    intra = true;
                    format!(
                        "camps within each block ({} under the diagonal order): the rows of one tile share a channel, the per-row-group skew is not implemented",
                        pair(after)
                    )
                }
                Some(after) => {
                    remap = true;
                    cells.push(format!("{at}{} -> {}", pair(c.before), pair(after)));
                    format!("camps: {} under the diagonal order", pair(after))
                }
            }
        };
        lines.push(format!("{first}, {verdict}"));
        if !verdict.starts_with("camps:") {
            cells.push(format!("{at}{}", pair(c.before)));
        }
    }
    let detail = lines.join("; ");
    if remap && diagonal_possible {
        return Outcome {
            order: Some(BlockOrder::Diagonal),
            message: format!("{on}: diagonal block order; {detail}"),
            cell: format!("diagonal ({})", cells.join("; ")),
            one_d: false,
        };
    }
    let what = if one_d {
        "none, 1-D grid"
    } else if intra {
        "none, intra-block camping not handled"
    } else {
        "none"
    };
    let cell =
        if cells.is_empty() { format!("{what} (no estimate)") } else { format!("{what} ({})", cells.join("; ")) };
    Outcome { one_d: one_d && !remap, ..leave(format!("{on}: left unchanged; {detail}"), cell) }
}

/// An instance's label and the worst imbalance (load or store) of its first window.
type Worst = (String, f64);

/// Candidate offsets per block, in iterations of the rotated loop: the block's start moves by
/// `(b mod channels) · r` iterations; the best `r` is the one whose first window is most even.
const ROTATION_STEPS: [i64; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// A 1-D grid that camps: rotate a reduction loop of the band by an offset per block (seed
/// 001's offset rotation), when one of [`ROTATION_STEPS`] evens the first window out at every
/// instance where the band camps; else `camped`, with the reason added.
fn rotate_reduction(
    ctx: &mut Context,
    band: BandOp,
    target: &Target,
    assumed: Option<i64>,
    allow_reassoc: bool,
    camped: Outcome,
) -> Outcome {
    let not = |why: String| Outcome {
        message: format!("{}; the offset rotation of a reduction loop does not apply: {why}", camped.message),
        cell: camped.cell.clone(),
        ..leave(String::new(), String::new())
    };
    let sites = match reduction_offset::sites(ctx, band, allow_reassoc) {
        Ok(s) => s,
        Err(why) => return not(why),
    };
    let channels = i64::from(target.memory_channels.max(1));
    // The worst imbalance (load or store) of the first window, per instance.
    let worst = |ctx: &Context, band: BandOp| -> Option<Vec<Worst>> {
        instances(ctx, band, assumed)
            .iter()
            .map(|inst| analyze(ctx, band, inst, target).ok().map(|c| (inst.label.clone(), c.worst_before())))
            .collect()
    };
    let max = |w: &[Worst]| w.iter().map(|x| x.1).fold(0.0, f64::max);
    let Some(before) = worst(ctx, band) else { return not("the camping is not estimated at every instance".into()) };
    // Each (site, r) tried on a copy of the band, measured, and dropped; a rotation counts when
    // it lowers the worst instance and raises none.
    let mut best: Option<(Vec<Worst>, usize, i64)> = None;
    for (k, &site) in sites.iter().enumerate() {
        let Some(iv) = ForOp::view(ctx, site).and_then(|f| f.induction_var(ctx)) else { continue };
        for r in ROTATION_STEPS {
            let mut map = HashMap::new();
            let copy = BandOp(ctx.clone_op(band.0, &mut map));
            ctx.insert_op(InsertPoint::Before(band.0), copy.0);
            let copied = map.get(&iv).and_then(|&v| ctx.block_parent_op(ctx.value_block(v)?));
            let after = copied
                .and_then(|l| reduction_offset::rotate(ctx, copy, l, channels, r).ok())
                .and_then(|()| worst(ctx, copy));
            ctx.erase_op(copy.0);
            let Some(after) = after.filter(|a| a.len() == before.len()) else { continue };
            let no_worse = after.iter().zip(&before).all(|(a, b)| a.1 <= b.1 + 0.01);
            if no_worse && max(&after) < max(&before) - 0.05 && best.as_ref().is_none_or(|b| max(&after) < max(&b.0)) {
                best = Some((after, k, r));
            }
        }
    }
    match best {
        Some((after, k, r)) => {
            if let Err(why) = reduction_offset::rotate(ctx, band, sites[k], channels, r) {
                return not(why);
            }
            let per_instance: Vec<String> = before
                .iter()
                .zip(&after)
                .map(|(b, a)| {
                    let at = if b.0.is_empty() { String::new() } else { format!("{}: ", b.0) };
                    format!("{at}{:.2} -> {:.2}", b.1, a.1)
                })
                .collect();
            Outcome {
                order: None,
                message: format!(
                    "{}; offset rotation of a reduction loop: block b starts (b mod {channels})·{r} iterations in, worst first-window imbalance {}",
                    camped.message.replacen("left unchanged; ", "", 1),
                    per_instance.join("; ")
                ),
                cell: format!("rotated reduction ({})", per_instance.join("; ")),
                one_d: false,
            }
        }
        None => not("no offset evens the first window out".into()),
    }
}
