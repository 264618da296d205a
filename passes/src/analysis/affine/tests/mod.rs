//! Tests of the affine analysis: real kernels parsed from text (`kernels.rs`), and
//! randomized comparisons against brute-force enumeration (`dependence_props.rs`,
//! `tile_props.rs`).
//!
//! The randomized tests draw from a fixed-seed SplitMix64 generator rather than `proptest`
//! (not a dependency of this crate): every run checks the same cases, and a failure prints
//! the case number and IR. `SHARC_ANALYSIS_CASES` and `SHARC_ANALYSIS_SEED` override the
//! number of cases and the seed for longer runs.

mod dependence_props;
mod kernels;
mod tile_props;

use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};

/// Parses and verifies `text`; returns the context and the first `func.func`.
pub(crate) fn parse_func(text: &str) -> (Context, OpId) {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "test.mlir", text, &ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    sharc_ir::verifier::verify(&ctx, module).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    let func = ctx
        .collect_ops(module)
        .into_iter()
        .find(|&o| sharc_dialects::func::FuncOp::view(&ctx, o).is_some())
        .expect("a function");
    (ctx, func)
}

/// The number of random cases: `default`, or `SHARC_ANALYSIS_CASES` when set.
pub(super) fn cases(default: u64) -> u64 {
    std::env::var("SHARC_ANALYSIS_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The seed of the random cases: `default`, or `SHARC_ANALYSIS_SEED` when set.
pub(super) fn seed(default: u64) -> u64 {
    std::env::var("SHARC_ANALYSIS_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// SplitMix64: a small deterministic generator for the randomized tests.
pub(super) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % ((hi - lo + 1) as u64)) as i64
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: u64) -> bool {
        self.range(0, n as i64 - 1) == 0
    }
}
