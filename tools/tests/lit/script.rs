//! Reads a test file's directives: `RUN:` and `REQUIRES:` after a `//` or `#` comment leader.
//!
//! A RUN line ending in `\` continues on the next RUN line (the pieces are joined with one space), as in
//! LLVM lit. A command written `%if FEATURE %{ COMMAND %}` (LLVM lit's conditional, here only around a
//! whole command, continuations joined) runs only where FEATURE is available: a file keeps its other RUN
//! lines on a machine without the tool that one line needs (see `requires.rs`).
//!
//! Directives lit knows but this harness deliberately lacks (`XFAIL:`, `UNSUPPORTED:`, `ALLOW_RETRIES:`)
//! are errors rather than silently ignored lines.

/// One command, possibly joined from several continued RUN lines.
pub struct RunLine {
    /// 1-based line number of its first RUN line.
    pub line: usize,
    /// The command as written, continuations joined; for `%if F %{ C %}`, C alone.
    pub text: String,
    /// F of `%if F %{ C %}`: the feature this command alone needs.
    pub requires: Option<Requirement>,
}

/// One feature named by a `REQUIRES:` line.
pub struct Requirement {
    pub line: usize,
    pub name: String,
}

/// The directives of one file.
pub struct Script {
    pub runs: Vec<RunLine>,
    pub requires: Vec<Requirement>,
}

/// A malformed directive.
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

/// If `line` is a comment holding `KEYWORD:`, returns the keyword and the rest of the line.
fn directive(line: &str) -> Option<(&str, &str)> {
    let body = line.trim_start();
    let body = body.strip_prefix("//").or_else(|| body.strip_prefix('#'))?.trim_start_matches(['/', '#']).trim_start();
    for keyword in ["RUN", "REQUIRES", "XFAIL", "UNSUPPORTED", "ALLOW_RETRIES"] {
        if let Some(rest) = body.strip_prefix(keyword).and_then(|r| r.strip_prefix(':')) {
            return Some((keyword, rest));
        }
    }
    None
}

/// The `%if` error message, with the one form this harness accepts.
const IF_FORM: &str = "`%if` must enclose a whole RUN command, as `RUN: %if FEATURE %{ COMMAND %}` with one \
                       feature (no `%else`, no `%if` inside a command)";

/// Whether `text` holds `%if` or `%else` as a lit conditional (a `%%` is a literal `%`, not a directive).
fn has_conditional(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find('%') {
        let after = &rest[at + 1..];
        if let Some(literal) = after.strip_prefix('%') {
            rest = literal;
            continue;
        }
        if after.starts_with("if ") || after.starts_with("else") {
            return true;
        }
        rest = after;
    }
    false
}

/// Splits `%if FEATURE %{ COMMAND %}` into its feature and command; a command without `%if` is left as it
/// is, and any other use of `%if` (mid-command, `%else`, an expression) is an error rather than a line
/// that the shell would run as written.
fn conditional(run: &mut RunLine) -> Result<(), ScriptError> {
    let error = || ScriptError { line: run.line, message: IF_FORM.to_string() };
    let Some(rest) = run.text.strip_prefix("%if ") else {
        return if has_conditional(&run.text) { Err(error()) } else { Ok(()) };
    };
    let Some((feature, body)) = rest.split_once("%{") else {
        return Err(error());
    };
    let feature = feature.trim();
    let Some(command) = body.trim_end().strip_suffix("%}") else {
        return Err(error());
    };
    let command = command.trim();
    let is_name = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    if !is_name(feature) || command.is_empty() || has_conditional(command) || command.contains("%}") {
        return Err(error());
    }
    run.requires = Some(Requirement { line: run.line, name: feature.to_string() });
    run.text = command.to_string();
    Ok(())
}

pub fn parse(contents: &str) -> Result<Script, ScriptError> {
    let mut runs: Vec<RunLine> = Vec::new();
    let mut requires = Vec::new();
    // The RUN line being continued, if the previous RUN line ended in `\`.
    let mut pending: Option<RunLine> = None;

    for (index, line) in contents.lines().enumerate() {
        let line_no = index + 1;
        let Some((keyword, rest)) = directive(line) else {
            continue;
        };
        match keyword {
            "RUN" => {
                let piece = rest.trim();
                let (piece, continues) = match piece.strip_suffix('\\') {
                    Some(p) => (p.trim_end(), true),
                    None => (piece, false),
                };
                let mut run = match pending.take() {
                    Some(mut run) => {
                        if !piece.is_empty() {
                            if !run.text.is_empty() {
                                run.text.push(' ');
                            }
                            run.text.push_str(piece);
                        }
                        run
                    }
                    None => RunLine { line: line_no, text: piece.to_string(), requires: None },
                };
                if continues {
                    pending = Some(run);
                } else {
                    if run.text.is_empty() {
                        return Err(ScriptError { line: run.line, message: "empty RUN line".into() });
                    }
                    run.text = run.text.trim().to_string();
                    conditional(&mut run)?;
                    runs.push(run);
                }
            }
            "REQUIRES" => {
                for name in rest.split(',').map(str::trim) {
                    if name.is_empty() {
                        return Err(ScriptError {
                            line: line_no,
                            message: "REQUIRES: expects a comma-separated list of features".into(),
                        });
                    }
                    requires.push(Requirement { line: line_no, name: name.to_string() });
                }
            }
            other => {
                return Err(ScriptError {
                    line: line_no,
                    message: format!(
                        "{other}: is not supported by sharc's lit harness: a test either runs and can \
                         fail, or is skipped through REQUIRES: (see docs/testing.md)"
                    ),
                })
            }
        }
        if pending.is_some() && keyword != "RUN" {
            return Err(ScriptError {
                line: line_no,
                message: "a RUN line ending in `\\` must be followed by another RUN line".into(),
            });
        }
    }
    if let Some(run) = pending {
        return Err(ScriptError {
            line: run.line,
            message: "the last RUN line ends in `\\` but no RUN line follows".into(),
        });
    }
    Ok(Script { runs, requires })
}
