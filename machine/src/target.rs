//! Target descriptions.

use serde::Deserialize;

/// A GPU as sharc models it. Field docs give the unit; each shipped TOML cites its sources.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// Short name (`a100`), used by `--target`.
    pub name: String,
    /// Marketing name (`NVIDIA A100-SXM4-40GB`).
    pub description: String,
    /// `nvidia` or `amd`.
    pub vendor: String,
    /// Threads per warp (NVIDIA) or wavefront (AMD).
    pub warp_size: u32,
    /// Streaming multiprocessors / compute units.
    pub sm_count: u32,
    /// Maximum threads in one thread block.
    pub max_threads_per_block: u32,
    /// Maximum resident threads per SM.
    pub max_threads_per_sm: u32,
    /// Maximum resident thread blocks per SM.
    pub max_blocks_per_sm: u32,
    /// Shared memory (LDS) per SM, bytes.
    pub shared_memory_per_sm: u32,
    /// Shared memory one thread block may use, bytes.
    pub shared_memory_per_block: u32,
    /// 32-bit registers per SM.
    pub registers_per_sm: u32,
    /// Maximum registers per thread.
    pub max_registers_per_thread: u32,
    /// Shared-memory banks.
    pub bank_count: u32,
    /// Bytes per bank word (the bank width, N in seed 002).
    pub bank_width: u32,
    /// Bytes of one bank layer (W in seed 002; equals `bank_width` on current GPUs).
    pub bank_layer_width: u32,
    /// Lanes whose shared requests are served together (32 on NVIDIA; 16 for Tesla's half-warps).
    pub shared_request_lanes: u32,
    /// Global-memory sector size, bytes (32 on NVIDIA since Fermi's L2).
    pub sector_size: u32,
    /// Global-memory transaction size, bytes (128-byte L1 lines, or 64 on AMD).
    pub transaction_size: u32,
    /// Global-memory channels (partitions), for partition-camping analysis.
    pub memory_channels: u32,
    /// Bytes interleaved per channel.
    pub channel_interleave: u32,
    /// θ_r of seed 000: minimum reuse for an array to be worth promoting.
    pub theta_r: f64,
    /// θ_s of seed 000: fraction of shared memory a plan may use.
    pub theta_s: f64,
    /// LLVM triple for code generation.
    pub llvm_triple: String,
    /// LLVM chip (`sm_80`, `gfx90a`).
    pub llvm_chip: String,
    /// Extra LLVM features (`+ptx78`).
    #[serde(default)]
    pub llvm_features: String,
}

/// Why a target could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// No shipped target has this name and no file exists at this path.
    #[error("unknown target '{0}' (known targets: {1}; or give a path to a .toml file)")]
    Unknown(String, String),
    /// The file could not be read.
    #[error("cannot read target file '{0}': {1}")]
    Io(String, std::io::Error),
    /// The TOML is malformed or misses a field.
    #[error("invalid target description '{0}': {1}")]
    Parse(String, String),
}

/// The shipped target descriptions, embedded at build time.
const SHIPPED: &[(&str, &str)] = &[("a100", include_str!("../../targets/a100.toml"))];

impl Target {
    /// Parses a TOML description; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Target, TargetError> {
        toml::from_str(text).map_err(|e| TargetError::Parse(origin.to_string(), e.to_string()))
    }

    /// A shipped target by name, or a description file by path.
    pub fn load(name_or_path: &str) -> Result<Target, TargetError> {
        if let Some((_, text)) = SHIPPED.iter().find(|(n, _)| *n == name_or_path) {
            return Target::from_toml(text, name_or_path);
        }
        let path = std::path::Path::new(name_or_path);
        if path.exists() {
            let text = std::fs::read_to_string(path).map_err(|e| TargetError::Io(name_or_path.to_string(), e))?;
            return Target::from_toml(&text, name_or_path);
        }
        Err(TargetError::Unknown(name_or_path.to_string(), Target::shipped_names().join(", ")))
    }

    /// Names of the shipped targets.
    pub fn shipped_names() -> Vec<&'static str> {
        SHIPPED.iter().map(|(n, _)| *n).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_target_parses() {
        for name in Target::shipped_names() {
            let t = Target::load(name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.name, name);
        }
    }
}
