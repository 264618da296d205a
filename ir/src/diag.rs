//! Diagnostics rendered as MLIR and C compilers do:
//!
//! ```text
//! gemm.mlir:12:5: error: use of undefined value '%x'
//!     %0 = arith.addi %x, %y : i32
//!                     ^
//! ```
//!
//! A [`Diagnostic`] carries a [`Location`]; a [`SourceMap`] holds the text of every file that was
//! read so that rendering can show the source line and a caret under the column.

use crate::location::Location;
use std::fmt::{self, Write as _};
use std::sync::Arc;

/// How bad a diagnostic is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Severity {
    /// A remark: information about a decision.
    Remark,
    /// A note attached to another diagnostic.
    Note,
    /// A warning.
    Warning,
    /// An error.
    Error,
}

impl Severity {
    /// The word printed after the location.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Remark => "remark",
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A message about a location, with attached notes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    /// Severity.
    pub severity: Severity,
    /// Where.
    pub loc: Location,
    /// What (lowercase, no final period, stable: tests match it).
    pub message: String,
    /// Notes pointing at related places.
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, loc, message: message.into(), notes: Vec::new() }
    }

    /// A remark at `loc`.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Remark, loc, message: message.into(), notes: Vec::new() }
    }

    /// A warning at `loc`.
    pub fn warning(loc: Location, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, loc, message: message.into(), notes: Vec::new() }
    }

    /// Attaches a note.
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes.push(Diagnostic { severity: Severity::Note, loc, message: message.into(), notes: Vec::new() });
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&SourceMap::default().render(self))
    }
}

/// One file's text, with line starts for line:col lookup.
#[derive(Debug)]
pub struct SourceFile {
    /// The name diagnostics print.
    pub name: Arc<str>,
    /// The text.
    pub text: Arc<str>,
    /// Computed on the first line:col lookup: a tool registers every input it reads, and
    /// most runs render no diagnostic.
    line_starts: std::sync::OnceLock<Vec<usize>>,
}

impl SourceFile {
    /// Indexes `text`.
    pub fn new(name: &str, text: Arc<str>) -> Self {
        SourceFile { name: Arc::from(name), text, line_starts: std::sync::OnceLock::new() }
    }

    fn starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| line_starts(&self.text))
    }

    /// 1-based line and column (in bytes, as MLIR) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        line_col(self.starts(), offset)
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let start = *self.starts().get((line as usize).checked_sub(1)?)?;
        let rest = self.text.get(start..)?;
        Some(rest.split('\n').next().unwrap_or("").trim_end_matches('\r'))
    }

    /// The location of a byte offset.
    pub fn location(&self, offset: usize) -> Location {
        let (line, col) = self.line_col(offset);
        Location::file_line_col(&self.name, line, col)
    }
}

/// The byte offset where each line of `text` starts (the first is 0).
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    starts
}

/// 1-based line and byte column of `offset`, given the text's [`line_starts`].
pub(crate) fn line_col(line_starts: &[usize], offset: usize) -> (u32, u32) {
    let line = line_starts.partition_point(|&s| s <= offset).max(1) - 1;
    ((line + 1) as u32, (offset - line_starts[line] + 1) as u32)
}

/// The files a tool has read, for rendering diagnostics with source lines.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// Adds a file and returns its index.
    pub fn add(&mut self, name: &str, text: Arc<str>) -> usize {
        self.files.push(SourceFile::new(name, text));
        self.files.len() - 1
    }

    /// A file by index.
    pub fn file(&self, index: usize) -> &SourceFile {
        &self.files[index]
    }

    fn find(&self, name: &str) -> Option<&SourceFile> {
        self.files.iter().rev().find(|f| &*f.name == name)
    }

    /// Renders a diagnostic and its notes.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_into(&mut out, diag);
        out
    }

    fn render_into(&self, out: &mut String, diag: &Diagnostic) {
        let position = diag.loc.position();
        match position {
            Some((file, line, col)) => {
                let _ = writeln!(out, "{file}:{line}:{col}: {}: {}", diag.severity.word(), diag.message);
                if let Some(text) = self.find(file).and_then(|f| f.line_text(line)) {
                    let (shown, caret_at) = expand_tabs(text, col as usize);
                    let _ = writeln!(out, "{shown}");
                    // LLVM's SourceMgr prints no caret under lines with non-ASCII text.
                    if text.is_ascii() {
                        let _ = writeln!(out, "{}^", " ".repeat(caret_at));
                    }
                }
            }
            None => {
                let _ = writeln!(out, "{}: {}: {}", diag.loc, diag.severity.word(), diag.message);
            }
        }
        for note in &diag.notes {
            self.render_into(out, note);
        }
    }
}

