//! Reading a C file: the system C preprocessor when the file needs it, and the map from the text
//! the parser sees back to the user's files, so that every diagnostic points into what the user
//! wrote (`gemm.c:12:7`, or `gemm.h:3:1`), not into preprocessor output.
//!
//! The preprocessor runs as `cc -E` (`$SHARC_CC` or `$CC` override `cc`) with the user's `-I` and
//! `-D` flags. It keeps `#pragma` lines (GCC and Clang do not expand macros in pragmas they do not
//! know, which includes `acc` without `-fopenacc`) and writes line markers (`# 12 "gemm.c" 2`),
//! which [`SourceMap`] reads and blanks out.

use crate::ast::Span;
use sharc_ir::diag::{Diagnostic, SourceMap as Files};
use sharc_ir::Location;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// How to preprocess.
#[derive(Clone, Debug, Default)]
pub struct PreprocessOptions {
    /// `-I` directories.
    pub include_dirs: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
}

/// Why a file could not be read: the error, and the text to render it against (a file that is
/// not UTF-8 is shown, with its bad bytes as `?`, at the first bad byte).
#[derive(Debug)]
pub struct ReadError {
    /// The error.
    pub diagnostic: Diagnostic,
    /// The source to render it with, if any was read.
    pub source: Option<SourceMap>,
}

/// The text the parser sees and where each of its lines came from.
#[derive(Debug)]
pub struct SourceMap {
    /// The text (preprocessed, with line markers blanked).
    pub text: String,
    /// Start offset of each line of `text`.
    line_starts: Vec<usize>,
    /// For each line of `text`: index into `files` and 1-based line there.
    origins: Vec<(usize, u32)>,
    /// The user's files, for rendering.
    pub files: Files,
    /// Names of `files`, in the same order.
    names: Vec<Arc<str>>,
}

/// Whether `text` needs the preprocessor: any directive but `#pragma`.
pub fn needs_preprocessor(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.strip_prefix('#').is_some_and(|rest| !rest.trim_start().starts_with("pragma"))
    })
}

impl SourceMap {
    /// The source of `path`, preprocessed if it needs it or if `opts` has flags.
    pub fn read(path: &Path, opts: &PreprocessOptions) -> Result<SourceMap, Box<ReadError>> {
        let name = path.display().to_string();
        // A file that cannot be read, or a preprocessor that cannot run, has no place in the
        // file to point at: the error is unknown-located (the driver prints `sharcc: error: ...`),
        // never a made-up 1:1.
        let unlocated = |message: String| {
            Box::new(ReadError { diagnostic: Diagnostic::error(Location::Unknown, message), source: None })
        };
        let raw = std::fs::read(path).map_err(|e| unlocated(format!("cannot read '{}': {e}", path.display())))?;
        let text = sharc_ir::diag::utf8_text(&name, raw).map_err(|e| {
            Box::new(ReadError { diagnostic: e.diagnostic, source: Some(SourceMap::plain(&name, e.shown)) })
        })?;
        if !needs_preprocessor(&text) && opts.include_dirs.is_empty() && opts.defines.is_empty() {
            return Ok(SourceMap::plain(&name, text));
        }
        let out = preprocess(path, opts).map_err(unlocated)?;
        Ok(SourceMap::from_preprocessed(&name, &text, &out))
    }

    /// A map for text that is not preprocessed.
    pub fn plain(name: &str, text: String) -> SourceMap {
        let mut files = Files::default();
        files.add(name, Arc::from(text.as_str()));
        let line_starts = line_starts(&text);
        let origins = (0..line_starts.len()).map(|l| (0, l as u32 + 1)).collect();
        SourceMap { text, line_starts, origins, files, names: vec![Arc::from(name)] }
    }

    /// A map for `out`, the preprocessor's output for the file `name` whose text is `original`.
    pub fn from_preprocessed(name: &str, original: &str, out: &str) -> SourceMap {
        let mut map = SourceMap {
            text: String::with_capacity(out.len()),
            line_starts: Vec::new(),
            origins: Vec::new(),
            files: Files::default(),
            names: Vec::new(),
        };
        map.files.add(name, Arc::from(original));
        map.names.push(Arc::from(name));
        let (mut file, mut line) = (0usize, 1u32);
        for l in out.split_inclusive('\n') {
            map.line_starts.push(map.text.len());
            if let Some((marker_line, marker_file)) = line_marker(l) {
                // The marker's own line becomes empty; the next line is `marker_line` of the file.
                file = map.file_index(&marker_file, name);
                line = marker_line;
                map.origins.push((file, line.saturating_sub(1)));
                map.text.push('\n');
                continue;
            }
            map.origins.push((file, line));
            map.text.push_str(l);
            line += 1;
        }
        map
    }

