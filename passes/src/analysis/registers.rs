//! What a kernel costs in registers: the input of the ILP factor model (`sharc-ilp`) that only
//! a backend can measure.
//!
//! `passes` does not link LLVM, so the measurement is a trait: the driver (`tools/`) implements
//! it by compiling the candidate kernel and reading `ptxas -v` (NVIDIA) or the HSACO notes
//! (AMD); without those tools the pass falls back to a static estimate, and every report says
//! which of the two produced the numbers.

use sharc_dialects::gpumap::BandOp;
use sharc_ir::registry::OpTraits;
use sharc_ir::{BlockId, Context, OpId, Value};
use sharc_machine::Target;
use std::collections::{HashMap, HashSet};

/// Registers and spills of one compiled kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisterUse {
    /// Registers per thread (VGPRs on AMD).
    pub registers: u32,
    /// Bytes of spill stores per thread (0 when nothing spills).
    pub spill_stores: u32,
    /// Bytes of spill loads per thread.
    pub spill_loads: u32,
    /// How the numbers were obtained.
    pub source: RegisterSource,
}

impl RegisterUse {
    /// Whether anything spills.
    pub fn spills(&self) -> bool {
        self.spill_stores > 0 || self.spill_loads > 0
    }
}

/// Where a [`RegisterUse`] comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegisterSource {
    /// Read from a backend tool's verdict on the compiled kernel, e.g. `"ptxas -v sm_80"`.
    Measured(String),
    /// Estimated from the IR (live values), without a backend.
    Estimated,
}

/// Measures the registers of a candidate kernel.
pub trait RegisterOracle {
    /// A short name for reports (`"ptxas"`, `"hsaco notes"`, `"static estimate"`).
    fn name(&self) -> &str;

    /// The registers of the one kernel that `module` lowers to. `module` is a scratch
    /// `builtin.module` at the memplace level holding one function with exactly one
    /// `gpumap.band` (the candidate); the oracle may lower it in place (it is discarded
    /// afterwards). An `Err` is a reason the measurement failed; the caller falls back to the
    /// static estimate and says so.
    fn measure(&self, ctx: &mut Context, module: OpId, target: &Target) -> Result<RegisterUse, String>;

    /// The registers of each of `modules` (scratch modules as [`measure`](Self::measure) takes),
    /// in order. The default measures them one at a time; an oracle that runs a backend tool
    /// overrides it to compile all of them at once, one code generation and one tool run for
    /// the candidates of a band instead of one each. The oracle may lower every module in place.
    fn measure_all(&self, ctx: &mut Context, modules: &[OpId], target: &Target) -> Vec<Result<RegisterUse, String>> {
        modules.iter().map(|&m| self.measure(ctx, m, target)).collect()
    }
}

/// Creates the measuring oracle for a target, or `None` when no backend tool can measure it
/// (the caller then estimates).
pub type OracleFactory = fn(&Target) -> Option<Box<dyn RegisterOracle>>;

static INSTALLED: std::sync::OnceLock<OracleFactory> = std::sync::OnceLock::new();

/// Installs the process's register oracle, as LLVM tools initialise their targets at start-up:
/// the drivers (`sharcc`, `sharc-opt`) install the one that runs ptxas / reads HSACO notes,
/// so which oracle the ILP model uses depends on what is installed, never on the output kind.
/// The first installation wins; later calls are ignored.
pub fn install(factory: OracleFactory) {
    let _ = INSTALLED.set(factory);
}

/// The installed oracle for `target`, if one is installed and can measure it.
pub fn oracle_for(target: &Target) -> Option<Box<dyn RegisterOracle>> {
    INSTALLED.get().and_then(|factory| factory(target))
}

/// Registers the static estimate adds for what lowering materializes outside the band's IR: the
/// x/y thread ids and block ids the band's induction variables and origins are computed from
/// (an assumption, not calibrated against ptxas).
pub const STATIC_OVERHEAD: u32 = 4;

/// The fallback oracle: registers per thread estimated from the band's IR, without a backend.
///
/// The estimate is the peak, over the band body's ops in program order, of the 32-bit registers
/// held by live SSA values (64-bit integers, `index`, floats of 64 bits and memrefs — pointers —
/// take two, `i1` none: predicates live in their own file, narrower values one), plus every value
/// defined outside the band and used in it (kernel arguments) for the whole kernel, plus
/// [`STATIC_OVERHEAD`]. A value lives from its definition to its last use; a use inside a nested
/// op extends it to that op's end, so a value used in a loop lives through the whole loop.
/// Constants (immediates) count nothing. Limits: it cannot see spills (always 0), rematerialisation,
/// the backend's address arithmetic or register-allocation granularity, so the model's report marks
/// a decision taken on it as "register estimate only".
pub struct StaticEstimate;

