//! Shared command-line plumbing of the sharc tools: reading inputs, MLIR-style argument
//! spelling, rendering diagnostics, `--verify-diagnostics` and `--mlir-timing`.

#![warn(missing_docs)]

pub mod cuda_exec;
pub mod docs;
pub mod expected;
pub mod launch_trace;
pub mod limits;
pub mod pipeline;
pub mod register_oracle;
pub mod report;
pub mod report_svg;
pub mod timing;

use sharc_ir::pass::PassRegistry;
use sharc_ir::{Diagnostic, SourceMap};

/// The global allocator of every sharc tool binary (each declares
/// `#[global_allocator] static ALLOCATOR: sharc_tools::Allocator = sharc_tools::Allocator;`).
///
/// The IR is many small, short-lived heap objects (operand and attribute lists, names, types
/// while they are uniqued): with glibc's malloc, allocation and `free` took about a quarter of
/// `sharc-opt`'s instructions on large modules (bench/README.md, "Where sharc-opt spends its
/// time"); mimalloc's size-class free lists make both a few instructions. Libraries and tests
/// keep the system allocator; only the binaries choose.
pub use mimalloc::MiMalloc as Allocator;
use std::io::Read;
use std::sync::Arc;

/// The passes the tools know: sharc's (`sharc_passes::registry()`) and, with the `upstream`
/// feature, the `upstream` pass that runs upstream MLIR pipelines in-process (`sharc-upstream`).
pub fn pass_registry() -> PassRegistry {
    #[allow(unused_mut)] // without the `upstream` feature nothing is added
    let mut passes = sharc_passes::registry();
    #[cfg(feature = "upstream")]
    sharc_upstream::register(&mut passes);
    passes
}

/// MLIR tools accept long options with one dash (`-split-input-file`); clap wants two.
/// Rewrites `-abc...` (more than one letter) to `--abc...`; `-o` and `-` stay, and so does the
/// value of an option of `cmd` that takes one as the next argument (`--features -ptx75`: LLVM
/// feature lists start with `-`).
pub fn normalize_args(cmd: &clap::Command, args: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest_are_files = false;
    let mut value_next = false;
    for (i, a) in args.into_iter().enumerate() {
        if i == 0 || rest_are_files || std::mem::take(&mut value_next) {
            out.push(a);
            continue;
        }
        if a == "--" {
            rest_are_files = true;
            out.push(a);
            continue;
        }
        let single_dash_long = a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && !a.starts_with("-O");
        let a = if single_dash_long { format!("-{a}") } else { a };
        value_next = takes_separate_value(cmd, &a);
        out.push(a);
    }
    out
}

/// Whether `arg` (`--name` or `-c`, without `=VALUE`) is an option of `cmd` whose value is the
/// next argument.
fn takes_separate_value(cmd: &clap::Command, arg: &str) -> bool {
    let option = if let Some(long) = arg.strip_prefix("--") {
        (!long.contains('=')).then(|| cmd.get_arguments().find(|o| o.get_long() == Some(long))).flatten()
    } else {
        let mut chars = arg.strip_prefix('-').unwrap_or("").chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => cmd.get_arguments().find(|o| o.get_short() == Some(c)),
            _ => None,
        }
    };
    // An option whose value is optional (`--verify-each`) or must follow `=` (a pass's options)
    // never takes the next argument.
    option.is_some_and(|o| {
        o.get_action().takes_values()
            && !o.is_require_equals_set()
            && o.get_num_args().is_none_or(|r| r.min_values() > 0)
    })
}

/// Reports a command-line error found by clap and returns the exit status: `--help` and
/// `--version` print to stdout and succeed; a usage error prints as `TOOL: error: ...` and exits
/// with status 1, like every other failure of the tools (clap's own status, 2, would tell a
/// script nothing more, and issue 16 asks for 1 on every bad input).
pub fn usage_error(tool: &str, e: &clap::Error) -> std::process::ExitCode {
    if !e.use_stderr() {
        let _ = e.print();
        return std::process::ExitCode::SUCCESS;
    }
    // clap renders `error: ...` followed by its usage hints.
    eprint!("{}", tool_message(tool, &e.render().to_string()));
    std::process::ExitCode::FAILURE
}

