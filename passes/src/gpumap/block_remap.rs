//! `sharc-block-remap`: partition (channel) camping elimination by diagonal block reordering
//! (seed 001 §3.3.7). The user-facing description is [`INFO`]'s (`block_remap.md`).

use crate::analysis::camping::{analyze, instances};
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
    options: &[&TARGET.spec, &SIZE.spec],
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

/// The decision threshold on the first window's imbalance (the issue's: the busiest channel
/// carries at least 1.5 times its even share).
const THRESHOLD: f64 = 1.5;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(BlockRemap { target: options.get(&TARGET), size: options.get(&SIZE) })
}

struct BlockRemap {
    target: String,
    size: i64,
}

impl Pass for BlockRemap {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let target = Target::load(&self.target)
            .map_err(|e| Diagnostic::error(ctx.loc(module).clone(), format!("sharc-block-remap: {e}")))?;
        let bands: Vec<BandOp> = ctx.collect_ops(module).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
        for band in bands {
            let outcome = decide(ctx, band, &target, (self.size > 0).then_some(self.size));
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
                    "camps on a 1-D grid: the offset rotation of a reduction loop is not implemented".to_string()
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
        };
    }
    let what = if one_d {
        "none, 1-D grid not handled"
    } else if intra {
        "none, intra-block camping not handled"
    } else {
        "none"
    };
    let cell =
        if cells.is_empty() { format!("{what} (no estimate)") } else { format!("{what} ({})", cells.join("; ")) };
    leave(format!("{on}: left unchanged; {detail}"), cell)
}
