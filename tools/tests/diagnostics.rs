//! The diagnostics audit (issue 16): every bad input under `test/` gets a located diagnostic, and no
//! input there makes a tool crash. What it asserts, and how to add an exception, is in docs/testing.md
//! ("The diagnostics audit").
//!
//! - [`expected_failures_are_located_diagnostics`]: every lit RUN line that expects one of sharc's tools
//!   to fail (`not sharcc ...`, `not sharc-opt ...`, `not sharc-run ...`, `not sharc-translate ...`) is
//!   cut to that one command (the pipe after it and its stderr redirection dropped, `VAR=value` before it
//!   kept) and run, after the file's earlier RUN lines when it names the test's temp files (`%t`, `%T`)
//!   that they write. It must exit with status 1 and print `PATH:LINE:COL: error: ...` with PATH a
//!   file the command names (its input; or one under a directory it names, as sharc-run's
//!   `--inputs`), followed by that line of the file and a caret under the column, exactly as
//!   `sharc_ir::diag` renders them. Errors that have no place in an input file (a missing file, a bad
//!   flag) are allowed only as the one table [`UNLOCATED`] lists them, each with its reason, and
//!   start with the tool's name (`sharc-run: error: ...`). `not --crash` before a sharc tool is an
//!   offender by itself, and so is a `not TOOL` that the audit cannot run alone.
//! - [`no_test_input_crashes_a_tool`]: `sharcc --emit=affine` on every `.c` file under `test/` and
//!   `sharc-opt` (parse and verify, no pass) on every `.mlir` file exit with 0 or 1, never 101 (a panic)
//!   or by a signal.
//!
//! Both run their commands on all cores and report every offender at once, each with its command and
//! stderr. RUN lines are read, planned (`REQUIRES:`, `%if`) and substituted by the lit harness's own
//! modules (`tests/lit/`), so a command runs here as it does under lit.

// The lit harness's modules, shared rather than copied; this audit uses a part of each.
#[allow(dead_code)]
#[path = "lit/exec.rs"]
mod exec;
#[allow(dead_code)]
#[path = "lit/files.rs"]
mod files;
#[allow(dead_code)]
#[path = "lit/requires.rs"]
mod requires;
#[allow(dead_code)]
#[path = "lit/script.rs"]
mod script;
#[allow(dead_code)]
#[path = "lit/subst.rs"]
mod subst;
#[allow(dead_code)]
#[path = "lit/toolpaths.rs"]
mod toolpaths;

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sharc_ir::diag::{utf8_text, Diagnostic, SourceMap};
use sharc_ir::Location;

/// sharc's tools, whose expected failures this audit checks.
const SHARC_TOOLS: &[&str] = &["sharc-opt", "sharc-run", "sharc-translate", "sharcc"];