    fn file_index(&mut self, marker_file: &str, main: &str) -> usize {
        // cpp names the main file as it was given; keep one entry for it.
        let key = if marker_file == main { main } else { marker_file };
        if let Some(i) = self.names.iter().position(|n| &**n == key) {
            return i;
        }
        let text = std::fs::read_to_string(key).unwrap_or_default();
        self.files.add(key, Arc::from(text.as_str()));
        self.names.push(Arc::from(key));
        self.names.len() - 1
    }

    /// Whether `span` lies in the main file (not in a header).
    pub fn in_main_file(&self, span: Span) -> bool {
        self.origin(span.start).0 == 0
    }

    /// (file index, line, column) of an offset of `text`.
    fn origin(&self, offset: usize) -> (usize, u32, u32) {
        let l = self.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        let (file, line) = self.origins.get(l).copied().unwrap_or((0, 1));
        let pp_line_start = self.line_starts[l];
        let pp_line = self.text[pp_line_start..].split('\n').next().unwrap_or("");
        let pp_col = offset.saturating_sub(pp_line_start);
        let col = match self.files.file(file).line_text(line) {
            Some(orig) if orig == pp_line => pp_col + 1,
            Some(orig) => relocate_column(pp_line, pp_col, orig),
            None => pp_col + 1,
        };
        (file, line, col as u32)
    }

    /// The location of an offset of `text` in the user's files.
    pub fn location(&self, offset: usize) -> Location {
        let (file, line, col) = self.origin(offset);
        Location::file_line_col(&self.names[file], line, col)
    }
}

/// The column in `orig` of the token at byte `pp_col` of `pp` (its preprocessed form): the same
/// occurrence of the same word if it is there, else the line's first non-blank character.
fn relocate_column(pp: &str, pp_col: usize, orig: &str) -> usize {
    let word: String =
        pp[pp_col.min(pp.len())..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    let word = if word.is_empty() { pp[pp_col.min(pp.len())..].chars().take(1).collect() } else { word };
    let first_non_blank = orig.len() - orig.trim_start().len() + 1;
    if word.is_empty() {
        return first_non_blank;
    }
    let nth = pp[..pp_col.min(pp.len())].matches(word.as_str()).count();
    let found: Vec<usize> = orig.match_indices(word.as_str()).map(|(i, _)| i).collect();
    match found.get(nth).or(found.last()) {
        Some(&i) => i + 1,
        None => first_non_blank,
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    let mut v = vec![0];
    v.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    v
}

/// `# 12 "file.c" 2` or `#line 12 "file.c"` → (12, "file.c").
fn line_marker(l: &str) -> Option<(u32, String)> {
    let rest = l.strip_prefix('#')?;
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let (num, rest) = rest.split_once(' ')?;
    let line: u32 = num.parse().ok()?;
    let rest = rest.trim_start().strip_prefix('"')?;
    let end = rest.find('"')?;
    Some((line, rest[..end].to_string()))
}

/// Runs the system C preprocessor.
fn preprocess(path: &Path, opts: &PreprocessOptions) -> Result<String, String> {
    let cc = std::env::var("SHARC_CC").or_else(|_| std::env::var("CC")).unwrap_or_else(|_| "cc".to_string());
    let mut cmd = Command::new(&cc);
    cmd.arg("-E").arg("-x").arg("c").arg("-std=gnu11");
    for d in &opts.include_dirs {
        cmd.arg("-I").arg(d);
    }
    for d in &opts.defines {
        cmd.arg(format!("-D{d}"));
    }
    cmd.arg(path);
    let out = cmd.output().map_err(|e| {
        format!("cannot run the C preprocessor '{cc} -E' ({e}); install a C compiler (Debian: gcc) or set SHARC_CC")
    })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("the C preprocessor failed:\n{}", stderr.trim_end()));
    }
    String::from_utf8(out.stdout).map_err(|_| "the preprocessor's output is not UTF-8".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_lines_back() {
        let original =
            "#define N 10\n#include \"h.h\"\nvoid f(float A[N]) {\n\tfor (i = 0; i <   N; i++) A[i] = 0;\n}\n";
        let out = "# 0 \"t.c\"\n# 1 \"t.c\"\n\n# 1 \"h.h\" 1\ntypedef float real;\n# 3 \"t.c\" 2\nvoid f(float A[10]) {\n for (i = 0; i < 10; i++) A[i] = 0;\n}\n";
        let map = SourceMap::from_preprocessed("t.c", original, out);
        let at = map.text.find("for").unwrap();
        assert_eq!(map.location(at).position(), Some(("t.c", 4, 2)));
        let at = map.text.find("A[i]").unwrap();
        assert_eq!(map.location(at).position(), Some(("t.c", 4, 28)));
        let at = map.text.find("void").unwrap();
        assert_eq!(map.location(at).position(), Some(("t.c", 3, 1)));
        assert!(!map.in_main_file(Span { start: map.text.find("typedef").unwrap(), end: 0 }));
    }

    #[test]
    fn directives_other_than_pragma_need_cpp() {
        assert!(!needs_preprocessor("#pragma acc loop\nint x;"));
        assert!(needs_preprocessor("  # include <math.h>\n"));
    }
}
