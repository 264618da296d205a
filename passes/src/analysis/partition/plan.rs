//! The chosen plan of a section ([`plan_section`]): the winner of the search as the typed
//! [`Plan`] (`crate::plan`, which writes and reads the `sharc.plan` attribute), with the
//! [`Report`] of everything the search saw for remarks.

use super::closure::{closure, Closure};
use super::features::{LoopTile, PlanShape, TileKind};
use super::search::{self, criteria, Evaluated, Evaluator, Metrics, Outcome, SearchOptions};
use super::section::Section;
use super::sectors;
use super::split::{assign_axes, candidate_plans, IterSplit, LoopSplit};
use crate::analysis::affine::AccessKind;
use crate::plan::{Plan, SearchSummary, StagedArray};
use sharc_dialects::gpu::Dimension;
use sharc_dialects::sharc::share::{Axis, LenExpr, SHARE_ATTR};
use sharc_ir::affine::{AffineBinaryOp, AffineExpr, AffineMap};
use sharc_ir::{Context, Diagnostic, OpId};
use sharc_machine::Target;

/// Everything the search saw, for remarks.
pub struct Report {
    /// The section.
    pub section: Section,
    /// The closure.
    pub closure: Closure,
    /// `|ISSet|` before intersection (seed 000 (18)).
    pub isset: usize,
    /// The plans after intersection, with the axis of each band loop, then their streamed
    /// variants.
    pub plans: Vec<PlanShape>,
    /// The index of the first streamed plan (`plans.len()` when there is none).
    pub first_streamed: usize,
    /// Per plan: the search outcome.
    pub outcomes: Vec<Outcome>,
    /// The winner: `(plan, index into its outcome)`.
    pub winner: (usize, usize),
    /// The plan.
    pub plan: Plan,
    /// The target's θ_r (remarks).
    pub theta_r: f64,
    /// The sector model's verdict against the baseline mapping.
    pub placement: Placement,
}

/// The plan of `section_op` (an outermost `affine.parallel`) on `target`.
pub fn plan_section(ctx: &Context, section_op: OpId, target: &Target) -> Result<Plan, Diagnostic> {
    plan_section_with(ctx, section_op, target, SearchOptions::default()).map(|r| r.plan)
}

