//! `--verify-diagnostics`: checks the diagnostics a run produced against `expected-*`
//! comments in the source, as MLIR's `SourceMgrDiagnosticVerifierHandler`:
//!
//! ```mlir
//! // expected-error @+1 {{use of undeclared SSA value name}}
//! %0 = arith.addi %x, %x : i32
//! ```
//!
//! Forms: `expected-{error,warning,remark,note}` followed by an optional `@above`, `@below`,
//! `@+N` or `@-N` and the message text in `{{...}}`; a diagnostic matches when its severity and
//! line agree and the text occurs in its message.
//!
//! Mismatches are located diagnostics, as MLIR reports them: a missing expectation at its
//! `expected-*` comment, an unexpected diagnostic at its own place, each rendered with the
//! source line and a caret.

use std::sync::Arc;

use sharc_ir::{Diagnostic, Location, Severity};

/// One expectation.
#[derive(Debug, Clone)]
pub struct Expected {
    /// Severity.
    pub severity: Severity,
    /// 1-based line the diagnostic must be on.
    pub line: u32,
    /// Text that must occur in the message.
    pub text: String,
    /// 1-based line of the comment.
    pub comment_line: u32,
    /// 1-based byte column of the comment's `expected-`, where a missing diagnostic is reported.
    pub comment_col: u32,
    matched: bool,
}

/// Reads the expectations from a source text of the file `file`, or reports the first malformed
/// one, located at its `expected-`.
pub fn parse_expectations(text: &str, file: &str) -> Result<Vec<Expected>, Diagnostic> {
    let file: Arc<str> = Arc::from(file);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let lineno = i as u32 + 1;
        let mut rest = line;
        while let Some(pos) = rest.find("expected-") {
            let col = (line.len() - rest.len() + pos) as u32 + 1;
            let error = |message: String| Diagnostic::error(Location::file_line_col(&file, lineno, col), message);
            rest = &rest[pos + "expected-".len()..];
            let (severity, after) = if let Some(r) = rest.strip_prefix("error") {
                (Severity::Error, r)
            } else if let Some(r) = rest.strip_prefix("warning") {
                (Severity::Warning, r)
            } else if let Some(r) = rest.strip_prefix("remark") {
                (Severity::Remark, r)
            } else if let Some(r) = rest.strip_prefix("note") {
                (Severity::Note, r)
            } else {
                continue;
            };
            let mut after = after.trim_start();
            let mut target = lineno as i64;
            if let Some(r) = after.strip_prefix('@') {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let spec = &r[..end];
                target = match spec {
                    "above" => lineno as i64 - 1,
                    "below" => lineno as i64 + 1,
                    _ => {
                        let n: i64 = spec
                            .parse()
                            .map_err(|_| error(format!("invalid line offset '@{spec}' in expected-* comment")))?;
                        lineno as i64 + n
                    }
                };
                after = r[end..].trim_start();
            }
            let Some(body) = after.strip_prefix("{{") else {
                return Err(error("expected '{{' in expected-* comment".into()));
            };
            let Some(end) = body.find("}}") else {
                return Err(error("expected '}}' in expected-* comment".into()));
            };
            out.push(Expected {
                severity,
                line: target.max(0) as u32,
                text: body[..end].to_string(),
                comment_line: lineno,
                comment_col: col,
                matched: false,
            });
            rest = &body[end + 2..];
        }
    }
    Ok(out)
}

/// Matches produced diagnostics (and their notes) against expectations. Returns the failures as
/// errors: an unexpected diagnostic where it was reported, a missing one at its comment.
pub fn check(expected: &mut [Expected], produced: &[Diagnostic], file: &str) -> Vec<Diagnostic> {
    let file: Arc<str> = Arc::from(file);
    let mut failures = Vec::new();
    let mut flat: Vec<&Diagnostic> = Vec::new();
    for d in produced {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    for d in flat {
        let line = d.loc.position().map(|(_, l, _)| l);
        let found = expected
            .iter_mut()
            .find(|e| !e.matched && e.severity == d.severity && Some(e.line) == line && d.message.contains(&e.text));
        match found {
            Some(e) => e.matched = true,
            // Notes nobody asked about are accepted: they explain, they do not fail.
            None if d.severity == Severity::Note => {}
            None => failures
                .push(Diagnostic::error(d.loc.clone(), format!("unexpected {}: {}", d.severity.word(), d.message))),
        }
    }
    for e in expected.iter().filter(|e| !e.matched) {
        failures.push(Diagnostic::error(
            Location::file_line_col(&file, e.comment_line, e.comment_col),
            format!("expected {} \"{}\" was not produced", e.severity.word(), e.text),
        ));
    }
    failures
}
