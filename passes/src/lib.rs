//! sharc's passes. One pass per file, named after the pass: `canonicalize` is
//! `transforms/canonicalize.rs`, tested by `test/passes/transforms/canonicalize.mlir` and
//! documented (from its [`PassInfo`]) in `docs/passes/canonicalize.md`.
//!
//! Shared machinery lives in named modules, never inside a pass: [`effects`] (what the op
//! traits say about side effects), [`rewrite`] (the greedy fold-and-pattern driver),
//! [`conversion::partial`] (the dialect conversion driver), [`expand_affine`] (affine
//! expressions as `arith` ops), [`analysis`] (dominance, the affine analysis, thread-index forms;
//! also home of the report pass `sharc-bank-report`), [`target_option`] (the `target` option of
//! the passes that read a GPU description). Affine-level rewrites (`sharc-parallelize`) live in
//! [`affine`], GPU mapping passes in [`gpumap`], shared-memory placement in [`memplace`].

#![warn(missing_docs)]

pub mod affine;
pub mod analysis;
pub mod conversion;
pub mod effects;
pub mod expand_affine;
pub mod gpumap;
pub mod memplace;
pub mod plan;
pub mod rewrite;
pub mod section;
pub mod target_option;
pub mod transforms;

#[cfg(test)]
mod test_dialect;
#[cfg(test)]
mod tests;

use sharc_ir::pass::{PassInfo, PassRegistry};

/// Every pass of this crate, in registration order.
pub static PASSES: &[&PassInfo] = &[
    &transforms::canonicalize::INFO,
    &transforms::cse::INFO,
    &transforms::symbol_dce::INFO,
    &affine::parallelize::INFO,
    &affine::expose_parallel::INFO,
    &affine::distribute::INFO,
    &affine::register_promote::INFO,
    &affine::vectorize::INFO,
    &affine::sequentialize::INFO,
    &conversion::lower_affine::INFO,
    &analysis::bank_report::INFO,
    &gpumap::map_baseline::INFO,
    &gpumap::lower_gpumap::INFO,
    &memplace::seed_closure::INFO,
    &memplace::partition::INFO,
    &gpumap::map::INFO,
    &memplace::promote::INFO,
    &memplace::resident_columns::INFO,
    &memplace::rotate::INFO,
    &memplace::bank_conflicts::INFO,
    &memplace::ilp::INFO,
    &gpumap::block_remap::INFO,
    &memplace::eliminate_barriers::INFO,
];

/// Registers every pass.
pub fn register_all(registry: &mut PassRegistry) {
    for info in PASSES {
        registry.register(info);
    }
}

/// A registry with every pass.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    register_all(&mut r);
    r
}