/// Expands tabs to 8-column stops, as LLVM's `SourceMgr` echoes source lines, and returns the
/// display column of the 1-based byte column `col`.
fn expand_tabs(text: &str, col: usize) -> (String, usize) {
    let mut shown = String::with_capacity(text.len());
    let mut caret_at = None;
    for (i, ch) in text.char_indices() {
        if i + 1 == col {
            caret_at = Some(shown.chars().count());
        }
        if ch == '\t' {
            let width = shown.chars().count();
            shown.push_str(&" ".repeat(8 - width % 8));
        } else {
            shown.push(ch);
        }
    }
    let end = shown.chars().count();
    (shown, caret_at.unwrap_or(end + col.saturating_sub(text.len() + 1)))
}

/// A file that is not UTF-8 text: the error at its first bad byte, and the text to show it
/// against.
#[derive(Debug)]
pub struct NotUtf8 {
    /// `file:line:col: error: source file is not valid UTF-8 (byte 0x..)`, the column in bytes.
    pub diagnostic: Diagnostic,
    /// The file with each invalid sequence shown as `?`: the bytes before the bad one are
    /// unchanged, so the column holds, and the line stays printable with a caret (a replacement
    /// character would make it non-ASCII, under which no caret is drawn).
    pub shown: String,
}

impl NotUtf8 {
    /// The diagnostic rendered with its source line and caret.
    pub fn render(&self) -> String {
        let mut files = SourceMap::default();
        if let Some((file, _, _)) = self.diagnostic.loc.position() {
            files.add(file, Arc::from(self.shown.as_str()));
        }
        files.render(&self.diagnostic)
    }
}

/// `bytes`, read from the file `name`, as text; one that is not UTF-8 is an error located at the
/// first byte that is not (every tool and the C front-end read their inputs through here).
pub fn utf8_text(name: &str, bytes: Vec<u8>) -> Result<String, Box<NotUtf8>> {
    let e = match String::from_utf8(bytes) {
        Ok(text) => return Ok(text),
        Err(e) => e,
    };
    let at = e.utf8_error().valid_up_to();
    let bytes = e.as_bytes();
    let mut shown = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        shown.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            shown.push('?');
        }
    }
    // The text before `at` is valid, so its offsets are the file's.
    let file = SourceFile::new(name, Arc::from(&shown[..at]));
    let diagnostic =
        Diagnostic::error(file.location(at), format!("source file is not valid UTF-8 (byte 0x{:02X})", bytes[at]));
    Err(Box::new(NotUtf8 { diagnostic, shown }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_utf8_is_located_at_the_first_bad_byte() {
        assert_eq!(utf8_text("a.c", b"int x;\n".to_vec()).expect("UTF-8"), "int x;\n");
        // Line 2, after a valid two-byte character (columns count bytes): col 9.
        let bytes = b"int x;\n// caf\xC3\xA9\xE9 \xFF!\nint y;\n".to_vec();
        let e = utf8_text("a.c", bytes).expect_err("not UTF-8");
        assert_eq!(e.diagnostic.loc.position(), Some(("a.c", 2, 9)));
        assert_eq!(e.diagnostic.message, "source file is not valid UTF-8 (byte 0xE9)");
        assert_eq!(e.shown, "int x;\n// caf\u{e9}? ?!\nint y;\n");
        // A line with valid non-ASCII text gets no caret (as LLVM); an ASCII one does.
        let e = utf8_text("b.c", b"void f() {\n  p[0] = 1; \xE9\n}\n".to_vec()).expect_err("not UTF-8");
        assert_eq!(
            e.render(),
            "b.c:2:13: error: source file is not valid UTF-8 (byte 0xE9)\n  p[0] = 1; ?\n            ^\n"
        );
        let e = utf8_text("c.c", vec![0xFF]).expect_err("not UTF-8");
        assert_eq!(e.diagnostic.loc.position(), Some(("c.c", 1, 1)));
    }
}