/// [`plan_section`] with options, returning everything the search saw.
pub fn plan_section_with(
    ctx: &Context,
    section_op: OpId,
    target: &Target,
    options: SearchOptions,
) -> Result<Report, Diagnostic> {
    let loc = ctx.loc(section_op).clone();
    let section = Section::analyze(ctx, section_op)?;
    let closure = closure(ctx, &section);
    let (isset, splits) = candidate_plans(&section)
        .map_err(|m| Diagnostic::error(loc.clone(), format!("conflicting share pragma: {m}")))?;
    let mut plans: Vec<PlanShape> = splits
        .into_iter()
        .map(|split: IterSplit| streamed_in_thread(&section, PlanShape { axes: assign_axes(&section, &split), split }))
        .collect();
    let first_streamed = plans.len();
    if section.pragma.is_none() {
        let streamed: Vec<PlanShape> = plans.iter().flat_map(|s| streamed_variants(&section, s)).collect();
        for s in streamed {
            if !plans.iter().any(|p| p.axes == s.axes && p.split == s.split) {
                plans.push(s);
            }
        }
    }
    let mut outcomes = Vec::new();
    let mut winner: Option<(usize, usize)> = None;
    let mut smallest_need: Option<u64> = None;
    for (p, shape) in plans.iter().enumerate() {
        let mut ev = Evaluator::new(&section, &closure, shape.clone(), p, target, options);
        let space = search::space(&section, shape, target);
        let out = search::search(&mut ev, &space);
        if let Some(first) = space.blocks.last() {
            let min = Config0::smallest(*first, &space);
            let need = ev.forced_bytes(&min);
            smallest_need = Some(smallest_need.map_or(need, |s| s.min(need)));
        }
        if let Some(b) = out.best {
            let better = match winner {
                None => true,
                Some((wp, wi)) => {
                    search::rank(&out.evaluated[b], &outcomes_get(&outcomes, wp, wi)) == std::cmp::Ordering::Greater
                }
            };
            if better {
                winner = Some((p, b));
            }
        }
        outcomes.push(out);
    }
    let Some((wp, wi)) = winner else {
        let budget = (target.theta_s * f64::from(target.shared_memory_per_sm)) as u64;
        let need = smallest_need.unwrap_or(0);
        // Only a share pragma makes staging the user's demand. Without one, the tiles the
        // search must stage (candidates it could not leave in global memory) fitting no legal
        // block only means that placement has nothing to offer: a remark, and the section keeps
        // the baseline mapping.
        if ctx.attr_of(section_op, SHARE_ATTR).is_none() {
            return Err(Diagnostic::remark(
                loc,
                format!(
                    "placement: no legal setting on {}: the tiles the search must stage need {need} B at the \
                     smallest legal thread block, over θ_s × SMSize = {budget} B; baseline mapping",
                    target.name
                ),
            ));
        }
        return Err(Diagnostic::error(
            loc,
            format!(
                "the arrays of the share pragma cannot fit in shared memory on {}: the smallest legal thread block needs \
                 {need} B, over θ_s × SMSize = {budget} B; use smaller constant lengths, TB primitives or * in the pragma, \
                 or drop :coalesce",
                target.name
            ),
        ));
    };
    let placement = match sectors::baseline(ctx, &section, target) {
        Some(baseline) => gate(&section, &plans, &outcomes, first_streamed, &baseline, target),
        None => Placement::NoBaseline,
    };
    let (wp, wi) = match &placement {
        Placement::Taken { winner, .. } => *winner,
        _ => (wp, wi),
    };
    let chosen = &outcomes[wp].evaluated[wi];
    let Ok(metrics) = &chosen.outcome else {
        return Err(Diagnostic::error(loc, "internal error: the chosen plan is not legal"));
    };
    let shape = &plans[wp];
    let tiles = shape.tiles(&section, &chosen.config);
    let mut plan = build_plan(ctx, &section, &closure, shape, &tiles, &chosen.config.block, metrics);
    if matches!(placement, Placement::Refused { .. } | Placement::UnknownDomain { .. }) {
        // Nothing staged: `sharc-map` gives the section the baseline mapping.
        plan.staged.clear();
        plan.strips.clear();
    }
    Ok(Report {
        section,
        closure,
        isset,
        plans,
        first_streamed,
        outcomes,
        winner: (wp, wi),
        plan,
        theta_r: target.theta_r,
        placement,
    })
}

/// A band loop run inside each thread with a tile staged per step: a strip of 1 on it
/// (next-round §5.2 (a), the 2.5-D scheme; docs/partition.md, "Streamed band loops"), as
/// `sharc-map` runs every band loop a staging plan leaves in the thread.
fn stream(shape: &PlanShape, l: usize) -> PlanShape {
    let mut s = shape.clone();
    s.axes[l] = None;
    s.split.loops[l] = LoopSplit::Len(LenExpr::Int(1));
    s
}

/// `shape` with every band loop it runs inside the thread (past three axes) streamed, so that
/// a tile follows them step by step instead of needing their whole range.
fn streamed_in_thread(section: &Section, shape: PlanShape) -> PlanShape {
    let band = section.band.min(shape.axes.len()).min(shape.split.loops.len());
    (0..band).filter(|&l| shape.axes[l].is_none()).fold(shape.clone(), |s, l| stream(&s, l))
}