/// Which expected failures an [`UNLOCATED`] entry allows.
enum Which {
    /// Those whose error, after `TOOL: error: `, starts with this text.
    Message(&'static str),
    /// Those located in the command line rather than a file (`<command line>:1:C` for a pass flag,
    /// `MLIR Textual PassPipeline Parser:1:C` for `--pass-pipeline`, mlir-opt's names), still
    /// followed by the text they point into and a caret under the column.
    CommandLine,
}

/// The expected failures that may print an error with no place in an input file, and why no file
/// position fits. Keep it short: a located diagnostic is the rule, and an entry that allows no
/// expected failure any more fails the audit.
const UNLOCATED: &[(Which, &str)] = &[
    (Which::CommandLine, "a bad pass option or pipeline is in the command line, and is located there"),
    (Which::Message("could not open input file"), "the input file does not exist"),
    (Which::Message("cannot read '"), "a file named on the command line does not exist or is a directory"),
    (Which::Message("unexpected argument"), "a flag the tool does not know (clap)"),
    (Which::Message("invalid value '"), "a flag's value is not one it takes (clap)"),
    (Which::Message("unknown target '"), "--target names no shipped target and no file"),
    (Which::Message("unknown chip '"), "--chip names no chip of the triple"),
    (Which::Message("unsupported target triple '"), "--triple names no backend"),
    (Which::Message("no target: "), "sharc-translate needs a --target or --triple"),
    (Which::Message("--emit="), "--emit asks for a format of another backend than --target's"),
    (Which::Message("--metrics needs"), "two flags that exclude each other"),
    (Which::Message("--report="), "sharcc's --report names a picture file of another kind than .svg or .html"),
    (Which::Message("--report-size sizes"), "sharcc's --report-size without a picture whose runs it sizes"),
    (Which::Message("--function applies to C input"), "a C-only flag given with an MLIR module"),
    (Which::Message("the C harness is made from a C file"), "--emit=c-harness given with an MLIR module"),
    (Which::Message("invalid block shape '"), "--sharc-map-baseline's block is too large for its target"),
    (Which::Message("no function @"), "sharc-run's --entry names a function the file lacks"),
    (Which::Message("@main has no argument '"), "sharc-run's --arg names an argument the entry lacks"),
    (
        Which::Message("argument '"),
        "a value sharc-run was given for an entry argument (--arg, --inputs, a .npy file, which has no lines) \
         does not fit it, or its buffer exceeds sharc-run's limits",
    ),
    (
        Which::Message("--exec=cuda: "),
        "sharc-run --exec=cuda with a non-NVIDIA --target, or on a machine without a CUDA driver or GPU: a flag \
         or the machine is wrong, no input",
    ),
    (Which::Message("outputs differ"), "sharc-run --compare: two runs' results differ, no input is wrong"),
    (Which::Message("'__nv_expf': cannot find libdevice"), "the machine lacks libdevice (SHARC_LIBDEVICE)"),
    (Which::Message("cannot run /nonexistent/ld.lld"), "the machine lacks ld.lld (SHARC_LD_LLD)"),
];

/// Whether `stderr` of `tool` is an error that the entry `which` allows.
fn allows(which: &Which, tool: &str, stderr: &str) -> bool {
    let lines: Vec<&str> = stderr.lines().collect();
    match which {
        Which::Message(text) => lines.iter().any(|l| l.starts_with(&format!("{tool}: error: {text}"))),
        Which::CommandLine => lines.iter().enumerate().any(|(at, line)| {
            let Some(place) = ["<command line>:", "MLIR Textual PassPipeline Parser:"]
                .iter()
                .find_map(|name| line.strip_prefix(name))
                .and_then(|rest| rest.split_once(": error: ").map(|(place, _)| place))
            else {
                return false;
            };
            let col = place.rsplit(':').next().and_then(|c| c.parse::<usize>().ok()).unwrap_or(0);
            let caret = format!("{}^", " ".repeat(col.saturating_sub(1)));
            col > 0
                && lines.get(at + 1).is_some_and(|text| text.len() + 1 >= col)
                && lines.get(at + 2) == Some(&caret.as_str())
        }),
    }
}

/// One RUN line's command that expects a sharc tool to fail.
struct Case {
    /// The test file, relative to `test/`.
    rel: String,
    file: PathBuf,
    /// The 1-based line of its RUN line.
    line: usize,
    /// Index of its RUN line in the file's script.
    run_index: usize,
    tool: &'static str,
    /// The command cut out of the RUN line, not yet substituted.
    command: String,
}

/// Splits a RUN line into its commands at unquoted `|`, `&`, `;`, `(` and `)`; the `&` of a
/// redirection (`2>&1`, `&>`) is no separator.
fn commands(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = vec![String::new()];
    let mut quote: Option<char> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let current = out.last_mut().expect("never empty");
        match (quote, c) {
            (None, '\\') | (Some('"'), '\\') => {
                current.push(c);
                if let Some(&next) = chars.get(i + 1) {
                    current.push(next);
                }
                i += 2;
                continue;
            }
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '&') if i > 0 && matches!(chars[i - 1], '>' | '<') => {}
            (None, '&') if chars.get(i + 1) == Some(&'>') => {}
            (None, '|' | '&' | ';' | '(' | ')') => {
                out.push(String::new());
                i += 1;
                continue;
            }
            _ => {}
        }
        current.push(c);
        i += 1;
    }
    out.into_iter().map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect()
}

