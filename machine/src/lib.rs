//! sharc-machine: what sharc knows about a GPU.
//!
//! A [`Target`] is read from a TOML description (`targets/*.toml`, embedded in the binaries and
//! overridable by a path). Every number a pass or the simulator needs about the hardware — warp
//! width, shared-memory banks, global-memory sectors and transactions, occupancy limits, the
//! thresholds θ_r/θ_s of seed 000 — comes from here, and the hardware models built on them live
//! here once, so that the simulator and the passes can never disagree:
//!
//! - [`bank`]: shared-memory bank conflicts (seed 000 eqs. (20)/(21), seed 002's exact model, and
//!   the per-request wavefronts the simulator counts);
//! - [`memory`]: global-memory coalescing (sectors and transactions per request, compulsory traffic);
//! - [`occupancy`]: resident blocks per SM (seed 000 constraint (11) read as occupancy);
//! - [`layout`]: where a shared buffer's elements are stored (XOR swizzles, transposed and
//!   de-interleaved tiles), one definition for the dialect, the simulator, the passes and lowering.
//!
//! `docs/targets.md` gives the fields, the formulas and their sources.

#![warn(missing_docs)]

pub mod bank;
pub mod channels;
pub mod layout;
pub mod memory;
pub mod occupancy;
pub mod target;

pub use target::{ChannelMap, Target, TargetError, Vendor};
