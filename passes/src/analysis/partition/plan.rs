//! The chosen plan of a section ([`plan_section`]): the winner of the search as the typed
//! [`Plan`] (`crate::plan`, which writes and reads the `sharc.plan` attribute), with the
//! [`Report`] of everything the search saw for remarks.

use super::closure::{closure, Closure};
use super::features::{LoopTile, PlanShape, TileKind};
use super::search::{self, criteria, Evaluated, Evaluator, Metrics, Outcome, SearchOptions};
use super::section::Section;
use super::split::{assign_axes, candidate_plans, IterSplit};
use crate::analysis::affine::AccessKind;
use crate::plan::{Plan, SearchSummary, StagedArray};
use sharc_dialects::gpu::Dimension;
use sharc_dialects::sharc::share::Axis;
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
    /// The plans after intersection, with the axis of each band loop.
    pub plans: Vec<PlanShape>,
    /// Per plan: the search outcome.
    pub outcomes: Vec<Outcome>,
    /// The winner: `(plan, index into its outcome)`.
    pub winner: (usize, usize),
    /// The plan.
    pub plan: Plan,
    /// The target's θ_r (remarks).
    pub theta_r: f64,
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
    let plans: Vec<PlanShape> =
        splits.into_iter().map(|split: IterSplit| PlanShape { axes: assign_axes(&section, &split), split }).collect();
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
    let chosen = &outcomes[wp].evaluated[wi];
    let Ok(metrics) = &chosen.outcome else {
        return Err(Diagnostic::error(loc, "internal error: the chosen plan is not legal"));
    };
    let shape = &plans[wp];
    let tiles = shape.tiles(&section, &chosen.config);
    let plan = build_plan(ctx, &section, &closure, shape, &tiles, &chosen.config.block, metrics);
    Ok(Report { section, closure, isset, plans, outcomes, winner: (wp, wi), plan, theta_r: target.theta_r })
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
        let refs: Vec<_> = section.refs.iter().filter(|r| r.array == v.array).collect();
        let Some(first) = refs.first() else { continue };
        let rank = part.hull.len();
        let mut origin = Vec::new();
        let mut halo_lo = Vec::new();
        let mut halo_hi = Vec::new();
        let mut per_strip = Vec::new();
        for d in 0..rank {
            let consts: Vec<i64> =
                refs.iter().filter_map(|r| r.linear.as_ref().and_then(|l| l.get(d)).map(|e| e.constant)).collect();
            let (cmin, cmax) = (consts.iter().copied().min().unwrap_or(0), consts.iter().copied().max().unwrap_or(0));
            let mut expr = AffineExpr::constant(cmin);
            for (l, t) in tiles.iter().enumerate() {
                let c = first.coeff(d, l);
                if c == 0 {
                    continue;
                }
                let lp = &section.loops[l];
                let span = (t.iters - 1).max(0) * lp.step;
                match t.kind {
                    TileKind::Band(_) | TileKind::Strip(_) => {
                        if matches!(t.kind, TileKind::Strip(_)) && !per_strip.contains(&l) {
                            per_strip.push(l);
                        }
                        let term = AffineExpr::binary(
                            AffineBinaryOp::Mul,
                            &AffineExpr::dim(l as u32),
                            &AffineExpr::constant(c),
                        );
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
            halo_lo.push((-cmin).max(0));
            halo_hi.push(cmax.max(0));
        }
        per_strip.sort_unstable();
        strip_loops.extend(&per_strip);
        let Ok(origin) = AffineMap::new(section.loops.len() as u32, 0, origin) else { continue };
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
        out.push(format!(
            "{} iteration split(s) from the seeds, {} plan(s) after intersection",
            self.isset,
            self.plans.len()
        ));
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
                let name = &s.arrays[v.array].name;
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
        let why = match (runner, &win.outcome) {
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
        out.push(format!(
            "chosen: plan {wp}, {}; staged [{}]; profit {}, {} B shared, {} block(s)/SM, occupancy {:.2}{why}",
            summary(&self.plan, s),
            self.plan.staged.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(", "),
            found.profit,
            found.shared_bytes,
            found.blocks_per_sm,
            found.occupancy
        ));
        out
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
            let staged: Vec<&str> =
                m.arrays.iter().filter(|v| v.staged).map(|v| s.arrays[v.array].name.as_str()).collect();
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