/// The words of one command, split at unquoted whitespace; quotes and backslashes stay in the words,
/// which go back to the shell as written.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in command.chars() {
        if escaped {
            escaped = false;
        } else {
            match (quote, c) {
                (None | Some('"'), '\\') => escaped = true,
                (None, '\'' | '"') => quote = Some(c),
                (Some(q), _) if c == q => quote = None,
                (None, c) if c.is_whitespace() => {
                    if !word.is_empty() {
                        out.push(std::mem::take(&mut word));
                    }
                    continue;
                }
                _ => {}
            }
        }
        word.push(c);
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `NAME=value` with a shell identifier as NAME.
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        let mut chars = name.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// What a command of a RUN line says about a sharc tool's failure.
enum Expect {
    /// `not TOOL ...`: the cut command (assignments, tool, arguments without stderr redirection).
    Failure { tool: &'static str, command: String },
    /// `not --crash TOOL ...`: a sharc tool may never crash.
    Crash(&'static str),
}

/// Reads one command of a RUN line: `[VAR=value ...] not [--crash] TOOL ARGS [redirections]`.
fn expectation(command: &str) -> Option<Result<Expect, String>> {
    let words = words(command);
    let assignments = words.iter().take_while(|w| is_assignment(w)).count();
    let mut rest = words[assignments..].iter();
    if rest.next().map(String::as_str) != Some("not") {
        return None;
    }
    let mut next = rest.next()?;
    let crash = next.starts_with("--crash");
    if crash {
        next = rest.next()?;
    }
    let tool = *SHARC_TOOLS.iter().find(|t| **t == next.as_str())?;
    if crash {
        return Some(Ok(Expect::Crash(tool)));
    }
    // stderr is what the audit reads, so its redirections (`2>&1`, `2>/dev/null`, `2> file`) go.
    let mut args: Vec<&str> = Vec::new();
    let mut rest = rest.map(String::as_str).peekable();
    while let Some(word) = rest.next() {
        if word == "2>" || word == "2>>" {
            rest.next();
        } else if !word.starts_with("2>") {
            args.push(word);
        }
    }
    // The input is the first word that is neither an option nor a redirection.
    let Some(input) = args.iter().find(|w| !w.starts_with('-') && !w.starts_with(['>', '<'])) else {
        return Some(Err(format!("`not {tool}` without an input file: the audit cannot tell what to locate")));
    };
    if *input == "-" {
        return Some(Err(format!("`not {tool} -` reads stdin, which the audit cannot give it")));
    }
    let mut cut: Vec<&str> = words[..assignments].iter().map(String::as_str).collect();
    cut.push(tool);
    cut.extend(args);
    Some(Ok(Expect::Failure { tool, command: cut.join(" ") }))
}

/// The paths `%s`, `%S`, `%t` and `%T` stand for in `file`, with `temp_dir` as the test's temp dir.
fn paths(file: &Path, temp_dir: &Path) -> subst::Paths {
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    subst::Paths {
        source: file.display().to_string(),
        source_dir: file.parent().map(|d| d.display().to_string()).unwrap_or_default(),
        temp: temp_dir.join(format!("{name}.tmp")).display().to_string(),
        temp_dir: temp_dir.display().to_string(),
    }
}

/// A clean temp dir for `name` under this target's temp area.
fn temp_dir(area: &str, name: &str) -> Result<PathBuf, String> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area).join(format!("{name}.d"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("cannot clear {}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// The file's script and the indices of the RUN lines this machine runs, as the lit harness decides.
fn plan(file: &Path, tools: &toolpaths::Tools) -> Result<Option<(script::Script, Vec<usize>)>, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
    let script = script::parse(&String::from_utf8_lossy(&bytes))
        .map_err(|e| format!("{}:{}: {}", file.display(), e.line, e.message))?;
    match requires::plan(&script, requires::strict_from_env(), &|name| tools.feature(name)) {
        requires::Plan::Run { skipped_runs, .. } => {
            let runs = (0..script.runs.len()).filter(|i| !skipped_runs.contains(i)).collect();
            Ok(Some((script, runs)))
        }
        requires::Plan::Skip(_) => Ok(None),
        requires::Plan::Fail { line, message } => Err(format!("{}:{line}: {message}", file.display())),
    }
}

/// Every expected failure of a sharc tool in the lit tests, and the RUN lines the audit cannot read.
fn cases(tools: &toolpaths::Tools) -> (Vec<Case>, Vec<String>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    if let Err(e) = files::discover(&files::test_root(), "", &mut files) {
        problems.push(e);
    }
    files.sort();
    let mut cases = Vec::new();
    for (rel, file) in files {
        let (script, runs) = match plan(&file, tools) {
            Ok(Some(planned)) => planned,
            Ok(None) => continue,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        for run_index in runs {
            let run = &script.runs[run_index];
            for (position, command) in commands(&run.text).iter().enumerate() {
                match expectation(command) {
                    None => {}
                    Some(Err(why)) => problems.push(format!("test/{rel}:{}: {why}\n  RUN: {}", run.line, run.text)),
                    Some(Ok(Expect::Crash(tool))) => problems.push(format!(
                        "test/{rel}:{}: `not --crash {tool}`: sharc's tools never crash; a bad input is a \
                         located error with exit status 1\n  RUN: {}",
                        run.line, run.text
                    )),
                    Some(Ok(Expect::Failure { .. })) if position > 0 => problems.push(format!(
                        "test/{rel}:{}: `not` is not the first command of its RUN line, so the audit cannot \
                         run it alone; put it on a RUN line of its own\n  RUN: {}",
                        run.line, run.text
                    )),
                    Some(Ok(Expect::Failure { tool, command })) => cases.push(Case {
                        rel: rel.clone(),
                        file: file.canonicalize().unwrap_or_else(|_| file.clone()),
                        line: run.line,
                        run_index,
                        tool,
                        command,
                    }),
                }
            }
        }
    }
    (cases, problems)
}

/// How a process ended, in words.
fn status_text(outcome: &exec::Outcome) -> String {
    if let Some(limit) = outcome.timed_out {
        return format!("timed out after {} s", limit.as_secs());
    }
    if let Some(e) = &outcome.spawn_error {
        return e.clone();
    }
    match outcome.status.map(|s| (s.code(), s.signal())) {
        Some((Some(code), _)) if code > 128 => format!("exit status {code} (signal {} through the shell)", code - 128),
        Some((Some(101), _)) => "exit status 101 (a panic)".into(),
        Some((Some(code), _)) => format!("exit status {code}"),
        Some((None, Some(signal))) => format!("killed by signal {signal}"),
        _ => "no exit status".into(),
    }
}

/// The exit code, when the process exited normally (not by a signal, not timed out).
fn exit_code(outcome: &exec::Outcome) -> Option<i32> {
    match outcome.timed_out {
        Some(_) => None,
        None => outcome.status.and_then(|s| s.code()),
    }
}

/// The files and directories a substituted command names (its words, and the values of its
/// `--flag=VALUE` words) that exist, canonical.
fn named_paths(command: &str, cwd: &Path) -> Vec<PathBuf> {
    words(command)
        .iter()
        .map(|w| w.trim_matches('\''))
        .map(|w| if w.starts_with('-') { w.split_once('=').map_or("", |(_, v)| v) } else { w })
        .filter(|w| !w.is_empty())
        .filter_map(|w| cwd.join(w).canonicalize().ok())
        .collect()
}

/// Whether `stderr` holds a located error in a file the command names (`named`: its input, or a file
/// under a directory it names, as sharc-run's `--inputs`): `PATH:LINE:COL: error: ...`, then the
/// source line and the caret exactly as `sharc_ir::diag` renders them. `Err` says what is missing.
fn check_located(stderr: &str, named: &[PathBuf]) -> Result<(), String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut first_problem = None;
    for (at, line) in lines.iter().enumerate() {
        let Some((place, message)) = line.split_once(": error: ") else {
            continue;
        };
        let mut parts = place.rsplitn(3, ':');
        let (Some(col), Some(row), Some(path)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(col), Ok(row)) = (col.parse::<u32>(), row.parse::<u32>()) else {
            continue;
        };
        let canonical = Path::new(path).canonicalize().ok();
        if !canonical.as_ref().is_some_and(|c| named.iter().any(|n| c.starts_with(n))) {
            first_problem.get_or_insert_with(|| format!("the error at {place} is in no file the command names"));
            continue;
        }
        let Ok(bytes) = std::fs::read(path) else {
            first_problem.get_or_insert_with(|| format!("the error at {place} is in a file that cannot be read"));
            continue;
        };
        // The text as a tool shows it: a file that is not UTF-8 is shown with `?` for each bad sequence.
        let text = match utf8_text(path, bytes.clone()) {
            Ok(text) => text,
            Err(e) => e.shown,
        };
        let mut sources = SourceMap::default();
        let file = sources.add(path, Arc::from(text.as_str()));
        let Some(source_line) = sources.file(file).line_text(row) else {
            first_problem.get_or_insert_with(|| format!("{place}: line {row} is past the end of the file"));
            continue;
        };
        if col as usize > source_line.len() + 1 {
            first_problem.get_or_insert_with(|| format!("{place}: column {col} is past the end of line {row}"));
            continue;
        }
        let loc = Location::file_line_col(&Arc::from(path), row, col);
        let expected = sources.render(&Diagnostic::error(loc, message));
        let expected: Vec<&str> = expected.lines().collect();
        if lines.get(at..at + expected.len()) == Some(&expected[..]) {
            return Ok(());
        }
        first_problem.get_or_insert_with(|| {
            format!("{place}: not followed by the source line and caret; expected\n{}", expected.join("\n"))
        });
    }
    Err(first_problem.unwrap_or_else(|| "no `PATH:LINE:COL: error: ...` in a file the command names".into()))
}

/// Runs `jobs` on every core, in no particular order; returns what each produced, in the order given.
fn parallel<T: Sync, R: Send>(jobs: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else {
                    break;
                };
                let result = work(job);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().map(|r| r.expect("every job ran")).collect()
}

/// The report of one offending case.
fn offence(case: &Case, command: &str, outcome: &exec::Outcome, why: &str) -> String {
    format!(
        "test/{}:{}: `{}`: {why}\n  status:  {}\n  command: {command}\n  stderr:\n{}",
        case.rel,
        case.line,
        case.tool,
        status_text(outcome),
        indent(&String::from_utf8_lossy(&outcome.stderr))
    )
}

fn indent(text: &str) -> String {
    let text: String = text.lines().take(30).map(|l| format!("    {l}\n")).collect();
    if text.is_empty() {
        "    (empty)\n".into()
    } else {
        text
    }
}

/// Runs one case: `Ok(None)` for a located diagnostic, `Ok(Some(i))` for an error that `UNLOCATED[i]`
/// allows, `Err` with the offence otherwise.
fn audit(case: &Case, tools: &toolpaths::Tools, script: &script::Script) -> Result<Option<usize>, String> {
    let name = format!("{}.{}", case.rel, case.line);
    let dir = temp_dir("diagnostics", &name)?;
    let paths = paths(&case.file, &dir);
    let env = tools.environment();
    // The earlier RUN lines write the temp files this command reads.
    if case.command.contains("%t") || case.command.contains("%T") {
        for run in &script.runs[..case.run_index] {
            let command = subst::substitute(&run.text, &paths, tools)?;
            let outcome = exec::run(&command, &dir, &env, exec::timeout());
            if !outcome.succeeded() {
                return Err(format!(
                    "test/{}:{}: the earlier RUN line {} failed ({}), so this one cannot be audited\n  RUN: {}",
                    case.rel,
                    case.line,
                    run.line,
                    status_text(&outcome),
                    run.text
                ));
            }
        }
    }
    let command = subst::substitute(&case.command, &paths, tools)?;
    let outcome = exec::run(&command, &dir, &env, exec::timeout());
    let stderr = String::from_utf8_lossy(&outcome.stderr);
    if exit_code(&outcome) != Some(1) {
        return Err(offence(case, &command, &outcome, "an expected failure must exit with status 1"));
    }
    let why = match check_located(&stderr, &named_paths(&command, &dir)) {
        Ok(()) => return Ok(None),
        Err(why) => why,
    };
    match UNLOCATED.iter().position(|(which, _)| allows(which, case.tool, &stderr)) {
        Some(entry) => Ok(Some(entry)),
        None => Err(offence(
            case,
            &command,
            &outcome,
            &format!(
                "no located diagnostic ({why}), and no UNLOCATED entry allows its error (which must start \
                 with `{}: error: `)",
                case.tool
            ),
        )),
    }
}

#[test]
fn expected_failures_are_located_diagnostics() {
    let started = Instant::now();
    let tools = toolpaths::Tools::discover(&files::repo_root());
    let (cases, mut offenders) = cases(&tools);
    assert!(!cases.is_empty(), "no `not TOOL` RUN line found under test/: the audit finds nothing to check");
    // Each file's script, parsed once, for the earlier RUN lines of a case.
    let scripts: Vec<Result<script::Script, String>> = cases
        .iter()
        .map(|c| {
            std::fs::read(&c.file)
                .map_err(|e| format!("{}: {e}", c.file.display()))
                .and_then(|b| script::parse(&String::from_utf8_lossy(&b)).map_err(|e| e.message))
        })
        .collect();
    let jobs: Vec<(&Case, &Result<script::Script, String>)> = cases.iter().zip(&scripts).collect();
    let results = parallel(&jobs, |(case, script)| match script {
        Ok(script) => audit(case, &tools, script),
        Err(e) => Err(e.clone()),
    });
    let mut used = vec![false; UNLOCATED.len()];
    for result in results {
        match result {
            Ok(Some(entry)) => used[entry] = true,
            Ok(None) => {}
            Err(offence) => offenders.push(offence),
        }
    }
    for ((_, reason), used) in UNLOCATED.iter().zip(used) {
        if !used {
            offenders.push(format!("the UNLOCATED entry \"{reason}\" allows no expected failure any more: remove it"));
        }
    }
    eprintln!("{} expected failures audited in {:.1} s", cases.len(), started.elapsed().as_secs_f64());
    assert!(
        offenders.is_empty(),
        "{} of {} expected failures of sharc's tools lack a located diagnostic (see docs/testing.md, \"The \
         diagnostics audit\"):\n\n{}",
        offenders.len(),
        cases.len(),
        offenders.join("\n")
    );
}

/// Every `.c` and `.mlir` file under `dir`, `Inputs/` and skipped directories included.
fn inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            inputs(&path, out);
        } else if path.extension().is_some_and(|e| e == "c" || e == "mlir") {
            out.push(path);
        }
    }
}

