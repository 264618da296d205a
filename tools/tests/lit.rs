//! The lit harness: every `*.mlir` and `*.c` file under the repository's `test/` directory is one test.
//!
//! A test file holds its own commands in comment lines, as LLVM's lit reads them:
//! ```text
//! // REQUIRES: mlir-opt
//! // RUN: sharc-opt %s --canonicalize | FileCheck %s
//! // RUN: sharc-opt %s -o %t && FileCheck %s --input-file=%t
//! ```
//! Each RUN line is substituted (`%s`, `%S`, `%t`, `%T`, `%%`, tool names; see `lit/subst.rs`) and run
//! through `bash -o pipefail -c` in a fresh per-test temp dir, stdin from /dev/null, under a timeout; the
//! test passes when every RUN line exits 0. Files under an `Inputs/` directory, or under a directory that
//! holds a `lit.skip` marker, are not tests. Everything a user sees is described in docs/testing.md.
//!
//! Invariants: a discovered file with no RUN line is a failure (no test may silently test nothing), and
//! there is no XFAIL: a file whose REQUIRES are not met is skipped (passes with a printed note), any other
//! file passes only by running all its RUN lines successfully.

// The crate root is tests/lit.rs, so its submodules would be looked up in tests/; they live in tests/lit/.
#[path = "lit/exec.rs"]
mod exec;
#[path = "lit/script.rs"]
mod script;
#[path = "lit/subst.rs"]
mod subst;
#[path = "lit/toolpaths.rs"]
mod toolpaths;

use std::path::{Path, PathBuf};

use datatest_stable::Utf8Path;

/// The failure a test reports. Its `Debug` is the plain message: libtest-mimic prints failures with
/// `{:?}`, and a `String` error would come out quoted with every newline escaped.
struct LitFailure(String);

impl std::fmt::Debug for LitFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Display for LitFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LitFailure {}

fn fail(msg: String) -> datatest_stable::Result<()> {
    Err(Box::new(LitFailure(msg)))
}

/// The repository root (the workspace root, one level above this crate).
fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// The directory the tests are discovered in.
fn test_root() -> String {
    repo_root().join("test").display().to_string()
}

/// The discovery pattern, matched against paths relative to `test/`: `.mlir` and `.c` files, except under
/// a directory named `Inputs` or under a directory holding a `lit.skip` marker.
fn test_pattern() -> String {
    let mut skipped = Vec::new();
    find_skipped_dirs(Path::new(&test_root()), "", &mut skipped);
    let mut pattern = String::from(r"^(?!(?:.*/)?Inputs/)");
    if !skipped.is_empty() {
        let alternatives: Vec<String> = skipped.iter().map(|d| regex_escape(d)).collect();
        pattern.push_str(&format!("(?!(?:{})/)", alternatives.join("|")));
    }
    pattern.push_str(r".*\.(?:mlir|c)$");
    pattern
}

/// Collects the `/`-separated paths (relative to `test/`) of directories holding a `lit.skip` file.
fn find_skipped_dirs(dir: &Path, rel: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if !path.is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let sub = if rel.is_empty() { name } else { format!("{rel}/{name}") };
        if path.join("lit.skip").is_file() {
            out.push(sub);
        } else {
            find_skipped_dirs(&path, &sub, out);
        }
    }
}

fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Runs one test file.
fn lit(path: &Utf8Path, contents: String) -> datatest_stable::Result<()> {
    let file = Path::new(path.as_str());
    let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let rel =
        file.strip_prefix(test_root()).map(|p| p.display().to_string()).unwrap_or_else(|_| file.display().to_string());

    let script = match script::parse(&contents) {
        Ok(script) => script,
        Err(e) => return fail(format!("{}:{}: {}", file.display(), e.line, e.message)),
    };
    if script.runs.is_empty() {
        return fail(format!(
            "{}: no RUN line: every file under test/ must run something (put inputs of other tests \
             under an Inputs/ directory)",
            file.display()
        ));
    }

    let tools = toolpaths::Tools::discover(&repo_root());
    for feature in &script.requires {
        match tools.feature(&feature.name) {
            Ok(toolpaths::Feature::Present) => {}
            Ok(toolpaths::Feature::Absent(why)) => {
                eprintln!("note: {rel}: skipped: REQUIRES {} is not met ({why})", feature.name);
                return Ok(());
            }
            Err(e) => return fail(format!("{}:{}: {e}", file.display(), feature.line)),
        }
    }

    let temp_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lit").join(format!("{rel}.d"));
    if temp_dir.exists() {
        if let Err(e) = std::fs::remove_dir_all(&temp_dir) {
            return fail(format!("cannot clear temp dir {}: {e}", temp_dir.display()));
        }
    }
    if let Err(e) = std::fs::create_dir_all(&temp_dir) {
        return fail(format!("cannot create temp dir {}: {e}", temp_dir.display()));
    }
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let paths = subst::Paths {
        source: file.display().to_string(),
        source_dir: file.parent().map(|d| d.display().to_string()).unwrap_or_default(),
        temp: temp_dir.join(format!("{file_name}.tmp")).display().to_string(),
        temp_dir: temp_dir.display().to_string(),
    };

    for run in &script.runs {
        let command = match subst::substitute(&run.text, &paths, &tools) {
            Ok(command) => command,
            Err(e) => {
                return fail(format!(
                    "{}:{}: cannot substitute RUN line: {e}\n  RUN: {}",
                    file.display(),
                    run.line,
                    run.text
                ))
            }
        };
        if std::env::var_os("SHARC_LIT_VERBOSE").is_some() {
            eprintln!("{rel}:{}: {command}", run.line);
        }
        let outcome = exec::run(&command, &temp_dir, &tools.environment(), exec::timeout());
        if !outcome.succeeded() {
            return fail(exec::report(&outcome, &file, run, &command, &temp_dir, &rel));
        }
    }
    Ok(())
}

datatest_stable::harness! {
    { test = lit, root = test_root(), pattern = test_pattern() },
}