/// The streamed candidates of a plan that maps every loop of a band of three: each loop it maps
/// to y or z streamed in turn, the other band loops keeping x and taking y, z in their order. The x loop
/// is never streamed: it is the one that coalesces. A plan that already runs band loops in the
/// thread gets none: more loops in the thread would only shrink the grid. The search and the
/// sector gate judge them like any other plan.
fn streamed_variants(section: &Section, shape: &PlanShape) -> Vec<PlanShape> {
    let band = section.band.min(shape.axes.len()).min(shape.split.loops.len());
    // A streamed loop of a 2-D band would leave a 1-D grid: a few wide blocks, each running
    // the whole other loop (next-round §5.2 (a) streams a loop of a 3-D section).
    if band < 3 || shape.axes[..band].iter().any(Option::is_none) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for l in 0..band {
        if !matches!(shape.axes[l], Some(Axis::Y | Axis::Z)) {
            continue;
        }
        let mut v = stream(shape, l);
        // The remaining y/z loops take y then z, in their former order.
        let mut rest: Vec<usize> = (0..band).filter(|&m| matches!(v.axes[m], Some(Axis::Y | Axis::Z))).collect();
        rest.sort_by_key(|&m| v.axes[m]);
        for (m, a) in rest.into_iter().zip([Axis::Y, Axis::Z]) {
            v.axes[m] = Some(a);
            if matches!(v.split.loops[m], LoopSplit::Axis(_)) {
                v.split.loops[m] = LoopSplit::Axis(a);
            }
        }
        out.push(v);
    }
    out
}

/// At most this many settings, best-ranked first, are compared against the baseline: the
/// prediction enumerates a block's accesses, and settings far down the ranking stage little.
const GATED_SETTINGS: usize = 48;

/// What the sector model decided about staging.
#[derive(Clone, Debug, PartialEq)]
pub enum Placement {
    /// The baseline mapping keeps the section on the host: there is nothing to compare with.
    NoBaseline,
    /// No legal setting stages anything.
    NothingStaged,
    /// The setting `winner` is taken: the fewest predicted sectors per band iteration among
    /// those that beat the baseline, the higher profit breaking ties.
    Taken {
        /// `(plan, index into its outcome)`.
        winner: (usize, usize),
        /// Its prediction against the baseline.
        comparison: sectors::Comparison,
        /// The search's best-ranked setting, when the sector model chose another one.
        instead_of: Option<(usize, usize)>,
    },
    /// The band's loops bound one another in a shape whose share of the hull the model cannot
    /// bound (`sectors::Domain::Unknown`): nothing is staged.
    UnknownDomain {
        /// The best-ranked staging setting's prediction (over the hull).
        best: sectors::Comparison,
    },
    /// No setting beats the baseline; `best` is the best-ranked one's prediction.
    Refused {
        /// The best-ranked staging setting's prediction.
        best: sectors::Comparison,
        /// Settings compared.
        compared: usize,
    },
}

