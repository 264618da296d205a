//! Turns a RUN line as written into the shell command that runs.
//!
//! Substitutions, in one left-to-right pass (so a substituted path is never substituted again):
//! - `%s` the test file's absolute path, `%S` its directory, `%t` a path inside the per-test temp dir (not
//!   created: use it as a file or `mkdir` it), `%T` the temp dir itself, `%%` a literal `%`; any other
//!   `%x` is kept as written. These apply everywhere, inside quotes too, like lit.
//! - A tool name (`sharc-opt`, `FileCheck`, `not`, `mlir-opt`, ...; see `toolpaths.rs`) becomes the tool's
//!   absolute path when it stands as a whole unquoted word at a command position: the start of the line,
//!   after `|`, `&`, `;`, `(`, `!`, `{`, shell keywords (`if`, `then`, `do`, ...), `VAR=value`
//!   assignments, and after `not` (and its `--crash`).
//!   Elsewhere (`echo FileCheck`, `--check-prefix=not`) it stays as written.
//!
//! A substituted path is inserted as is unless it holds characters the shell would split or expand; then,
//! outside quotes, it is single-quoted.

use super::toolpaths::Tools;

/// The paths `%s`, `%S`, `%t` and `%T` stand for.
pub struct Paths {
    pub source: String,
    pub source_dir: String,
    pub temp: String,
    pub temp_dir: String,
}

/// Shell words after which the next word is again a command.
const SHELL_PREFIX_WORDS: &[&str] = &["!", "{", "if", "then", "elif", "else", "while", "until", "do", "time", "exec"];

/// Characters that end an unquoted word and (except `<` `>`) start a new command.
fn is_operator(c: char) -> bool {
    matches!(c, '|' | '&' | ';' | '(' | ')' | '<' | '>')
}

fn needs_quoting(s: &str) -> bool {
    !s.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,:@=%".contains(c))
}

/// `s` as one shell word, for insertion outside quotes.
fn shell_word(s: &str) -> String {
    if needs_quoting(s) {
        format!("'{}'", s.replace('\'', r"'\''"))
    } else {
        s.to_string()
    }
}

/// `NAME=...` with a shell identifier as NAME: an assignment before a command.
fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

pub fn substitute(line: &str, paths: &Paths, tools: &Tools) -> Result<String, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len() * 2);
    let mut quote: Option<char> = None;
    let mut at_command = true;
    let mut after_not = false;
    // When an assignment word ends here, the next word is again at a command position.
    let mut command_resumes_at: Option<usize> = None;
    let mut i = 0;
    while i < chars.len() {
        if command_resumes_at == Some(i) {
            at_command = true;
            command_resumes_at = None;
        }
        let c = chars[i];
        if quote.is_none() && at_command && !c.is_whitespace() && !is_operator(c) {
            let end =
                (i..chars.len()).find(|&j| chars[j].is_whitespace() || is_operator(chars[j])).unwrap_or(chars.len());
            let word: String = chars[i..end].iter().collect();
            if Tools::is_tool(&word) {
                out.push_str(&shell_word(&tools.path(&word)?.display().to_string()));
                after_not = word == "not";
                at_command = after_not;
                i = end;
                continue;
            }
            if after_not && word.starts_with("--crash") {
                out.push_str(&word);
                i = end;
                continue;
            }
            after_not = false;
            if SHELL_PREFIX_WORDS.contains(&word.as_str()) {
                out.push_str(&word);
                i = end;
                continue;
            }
            at_command = false;
            if is_assignment(&word) && !word.contains(['\'', '"', '\\', '`', '$']) {
                command_resumes_at = Some(end);
            }
        }
        match (quote, c) {
            (_, '%') if i + 1 < chars.len() => {
                let path = match chars[i + 1] {
                    's' => Some(&paths.source),
                    'S' => Some(&paths.source_dir),
                    't' => Some(&paths.temp),
                    'T' => Some(&paths.temp_dir),
                    _ => None,
                };
                match (path, chars[i + 1]) {
                    (Some(p), _) if quote.is_none() => out.push_str(&shell_word(p)),
                    (Some(p), _) => out.push_str(p),
                    (None, '%') => out.push('%'),
                    (None, _) => {
                        // Not a substitution: keep the `%` and scan the next character normally.
                        out.push('%');
                        i += 1;
                        continue;
                    }
                }
                i += 2;
                continue;
            }
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '\\') | (Some('"'), '\\') => {
                out.push(c);
                if let Some(&next) = chars.get(i + 1) {
                    out.push(next);
                }
                i += 2;
                continue;
            }
            (None, '|' | '&' | ';' | '(' | '!') => at_command = true,
            _ => {}
        }
        out.push(c);
        i += 1;
    }
    if quote.is_some() {
        return Err("unterminated quote".into());
    }
    Ok(out)
}
