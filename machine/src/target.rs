//! Target descriptions: what sharc knows about one GPU, read from `targets/*.toml`.
//!
//! The shipped descriptions are embedded at build time (`include_str!`), so the tools work from any
//! directory; a path to another `.toml` file overrides them. Every description is checked by
//! [`Target::validate`] when it is loaded, so the models in [`crate::bank`], [`crate::memory`] and
//! [`crate::occupancy`] may rely on its invariants (no zero sizes, `bank_layer_width` a multiple of
//! `bank_width`, `shared_request_lanes` dividing `warp_size`, ...). `docs/targets.md` documents each
//! field, its unit and the sources of every shipped number.

use serde::Deserialize;

/// Who designed the GPU; selects the code-generation backend and vendor wording in reports.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Vendor {
    /// NVIDIA: warps of 32, PTX through LLVM's NVPTX backend.
    Nvidia,
    /// AMD: wavefronts of 64 (GCN, CDNA), HSACO through LLVM's AMDGPU backend.
    Amd,
}

/// How the target maps a global byte address to a memory channel (partition), and how sure sharc
/// is of it. Only a linear map, `⌊address / channel_interleave⌋ mod memory_channels`, lets the
/// simulator's channel metrics and the camping analysis predict anything; for the others they
/// report nothing rather than a number the hardware would not show.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ChannelMap {
    /// Linear interleaving, published (the TOML cites the source).
    Linear,
    /// Linear interleaving assumed: the channel count is published, the interleave (or the
    /// linearity) is not.
    LinearAssumed,
    /// The hardware hashes addresses to channels (the TOML cites the source).
    Hashed,
    /// Nothing published either way.
    Unknown,
}

impl ChannelMap {
    /// The name used in target files and reports (`linear-assumed`).
    pub fn name(self) -> &'static str {
        match self {
            ChannelMap::Linear => "linear",
            ChannelMap::LinearAssumed => "linear-assumed",
            ChannelMap::Hashed => "hashed",
            ChannelMap::Unknown => "unknown",
        }
    }

    /// Whether addresses map to channels by linear interleaving (published or assumed).
    pub fn is_linear(self) -> bool {
        matches!(self, ChannelMap::Linear | ChannelMap::LinearAssumed)
    }
}

/// CUDA's limit on the static shared memory of one kernel entry ([`Target::static_shared_limit`]).
const NVIDIA_STATIC_SHARED_LIMIT: u64 = 48 * 1024;

