//! The lit harness: every `*.mlir` and `*.c` file under the repository's `test/` directory is one test.
//!
//! A test file holds its own commands in comment lines, as LLVM's lit reads them:
//! ```text
//! // RUN: sharc-opt %s --canonicalize | FileCheck %s
//! // RUN: %if mlir-opt %{ sharc-opt %s --canonicalize | mlir-opt | FileCheck %s %}
//! // RUN: sharc-opt %s -o %t && FileCheck %s --input-file=%t
//! ```
//! Each RUN line is substituted (`%s`, `%S`, `%t`, `%T`, `%%`, tool names; see `lit/subst.rs`) and run
//! through `bash -o pipefail -c` in a fresh per-test temp dir, stdin from /dev/null, under a timeout; the
//! test passes when every RUN line exits 0. Files under an `Inputs/` directory, or under a directory that
//! holds a `lit.skip` marker, are not tests. Everything a user sees is described in docs/testing.md.
//!
//! Features (`lit/requires.rs`): `// REQUIRES: F` makes the whole file need F, `%if F %{ ... %}` one RUN
//! line. A file whose REQUIRES is not met is skipped and reported as ignored (counted as skipped, never as
//! passed); a `%if` line whose feature is missing is left out while the rest of the file runs. With
//! `SHARC_LIT_STRICT=1` (set by .ci/run) a missing feature that scripts/setup.sh or cargo provides (every
//! tool: FileCheck, mlir-opt, ptxas, ...) fails the file instead; features a machine may lack for good (a
//! GPU) still skip.
//!
//! Invariants: a discovered file with no RUN line is a failure (no test may silently test nothing), and
//! there is no XFAIL: any file passes only by running all its RUN lines (but the `%if` lines left out with
//! a printed note) successfully.
//!
//! The harness is `harness = false` on libtest-mimic directly, since a test must be able to end as
//! ignored at run time; the harness's self-tests (`lit/selftest.rs`) run as tests named
//! `lit-selftest::...` beside the files.

// The crate root is tests/lit.rs, so its submodules would be looked up in tests/; they live in tests/lit/.
#[path = "lit/exec.rs"]
mod exec;
#[path = "lit/files.rs"]
mod files;
#[path = "lit/requires.rs"]
mod requires;
#[path = "lit/script.rs"]
mod script;
#[path = "lit/selftest.rs"]
mod selftest;
#[path = "lit/subst.rs"]
mod subst;
#[path = "lit/toolpaths.rs"]
mod toolpaths;

use std::path::Path;
use std::process::ExitCode;

use files::{discover, repo_root, test_root};
use libtest_mimic::{Arguments, Completion, Failed, Trial};

/// Runs one test file: `Ok(Completion::Ignored)` when a file-level REQUIRES is not met.
fn lit(file: &Path, rel: &str) -> Result<Completion, Failed> {
    let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let bytes = std::fs::read(&file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
    // Directives are ASCII; a test of non-UTF-8 input is still a test, so its bytes are read leniently.
    let contents = String::from_utf8_lossy(&bytes);

    let script = match script::parse(&contents) {
        Ok(script) => script,
        Err(e) => return Err(format!("{}:{}: {}", file.display(), e.line, e.message).into()),
    };
    if script.runs.is_empty() {
        return Err(format!(
            "{}: no RUN line: every file under test/ must run something (put inputs of other tests \
             under an Inputs/ directory)",
            file.display()
        )
        .into());
    }

    let tools = toolpaths::Tools::discover(&repo_root());
    let skipped_runs = match requires::plan(&script, requires::strict_from_env(), &|name| tools.feature(name)) {
        requires::Plan::Run { skipped_runs, notes } => {
            for note in notes {
                eprintln!("note: {rel}: {note}");
            }
            skipped_runs
        }
        // libtest-mimic prints the reason on the test's `ignored` line.
        requires::Plan::Skip(why) => return Ok(Completion::ignored_with(why)),
        requires::Plan::Fail { line, message } => return Err(format!("{}:{line}: {message}", file.display()).into()),
    };

    let temp_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lit").join(format!("{rel}.d"));
    if temp_dir.exists() {
        std::fs::remove_dir_all(&temp_dir).map_err(|e| format!("cannot clear temp dir {}: {e}", temp_dir.display()))?;
    }
    std::fs::create_dir_all(&temp_dir).map_err(|e| format!("cannot create temp dir {}: {e}", temp_dir.display()))?;
    let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let paths = subst::Paths {
        source: file.display().to_string(),
        source_dir: file.parent().map(|d| d.display().to_string()).unwrap_or_default(),
        temp: temp_dir.join(format!("{file_name}.tmp")).display().to_string(),
        temp_dir: temp_dir.display().to_string(),
    };

    for (index, run) in script.runs.iter().enumerate() {
        if skipped_runs.contains(&index) {
            continue;
        }
        let command = subst::substitute(&run.text, &paths, &tools).map_err(|e| {
            format!("{}:{}: cannot substitute RUN line: {e}\n  RUN: {}", file.display(), run.line, run.text)
        })?;
        if std::env::var_os("SHARC_LIT_VERBOSE").is_some() {
            eprintln!("{rel}:{}: {command}", run.line);
        }
        let outcome = exec::run(&command, &temp_dir, &tools.environment(), exec::timeout());
        if !outcome.succeeded() {
            return Err(exec::report(&outcome, &file, run, &command, &temp_dir, rel).into());
        }
    }
    Ok(Completion::Completed)
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let mut files = Vec::new();
    let mut trials = selftest::trials(&repo_root());
    match discover(&test_root(), "", &mut files) {
        // No file at all means discovery is broken, not that there is nothing to test.
        Ok(()) if files.is_empty() => trials.push(Trial::test("lit::discovery", || {
            Err(format!("no test file found under {}", test_root().display()).into())
        })),
        Ok(()) => {}
        Err(e) => trials.push(Trial::test("lit::discovery", move || Err(e.into()))),
    }
    files.sort();
    trials.extend(
        files.into_iter().map(|(rel, path)| Trial::ignorable_test(format!("lit::{rel}"), move || lit(&path, &rel))),
    );
    libtest_mimic::run(&args, trials).exit_code()
}
