//! Fuzz target for the IR parser, verifier and printer.
//!
//! Input: arbitrary bytes, read as UTF-8 text when valid (sharc-opt rejects invalid UTF-8 before
//! parsing, so other inputs are skipped). The context has every sharc dialect registered and
//! accepts unregistered ops (`--allow-unregistered-dialect`), which reaches the generic-form
//! parser for any op name.
//!
//! Invariants checked:
//! 1. Nothing panics, whatever the input: bad input is a diagnostic.
//! 2. For a module that parses and verifies, its printed form P parses, verifies, and prints as
//!    P again (print ∘ parse ∘ print = print).
//! 3. The same for the generic form G: it parses, verifies and prints (custom form) as P.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sharc_ir::registry::DialectRegistry;
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::{verifier, Context, OpId};
use std::sync::{Arc, OnceLock};

fn registry() -> Arc<DialectRegistry> {
    static REGISTRY: OnceLock<Arc<DialectRegistry>> = OnceLock::new();
    Arc::clone(REGISTRY.get_or_init(sharc_dialects::registry))
}

const OPTIONS: ParseOptions = ParseOptions { allow_unregistered: true };

fn context() -> Context {
    let mut ctx = Context::new(registry());
    ctx.allow_unregistered = true;
    ctx
}

/// Parses and verifies text that sharc printed itself; panics (a finding) when it does not.
fn reparse(what: &str, text: &str, original: &str) -> (Context, OpId) {
    let mut ctx = context();
    let module = match parse_source(&mut ctx, what, text, &OPTIONS) {
        Ok(m) => m,
        Err(d) => panic!(
            "the {what} of a verified module does not parse: {d}\n--- input ---\n{original}\n--- {what} ---\n{text}"
        ),
    };
    if let Err(d) = verifier::verify(&ctx, module) {
        panic!(
            "the {what} of a verified module does not verify: {d}\n--- input ---\n{original}\n--- {what} ---\n{text}"
        );
    }
    (ctx, module)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut ctx = context();
    let Ok(module) = parse_source(&mut ctx, "input.mlir", text, &OPTIONS) else { return };
    if verifier::verify(&ctx, module).is_err() {
        return;
    }
    let custom = PrintOptions::default();
    let printed = print_op(&ctx, module, custom);
    let generic = print_op(&ctx, module, PrintOptions { generic: true, ..custom });

    let (ctx2, module2) = reparse("printed form", &printed, text);
    let reprinted = print_op(&ctx2, module2, custom);
    assert!(
        printed == reprinted,
        "printing is not stable under re-parsing\n--- input ---\n{text}\n--- printed ---\n{printed}\n--- re-printed ---\n{reprinted}"
    );

    let (ctx3, module3) = reparse("generic form", &generic, text);
    let from_generic = print_op(&ctx3, module3, custom);
    assert!(
        printed == from_generic,
        "the generic form re-parses to different IR\n--- input ---\n{text}\n--- printed ---\n{printed}\n--- generic ---\n{generic}\n--- generic re-printed ---\n{from_generic}"
    );
});
