//! Affine-level transformations (upstream's `mlir/lib/Dialect/Affine/Transforms`): passes that
//! rewrite `affine` loop nests before any GPU mapping.
//!
//! - [`parallelize`]: `sharc-parallelize`, `affine.for` → `affine.parallel` where the dependence
//!   analysis proves it legal (or, where it cannot decide, an OpenACC directive claims it);
//! - [`distribute`]: `sharc-distribute`, a section distributed over the `affine.parallel` loops
//!   of its body, each piece merged into a deeper band;
//! - [`expose_parallel`]: `sharc-expose-parallel`, the loops of a section's body interchanged
//!   and fused until one parallel loop joins the band;
//! - [`register_promote`]: `sharc-register-promote`, loop-invariant array elements of the
//!   parallel sections kept in registers (scalar replacement);
//! - [`vectorize`]: `sharc-vectorize`, pairs `A[2x+c]`, `A[2x+c+1]` along a section's x loop as
//!   2-lane vector accesses where their alignment is proven;
//! - [`sequentialize`]: `sharc-sequentialize`, bands back to `affine.for` nests (the input
//!   of upstream's `convert-affine-for-to-gpu`, for the peer benchmark);
//! - [`band`]: the rewrites it is built on (a loop as a one-dimensional band, merging perfectly
//!   nested bands).

pub mod band;
pub mod distribute;
pub mod expose_parallel;
pub mod parallelize;
pub mod register_promote;
pub mod sequentialize;
pub mod vectorize;

#[cfg(test)]
mod tests;
