//! `sharc-block-remap`: partition (channel) camping elimination by diagonal block reordering
//! (seed 001 §3.3.7). The user-facing description is [`INFO`]'s (`block_remap.md`).

use crate::analysis::camping::{analyze, instances, Camping};
use crate::plan::Plan;
use crate::target_option::target_option;
use sharc_dialects::gpumap::{BandOp, BlockOrder};
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId};
use sharc_machine::Target;

/// The declaration of `sharc-block-remap`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-block-remap",
    title: "SharcBlockRemap",
    summary: "Reorder thread blocks diagonally where co-resident blocks camp on one memory channel (seed 001 §3.3.7)",
    description: include_str!("block_remap.md"),
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec],
    create,
};

static TARGET: PassOption<String> = target_option(
    "The GPU whose channels, interleave and occupancy define camping and the window of co-resident blocks",
);

/// The decision threshold on the first window's imbalance (the issue's: the busiest channel
/// carries at least 1.5 times its even share).
const THRESHOLD: f64 = 1.5;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(BlockRemap { target: options.get(&TARGET) })
}

struct BlockRemap {
    target: String,
}

impl Pass for BlockRemap {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-block-remap: {e}")))?;
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let outcome = decide(ctx, band, &target);
            if let Some(order) = outcome.order {
                band.set_block_order(ctx, order);
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
}

fn leave(message: String, cell: String) -> Outcome {
    Outcome { order: None, message, cell }
}

fn pair(p: (f64, f64)) -> String {
    format!("load {:.2}, store {:.2}", p.0, p.1)
}

/// The outcome for `band` on `target`.
fn decide(ctx: &Context, band: BandOp, target: &Target) -> Outcome {
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
    // Every instance (call site) with concrete sizes; the band is remapped when one camps, since
    // the order is a bijection of the tiles and legal at every size.
    let mut measured: Vec<(String, Camping)> = Vec::new();
    let mut why_not = None;
    for inst in instances(ctx, band) {
        match analyze(ctx, band, &inst, target) {
            Ok(c) => measured.push((inst.label.clone(), c)),
            Err(e) => why_not = Some(e),
        }
    }
    let worst = |v: &[&(String, Camping)]| {
        v.iter().max_by(|a, b| a.1.worst_before().total_cmp(&b.1.worst_before())).map(|x| (*x).clone())
    };
    let fired: Vec<&(String, Camping)> = measured.iter().filter(|(_, c)| c.yang).collect();
    let all: Vec<&(String, Camping)> = measured.iter().collect();
    let Some((label, c)) = worst(&fired).or_else(|| worst(&all)) else {
        let why = why_not.unwrap_or_else(|| "no instance".into());
        return leave(format!("{on}: no camping estimate ({why}), left unchanged"), "none (no estimate)".into());
    };
    let at = if label.is_empty() { String::new() } else { format!(" at {label}") };
    let first = format!("first window of {} blocks{at}: {}", c.window, pair(c.before));
    if !c.yang {
        return leave(
            format!("{on}: no camping: the block stride is no multiple of the channel period; {first}"),
            format!("none ({})", pair(c.before)),
        );
    }
    if c.worst_before() < THRESHOLD {
        return leave(
            format!("{on}: no camping: the block stride is a multiple of the channel period but the {first} (below {THRESHOLD})"),
            format!("none ({})", pair(c.before)),
        );
    }
    let Some(after) = c.diagonal else {
        return leave(
            format!("{on}: camping on a 1-D grid ({first}): the offset rotation of a reduction loop is not implemented, left unchanged"),
            format!("none, 1-D grid not handled ({})", pair(c.before)),
        );
    };
    if after.0.max(after.1) >= c.worst_before() {
        return leave(
            format!(
                "{on}: camping within each block ({first}; {} under the diagonal order): the rows of one tile share a channel, and the per-row-group skew is not implemented, left unchanged",
                pair(after)
            ),
            format!("none, intra-block camping not handled ({})", pair(c.before)),
        );
    }
    Outcome {
        order: Some(BlockOrder::Diagonal),
        message: format!("{on}: diagonal block order, {first} -> {}", pair(after)),
        cell: format!("diagonal ({} -> {})", pair(c.before), pair(after)),
    }
}