#[test]
fn no_test_input_crashes_a_tool() {
    let started = Instant::now();
    let root = files::test_root();
    let tools = toolpaths::Tools::discover(&files::repo_root());
    let mut files = Vec::new();
    inputs(&root, &mut files);
    files.sort();
    assert!(files.len() > 100, "only {} .c/.mlir files found under {}", files.len(), root.display());
    let dir = temp_dir("no-crash", "all").expect("temp dir");
    let env = tools.environment();
    let offenders: Vec<String> = parallel(&files, |file| {
        let command = match file.extension().is_some_and(|e| e == "c") {
            true => "sharcc %s --emit=affine > /dev/null",
            false => "sharc-opt %s > /dev/null",
        };
        let command = subst::substitute(command, &paths(file, &dir), &tools).map_err(|e| e.to_string())?;
        let outcome = exec::run(&command, &dir, &env, exec::timeout());
        match exit_code(&outcome) {
            Some(0 | 1) => Ok(()),
            _ => Err(format!(
                "{}: {}\n  command: {command}\n  stderr:\n{}",
                file.strip_prefix(&root).unwrap_or(file).display(),
                status_text(&outcome),
                indent(&String::from_utf8_lossy(&outcome.stderr))
            )),
        }
    })
    .into_iter()
    .filter_map(Result::err)
    .collect();
    eprintln!("{} inputs run in {:.1} s", files.len(), started.elapsed().as_secs_f64());
    assert!(
        offenders.is_empty(),
        "{} of {} inputs under test/ crash a tool (exit status other than 0 or 1):\n\n{}",
        offenders.len(),
        files.len(),
        offenders.join("\n")
    );
}
