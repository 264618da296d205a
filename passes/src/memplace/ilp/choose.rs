//! `factor=auto`: the factor and distribution the model predicts fastest for one band.
//!
//! Every candidate is built for real: the band's function is cloned into a scratch module with
//! no other band, [`apply`] rewrites the clone, the static work counts read the rewritten band,
//! and the installed register oracle (ptxas / HSACO notes, `analysis::registers`) compiles it —
//! or, where none is installed or it fails, the static estimate stands in and the decision says
//! so. The model (`analysis::ilp_model`) then vetoes spilling and unplaceable candidates and
//! keeps the smallest factor within 10% of the best.

use super::{apply, legal_factors};
use crate::analysis::bank_cost::CostEnv;
use crate::analysis::ilp_model::{choose, Candidate, Choice, WorkCounts};
use crate::analysis::registers::{RegisterOracle, RegisterSource, RegisterUse, StaticEstimate};
use crate::memplace::bank_conflicts::shared_bytes;
use sharc_dialects::func;
use sharc_dialects::gpumap::{BandOp, Distribution};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{Context, OpId};
use sharc_machine::Target;
use std::collections::HashMap;

/// The candidates tried, at most six: no replication, the cyclic factors 2, 4 and 8 (Table 4 of
/// seed 000 never goes beyond 8), and the blocked factors 2 and 4 (thread merge).
const CANDIDATES: [(i64, Distribution); 6] = [
    (1, Distribution::Cyclic),
    (2, Distribution::Cyclic),
    (4, Distribution::Cyclic),
    (8, Distribution::Cyclic),
    (2, Distribution::Blocked),
    (4, Distribution::Blocked),
];

/// The model's decision for one band.
pub struct Decision {
    /// The candidates measured, in [`CANDIDATES`] order (the legal ones).
    pub candidates: Vec<Candidate>,
    /// The model's verdict on them.
    pub choice: Choice,
    /// The oracle that measured the registers (`"ptxas"`, ...), or the static estimate's name.
    pub oracle: String,
    /// Why the installed oracle could not measure, when the estimate stood in.
    pub fallback: Option<String>,
}

impl Decision {
    /// The chosen factor and distribution (no replication when every candidate is vetoed).
    pub fn chosen(&self) -> (i64, Distribution) {
        self.choice.chosen.map_or((1, Distribution::Cyclic), |i| {
            (i64::from(self.candidates[i].factor), self.candidates[i].distribution)
        })
    }

    /// The chosen candidate's registers, when one is chosen.
    pub fn registers(&self) -> Option<&RegisterUse> {
        self.choice.chosen.map(|i| &self.candidates[i].registers)
    }

    /// One line per candidate for the remark: `f=4 cyclic: 52 regs, 3 warps/SM, T=1.20 (latency)`.
    pub fn listing(&self) -> String {
        let lines: Vec<String> = self
            .candidates
            .iter()
            .zip(&self.choice.evaluations)
            .map(|(c, e)| {
                let head = format!("f={} {}: {} regs", c.factor, c.distribution.keyword(), c.registers.registers);
                match e {
                    Ok(t) => format!(
                        "{head}, {} warps/SM, T={:.3} (bw {:.3}, issue {:.3}, shared {:.3}, latency {:.3}; {}-bound)",
                        t.warps_per_sm,
                        t.time,
                        t.t_bw,
                        t.t_issue,
                        t.t_sh,
                        t.t_lat,
                        t.bound.keyword()
                    ),
                    Err(v) => format!("{head}, vetoed: {v}"),
                }
            })
            .collect();
        lines.join("; ")
    }
}

