//! Differential runs of a C kernel (issue 16): the system C compiler's result against sharc's
//! at every level it can run a program —
//!
//! 1. the C reference: `sharcc --emit=c-harness`, compiled by `cc -O0 -ffp-contract=off`, run on
//!    the harness's deterministic inputs (it writes them, and the reference outputs, as `.npy`);
//! 2. the affine level (`sharcc --emit=affine`) in the simulator;
//! 3. per target, the gpu level of sharcc's default pipeline in the simulator (which also
//!    checks every launch for races and out-of-bounds accesses), and
//! 4. the same gpu level compiled for the CPU by sharc's code generator (`sharc-run --exec=host`).
//!
//! Every output must equal the C compiler's bit for bit (the harness's inputs are exact in every
//! type and sharc keeps the C evaluation order; `-ffp-contract=off` keeps the C compiler from
//! fusing multiply-adds, as sharc does not).
//!
//! [`check_module`] runs an MLIR module at the affine level the same way: its C twin (a C
//! function with the same parameters, `crate::random_module`) gives the reference and the
//! inputs; the module itself is the affine level, and `sharcc MODULE.mlir --target T
//! --emit=gpu` the gpu level.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Where the tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    /// `sharcc`.
    pub sharcc: PathBuf,
    /// `sharc-run`.
    pub sharc_run: PathBuf,
    /// The system C compiler (`cc`).
    pub cc: PathBuf,
}

/// What a differential run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every level agrees with the C compiler; the number of comparisons made.
    Agree(usize),
    /// sharcc rejected the program with a diagnostic (exit 1): not a miscompilation, but a
    /// valid generated program should compile, so callers report it.
    Rejected(String),
    /// A level disagrees, fails, or a tool crashed (exit 101 or a signal).
    Mismatch {
        /// The level (or tool) that failed.
        stage: String,
        /// What it said.
        detail: String,
    },
}

