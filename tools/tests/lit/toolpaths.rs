//! Where the tools named in RUN lines live, and which `REQUIRES:` features are available.
//!
//! - sharc's own tools are the binaries cargo built for this package. Only `sharc-opt` is reached through
//!   `CARGO_BIN_EXE_*`; the others are looked up beside it, so this harness compiles before they exist.
//! - LLVM/MLIR 22 tools come from `/usr/lib/llvm-22/bin` (Debian's llvm-22-tools, mlir-22-tools, lld-22),
//!   or from `$SHARC_LLVM_BIN`.
//! - `ptxas` comes from the wheel scripts/setup.sh installs under `.tools/ptxas`, or from `$SHARC_PTXAS`.
//!
//! Every tool is a `REQUIRES:` feature that setup (or cargo) provides, so strict mode (`SHARC_LIT_STRICT=1`)
//! treats a missing one as a broken machine; [`MACHINE_FEATURES`] are those a machine may lack for good.

use std::path::{Path, PathBuf};

/// Tools built by this workspace.
const SHARC_TOOLS: &[&str] = &["sharc-opt", "sharc-run", "sharc-translate", "sharcc", "sharc-gpu-run"];

/// Tools taken from the LLVM 22 installation: scripts/setup.sh installs them (llvm-22-tools, mlir-22-tools,
/// lld-22 and their llvm-22 dependency) and checks each one after installing (a self-test keeps that check
/// and this list equal).
pub const LLVM_TOOLS: &[&str] = &[
    "FileCheck",
    "not",
    "count",
    "split-file",
    "mlir-opt",
    "mlir-translate",
    "mlir-runner",
    "llc",
    "opt",
    "ld.lld",
    "llvm-readelf",
    "llvm-objdump",
];

/// Features that are not tools but properties of the machine, which scripts/setup.sh cannot provide: a
/// test needing one is skipped where it is missing, in strict mode too.
/// - `gpu`: an NVIDIA (`/dev/nvidiactl`) or AMD (`/dev/kfd`) GPU driver is loaded.
/// - `no-gpu`: neither is (what a tool says on a machine without a GPU, `sharc-run --exec=cuda`'s
///   one-line error, can only be tested there).
pub const MACHINE_FEATURES: &[&str] = &["gpu", "no-gpu"];

/// Features of this build of the tools, chosen by a cargo feature of sharc-tools rather than by the machine: a
/// test needing one is skipped in a build without it, in strict mode too.
/// - `upstream`: the tools have the `upstream` pass, upstream MLIR in-process (the `upstream` cargo feature, on
///   by default; `--no-default-features` builds without it).
pub const BUILD_FEATURES: &[&str] = &["upstream"];

/// Device nodes any of which shows a GPU driver (`gpu` feature).
const GPU_DEVICE_NODES: &[&str] = &["/dev/nvidiactl", "/dev/kfd"];

const DEFAULT_LLVM_BIN: &str = "/usr/lib/llvm-22/bin";

/// How a machine comes to have a feature, which decides what strict mode makes of its absence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Provision {
    /// Built by cargo or installed by scripts/setup.sh: a machine that ran setup has it, so in strict mode
    /// its absence fails the test instead of skipping it.
    Setup,
    /// A property of the machine ([`MACHINE_FEATURES`]): its absence skips, strict or not.
    Machine,
    /// A cargo feature of this build ([`BUILD_FEATURES`]): its absence skips, strict or not.
    Build,
}

/// How the feature `name` is provided, or `None` for a name that is no feature.
pub fn provision(name: &str) -> Option<Provision> {
    if Tools::is_tool(name) {
        Some(Provision::Setup)
    } else if MACHINE_FEATURES.contains(&name) {
        Some(Provision::Machine)
    } else if BUILD_FEATURES.contains(&name) {
        Some(Provision::Build)
    } else {
        None
    }
}

/// Whether a `REQUIRES:` feature is met.
pub enum Feature {
    Present,
    /// Absent, with the reason shown in the skip note.
    Absent(String),
}

pub struct Tools {
    sharc_bin_dir: PathBuf,
    sharc_opt: PathBuf,
    llvm_bin: PathBuf,
    ptxas: PathBuf,
}