impl RegisterOracle for StaticEstimate {
    fn name(&self) -> &str {
        "static estimate"
    }

    fn measure(&self, ctx: &mut Context, module: OpId, _target: &Target) -> Result<RegisterUse, String> {
        let band = ctx
            .collect_ops(module)
            .into_iter()
            .find(|&o| BandOp::view(ctx, o).is_some())
            .ok_or_else(|| "the module holds no gpumap.band".to_string())?;
        Ok(RegisterUse {
            registers: estimate_band_registers(ctx, band),
            spill_stores: 0,
            spill_loads: 0,
            source: RegisterSource::Estimated,
        })
    }
}

/// 32-bit registers one value of type `ty` holds.
fn register_width(ctx: &Context, ty: sharc_ir::Type) -> u32 {
    if ctx.is_index(ty) || ctx.memref_parts(ty).is_some() {
        return 2;
    }
    if let Some(w) = ctx.int_width(ty) {
        return match w {
            1 => 0,
            _ => w.div_ceil(32),
        };
    }
    ctx.float_kind(ty).map_or(1, |k| k.width().div_ceil(32))
}

/// The static estimate of [`StaticEstimate`] for one `gpumap.band`.
pub fn estimate_band_registers(ctx: &Context, band: OpId) -> u32 {
    let Some(body) = BandOp::view(ctx, band).and_then(|b| b.body(ctx)) else { return STATIC_OVERHEAD };
    // Program order of every op in the body, and where each op's nested ops end.
    let mut order: HashMap<OpId, (usize, usize)> = HashMap::new();
    let mut count = 0usize;
    number(ctx, body, &mut order, &mut count);
    let mut outside: HashSet<Value> = HashSet::new();
    let mut ranges: Vec<(usize, usize, u32)> = Vec::new();
    let mut defs: Vec<(Value, usize, BlockId)> = Vec::new();
    for (&op, &(start, end)) in &order {
        if ctx.op_has(op, OpTraits::CONSTANT_LIKE) {
            continue;
        }
        for &r in ctx.results(op) {
            if let Some(b) = ctx.parent_block(op) {
                defs.push((r, end.max(start), b));
            }
        }
        for &region in ctx.regions(op) {
            for &b in ctx.region_blocks(region) {
                defs.extend(ctx.block_args(b).iter().map(|&a| (a, start, b)));
            }
        }
        for &v in ctx.operands(op) {
            let defined_inside = match ctx.defining_op(v) {
                Some(d) => order.contains_key(&d) || ctx.op_has(d, OpTraits::CONSTANT_LIKE),
                None => ctx.value_block(v).is_some_and(|b| b == body || block_inside(ctx, b, band)),
            };
            if !defined_inside {
                outside.insert(v);
            }
        }
    }
    defs.extend(ctx.block_args(body).iter().map(|&a| (a, 0, body)));
    for (v, def, block) in defs {
        let last = ctx
            .uses(v)
            .iter()
            .filter_map(|u| {
                // The user, or its ancestor in the defining block: the value lives until it ends.
                let mut op = u.op;
                while ctx.parent_block(op) != Some(block) {
                    op = ctx.parent_op(op)?;
                }
                order.get(&op).map(|&(_, end)| end)
            })
            .max()
            .unwrap_or(def);
        ranges.push((def, last.max(def), register_width(ctx, ctx.value_type(v))));
    }
    let peak = (0..count.max(1))
        .map(|p| ranges.iter().filter(|&&(d, l, _)| d <= p && p <= l).map(|&(_, _, w)| w).sum::<u32>())
        .max()
        .unwrap_or(0);
    let args: u32 = outside.iter().map(|&v| register_width(ctx, ctx.value_type(v))).sum();
    peak + args + STATIC_OVERHEAD
}

/// Numbers the ops of `block` and everything nested in them in program order: each op gets its
/// own position and the last position inside it.
fn number(ctx: &Context, block: BlockId, order: &mut HashMap<OpId, (usize, usize)>, count: &mut usize) {
    for op in ctx.block_ops_iter(block) {
        let start = *count;
        *count += 1;
        for &r in ctx.regions(op) {
            for &b in ctx.region_blocks(r) {
                number(ctx, b, order, count);
            }
        }
        order.insert(op, (start, count.saturating_sub(1).max(start)));
    }
}

/// Whether `block` lies inside `op`.
fn block_inside(ctx: &Context, block: BlockId, op: OpId) -> bool {
    ctx.block_parent_op(block).is_some_and(|p| p == op || ctx.is_ancestor(op, p))
}

#[cfg(test)]
mod tests;
