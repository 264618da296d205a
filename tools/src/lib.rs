//! Shared command-line plumbing of the sharc tools: reading inputs, MLIR-style argument
//! spelling, rendering diagnostics, `--verify-diagnostics` and `--mlir-timing`.

#![warn(missing_docs)]

pub mod docs;
pub mod expected;
pub mod pipeline;
pub mod register_oracle;
pub mod report;
pub mod timing;

use sharc_ir::{Diagnostic, SourceMap};
use std::io::Read;
use std::sync::Arc;

/// MLIR tools accept long options with one dash (`-split-input-file`); clap wants two.
/// Rewrites `-abc...` (more than one letter) to `--abc...`; `-o` and `-` stay.
pub fn normalize_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest_are_files = false;
    for (i, a) in args.into_iter().enumerate() {
        if i == 0 || rest_are_files {
            out.push(a);
            continue;
        }
        if a == "--" {
            rest_are_files = true;
            out.push(a);
            continue;
        }
        let single_dash_long = a.starts_with('-') && !a.starts_with("--") && a.len() > 2 && !a.starts_with("-O");
        if single_dash_long {
            out.push(format!("-{a}"));
        } else {
            out.push(a);
        }
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

/// Renders diagnostics against the inputs' text.
pub fn render(sources: &SourceMap, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| sources.render(d)).collect()
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
