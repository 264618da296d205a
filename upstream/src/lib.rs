//! sharc-upstream: upstream MLIR 22, linked in-process through melior, for the passes sharc does
//! not implement itself.
//!
//! The bridge is textual, because sharc's printer and parser already speak upstream's syntax
//! (the lit tests feed sharc's output to `mlir-opt-22` and its output back to sharc): a module is
//! printed with its locations, parsed by MLIR, transformed by an upstream pass pipeline, printed
//! by MLIR with its locations, and parsed back into sharc's [`Context`](sharc_ir::Context). The
//! locations survive both crossings, so diagnostics after an upstream pass still point into the
//! user's file.
//!
//! Invariants:
//! - only upstream-level IR crosses: a module holding an op upstream MLIR does not register
//!   (`gpumap.*`, `memplace.*`, `sharc.*`) is refused, with the op's location, before MLIR runs;
//! - every failure on the MLIR side (a bad pipeline text, a pass failure, a module upstream does
//!   not parse) is a [`Diagnostic`](sharc_ir::Diagnostic) carrying MLIR's message.
//!
//! This is one of the two crates that link a large C++ library (with `codegen`); `tools` uses it
//! only behind its `upstream` cargo feature, so that a build without MLIR stays possible.

#![warn(missing_docs)]

mod location;
mod mlir;
pub mod pass;

pub use mlir::{Output, Upstream};

/// Registers the passes of this crate (`upstream`) in `registry`.
pub fn register(registry: &mut sharc_ir::pass::PassRegistry) {
    registry.register(&pass::INFO);
}