/// A GPU as sharc models it. Field docs give the unit; each shipped TOML cites its sources.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// Short name (`a100`), used by `--target`.
    pub name: String,
    /// Marketing name (`NVIDIA A100-SXM4-40GB`).
    pub description: String,
    /// Who designed it.
    pub vendor: Vendor,
    /// Threads per warp (NVIDIA) or wavefront (AMD).
    pub warp_size: u32,
    /// Streaming multiprocessors / compute units of the device a kernel runs on.
    pub sm_count: u32,
    /// Maximum threads in one thread block.
    pub max_threads_per_block: u32,
    /// Threads per block of a baseline kernel that maps one parallel loop (`sharc-map-baseline`).
    pub default_block_1d: u32,
    /// Threads per block along x and y of a baseline kernel that maps two or three parallel loops
    /// (the third goes to the grid's z, one thread deep). x spans a warp so that a warp's accesses
    /// along the fastest-varying array dimension coalesce.
    pub default_block_2d: [u32; 2],
    /// Maximum resident threads per SM.
    pub max_threads_per_sm: u32,
    /// Maximum resident thread blocks per SM.
    pub max_blocks_per_sm: u32,
    /// Shared memory (LDS) per SM, bytes: the pool resident blocks divide among themselves.
    pub shared_memory_per_sm: u32,
    /// Shared memory one thread block may use, bytes (the opt-in maximum where there is one).
    pub shared_memory_per_block: u32,
    /// Bytes the driver reserves in shared memory for every resident block (1 KB since Ampere).
    pub shared_reserved_per_block: u32,
    /// Shared memory is allocated to a block in multiples of this many bytes.
    pub shared_allocation_unit: u32,
    /// 32-bit registers per SM, counted per lane (NVIDIA: the register file; AMD: VGPRs × 64 lanes).
    pub registers_per_sm: u32,
    /// Maximum registers per thread.
    pub max_registers_per_thread: u32,
    /// Registers are allocated to a warp in multiples of this many (lane-)registers.
    pub register_allocation_unit: u32,
    /// Independent partitions of the register file (NVIDIA SM sub-partitions, AMD SIMDs); a warp's
    /// registers live in one partition.
    pub register_partitions: u32,
    /// Shared-memory banks (`bank_num` in seed 000, B in seed 002).
    pub bank_count: u32,
    /// Bytes per bank word: consecutive words go to consecutive banks (N in seed 002).
    pub bank_width: u32,
    /// Bytes of one bank layer (W in seed 002): two accesses to one bank conflict only if they fall
    /// in different layers. Equals `bank_width` except on Kepler (8-byte layers).
    pub bank_layer_width: u32,
    /// Lanes whose shared-memory accesses are checked for conflicts together: 32 on NVIDIA since
    /// Fermi, 32 (a half wavefront) on AMD GCN/CDNA.
    pub shared_request_lanes: u32,
    /// Global-memory sector size, bytes: the unit of DRAM/L2 traffic the simulator counts.
    pub sector_size: u32,
    /// Global-memory transaction size, bytes: the L1 line a warp request is split into.
    pub transaction_size: u32,
    /// Global-memory channels (partitions), for partition-camping analysis.
    pub memory_channels: u32,
    /// Bytes interleaved per channel.
    pub channel_interleave: u32,
    /// How addresses map to channels ([`ChannelMap`]); only a linear map gives channel metrics.
    pub channel_map: ChannelMap,
    /// θ_r of seed 000 eq. (3): an array is staged when its reuse is at least θ_r times its data space.
    pub theta_r: f64,
    /// θ_s of seed 000 eq. (9): fraction of `shared_memory_per_sm` one block's plan may use.
    pub theta_s: f64,
    /// TranSize of seed 000 eqs. (7)–(8), bytes: the weight of a saved transaction in Profit. Kept
    /// apart from `transaction_size` because the paper's gemm instance (12) implies 256.
    pub profit_transaction_size: u32,
    /// Clock of the SMs, MHz: the clock every `*_clk` field counts (the boost clock where there is
    /// one; Fermi's processor clock).
    pub clock_mhz: u32,
    /// DRAM bandwidth of the device a kernel runs on, GB/s (10^9 bytes per second).
    pub dram_gb_s: f64,
    /// Latency of a global load that misses the caches, SM clocks (the ILP model's `L`).
    pub dram_latency_clk: u32,
    /// Latency of a register-dependent arithmetic instruction, SM clocks.
    pub alu_latency_clk: u32,
    /// Warp (wavefront) instructions one SM issues per clock at most.
    pub issue_per_clk: f64,
    /// Shared-memory wavefronts (conflict-free passes of `shared_request_lanes` lanes) one SM
    /// serves per clock.
    pub shared_wavefronts_per_clk: f64,
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
    /// The TOML parses but its numbers contradict each other.
    #[error("invalid target description '{0}': {1}")]
    Invalid(String, String),
}

/// The shipped target descriptions, embedded at build time.
const SHIPPED: &[(&str, &str)] = &[
    // The four platforms of seed 000's Table 3.
    ("gtx690", include_str!("../../targets/gtx690.toml")),
    ("gtxtitan", include_str!("../../targets/gtxtitan.toml")),
    ("c2050", include_str!("../../targets/c2050.toml")),
    ("hd7850", include_str!("../../targets/hd7850.toml")),
    // Current GPUs.
    ("a100", include_str!("../../targets/a100.toml")),
    ("h100", include_str!("../../targets/h100.toml")),
    ("rtx4090", include_str!("../../targets/rtx4090.toml")),
    ("mi250x", include_str!("../../targets/mi250x.toml")),
    ("mi300x", include_str!("../../targets/mi300x.toml")),
];

impl Target {
    /// Parses and validates a TOML description; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Target, TargetError> {
        let target: Target = toml::from_str(text).map_err(|e| TargetError::Parse(origin.to_string(), e.to_string()))?;
        target.validate().map_err(|msg| TargetError::Invalid(origin.to_string(), msg))?;
        Ok(target)
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