/// Chooses, among the best-ranked legal settings that stage something, the one to take: it must
/// beat the baseline's predicted sectors (`sectors::Comparison::beats_baseline`); among those,
/// the fewest sectors per band iteration (the measure the simulator judges a plan by: the seed's
/// per-block profit favours the largest block whatever its copies cost, e.g. a 2-wide strip whose
/// copy rows fill a quarter of each sector), then the highest profit, then the search's ranking.
fn gate(
    section: &Section,
    plans: &[PlanShape],
    outcomes: &[Outcome],
    first_streamed: usize,
    baseline: &sectors::Baseline,
    target: &Target,
) -> Placement {
    // The streamed plans (from `first_streamed` on) compete in a list of their own: a block
    // that runs a band loop whole saves `n` times a tile's profit, which would crowd every
    // other plan out of the best-ranked settings the sector model judges.
    let best_ranked = |streamed: bool| {
        let mut legal: Vec<&Evaluated> = outcomes
            .iter()
            .flat_map(|o| o.evaluated.iter())
            .filter(|e| (e.plan >= first_streamed) == streamed)
            .filter(|e| e.outcome.as_ref().is_ok_and(|m| m.arrays.iter().any(|v| v.staged)))
            .collect();
        // Best first; a stable sort keeps enumeration order among equals, as `best_of` does.
        legal.sort_by(|a, b| search::rank(b, a));
        legal.truncate(GATED_SETTINGS);
        legal
    };
    let legal: Vec<&Evaluated> = best_ranked(false).into_iter().chain(best_ranked(true)).collect();
    let judged: Vec<(&Evaluated, &Metrics, sectors::Density, sectors::Comparison)> = legal
        .iter()
        .filter_map(|&e| {
            let m = e.outcome.as_ref().ok()?;
            let tiles = plans[e.plan].tiles(section, &e.config);
            let staged: Vec<&search::ArrayVerdict> = m.arrays.iter().filter(|v| v.staged).collect();
            let d = sectors::density(section, &tiles, &staged, target);
            let extent = e.config.block.iter().chain(&baseline.block).copied().max().unwrap_or(1);
            let c = sectors::Comparison::new(section, &d, &baseline.density, extent);
            Some((e, m, d, c))
        })
        .collect();
    let Some(top) = judged.first() else { return Placement::NothingStaged };
    if baseline.domain == sectors::Domain::Unknown {
        return Placement::UnknownDomain { best: top.3.clone() };
    }
    let mut best: Option<&(&Evaluated, &Metrics, sectors::Density, sectors::Comparison)> = None;
    for j in judged.iter().filter(|j| j.3.beats_baseline()) {
        // A streamed plan is taken only for fewer sectors: at equal density, its profit per
        // block (a block covering a band loop's whole range) says nothing, and its larger
        // tiles waste more at small sizes.
        let plain = |e: &Evaluated| e.plan < first_streamed;
        let better = best.is_none_or(|b| {
            b.2.cmp_per_point(&j.2).then(plain(j.0).cmp(&plain(b.0))).then(j.1.profit.cmp(&b.1.profit)).is_gt()
        });
        if better {
            best = Some(j);
        }
    }
    match best {
        Some((e, _, _, comparison)) => {
            let index = outcomes[e.plan].evaluated.iter().position(|x| std::ptr::eq(x, *e)).unwrap_or(0);
            let top_index = outcomes[top.0.plan].evaluated.iter().position(|x| std::ptr::eq(x, top.0)).unwrap_or(0);
            let instead_of = (!std::ptr::eq(*e, top.0)).then_some((top.0.plan, top_index));
            Placement::Taken { winner: (e.plan, index), comparison: comparison.clone(), instead_of }
        }
        None => Placement::Refused { best: top.3.clone(), compared: judged.len() },
    }
}

fn outcomes_get(outcomes: &[Outcome], p: usize, i: usize) -> Evaluated {
    outcomes[p].evaluated[i].clone()
}

/// The smallest setting of a space (smallest block, smallest strips).
struct Config0;

impl Config0 {
    fn smallest(block: [i64; 3], space: &search::Space) -> super::features::Config {
        let vague = space.vague.iter().map(|(l, v)| (*l, v.first().copied().unwrap_or(1))).collect();
        super::features::Config { block, vague }
    }
}

