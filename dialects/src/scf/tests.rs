//! Round trips and verifier messages of the scf ops, against text printed by upstream
//! `mlir-opt --allow-unregistered-dialect` (the other dialects are stood in for by `"t.*"` ops).

use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::verifier::verify;
use sharc_ir::{Context, Diagnostic};

fn parse_and_verify(text: &str) -> Result<(Context, sharc_ir::OpId), Diagnostic> {
    let mut ctx = Context::new(crate::registry());
    ctx.allow_unregistered = true;
    let options = ParseOptions { allow_unregistered: true };
    let module = parse_source(&mut ctx, "t.mlir", text, &options)?;
    verify(&ctx, module)?;
    Ok((ctx, module))
}

pub(crate) fn print(text: &str, generic: bool) -> String {
    let (ctx, module) = parse_and_verify(text).unwrap_or_else(|d| panic!("{d}\nin:\n{text}"));
    print_op(&ctx, module, PrintOptions { generic, ..PrintOptions::default() })
}

/// `input` prints as `expected` (upstream's text), which is a fixed point, also through the
/// generic form.
pub(crate) fn check_roundtrip(input: &str, expected: &str) {
    let out = print(input, false);
    assert_eq!(out.trim_end(), expected.trim_end(), "first print");
    assert_eq!(print(&out, false), out, "print of the printed text");
    let generic = print(&out, true);
    assert_eq!(print(&generic, false), out, "custom print of the generic form:\n{generic}");
}

/// One `expected-error` / `expected-note` annotation: the line it targets and the message.
struct Expected {
    note: bool,
    line: u32,
    message: String,
}

fn expectations(text: &str) -> Vec<Expected> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let line = i as u32 + 1;
        for (kind, note) in [("expected-error", false), ("expected-note", true)] {
            let Some(rest) = l.split(kind).nth(1) else { continue };
            let rest = rest.trim_start();
            let (offset, rest) = match rest.strip_prefix('@') {
                Some(r) => {
                    let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                    let n: i64 = r[..end].trim_start_matches('+').parse().expect("offset of an expectation");
                    (n, &r[end..])
                }
                None => (0, rest),
            };
            let msg = rest.trim_start().strip_prefix("{{").and_then(|r| r.split("}}").next()).expect("{{message}}");
            out.push(Expected { note, line: (line as i64 + offset) as u32, message: msg.to_string() });
        }
    }
    out
}

/// Checks each `// -----` chunk as `mlir-opt -verify-diagnostics` would, for the first
/// diagnostic: it must be the chunk's (only) `expected-error`, with its `expected-note`s.
pub(crate) fn check_diagnostics(text: &str) {
    for chunk in sharc_ir::syntax::split::split_input(text) {
        let expected = expectations(&chunk.text);
        let errors: Vec<&Expected> = expected.iter().filter(|e| !e.note).collect();
        let d = match parse_and_verify(&chunk.text) {
            Ok(_) if errors.is_empty() => continue,
            Ok(_) => panic!("no error at line {}: {}", errors[0].line, errors[0].message),
            Err(d) => d,
        };
        let line_of = |d: &Diagnostic| d.loc.position().map_or(0, |(_, l, _)| l);
        let [want] = errors[..] else {
            panic!("one expected-error per chunk, got {} at line {}: {d}", errors.len(), chunk.first_line)
        };
        assert!(
            line_of(&d) == want.line && d.message.contains(&want.message),
            "expected at line {}: {}\ngot: {d}",
            want.line,
            want.message
        );
        for n in expected.iter().filter(|e| e.note) {
            assert!(
                d.notes.iter().any(|dn| line_of(dn) == n.line && dn.message.contains(&n.message)),
                "missing note at line {}: {}\nin: {d}",
                n.line,
                n.message
            );
        }
        assert_eq!(d.notes.len(), expected.iter().filter(|e| e.note).count(), "unexpected notes in {d}");
    }
}

#[test]
fn verifier_messages() {
    check_diagnostics(include_str!("testdata/invalid.mlir"));
}

#[test]
fn all_ops_round_trip() {
    check_roundtrip(include_str!("testdata/ops.in.mlir"), include_str!("testdata/ops.out.mlir"));
}

/// Malformed generic forms of every scf and gpu op (any operand, result and region shape) are
/// rejected or accepted without panicking, and print in custom form without panicking.
#[test]
fn malformed_generic_ops_do_not_panic() {
    let names: Vec<&str> = crate::scf::DIALECT.ops.iter().chain(crate::gpu::DIALECT.ops).map(|s| s.name).collect();
    let props = [
        "",
        " <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}>",
        " <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}>",
        " <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>, kernel = @m::@k}>",
        " <{operandSegmentSizes = array<i32: 0, 2, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0>, kernel = @m}>",
        " <{dimension = #gpu<dim x>, function_type = (index) -> f32, sym_name = \"s\"}>",
        " <{dimension = 3 : i32, function_type = index, upper_bound = 2 : i32}>",
    ];
    let regions = [
        "",
        " ({\n})",
        " ({\n^bb0(%a: index):\n  \"t.term\"() : () -> ()\n})",
        " ({\n^bb0(%a: index, %b: f32):\n  \"scf.yield\"(%b) : (f32) -> ()\n}, {\n  \"scf.condition\"(%c) : (i1) -> ()\n})",
        " ({\n  \"gpu.terminator\"() : () -> ()\n}, {\n}, {\n})",
    ];
    let shapes = [
        ("", "", "()"),
        ("%n", "index", "()"),
        ("%n, %n, %n", "index, index, index", "f32"),
        ("%c, %x", "i1, f32", "(f32, f32)"),
        ("%n, %n, %n, %n, %n, %n, %n", "index, index, index, index, index, index, index", "()"),
    ];
    let mut count = 0;
    for name in &names {
        for p in &props {
            for r in &regions {
                for (operands, types, results) in &shapes {
                    let text = format!(
                        "%n = \"t.n\"() : () -> index\n%c = \"t.c\"() : () -> i1\n%x = \"t.x\"() : () -> f32\n\
                         \"t.wrap\"() ({{\n\"{name}\"({operands}){p}{r} : ({types}) -> {results}\n\"t.end\"() : () -> ()\n}}) : () -> ()\n"
                    );
                    let mut ctx = Context::new(crate::registry());
                    ctx.allow_unregistered = true;
                    let options = ParseOptions { allow_unregistered: true };
                    let Ok(module) = parse_source(&mut ctx, "t.mlir", &text, &options) else { continue };
                    let _ = verify(&ctx, module);
                    let _ = print_op(&ctx, module, PrintOptions::default());
                    count += 1;
                }
            }
        }
    }
    assert!(count > 1000, "only {count} inputs parsed");
}
