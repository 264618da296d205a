//! sharc-gpurun: runs sharc's PTX on an NVIDIA GPU.
//!
//! - [`trace`]: the launch trace `sharc-run --launch-trace` writes (every launch of a simulated
//!   program, with the uploads host code makes between them, and the expected outputs);
//! - [`ptx`]: a PTX module's target and kernel parameters, read from its text;
//! - [`cuda`]: the CUDA driver API, loaded at run time, so this crate builds and its tests pass
//!   on machines without CUDA;
//! - [`replay`]: checking a trace against PTX and `.npy` files, and replaying it on a GPU with
//!   event timing and output comparison (`sharc-gpu-run`).
//!
//! No LLVM and no sharc-codegen: `sharc-gpu-run` is meant to be copied to a GPU machine that has
//! neither (`scripts/gpu-check.sh`).

#![warn(missing_docs)]

pub mod cli;
pub mod cuda;
pub mod ptx;
pub mod replay;
pub mod trace;
