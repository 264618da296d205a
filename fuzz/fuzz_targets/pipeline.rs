//! Fuzz target for sharcc's default lowering pipeline, on MLIR text.
//!
//! Input: one byte choosing the target (its value modulo 3: a100, gtx690, mi250x — an NVIDIA
//! card of today, the paper's Kepler card, and an AMD card with 64-wide wavefronts), then the
//! module as UTF-8 text (other inputs are skipped: sharc-opt rejects them before parsing).
//!
//! Steps: parse (registered dialects only, as `sharc-opt` without
//! `--allow-unregistered-dialect`), verify, then `sharc_tools::pipeline::lower` to the gpu level
//! with sharcc's defaults (shared memory, `--bank-fix=auto`, `--ilp=auto`), which verifies after
//! every pass, then verify the result once more.
//!
//! Not fuzzed: the register oracle. `sharcc` installs one that runs `ptxas` or `ld.lld` on
//! candidate kernels for the ILP model; a process per input would stall the fuzzer, so the model
//! uses its built-in estimate here, as it does where those tools are not installed.
//!
//! Invariant checked: nothing panics, whatever the input; a module that verifies either lowers
//! to a module that verifies or is refused with a diagnostic.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sharc_ir::pass::{PassRegistry, RunOptions};
use sharc_ir::registry::DialectRegistry;
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{verifier, Context};
use sharc_tools::pipeline::{self, BankFix, Ilp, Level, Mapping};
use std::sync::{Arc, OnceLock};

const TARGETS: [&str; 3] = ["a100", "gtx690", "mi250x"];

fn registry() -> Arc<DialectRegistry> {
    static REGISTRY: OnceLock<Arc<DialectRegistry>> = OnceLock::new();
    Arc::clone(REGISTRY.get_or_init(sharc_dialects::registry))
}

fn passes() -> &'static PassRegistry {
    static PASSES: OnceLock<PassRegistry> = OnceLock::new();
    PASSES.get_or_init(sharc_passes::registry)
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let target = TARGETS[usize::from(selector) % TARGETS.len()];
    let mut ctx = Context::new(registry());
    let Ok(module) = parse_source(&mut ctx, "input.mlir", text, &ParseOptions { allow_unregistered: false }) else {
        return;
    };
    if verifier::verify(&ctx, module).is_err() {
        return;
    }
    let mapping = Mapping {
        target: target.to_string(),
        shared: true,
        bank_fix: BankFix::Auto,
        ilp: Ilp::Auto,
        register_rotate: true,
        vectorize: true,
        block_remap: Some(0),
        allow_reassoc: false,
    };
    if pipeline::lower(&mut ctx, module, passes(), &mapping, Level::Gpu, RunOptions::default()).is_err() {
        return;
    }
    if let Err(d) = verifier::verify(&ctx, module) {
        panic!(
            "the gpu level does not verify after the pipeline reported success ({target}): {d}\n--- input ---\n{text}"
        );
    }
});