/// `msg` as the tool `tool` prints it: an error that has no place in a file (`error: ...`, a bad
/// flag, a missing file) gets the tool's name in front (`sharc-opt: error: ...`), as compilers
/// name themselves when there is no file position to give; a located diagnostic
/// (`file:line:col: error: ...`) is left as it is. The result ends with a newline.
pub fn tool_message(tool: &str, msg: &str) -> String {
    let mut out = match msg.starts_with("error: ") {
        true => format!("{tool}: {msg}"),
        false => msg.to_string(),
    };
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// An input read from a file or stdin (`-`).
pub struct Input {
    /// The name diagnostics print.
    pub name: String,
    /// The text.
    pub text: Arc<str>,
}

/// Reads `path` (or stdin for `-`). Invalid UTF-8 is a located diagnostic.
pub fn read_input(path: &str) -> Result<Input, String> {
    let mut bytes = Vec::new();
    let name = if path == "-" { "<stdin>".to_string() } else { path.to_string() };
    if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("error: cannot read standard input: {e}"))?;
    } else {
        bytes = std::fs::read(path).map_err(|e| format!("error: could not open input file '{path}': {e}"))?;
    }
    match sharc_ir::diag::utf8_text(&name, bytes) {
        Ok(text) => Ok(Input { name, text: Arc::from(text) }),
        Err(e) => Err(e.render().trim_end().to_string()),
    }
}

/// Renders diagnostics against the inputs' text; one with no location at all (a pass option
/// that fits no target, ...) prints as `TOOL: error: ...`, with `tool` the tool's name, not as
/// `unknown: error: ...`.
pub fn render(tool: &str, sources: &SourceMap, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        if d.loc == sharc_ir::Location::Unknown {
            out.push_str(&format!("{tool}: {}: {}\n", d.severity.word(), d.message));
            out.extend(d.notes.iter().map(|n| sources.render(n)));
        } else {
            out.push_str(&sources.render(d));
        }
    }
    out
}

/// Writes output to `-o` (or stdout for `-`).
pub fn write_output(path: &str, text: &str) -> Result<(), String> {
    if path == "-" {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).map_err(|e| format!("error: cannot write output: {e}"))
    } else {
        std::fs::write(path, text).map_err(|e| format!("error: cannot write '{path}': {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction, Command};

    // The passes crate checks its own passes' options (passes/src/tests.rs); the one the tools
    // add is checked here: its constructor reads its option, and a quoted pipeline reaches it
    // whole (spaces, nested braces) and renders back so that it parses again.
    #[cfg(feature = "upstream")]
    #[test]
    fn the_upstream_pass_takes_a_quoted_pipeline() {
        use sharc_ir::pass::{PassManager, PassOptions};
        let passes = pass_registry();
        let info = passes.get("upstream").expect("registered with the feature");
        let defaults = PassOptions::defaults(info);
        let _ = (info.create)(&defaults);
        assert!(defaults.unread().is_empty(), "{:?}", defaults.unread());
        let text = r#"builtin.module(cse, upstream{pipeline="builtin.module(func.func(canonicalize{max-iterations=2}), cse)"}, cse)"#;
        let pm = PassManager::parse(text, &passes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            pm.render(),
            r#"builtin.module(cse, upstream{pipeline="builtin.module(func.func(canonicalize{max-iterations=2}), cse)"}, cse)"#
        );
    }

    #[test]
    fn values_after_options_that_take_one_stay_values() {
        let cmd = Command::new("t")
            .arg(Arg::new("features").long("features").allow_hyphen_values(true))
            .arg(Arg::new("split").long("split-input-file").action(ArgAction::SetTrue))
            .arg(Arg::new("each").long("verify-each").num_args(0..=1).default_missing_value("true"))
            .arg(Arg::new("pass").long("canon").num_args(0..=1).require_equals(true).default_missing_value(""))
            .arg(Arg::new("output").short('o'))
            .arg(Arg::new("input"));
        let norm = |args: &[&str]| normalize_args(&cmd, args.iter().map(|a| a.to_string()));
        assert_eq!(
            norm(&["t", "-features", "-ptx75", "-split-input-file", "x.mlir"]),
            ["t", "--features", "-ptx75", "--split-input-file", "x.mlir"]
        );
        assert_eq!(
            norm(&["t", "--features=-ptx75", "-split-input-file"]),
            ["t", "--features=-ptx75", "--split-input-file"]
        );
        // Optional values and values after '=' never take the next argument.
        assert_eq!(norm(&["t", "-verify-each", "-split-input-file"]), ["t", "--verify-each", "--split-input-file"]);
        assert_eq!(norm(&["t", "-canon", "-split-input-file"]), ["t", "--canon", "--split-input-file"]);
        assert_eq!(
            norm(&["t", "-o", "-out-file", "-split-input-file"]),
            ["t", "-o", "-out-file", "--split-input-file"]
        );
        assert_eq!(norm(&["t", "--", "-split-input-file"]), ["t", "--", "-split-input-file"]);
    }
}