impl Tools {
    pub fn discover(repo_root: &Path) -> Self {
        let sharc_opt = PathBuf::from(env!("CARGO_BIN_EXE_sharc-opt"));
        let sharc_bin_dir = sharc_opt.parent().map(Path::to_path_buf).unwrap_or_default();
        let llvm_bin =
            std::env::var_os("SHARC_LLVM_BIN").map(PathBuf::from).unwrap_or_else(|| PathBuf::from(DEFAULT_LLVM_BIN));
        let ptxas = std::env::var_os("SHARC_PTXAS")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo_root.join(".tools/ptxas/nvidia/cuda_nvcc/bin/ptxas"));
        Tools { sharc_bin_dir, sharc_opt, llvm_bin, ptxas }
    }

    /// What RUN lines see besides the inherited environment: the ptxas the harness found, so
    /// that the sharc tools find the libdevice of the same wheel even when the binaries live
    /// outside the repository (`CARGO_TARGET_DIR`).
    pub fn environment(&self) -> Vec<(&'static str, &Path)> {
        match self.ptxas.is_file() {
            true => vec![("SHARC_PTXAS", self.ptxas.as_path())],
            false => Vec::new(),
        }
    }

    /// Whether `word` names a tool the harness substitutes.
    pub fn is_tool(word: &str) -> bool {
        SHARC_TOOLS.contains(&word) || LLVM_TOOLS.contains(&word) || word == "ptxas"
    }

    /// Where the tool `name` (one for which [`Tools::is_tool`] holds) should be, and how to get it there.
    fn locate(&self, name: &str) -> (PathBuf, &'static str) {
        if name == "sharc-opt" {
            (self.sharc_opt.clone(), "")
        } else if SHARC_TOOLS.contains(&name) {
            let path = self.sharc_bin_dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
            (path, "; is it a binary of tools/ (tools/src/bin/) yet?")
        } else if name == "ptxas" {
            (self.ptxas.clone(), "; run scripts/setup.sh or set SHARC_PTXAS, and mark the test `REQUIRES: ptxas`")
        } else {
            (self.llvm_bin.join(name), "; run scripts/setup.sh, or point SHARC_LLVM_BIN at LLVM 22's bin/")
        }
    }

    /// The path of the tool `name` (one for which [`Tools::is_tool`] holds), or why it cannot be used.
    pub fn path(&self, name: &str) -> Result<PathBuf, String> {
        let (path, hint) = self.locate(name);
        if path.is_file() {
            Ok(path)
        } else {
            Err(format!("{name} not found at {}{hint}", path.display()))
        }
    }

    /// Whether the feature `name` of a `REQUIRES:` line (or `%if`) is available, and how it is provided.
    /// Every substituted tool name is a feature (present when the tool exists), and so is each of
    /// [`MACHINE_FEATURES`]; an unknown name is an error, so a typo cannot skip a test.
    pub fn feature(&self, name: &str) -> Result<(Provision, Feature), String> {
        let Some(provision) = provision(name) else {
            let mut known: Vec<&str> = SHARC_TOOLS.iter().chain(LLVM_TOOLS).copied().collect();
            known.push("ptxas");
            known.extend(MACHINE_FEATURES);
            known.extend(BUILD_FEATURES);
            return Err(format!("unknown REQUIRES feature `{name}`; known: {}", known.join(", ")));
        };
        match provision {
            Provision::Machine => return Ok((provision, machine_feature(name))),
            Provision::Build => return Ok((provision, build_feature(name))),
            Provision::Setup => {}
        }
        let (path, _) = self.locate(name);
        let feature = if path.is_file() {
            Feature::Present
        } else {
            Feature::Absent(format!("{name} not found at {}", path.display()))
        };
        Ok((provision, feature))
    }
}

/// Whether the machine feature `name` (one of [`MACHINE_FEATURES`]) is there.
fn machine_feature(name: &str) -> Feature {
    match name {
        "gpu" if GPU_DEVICE_NODES.iter().any(|node| Path::new(node).exists()) => Feature::Present,
        "gpu" => Feature::Absent(format!("no GPU driver: none of {} exists", GPU_DEVICE_NODES.join(", "))),
        "no-gpu" => match GPU_DEVICE_NODES.iter().find(|node| Path::new(node).exists()) {
            Some(node) => Feature::Absent(format!("a GPU driver is loaded ({node} exists)")),
            None => Feature::Present,
        },
        // A name added to MACHINE_FEATURES without a probe here is never taken to be present.
        other => Feature::Absent(format!("the harness has no probe for `{other}`")),
    }
}

/// Whether the build feature `name` (one of [`BUILD_FEATURES`]) is on in this build of sharc-tools.
fn build_feature(name: &str) -> Feature {
    match name {
        "upstream" if cfg!(feature = "upstream") => Feature::Present,
        "upstream" => Feature::Absent("sharc-tools was built without its `upstream` cargo feature".to_string()),
        other => Feature::Absent(format!("the harness has no probe for `{other}`")),
    }
}