/// One tool invocation: its status code (`None` for a signal), stdout and stderr.
fn run(tool: &Path, args: &[&str]) -> Result<(Option<i32>, String, String), String> {
    let out = Command::new(tool).args(args).output().map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    Ok((
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

fn mismatch(stage: impl Into<String>, detail: impl Into<String>) -> Verdict {
    Verdict::Mismatch { stage: stage.into(), detail: detail.into() }
}

/// The first lines of a tool's stderr, for a report.
fn head(text: &str) -> String {
    text.lines().take(6).collect::<Vec<_>>().join("\n")
}

/// Runs `tool args` and classifies a failure at `stage`: exit 1 is a diagnostic (`Err(Ok(..))`
/// when `rejectable`, else a mismatch), anything else a crash.
fn step(tool: &Path, args: &[&str], stage: &str, rejectable: bool) -> Result<String, Verdict> {
    let (code, stdout, stderr) = run(tool, args).map_err(|e| mismatch(stage, e))?;
    match code {
        Some(0) => Ok(stdout),
        Some(1) if rejectable => Err(Verdict::Rejected(format!("{stage}: {}", head(&stderr)))),
        Some(c) => Err(mismatch(stage, format!("exit {c}: {}", head(&stderr)))),
        None => Err(mismatch(stage, format!("killed by a signal: {}", head(&stderr)))),
    }
}

/// The `.npy` files of `reference` that differ from (or are missing in) `dump`.
fn compare_dumps(reference: &Path, dump: &Path) -> Result<Vec<String>, String> {
    let mut differing = Vec::new();
    let entries = fs::read_dir(reference).map_err(|e| format!("{}: {e}", reference.display()))?;
    let mut names: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    names.sort();
    for r in names.iter().filter(|p| p.extension().is_some_and(|x| x == "npy")) {
        let name = r.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let ours = dump.join(&name);
        let same = match (fs::read(r), fs::read(&ours)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if !same {
            differing.push(name);
        }
    }
    Ok(differing)
}

/// Runs the C file `source` (function `function`, harness arguments `args`) through every level
/// for each of `targets`, in the scratch directory `dir` (created, and emptied first); `host`
/// adds the host execution of each target's gpu level.
pub fn check(
    tools: &Tools,
    source: &str,
    function: &str,
    args: &[String],
    targets: &[&str],
    host: bool,
    dir: &Path,
) -> Verdict {
    let c = dir.join("program.c");
    let checked = fresh_dir(dir, &[(&c, source)])
        .and_then(|()| check_levels(tools, &c, None, function, args, targets, host, dir));
    checked.map_or_else(|v| v, Verdict::Agree)
}

/// Runs the MLIR module `module` (affine level, entry `function`) through the simulator and,
/// per target, sharcc's gpu level (and the host execution with `host`), against its C twin
/// `c_source`: the twin's harness makes the inputs and the reference outputs. In `dir`, as
/// [`check`].
#[allow(clippy::too_many_arguments)]
pub fn check_module(
    tools: &Tools,
    c_source: &str,
    module: &str,
    function: &str,
    args: &[String],
    targets: &[&str],
    host: bool,
    dir: &Path,
) -> Verdict {
    let (c, m) = (dir.join("program.c"), dir.join("module.mlir"));
    let checked = fresh_dir(dir, &[(&c, c_source), (&m, module)])
        .and_then(|()| check_levels(tools, &c, Some(&m), function, args, targets, host, dir));
    checked.map_or_else(|v| v, Verdict::Agree)
}

/// Empties (or creates) `dir` and writes `files` into it.
fn fresh_dir(dir: &Path, files: &[(&Path, &str)]) -> Result<(), Verdict> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir).map_err(|e| mismatch("setup", format!("{}: {e}", dir.display())))?;
    for (path, text) in files {
        fs::write(path, text).map_err(|e| mismatch("setup", format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// The levels of `c` (the reference, and what sharc compiles unless `module` is given: then
/// the module is the affine level and sharcc's input).
#[allow(clippy::too_many_arguments)]
fn check_levels(
    tools: &Tools,
    c: &Path,
    module: Option<&Path>,
    function: &str,
    args: &[String],
    targets: &[&str],
    host: bool,
    dir: &Path,
) -> Result<usize, Verdict> {
    let p = |x: &Path| x.display().to_string();
    let (c_s, harness_c, harness, io) = (p(c), dir.join("harness.c"), dir.join("harness"), dir.join("io"));
    step(
        &tools.sharcc,
        &[&c_s, "--function", function, "--emit=c-harness", "-o", &p(&harness_c)],
        "sharcc --emit=c-harness",
        true,
    )?;
    step(&tools.cc, &["-O0", "-ffp-contract=off", &p(&harness_c), "-o", &p(&harness), "-lm"], "cc", false)?;
    let mut harness_args = vec![p(&io)];
    harness_args.extend(args.iter().cloned());
    let harness_args: Vec<&str> = harness_args.iter().map(String::as_str).collect();
    step(&harness, &harness_args, "C reference", false)?;
    let (inputs, reference) = (p(&io.join("in")), io.join("out"));
    let mut compared = 0;
    let mut compare = |stage: &str, dump: &Path| -> Result<(), Verdict> {
        let differing = compare_dumps(&reference, dump).map_err(|e| mismatch(stage, e))?;
        compared += 1;
        if differing.is_empty() {
            Ok(())
        } else {
            Err(mismatch(stage, format!("outputs differ from the C compiler's: {}", differing.join(", "))))
        }
    };
    let affine = match module {
        Some(m) => m.to_path_buf(),
        None => {
            let affine = dir.join("affine.mlir");
            step(
                &tools.sharcc,
                &[&c_s, "--function", function, "--emit=affine", "-o", &p(&affine)],
                "sharcc --emit=affine",
                true,
            )?;
            affine
        }
    };
    // sharcc's input: the C file (with the function to compile) or the module.
    let (input, select): (String, &[&str]) = match module {
        Some(m) => (p(m), &[]),
        None => (c_s.clone(), &["--function", function]),
    };
    let dump = dir.join("affine.out");
    step(
        &tools.sharc_run,
        &[&p(&affine), "--entry", function, "--inputs", &inputs, "--dump", &p(&dump)],
        "sharc-run (affine)",
        false,
    )?;
    compare("sharc-run (affine)", &dump)?;
    for t in targets {
        let gpu = dir.join(format!("{t}.mlir"));
        let stage = format!("sharcc --target {t} --emit=gpu");
        let mut sharcc_args = vec![input.as_str()];
        sharcc_args.extend_from_slice(select);
        let gpu_s = p(&gpu);
        sharcc_args.extend(["--target", t, "--emit=gpu", "-o", &gpu_s]);
        step(&tools.sharcc, &sharcc_args, &stage, true)?;
        let dump = dir.join(format!("{t}.out"));
        let stage = format!("sharc-run ({t}, simulator)");
        step(
            &tools.sharc_run,
            &[&p(&gpu), "--entry", function, "--inputs", &inputs, "--dump", &p(&dump)],
            &stage,
            false,
        )?;
        compare(&stage, &dump)?;
        if host {
            let dump = dir.join(format!("{t}.host"));
            let stage = format!("sharc-run ({t}, --exec=host)");
            step(
                &tools.sharc_run,
                &[&p(&gpu), "--entry", function, "--inputs", &inputs, "--exec=host", "--dump", &p(&dump)],
                &stage,
                false,
            )?;
            compare(&stage, &dump)?;
        }
    }
    Ok(compared)
}