/// Measures every legal candidate of `band` along loop `pos` with `oracle` (the static estimate
/// when `None`) and lets the model choose. The band itself is not changed. The candidates are
/// built first and handed to the oracle together, so that it can compile them in one go.
pub fn decide(
    ctx: &mut Context,
    band: BandOp,
    pos: usize,
    target: &Target,
    oracle: Option<&dyn RegisterOracle>,
) -> Result<Decision, String> {
    let legal = legal_factors(ctx, band, pos, target);
    let mut built: Vec<(OpId, Candidate)> = Vec::new();
    let mut failure = None;
    for (factor, distribution) in CANDIDATES {
        if !legal.contains(&factor) {
            continue;
        }
        match build(ctx, band, pos, factor, distribution, target) {
            Ok(b) => built.push(b),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    let modules: Vec<OpId> = built.iter().map(|(m, _)| *m).collect();
    let measured = match (failure, oracle) {
        (Some(e), _) => Err(e),
        (None, Some(o)) => Ok(o.measure_all(ctx, &modules, target)),
        (None, None) => Ok(Vec::new()),
    };
    for &m in &modules {
        ctx.erase_op(m);
    }
    let measured = measured?;
    let mut candidates = Vec::with_capacity(built.len());
    let mut fallback = None;
    for (i, (_, mut candidate)) in built.into_iter().enumerate() {
        match measured.get(i) {
            Some(Ok(r)) => candidate.registers = r.clone(),
            Some(Err(why)) => {
                fallback.get_or_insert_with(|| why.clone());
            }
            None => {}
        }
        candidates.push(candidate);
    }
    let choice = choose(target, &candidates);
    let oracle = match (oracle, &fallback) {
        (Some(o), None) => o.name().to_string(),
        _ => StaticEstimate.name().to_string(),
    };
    Ok(Decision { candidates, choice, oracle, fallback })
}

/// One candidate on a scratch clone: the scratch module (for the oracle, erased by the caller)
/// and the candidate with its work counts, threads, shared bytes and the static register
/// estimate, which the oracle's measurement replaces when it has one.
fn build(
    ctx: &mut Context,
    band: BandOp,
    pos: usize,
    factor: i64,
    distribution: Distribution,
    target: &Target,
) -> Result<(OpId, Candidate), String> {
    let (module, copy) = scratch_module(ctx, band)?;
    let result = (|| {
        let applied = apply(ctx, copy, pos, factor, distribution)?;
        let band = applied.band;
        let counts = WorkCounts::of(ctx, band.0, target, &CostEnv::default())
            .map_err(|e| format!("work counts: {}", e.message))?;
        let threads: i64 = band.block_shape(ctx).iter().product();
        let bytes = shared_bytes(ctx, band);
        let registers = StaticEstimate.measure(ctx, module, target)?;
        Ok(Candidate {
            factor: u32::try_from(factor).map_err(|_| "factor out of range")?,
            distribution,
            threads_per_block: u32::try_from(threads).map_err(|_| "threads out of range")?,
            shared_bytes: u32::try_from(bytes).map_err(|_| "shared bytes out of range")?,
            counts,
            registers,
        })
    })();
    match result {
        Ok(candidate) => Ok((module, candidate)),
        Err(e) => {
            ctx.erase_op(module);
            Err(e)
        }
    }
}

/// A detached `builtin.module` holding a clone of `band`'s function in which `band`'s clone is
/// the only band (the register oracle compiles exactly one kernel), and that clone.
fn scratch_module(ctx: &mut Context, band: BandOp) -> Result<(OpId, BandOp), String> {
    let function =
        ctx.ancestor(band.0, |c, a| func::FuncOp::view(c, a).is_some()).ok_or("the band is not inside a func.func")?;
    let bands: Vec<OpId> = ctx.collect_ops(function).into_iter().filter(|&o| BandOp::view(ctx, o).is_some()).collect();
    let index = bands.iter().position(|&b| b == band.0).ok_or("the band is not in its function")?;
    let copy = ctx.clone_op(function, &mut HashMap::new());
    let copies: Vec<OpId> = ctx.collect_ops(copy).into_iter().filter(|&o| BandOp::view(ctx, o).is_some()).collect();
    let kept = *copies.get(index).ok_or("the cloned function lost a band")?;
    for other in copies.into_iter().filter(|&b| b != kept) {
        ctx.erase_op(other);
    }
    let (region, body) = ctx.new_region_with_block(&[]);
    let loc = ctx.loc(band.0).clone();
    let module = ctx.create_op(OperationState::new(sharc_ir::symbol::MODULE_OP, loc).region(region));
    ctx.insert_op(InsertPoint::BlockEnd(body), copy);
    Ok((module, BandOp(kept)))
}

/// The text of a register source for the plan and the report.
pub fn source_text(r: &RegisterUse) -> String {
    match &r.source {
        RegisterSource::Measured(how) => how.clone(),
        RegisterSource::Estimated => "static estimate only".to_string(),
    }
}