    /// Names of the shipped targets, in the order `--list-targets` shows them.
    pub fn shipped_names() -> Vec<&'static str> {
        SHIPPED.iter().map(|(n, _)| *n).collect()
    }

    /// Every shipped target, parsed (for `--list-targets`).
    pub fn shipped() -> Result<Vec<Target>, TargetError> {
        SHIPPED.iter().map(|(n, text)| Target::from_toml(text, n)).collect()
    }

    /// The channel of global byte address `address` under a linear map (`⌊address /
    /// channel_interleave⌋ mod memory_channels`), or `None` where the map is not linear.
    pub fn channel_of(&self, address: u64) -> Option<u32> {
        if !self.channel_map.is_linear() {
            return None;
        }
        let channel = address / u64::from(self.channel_interleave.max(1)) % u64::from(self.memory_channels.max(1));
        u32::try_from(channel).ok()
    }

    /// Warps (wavefronts) one SM holds at most.
    pub fn max_warps_per_sm(&self) -> u32 {
        self.max_threads_per_sm / self.warp_size
    }

    /// DRAM bytes one SM may move per clock when every SM streams: `dram_gb_s / (sm_count ·
    /// clock)`, the bandwidth bound of the ILP model (e.g. 26.2 on one GK104 of the GTX 690).
    pub fn dram_bytes_per_clk_sm(&self) -> f64 {
        self.dram_gb_s * 1e3 / (f64::from(self.sm_count) * f64::from(self.clock_mhz))
    }

    /// Seed 000's shared-memory budget per block, constraint (9): `θ_s × SMSize`, at most what
    /// one kernel may declare statically ([`Target::static_shared_limit`]).
    pub fn shared_budget(&self) -> u64 {
        let by_theta = (self.theta_s * f64::from(self.shared_memory_per_sm)).floor().max(0.0) as u64;
        by_theta.min(self.static_shared_limit())
    }

    /// The most shared memory one kernel may declare statically, as sharc's kernels declare
    /// theirs: on NVIDIA 48 KiB of `.shared` data per entry (ptxas refuses more: "uses too much
    /// shared data"; the rest of `shared_memory_per_block` needs dynamic shared memory and an
    /// opt-in attribute at launch, which sharc's launches do not set); on AMD the whole LDS of
    /// a workgroup.
    pub fn static_shared_limit(&self) -> u64 {
        let block = u64::from(self.shared_memory_per_block);
        match self.vendor {
            Vendor::Nvidia => block.min(NVIDIA_STATIC_SHARED_LIMIT),
            Vendor::Amd => block,
        }
    }

    /// Checks the invariants the models rely on; the message names the offending field.
    pub fn validate(&self) -> Result<(), String> {
        let positive = [
            ("warp_size", self.warp_size),
            ("sm_count", self.sm_count),
            ("max_threads_per_block", self.max_threads_per_block),
            ("default_block_1d", self.default_block_1d),
            ("default_block_2d[0]", self.default_block_2d[0]),
            ("default_block_2d[1]", self.default_block_2d[1]),
            ("max_threads_per_sm", self.max_threads_per_sm),
            ("max_blocks_per_sm", self.max_blocks_per_sm),
            ("shared_memory_per_sm", self.shared_memory_per_sm),
            ("shared_memory_per_block", self.shared_memory_per_block),
            ("shared_allocation_unit", self.shared_allocation_unit),
            ("registers_per_sm", self.registers_per_sm),
            ("max_registers_per_thread", self.max_registers_per_thread),
            ("register_allocation_unit", self.register_allocation_unit),
            ("register_partitions", self.register_partitions),
            ("bank_count", self.bank_count),
            ("bank_width", self.bank_width),
            ("bank_layer_width", self.bank_layer_width),
            ("shared_request_lanes", self.shared_request_lanes),
            ("sector_size", self.sector_size),
            ("transaction_size", self.transaction_size),
            ("memory_channels", self.memory_channels),
            ("channel_interleave", self.channel_interleave),
            ("profit_transaction_size", self.profit_transaction_size),
            ("clock_mhz", self.clock_mhz),
            ("dram_latency_clk", self.dram_latency_clk),
            ("alu_latency_clk", self.alu_latency_clk),
        ];
        if let Some((field, _)) = positive.iter().find(|(_, v)| *v == 0) {
            return Err(format!("'{field}' must be positive"));
        }
        let divides = |small: u32, big: u32| big.checked_rem(small) == Some(0);
        if self.name.is_empty() {
            return Err("'name' must not be empty".into());
        }
        if !divides(self.bank_width, self.bank_layer_width) {
            return Err("'bank_layer_width' must be a multiple of 'bank_width'".into());
        }
        if self.shared_request_lanes > self.warp_size || !divides(self.shared_request_lanes, self.warp_size) {
            return Err("'shared_request_lanes' must divide 'warp_size'".into());
        }
        if !divides(self.sector_size, self.transaction_size) {
            return Err("'transaction_size' must be a multiple of 'sector_size'".into());
        }
        if !divides(self.warp_size, self.max_threads_per_sm) || self.max_threads_per_block > self.max_threads_per_sm {
            return Err("'max_threads_per_sm' must be a multiple of 'warp_size' and hold one block".into());
        }
        let block_2d = u64::from(self.default_block_2d[0]) * u64::from(self.default_block_2d[1]);
        if self.default_block_1d > self.max_threads_per_block || block_2d > u64::from(self.max_threads_per_block) {
            return Err("'default_block_1d' and 'default_block_2d' must fit 'max_threads_per_block'".into());
        }
        if self.shared_memory_per_block + self.shared_reserved_per_block > self.shared_memory_per_sm {
            return Err("'shared_memory_per_block' plus the reserve exceeds 'shared_memory_per_sm'".into());
        }
        if !divides(self.register_partitions, self.registers_per_sm) {
            return Err("'register_partitions' must divide 'registers_per_sm'".into());
        }
        if !(self.theta_r.is_finite() && self.theta_r > 0.0) {
            return Err(format!("'theta_r' must be positive, got {}", self.theta_r));
        }
        if !(self.theta_s > 0.0 && self.theta_s <= 1.0) {
            return Err(format!("'theta_s' must be in (0, 1], got {}", self.theta_s));
        }
        let rates = [
            ("dram_gb_s", self.dram_gb_s),
            ("issue_per_clk", self.issue_per_clk),
            ("shared_wavefronts_per_clk", self.shared_wavefronts_per_clk),
        ];
        if let Some((field, v)) = rates.iter().find(|(_, v)| !(v.is_finite() && *v > 0.0)) {
            return Err(format!("'{field}' must be positive, got {v}"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_budget_stays_within_what_a_kernel_may_declare_statically() {
        let t = |name: &str| Target::load(name).expect("shipped");
        // θ_s × 228 KB = 58,368 B on h100: over CUDA's 48 KiB of static shared data.
        assert_eq!(t("h100").shared_budget(), 48 * 1024);
        // a100: θ_s × 164 KB is under it; AMD's LDS has no such cap.
        let a100 = t("a100");
        assert_eq!(a100.shared_budget(), (a100.theta_s * f64::from(a100.shared_memory_per_sm)) as u64);
        let mi = t("mi250x");
        assert_eq!(mi.static_shared_limit(), u64::from(mi.shared_memory_per_block));
    }

    #[test]
    fn every_shipped_target_parses_and_is_named_after_its_file() {
        for name in Target::shipped_names() {
            let t = Target::load(name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.name, name);
        }
        assert_eq!(Target::shipped().map(|v| v.len()).ok(), Some(9));
    }

    #[test]
    fn vendors_have_their_warp_width_and_backend() {
        for t in Target::shipped().unwrap_or_else(|e| panic!("{e}")) {
            match t.vendor {
                Vendor::Nvidia => {
                    assert_eq!((t.warp_size, t.llvm_triple.as_str()), (32, "nvptx64-nvidia-cuda"), "{}", t.name)
                }
                Vendor::Amd => {
                    assert_eq!((t.warp_size, t.llvm_triple.as_str()), (64, "amdgcn-amd-amdhsa"), "{}", t.name)
                }
            }
            // seed 000 §3.2.2: θ_r ∈ [1.4, 2], θ_s ∈ [0.125, 0.25].
            assert!((1.4..=2.0).contains(&t.theta_r), "{}", t.name);
            assert!((0.125..=0.25).contains(&t.theta_s), "{}", t.name);
        }
    }

    /// seed 000 Table 3: the shared memory per SM of the four paper platforms, and the paper's gemm
    /// constants (TBSizeMax 1024, TSizeMax 2048) on the GTX 690 (digest 000 §12.7, fact 35).
    #[test]
    fn paper_platforms_match_table_3() {
        let kb = |n: &str| Target::load(n).map(|t| t.shared_memory_per_sm / 1024).ok();
        assert_eq!([kb("gtx690"), kb("gtxtitan"), kb("c2050"), kb("hd7850")], [Some(48), Some(48), Some(48), Some(64)]);
        let gtx = Target::load("gtx690").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((gtx.max_threads_per_block, gtx.max_threads_per_sm), (1024, 2048));
        // seed 000 §3.2.3: "only 32 KB is useable for each TB" on GCN.
        assert_eq!(Target::load("hd7850").map(|t| t.shared_memory_per_block).ok(), Some(32 * 1024));
    }

    /// The spec's derived bandwidths of the Table 3 parts (design study §2.3): per-GPU bandwidth
    /// over SMs and clock, from Table 3's own numbers.
    #[test]
    fn dram_bytes_per_clock_per_sm_follow_table_3() {
        let per_clk = |n: &str| Target::load(n).map(|t| (t.dram_bytes_per_clk_sm() * 10.0).round() / 10.0).ok();
        assert_eq!(
            [per_clk("gtx690"), per_clk("gtxtitan"), per_clk("c2050"), per_clk("hd7850")],
            [Some(26.2), Some(24.6), Some(8.9), Some(11.2)]
        );
        let bad = shipped_text("a100").replace("issue_per_clk = 4.0", "issue_per_clk = 0.0");
        let err = Target::from_toml(&bad, "bad.toml").err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("invalid target description 'bad.toml': 'issue_per_clk' must be positive, got 0")
        );
    }

    /// Linear maps give channels; hashed and unknown maps give none (no made-up number).
    #[test]
    fn channels_only_under_a_linear_map() {
        let gtx = Target::load("gtx690").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(gtx.channel_map, ChannelMap::LinearAssumed);
        let ch: Vec<_> = [0u64, 255, 256, 1023, 1024, 1536].iter().map(|&a| gtx.channel_of(a)).collect();
        assert_eq!(ch, [Some(0), Some(0), Some(1), Some(3), Some(0), Some(2)]);
        let a100 = Target::load("a100").unwrap_or_else(|e| panic!("{e}"));
        assert!(!a100.channel_map.is_linear());
        assert_eq!(a100.channel_of(256), None);
        let bad = shipped_text("a100").replace("channel_map = \"unknown\"", "channel_map = \"diagonal\"");
        assert!(matches!(Target::from_toml(&bad, "bad.toml"), Err(TargetError::Parse(..))));
    }

    fn shipped_text(name: &str) -> &'static str {
        SHIPPED.iter().find(|(n, _)| *n == name).map_or("", |(_, text)| text)
    }

    #[test]
    fn a_path_overrides_and_bad_files_are_located_errors() {
        let dir = std::env::temp_dir().join(format!("sharc-machine-target-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let good = dir.join("mine.toml");
        let text = shipped_text("a100").replace("name = \"a100\"", "name = \"mine\"");
        std::fs::write(&good, text).unwrap_or_else(|e| panic!("{e}"));
        let path = good.to_string_lossy().to_string();
        assert_eq!(Target::load(&path).map(|t| t.name).ok().as_deref(), Some("mine"));

        let bad = shipped_text("a100").replace("bank_count = 32", "bank_count = 0");
        let err = Target::from_toml(&bad, "bad.toml").err().map(|e| e.to_string());
        assert_eq!(err.as_deref(), Some("invalid target description 'bad.toml': 'bank_count' must be positive"));
        let big = shipped_text("a100").replace("default_block_2d = [32, 8]", "default_block_2d = [64, 32]");
        let err = Target::from_toml(&big, "big.toml").err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("invalid target description 'big.toml': 'default_block_1d' and 'default_block_2d' must fit 'max_threads_per_block'")
        );
        let unknown = shipped_text("a100").replace("bank_count = 32", "bank_count = 32\nbanks = 32");
        assert!(matches!(Target::from_toml(&unknown, "u.toml"), Err(TargetError::Parse(..))));
        assert!(matches!(Target::load("no-such-gpu"), Err(TargetError::Unknown(..))));
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    }
}
