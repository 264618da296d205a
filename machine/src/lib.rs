//! sharc-machine: what sharc knows about a GPU.
//!
//! A [`Target`] is read from a TOML description (`targets/*.toml`, embedded in the binaries and
//! overridable by a path). Every number a pass or the simulator needs about the hardware — warp
//! width, shared-memory banks, global-memory sectors and transactions, occupancy limits, the
//! thresholds θ_r/θ_s of seed 000 — comes from here, and the hardware models built on them
//! (bank conflicts, sectors, occupancy) live here once, so that the simulator and the passes can
//! never disagree.

#![warn(missing_docs)]

pub mod target;

pub use target::{Target, TargetError};