fn build_plan(
    _ctx: &Context,
    section: &Section,
    closure: &Closure,
    shape: &PlanShape,
    tiles: &[LoopTile],
    block: &[i64; 3],
    metrics: &Metrics,
) -> Plan {
    let mut staged = Vec::new();
    let mut strip_loops: Vec<usize> = Vec::new();
    for v in metrics.arrays.iter().filter(|v| v.staged) {
        let Some(part) = &v.partition else { continue };
        let info = &section.arrays[v.array];
        // The tile's own references: one group of uniformly generated references.
        let refs: Vec<_> = v.refs.iter().filter_map(|&r| section.refs.get(r)).collect();
        let Some(first) = refs.first() else { continue };
        let rank = part.hull.len();
        let mut origin = Vec::new();
        let mut subscript = Vec::new();
        let mut halo_lo = Vec::new();
        let mut halo_hi = Vec::new();
        let mut per_strip = Vec::new();
        for d in 0..rank {
            let consts: Vec<i64> =
                refs.iter().filter_map(|r| r.linear.as_ref().and_then(|l| l.get(d)).map(|e| e.constant)).collect();
            let (cmin, cmax) = (consts.iter().copied().min().unwrap_or(0), consts.iter().copied().max().unwrap_or(0));
            let mut expr = AffineExpr::constant(cmin);
            let mut linear = AffineExpr::constant(0);
            for (l, t) in tiles.iter().enumerate() {
                let c = first.coeff(d, l);
                if c == 0 {
                    continue;
                }
                let term =
                    AffineExpr::binary(AffineBinaryOp::Mul, &AffineExpr::dim(l as u32), &AffineExpr::constant(c));
                linear = AffineExpr::binary(AffineBinaryOp::Add, &linear, &term);
                let lp = &section.loops[l];
                let span = (t.iters - 1).max(0) * lp.step;
                match t.kind {
                    TileKind::Band(_) | TileKind::Strip(_) => {
                        if matches!(t.kind, TileKind::Strip(_)) && !per_strip.contains(&l) {
                            per_strip.push(l);
                        }
                        expr = AffineExpr::binary(AffineBinaryOp::Add, &expr, &term);
                        if c < 0 {
                            expr = AffineExpr::binary(AffineBinaryOp::Add, &expr, &AffineExpr::constant(c * span));
                        }
                    }
                    TileKind::Whole | TileKind::Unbounded => {
                        let lo = lp.lower.unwrap_or(0);
                        let v = if c < 0 { c * (lo + span) } else { c * lo };
                        expr = AffineExpr::binary(AffineBinaryOp::Add, &expr, &AffineExpr::constant(v));
                    }
                }
            }
            origin.push(expr.simplify(section.loops.len() as u32, 0));
            subscript.push(linear.simplify(section.loops.len() as u32, 0));
            halo_lo.push((-cmin).max(0));
            halo_hi.push(cmax.max(0));
        }
        per_strip.sort_unstable();
        strip_loops.extend(&per_strip);
        let Ok(origin) = AffineMap::new(section.loops.len() as u32, 0, origin) else { continue };
        let Ok(subscript) = AffineMap::new(section.loops.len() as u32, 0, subscript) else { continue };
        staged.push(StagedArray {
            name: info.name.clone(),
            arg: info.arg,
            first_access: info.first_access,
            read: refs.iter().any(|r| r.access.kind == AccessKind::Read),
            written: refs.iter().any(|r| r.access.kind == AccessKind::Write),
            reuse: v.in_reuse,
            coalesce: v.in_coalesce,
            tile: part.hull.iter().map(|(lo, hi)| hi - lo + 1).collect(),
            halo_lo,
            halo_hi,
            origin,
            subscript: Some(subscript),
            per_strip,
            bytes: part.bytes,
            elem_bytes: info.elem_bytes,
        });
    }
    strip_loops.sort_unstable();
    strip_loops.dedup();
    let strips = strip_loops
        .iter()
        .filter_map(|&l| if let TileKind::Strip(s) = tiles[l].kind { Some((l, s)) } else { None })
        .collect();
    Plan {
        block: *block,
        loops: shape.axes.iter().map(|&a| dimension(a)).collect(),
        strips,
        staged,
        resident: Vec::new(),
        refused: Vec::new(),
        search: Some(SearchSummary {
            candidates: closure.candidates.iter().map(|(a, _)| section.arrays[*a].name.clone()).collect(),
            profit: metrics.profit.to_string(),
            shared_bytes: metrics.shared_bytes,
            blocks_per_sm: metrics.blocks_per_sm,
            occupancy: metrics.occupancy,
        }),
        bank: Vec::new(),
        ilp: None,
        rotate: Vec::new(),
        remap: None,
        x_lower: None,
    }
}

