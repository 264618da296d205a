//! What code is generated for: an LLVM triple, a chip and target features, and the
//! [`Arch`] (NVPTX, AMDGPU or the host CPU) that decides how GPU concepts are lowered.
//!
//! A GPU target comes from a target description (`targets/*.toml`, its `llvm_triple`,
//! `llvm_chip` and `llvm_features`), or from an explicit triple and chip. The chip is checked
//! against the processors LLVM 22 knows: LLVM itself only warns about an unknown CPU on stderr
//! and then generates code for a generic one, which would be a silently wrong kernel.

use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target as LlvmTarget, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use sharc_ir::Diagnostic;
use std::sync::Once;

/// The three code generators sharc has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arch {
    /// NVIDIA GPUs: PTX through LLVM's NVPTX backend.
    Nvptx,
    /// AMD GPUs: HSA code objects through LLVM's AMDGPU backend and `ld.lld`.
    Amdgpu,
    /// The host CPU (x86-64): kernels as ordinary functions, thread ids and barriers from the
    /// host runtime (`crate::host_runtime`), for executing generated code without a GPU.
    Host,
}

impl Arch {
    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            Arch::Nvptx => "nvptx",
            Arch::Amdgpu => "amdgpu",
            Arch::Host => "host",
        }
    }
}

/// The processors LLVM 22's NVPTX backend knows (`llc-22 -march=nvptx64 -mcpu=help`).
const NVPTX_CHIPS: &[&str] = &[
    "sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37", "sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62",
    "sm_70", "sm_72", "sm_75", "sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_100a",
    "sm_100f", "sm_101", "sm_101a", "sm_101f", "sm_103", "sm_103a", "sm_103f", "sm_110", "sm_110a", "sm_110f",
    "sm_120", "sm_120a", "sm_120f", "sm_121", "sm_121a", "sm_121f",
];

/// The processors LLVM 22's AMDGPU backend knows (`llc-22 -march=amdgcn -mcpu=help`).
const AMDGPU_CHIPS: &[&str] = &[
    "gfx600",
    "gfx601",
    "gfx602",
    "gfx700",
    "gfx701",
    "gfx702",
    "gfx703",
    "gfx704",
    "gfx705",
    "gfx801",
    "gfx802",
    "gfx803",
    "gfx805",
    "gfx810",
    "gfx900",
    "gfx902",
    "gfx904",
    "gfx906",
    "gfx908",
    "gfx909",
    "gfx90a",
    "gfx90c",
    "gfx942",
    "gfx950",
    "gfx9-generic",
    "gfx9-4-generic",
    "gfx1010",
    "gfx1011",
    "gfx1012",
    "gfx1013",
    "gfx1030",
    "gfx1031",
    "gfx1032",
    "gfx1033",
    "gfx1034",
    "gfx1035",
    "gfx1036",
    "gfx10-1-generic",
    "gfx10-3-generic",
    "gfx1100",
    "gfx1101",
    "gfx1102",
    "gfx1103",
    "gfx1150",
    "gfx1151",
    "gfx1152",
    "gfx1153",
    "gfx11-generic",
    "gfx1200",
    "gfx1201",
    "gfx1250",
    "gfx1251",
    "gfx12-generic",
];

/// The host target's CPU: a fixed baseline rather than the build machine's, so that generated
/// code (and its floating-point results) do not depend on where sharc runs.
const HOST_CPU: &str = "x86-64";

/// A code-generation target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenTarget {
    /// Which lowering.
    pub arch: Arch,
    /// The LLVM target triple.
    pub triple: String,
    /// The processor (`sm_80`, `gfx90a`, `x86-64`).
    pub chip: String,
    /// Target features (`+ptx78`), comma-separated, possibly empty.
    pub features: String,
}

impl CodegenTarget {
    /// A target from a triple, chip and features; an unknown triple or chip is an error.
    pub fn new(triple: &str, chip: &str, features: &str) -> Result<CodegenTarget, String> {
        let (arch, chips) = if triple.starts_with("nvptx64") {
            (Arch::Nvptx, NVPTX_CHIPS)
        } else if triple.starts_with("amdgcn-amd-amdhsa") {
            (Arch::Amdgpu, AMDGPU_CHIPS)
        } else if triple.starts_with("x86_64") {
            (Arch::Host, &[HOST_CPU][..])
        } else {
            return Err(format!(
                "unsupported target triple '{triple}' (supported: nvptx64-nvidia-cuda, amdgcn-amd-amdhsa, x86_64-*)"
            ));
        };
        if arch != Arch::Host && !chips.contains(&chip) {
            return Err(format!("unknown chip '{chip}' for {triple} (LLVM 22 knows: {})", chips.join(", ")));
        }
        Ok(CodegenTarget { arch, triple: triple.to_string(), chip: chip.to_string(), features: features.to_string() })
    }

    /// The target of a GPU description (`targets/*.toml`).
    pub fn from_description(t: &sharc_machine::Target) -> Result<CodegenTarget, String> {
        CodegenTarget::new(&t.llvm_triple, &t.llvm_chip, &t.llvm_features)
    }

    /// The host CPU this process runs on, for executing kernels (`--exec=host`).
    pub fn host() -> CodegenTarget {
        let triple = TargetMachine::get_default_triple();
        let triple = triple.as_str().to_string_lossy().into_owned();
        CodegenTarget { arch: Arch::Host, triple, chip: HOST_CPU.to_string(), features: String::new() }
    }

    /// The LLVM target machine at optimisation level `opt` (0..=3).
    pub(crate) fn machine(&self, opt: u8) -> Result<TargetMachine, Diagnostic> {
        init_llvm();
        let triple = TargetTriple::create(&self.triple);
        let target = LlvmTarget::from_triple(&triple)
            .map_err(|e| crate::error(format!("LLVM has no backend for '{}': {e}", self.triple)))?;
        let level = match opt {
            0 => OptimizationLevel::None,
            1 => OptimizationLevel::Less,
            2 => OptimizationLevel::Default,
            _ => OptimizationLevel::Aggressive,
        };
        // Host code is JIT-loaded or linked into a process: position-independent is the safe default.
        let reloc = if self.arch == Arch::Host { RelocMode::PIC } else { RelocMode::Default };
        target.create_target_machine(&triple, &self.chip, &self.features, level, reloc, CodeModel::Default).ok_or_else(
            || crate::error(format!("LLVM cannot create a target machine for {} {}", self.triple, self.chip)),
        )
    }
}

/// Registers the three backends with LLVM, once per process.
fn init_llvm() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let config = InitializationConfig::default();
        LlvmTarget::initialize_nvptx(&config);
        LlvmTarget::initialize_amd_gpu(&config);
        LlvmTarget::initialize_x86(&config);
    });
}
