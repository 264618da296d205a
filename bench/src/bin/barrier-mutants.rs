//! Barrier mutants (issue 16): for every kernel of the suite manifest that sharcc's default
//! pipeline compiles with barriers, delete each `gpu.barrier` in turn and run the mutant in the
//! simulator on the C harness's inputs. The simulator must report a race; a mutant it does not
//! catch either changes no output on those inputs (a barrier this input cannot tell is needed:
//! counted as *undetected, outputs equal*) or changes them silently (*undetected, outputs
//! differ*: a hole in the race detector, the worst case).
//!
//! ```text
//! cargo run --release -p sharc-bench --bin barrier-mutants -- [--size N] [--target T] [--only S1,S2] [--out DIR]
//! ```
//!
//! Prints one line per mutant that is not reported as a race and a summary; exits 1 when a
//! mutant changes outputs without a race report.

use sharc_bench::measure::{repo_root, run_tool, tool_dir};
use sharc_bench::simulated::{build_harness, outputs_equal, run_harness};
use sharc_bench::suite::{harness_values, parse_manifest, Program};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

struct Args {
    size: i64,
    target: String,
    only: Vec<String>,
    out: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        size: 24,
        target: "a100".into(),
        only: Vec::new(),
        out: repo_root().join("target/bench/barrier-mutants"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--size" => a.size = value()?.parse().map_err(|e| format!("--size: {e}"))?,
            "--target" => a.target = value()?,
            "--only" => a.only = value()?.split(',').map(str::to_string).collect(),
            "--out" => a.out = PathBuf::from(value()?),
            "--help" | "-h" => {
                println!("barrier-mutants [--size N] [--target T] [--only S1,S2] [--out DIR]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

/// What one mutant did.
#[derive(Debug, PartialEq, Eq)]
enum Fate {
    Race,
    OtherError(String),
    Equal,
    Differs,
}

fn c_flags(p: &Program) -> Vec<String> {
    let mut flags = Vec::new();
    for i in &p.include {
        flags.extend(["-I".to_string(), repo_root().join(i).display().to_string()]);
    }
    flags.extend(p.define.iter().map(|d| format!("-D{d}")));
    flags
}

/// Runs `gpu` on `dir/in`, dumping to `dump`; the fate against `dir/out`.
fn run_mutant(bin: &Path, gpu: &Path, function: &str, target: &str, dir: &Path, dump: &Path) -> Fate {
    let _ = std::fs::remove_dir_all(dump);
    let out = Command::new(bin.join("sharc-run"))
        .arg(gpu)
        .arg(format!("--entry={function}"))
        .arg(format!("--target={target}"))
        .arg(format!("--inputs={}", dir.join("in").display()))
        .arg(format!("--dump={}", dump.display()))
        .output();
    let out = match out {
        Ok(o) => o,
        Err(e) => return Fate::OtherError(format!("cannot run sharc-run: {e}")),
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return if stderr.contains("race") {
            Fate::Race
        } else {
            Fate::OtherError(stderr.lines().next().unwrap_or("").to_string())
        };
    }
    match outputs_equal(&dir.join("out"), dump) {
        Ok(true) => Fate::Equal,
        _ => Fate::Differs,
    }
}

fn main() -> ExitCode {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("barrier-mutants: {e}");
            return ExitCode::from(2);
        }
    };
    let manifest = repo_root().join("bench/suites/tests.toml");
    let programs = match std::fs::read_to_string(&manifest)
        .map_err(|e| e.to_string())
        .and_then(|t| parse_manifest(&t, &manifest.display().to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("barrier-mutants: {e}");
            return ExitCode::from(2);
        }
    };
    let bin = tool_dir();
    let (mut kernels, mut barriers, mut races, mut equal, mut differs, mut errors) = (0, 0, 0, 0, 0, 0);
    for p in &programs {
        for f in &p.functions {
            let name = format!("{}/{f}", p.label);
            if !a.only.is_empty() && !a.only.iter().any(|s| name.contains(s.as_str())) {
                continue;
            }
            let dir = a.out.join(&p.label).join(f);
            let flags = c_flags(p);
            let reference = (|| {
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                let input = repo_root().join(&p.file);
                let params = build_harness(&bin.join("sharcc"), &input, &flags, f, &dir)?;
                let size = if p.three_d.contains(f) { (a.size / 2).max(4) } else { a.size };
                let (values, _) = harness_values(p, &params, size);
                let values: Vec<&str> = values.iter().map(String::as_str).collect();
                run_harness(&dir, &values)?;
                let gpu = dir.join("default.mlir");
                let mut argv = vec![repo_root().join(&p.file).display().to_string()];
                argv.extend(flags.iter().cloned());
                argv.extend(["--function", f, "--target", &a.target, "--emit=gpu", "-o"].map(str::to_string));
                argv.push(gpu.display().to_string());
                let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
                run_tool(&bin.join("sharcc"), &argv)?;
                std::fs::read_to_string(&gpu).map_err(|e| e.to_string())
            })();
            let text = match reference {
                Ok(t) => t,
                Err(e) => {
                    println!("{name}: not run: {}", e.lines().next().unwrap_or(""));
                    continue;
                }
            };
            let lines: Vec<&str> = text.lines().collect();
            let at: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].trim() == "gpu.barrier").collect();
            if at.is_empty() {
                continue;
            }
            kernels += 1;
            for (k, &line) in at.iter().enumerate() {
                barriers += 1;
                let mutant: String =
                    lines.iter().enumerate().filter(|&(i, _)| i != line).map(|(_, l)| format!("{l}\n")).collect();
                let path = dir.join(format!("mutant-{k}.mlir"));
                if let Err(e) = std::fs::write(&path, mutant) {
                    println!("{name}: {e}");
                    continue;
                }
                let fate = run_mutant(&bin, &path, f, &a.target, &dir, &dir.join(format!("mutant-{k}.out")));
                match &fate {
                    Fate::Race => races += 1,
                    Fate::Equal => {
                        equal += 1;
                        println!("{name}: barrier {k} (line {}): undetected, outputs equal", line + 1);
                    }
                    Fate::Differs => {
                        differs += 1;
                        println!("{name}: barrier {k} (line {}): UNDETECTED, OUTPUTS DIFFER", line + 1);
                    }
                    Fate::OtherError(e) => {
                        errors += 1;
                        println!("{name}: barrier {k} (line {}): sharc-run failed without a race: {e}", line + 1);
                    }
                }
            }
        }
    }
    println!(
        "{kernels} kernels with barriers on {} at n = {}: {barriers} barriers deleted one at a time; {races} reported as a race, \
         {equal} undetected with equal outputs, {differs} undetected with differing outputs, {errors} other failures",
        a.target, a.size
    );
    if differs > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
