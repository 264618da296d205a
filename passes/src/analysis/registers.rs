//! What a kernel costs in registers: the input of the ILP factor model (`sharc-ilp`) that only
//! a backend can measure.
//!
//! `passes` does not link LLVM, so the measurement is a trait: the driver (`tools/`) implements
//! it by compiling the candidate kernel and reading `ptxas -v` (NVIDIA) or the HSACO notes
//! (AMD); without those tools the pass falls back to a static estimate, and every report says
//! which of the two produced the numbers.

use sharc_ir::{Context, OpId};
use sharc_machine::Target;

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
