//! Where the tools named in RUN lines live, and which `REQUIRES:` features are available.
//!
//! - sharc's own tools are the binaries cargo built for this package. Only `sharc-opt` is reached through
//!   `CARGO_BIN_EXE_*`; the others are looked up beside it, so this harness compiles before they exist.
//! - LLVM/MLIR 22 tools come from `/usr/lib/llvm-22/bin` (Debian's llvm-22-tools, mlir-22-tools, lld-22),
//!   or from `$SHARC_LLVM_BIN`.
//! - `ptxas` comes from the wheel scripts/setup.sh installs under `.tools/ptxas`, or from `$SHARC_PTXAS`.

use std::path::{Path, PathBuf};

/// Tools built by this workspace.
const SHARC_TOOLS: &[&str] = &["sharc-opt", "sharc-run", "sharc-translate", "sharcc"];

/// Tools taken from the LLVM 22 installation.
const LLVM_TOOLS: &[&str] = &[
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

const DEFAULT_LLVM_BIN: &str = "/usr/lib/llvm-22/bin";

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

    /// Whether the feature `name` of a `REQUIRES:` line is available. Every substituted tool name is a
    /// feature (present when the tool exists); an unknown name is an error, so a typo cannot skip a test.
    pub fn feature(&self, name: &str) -> Result<Feature, String> {
        if !Self::is_tool(name) {
            let mut known: Vec<&str> = SHARC_TOOLS.iter().chain(LLVM_TOOLS).copied().collect();
            known.push("ptxas");
            return Err(format!("unknown REQUIRES feature `{name}`; known: {}", known.join(", ")));
        }
        let (path, _) = self.locate(name);
        Ok(if path.is_file() {
            Feature::Present
        } else {
            Feature::Absent(format!("{name} not found at {}", path.display()))
        })
    }
}