/// The hardware dimension of a share-pragma axis.
fn dimension(a: Option<Axis>) -> Option<Dimension> {
    match a? {
        Axis::X => Some(Dimension::X),
        Axis::Y => Some(Dimension::Y),
        Axis::Z => Some(Dimension::Z),
    }
}

fn axis_name(a: Option<Axis>) -> &'static str {
    match a {
        Some(Axis::X) => "x",
        Some(Axis::Y) => "y",
        Some(Axis::Z) => "z",
        None => "seq",
    }
}

/// `block 32x32x1, y = %arg6, x = %arg7, strips %arg8 by 32` for remarks.
fn summary(plan: &Plan, section: &Section) -> String {
    let mut parts = vec![format!("block {}x{}x{}", plan.block[0], plan.block[1], plan.block[2])];
    for (l, d) in plan.loops.iter().enumerate() {
        parts.push(format!("{} = {}", d.map_or("seq", Dimension::keyword), section.iv_name(l)));
    }
    for (l, s) in &plan.strips {
        parts.push(format!("strip {} by {s}", section.iv_name(*l)));
    }
    parts.join(", ")
}

impl Report {
    /// The remark lines: candidates, plans, the winner and why, and with `explain` every
    /// setting evaluated.
    pub fn remarks(&self, ctx: &Context, explain: bool) -> Vec<String> {
        let s = &self.section;
        let mut out = self.closure.explain(ctx, s);
        let mut line = format!(
            "{} iteration split(s) from the seeds, {} plan(s) after intersection",
            self.isset, self.first_streamed
        );
        if self.plans.len() > self.first_streamed {
            line.push_str(&format!(
                ", {} streamed (plan {} on: a band loop run inside the thread, a tile per step)",
                self.plans.len() - self.first_streamed,
                self.first_streamed
            ));
        }
        out.push(line);
        for (p, shape) in self.plans.iter().enumerate() {
            let axes: Vec<String> =
                shape.axes.iter().enumerate().map(|(l, a)| format!("{} -> {}", s.iv_name(l), axis_name(*a))).collect();
            let o = &self.outcomes[p];
            out.push(format!(
                "plan {p}: {} ({}); {} setting(s) evaluated, {} pruned",
                shape.split.describe(s),
                axes.join(", "),
                o.evaluated.len(),
                o.pruned
            ));
            if explain {
                for e in &o.evaluated {
                    out.push(format!("plan {p} {}", describe_setting(s, e)));
                }
            }
        }
        let (wp, wi) = self.winner;
        let win = &self.outcomes[wp].evaluated[wi];
        if let Ok(m) = &win.outcome {
            for v in &m.arrays {
                let name = s.tile_label(&v.refs);
                let line = match &v.unstageable {
                    Some(why) => format!("array {name}: not staged: {why}"),
                    None => format!(
                        "array {name}: reuse ratio {:.2} ({} θ_r = {}), {}, {}{}{}",
                        v.ratio,
                        if v.in_reuse { "in ReuseSet," } else { "below" },
                        self.theta_r,
                        match v.violation {
                            Some(kind) => format!("non-coalesced ({kind} adjacency)"),
                            None if v.in_coalesce => "coalesce requested".to_string(),
                            None => "coalesced".to_string(),
                        },
                        if v.staged { "staged" } else { "not staged" },
                        v.partition.as_ref().map_or(String::new(), |p| format!(
                            ", tile {} ({} B)",
                            p.hull.iter().map(|(a, b)| (b - a + 1).to_string()).collect::<Vec<_>>().join("x"),
                            p.bytes
                        )),
                        if v.in_coalesce {
                            format!(
                                "; staging saves {} of its {} transactions per block (copy {})",
                                v.coalesce_tran, v.coalesce_original, v.coalesce_copy
                            )
                        } else {
                            String::new()
                        },
                    ),
                };
                out.push(line);
            }
        }
        let runner = self
            .outcomes
            .iter()
            .flat_map(|o| o.evaluated.iter())
            .filter(|e| e.outcome.is_ok() && !(e.plan == wp && e.config == win.config))
            .max_by(|a, b| search::rank(a, b).then(std::cmp::Ordering::Greater));
        let overridden = match &self.placement {
            Placement::Taken { instead_of: Some((p, i)), .. } => self.outcomes[*p].evaluated.get(*i),
            _ => None,
        };
        let why = match (runner, &win.outcome) {
            _ if overridden.is_some() => format!(
                "; the sector model prefers it to the search's best-ranked setting ({}, profit {}): fewer predicted \
                 global sectors per iteration",
                overridden.map(|o| setting_name(s, &o.config)).unwrap_or_default(),
                overridden.and_then(|o| o.outcome.as_ref().ok()).map(|m| m.profit.to_string()).unwrap_or_default()
            ),
            (Some(r), Ok(mw)) => match &r.outcome {
                Ok(mr) => match criteria(mw, &win.config, win.plan, mr, &r.config, r.plan) {
                    Some((_, reason)) => format!(
                        "; it beats the runner-up ({}, profit {}) on {reason}",
                        setting_name(s, &r.config),
                        mr.profit
                    ),
                    None => String::new(),
                },
                Err(_) => String::new(),
            },
            _ => "; it is the only legal setting".to_string(),
        };
        let Some(found) = &self.plan.search else { return out };
        let staged: Vec<String> = match &win.outcome {
            Ok(m) => m.arrays.iter().filter(|v| v.staged).map(|v| s.tile_label(&v.refs)).collect(),
            Err(_) => Vec::new(),
        };
        out.push(format!(
            "chosen: plan {wp}, {}; staged [{}]; profit {}, {} B shared, {} block(s)/SM, occupancy {:.2}{why}",
            summary(&self.plan, s),
            staged.join(", "),
            found.profit,
            found.shared_bytes,
            found.blocks_per_sm,
            found.occupancy
        ));
        out.push(self.placement_remark());
        out
    }

