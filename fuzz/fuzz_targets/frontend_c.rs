//! Fuzz target for the C front-end, in-process: what `sharcc --emit=affine FILE.c` does.
//!
//! Input: arbitrary bytes, read as UTF-8 text when valid (`sharcc` rejects other files with a
//! located diagnostic before the front-end sees them, so they are skipped here). Then, as
//! `sharcc --emit=affine`: `sharc_frontend::compile_source` (skim, parse, lower, verify each
//! function), and on success `sharc_tools::pipeline::lower` to the affine level (the pass
//! `sharc-parallelize{candidates=marked}`, the verifier after it), and the module verified again.
//!
//! The preprocessor: `sharcc` runs the system `cc -E` on a file with any directive but
//! `#pragma`. Spawning a process per input would cut the rate by orders of magnitude, so this
//! target blanks such directive lines instead (each becomes an empty line, so line numbers stay
//! those of the input) and hands the text to the front-end as a file that needs no
//! preprocessing (`SourceMap::plain`, the path `sharcc` takes for such files). The seed corpus
//! holds the test files already expanded by `cc -E -P` (see docs/fuzzing.md), so macros in the
//! seeds are not lost.
//!
//! Invariant checked: nothing panics, whatever the input; bad input ends in a diagnostic. A
//! front-end that reports success must hand over a module that verifies, before and after the
//! pass.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sharc_frontend::source::SourceMap;
use sharc_frontend::{compile_source, Options};
use sharc_ir::pass::{PassRegistry, RunOptions};
use sharc_ir::registry::DialectRegistry;
use sharc_ir::{verifier, Context};
use sharc_tools::pipeline::{self, BankFix, Ilp, Level, Mapping};
use std::sync::{Arc, OnceLock};

fn registry() -> Arc<DialectRegistry> {
    static REGISTRY: OnceLock<Arc<DialectRegistry>> = OnceLock::new();
    Arc::clone(REGISTRY.get_or_init(sharc_dialects::registry))
}

fn passes() -> &'static PassRegistry {
    static PASSES: OnceLock<PassRegistry> = OnceLock::new();
    PASSES.get_or_init(sharc_passes::registry)
}

/// `text` with every preprocessor directive but `#pragma` replaced by an empty line (see the
/// module comment). A directive continued with a trailing backslash is blanked to its end.
fn blank_directives(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut continued = false;
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let t = body.trim_start();
        let directive = continued || t.strip_prefix('#').is_some_and(|rest| !rest.trim_start().starts_with("pragma"));
        if directive {
            continued = body.ends_with('\\');
            if line.ends_with('\n') {
                out.push('\n');
            }
        } else {
            out.push_str(line);
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let text = if sharc_frontend::source::needs_preprocessor(text) { blank_directives(text) } else { text.to_string() };
    let mut ctx = Context::new(registry());
    let result = compile_source(&mut ctx, SourceMap::plain("input.c", text.clone()), &Options::default());
    // Rendering is part of what sharcc does with every diagnostic (source line, caret).
    let rendered = result.render();
    if result.failed() {
        return;
    }
    let Some(module) = result.module else { return };
    if let Err(d) = verifier::verify(&ctx, module) {
        panic!("the front-end accepted the input but its module does not verify: {d}\n--- input ---\n{text}\n--- diagnostics ---\n{rendered}");
    }
    // sharcc's mapping fields do not matter at the affine level (it runs sharc-parallelize only).
    let mapping = Mapping {
        target: "a100".to_string(),
        shared: true,
        bank_fix: BankFix::Auto,
        ilp: Ilp::Auto,
        register_rotate: true,
        vectorize: true,
        block_remap: Some(0),
        allow_reassoc: false,
    };
    if pipeline::lower(&mut ctx, module, passes(), &mapping, Level::Affine, RunOptions::default()).is_err() {
        return;
    }
    if let Err(d) = verifier::verify(&ctx, module) {
        panic!("the affine level does not verify after the pipeline reported success: {d}\n--- input ---\n{text}");
    }
});