    /// `placement: ...`: what the sector model decided, with the numbers it decided on.
    pub fn placement_remark(&self) -> String {
        match &self.placement {
            Placement::NoBaseline => {
                "placement: plan taken unchecked (the baseline mapping keeps this section on the host)".to_string()
            }
            Placement::NothingStaged => "placement: no setting stages an array; baseline mapping".to_string(),
            Placement::Taken { comparison, .. } => format!("placement: plan taken: {}", comparison.describe()),
            Placement::UnknownDomain { best } => format!(
                "placement: plan refused, nothing staged: the band's loops bound one another in a shape whose share \
                 of the blocks' hull is unknown (only a triangle with slopes ±1 is credited, as half the hull); the \
                 best-ranked setting {}",
                best.describe()
            ),
            Placement::Refused { best, compared } => format!(
                "placement: plan refused, nothing staged: none of the {compared} best setting(s) moves fewer global \
                 sectors than the baseline; the best-ranked one {}",
                best.describe()
            ),
        }
    }
}

fn setting_name(s: &Section, c: &super::features::Config) -> String {
    let mut out = format!("block {}x{}x{}", c.block[0], c.block[1], c.block[2]);
    for (l, v) in &c.vague {
        out.push_str(&format!(", {}={v}", s.iv_name(*l)));
    }
    out
}

fn describe_setting(s: &Section, e: &Evaluated) -> String {
    match &e.outcome {
        Ok(m) => {
            let staged: Vec<String> = m.arrays.iter().filter(|v| v.staged).map(|v| s.tile_label(&v.refs)).collect();
            format!(
                "{}: profit {}, {} B shared, {} block(s)/SM, occupancy {:.2}, staged [{}]",
                setting_name(s, &e.config),
                m.profit,
                m.shared_bytes,
                m.blocks_per_sm,
                m.occupancy,
                staged.join(", ")
            )
        }
        Err(why) => format!("{}: illegal: {why}", setting_name(s, &e.config)),
    }
}
