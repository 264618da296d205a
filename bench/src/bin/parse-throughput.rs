//! `parse-throughput`: how fast sharc reads, verifies and prints a large affine module,
//! compared with upstream `mlir-opt`.
//!
//! 1. Generates a module of PolyBench-style kernels (`sharc_bench::kernels`) and runs it once
//!    through `mlir-opt` to get upstream's canonical printed form; both tools read that file.
//! 2. Checks that `sharc-opt` accepts it and whether it prints it back byte for byte.
//! 3. Times `sharc-opt FILE -o /dev/null` and `mlir-opt FILE -o /dev/null` (also with
//!    `--mlir-disable-threading`, since mlir-opt verifies isolated regions in parallel),
//!    interleaved, several repetitions, median wall time; reads the per-phase split from one
//!    `--mlir-timing` run per repetition.
//! 4. Measures parse, verify and print in-process through the library.
//!
//! ```sh
//! cargo build --release -p sharc-tools && cargo run --release -p sharc-bench --bin parse-throughput
//! cargo run --release -p sharc-bench --bin parse-throughput -- --functions 500 --reps 3
//! ```
//!
//! Prints Markdown tables (pasted into `bench/README.md`).

use sharc_bench::kernels;
use sharc_bench::measure::{mb_per_s, median, parse_timing_report, repo_root, run_tool, tool_dir, Phases};
use sharc_ir::syntax::{parse_source, print_op, ParseOptions, PrintOptions};
use sharc_ir::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: parse-throughput [--functions N] [--reps N] [--input FILE] [--out-dir DIR]
                        [--sharc-opt PATH] [--mlir-opt PATH]

  --functions N    kernels in the generated module (default 4000)
  --reps N         timed repetitions per tool; the median is reported (default 5)
  --input FILE     benchmark FILE as it is instead of generating a module
  --out-dir DIR    where the generated files go (default <workspace>/target/bench)
  --sharc-opt PATH sharc-opt to time (default: beside this binary, i.e. target/release/sharc-opt;
                   or $SHARC_OPT)
  --mlir-opt PATH  mlir-opt to time (default $SHARC_LLVM_BIN/mlir-opt, /usr/lib/llvm-22/bin/mlir-opt)";

struct Args {
    functions: usize,
    reps: usize,
    input: Option<PathBuf>,
    out_dir: PathBuf,
    sharc_opt: PathBuf,
    mlir_opt: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let workspace = repo_root();
    let exe_dir = tool_dir();
    let llvm_bin = std::env::var("SHARC_LLVM_BIN").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".to_string());
    let mut a = Args {
        functions: 4000,
        reps: 5,
        input: None,
        out_dir: workspace.join("target/bench"),
        sharc_opt: std::env::var_os("SHARC_OPT").map_or_else(|| exe_dir.join("sharc-opt"), PathBuf::from),
        mlir_opt: Path::new(&llvm_bin).join("mlir-opt"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.to_string());
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let number = || value.parse::<usize>().map_err(|_| format!("{flag}: '{value}' is not a number"));
        match flag.as_str() {
            "--functions" => a.functions = number()?,
            "--reps" => a.reps = number()?.max(1),
            "--input" => a.input = Some(PathBuf::from(&value)),
            "--out-dir" => a.out_dir = PathBuf::from(&value),
            "--sharc-opt" => a.sharc_opt = PathBuf::from(&value),
            "--mlir-opt" => a.mlir_opt = PathBuf::from(&value),
            _ => return Err(format!("unknown option '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parse-throughput: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(a: &Args) -> Result<(), String> {
    if !a.sharc_opt.exists() {
        return Err(format!(
            "no sharc-opt at {}: build it with `cargo build --release -p sharc-tools` (or pass --sharc-opt)",
            a.sharc_opt.display()
        ));
    }
    if a.sharc_opt.components().any(|c| c.as_os_str() == "debug") {
        eprintln!("warning: {} is a debug build; numbers are meaningless", a.sharc_opt.display());
    }
    let file = match &a.input {
        Some(f) => f.clone(),
        None => generate(a)?,
    };
    let path = file.to_str().ok_or("the input path is not UTF-8")?;
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {path}: {e}"))?;
    let bytes = text.len();

    // Warm-up and fidelity: sharc-opt must accept the file; report whether it round-trips.
    let echo = a.out_dir.join("sharc-printed.mlir");
    let echo_s = echo.to_str().ok_or("the output path is not UTF-8")?;
    run_tool(&a.sharc_opt, &[path, "-o", echo_s])?;
    let printed = std::fs::read_to_string(&echo).map_err(|e| format!("cannot read {echo_s}: {e}"))?;
    let fidelity = first_difference(&text, &printed);
    run_tool(&a.mlir_opt, &[path, "-o", "/dev/null"])?;

    let tools: Vec<Tool> = vec![
        Tool { name: "sharc-opt", path: &a.sharc_opt, args: vec![path, "-o", "/dev/null"] },
        Tool { name: "mlir-opt", path: &a.mlir_opt, args: vec![path, "-o", "/dev/null"] },
        Tool {
            name: "mlir-opt, 1 thread",
            path: &a.mlir_opt,
            args: vec!["--mlir-disable-threading", path, "-o", "/dev/null"],
        },
    ];
    let load_before = load_average();
    let (walls, phases) = time_tools(&tools, a.reps)?;
    let in_proc = in_process(&text, a.reps)?;

    println!("Input: `{path}` ({}), {} repetitions, median wall time.", kernels::describe(&text), a.reps);
    println!(
        "sharc-opt: `{}`; mlir-opt: `{}` ({}).",
        a.sharc_opt.display(),
        a.mlir_opt.display(),
        tool_version(&a.mlir_opt)
    );
    println!("sharc-opt's output vs the input: {fidelity}.");
    println!("1-minute load average before / after the timed runs: {load_before} / {}.\n", load_average());
    println!("| tool | wall time | MB/s | sharc-opt time / this time |\n|---|---|---|---|");
    let sharc = walls[0];
    for (t, wall) in tools.iter().zip(&walls) {
        let ratio = sharc.as_secs_f64() / wall.as_secs_f64();
        let cmd = t.args.join(" ").replace(path, "FILE");
        println!("| {} (`{cmd}`) | {} | {:.1} | {ratio:.2} |", t.name, secs(*wall), mb_per_s(bytes, *wall));
    }
    println!("\nPhases (`--mlir-timing`, median per phase; mlir-opt verifies inside its `Parser` phase, so");
    println!("parse and verify are compared together):\n");
    println!("| phase | sharc-opt | mlir-opt | mlir-opt, 1 thread | sharc/mlir | sharc/mlir 1 thread |");
    println!("|---|---|---|---|---|---|");
    type Pick = fn(&Phases) -> Duration;
    let rows: [(&str, Pick); 2] = [("parse + verify", |p| p.parse + p.verify), ("print", |p| p.print)];
    for (name, pick) in rows {
        let m: Vec<Duration> = phases.iter().map(|ps| median(&ps.iter().map(pick).collect::<Vec<_>>())).collect();
        let r = |i: usize| m[0].as_secs_f64() / m[i].as_secs_f64();
        println!("| {name} | {} | {} | {} | {:.2} | {:.2} |", secs(m[0]), secs(m[1]), secs(m[2]), r(1), r(2));
    }
    println!("\nIn process (sharc library, median of {} runs):\n", a.reps);
    println!("| phase | time | MB/s of input |\n|---|---|---|");
    for (name, t) in in_proc {
        println!("| {name} | {} | {:.1} |", secs(t), mb_per_s(bytes, t));
    }
    Ok(())
}

/// A command to time.
struct Tool<'a> {
    name: &'static str,
    path: &'a Path,
    args: Vec<&'a str>,
}

/// Runs every tool `reps` times, interleaved so that drifting machine load hits all alike: once
/// plain (wall time) and once with `--mlir-timing` (phases). Returns the median wall time per
/// tool and every phase report per tool.
fn time_tools(tools: &[Tool], reps: usize) -> Result<(Vec<Duration>, Vec<Vec<Phases>>), String> {
    let mut walls: Vec<Vec<Duration>> = vec![Vec::new(); tools.len()];
    let mut phases: Vec<Vec<Phases>> = vec![Vec::new(); tools.len()];
    for rep in 0..reps {
        eprintln!("repetition {}/{reps}", rep + 1);
        for (i, t) in tools.iter().enumerate() {
            walls[i].push(run_tool(t.path, &t.args)?.0);
            let mut timed = t.args.clone();
            timed.push("--mlir-timing");
            phases[i].push(parse_timing_report(&run_tool(t.path, &timed)?.1));
        }
    }
    Ok((walls.iter().map(|w| median(w)).collect(), phases))
}

/// Writes the generated module and its canonical form (`mlir-opt` output); returns the latter.
fn generate(a: &Args) -> Result<PathBuf, String> {
    std::fs::create_dir_all(&a.out_dir).map_err(|e| format!("cannot create {}: {e}", a.out_dir.display()))?;
    let raw = a.out_dir.join(format!("affine-{}.gen.mlir", a.functions));
    let canonical = a.out_dir.join(format!("affine-{}.mlir", a.functions));
    let text = kernels::generate(a.functions);
    std::fs::write(&raw, &text).map_err(|e| format!("cannot write {}: {e}", raw.display()))?;
    let (raw_s, canon_s) = (raw.to_str().ok_or("non-UTF-8 path")?, canonical.to_str().ok_or("non-UTF-8 path")?);
    eprintln!("generated {raw_s} ({}); canonicalizing with {}", kernels::describe(&text), a.mlir_opt.display());
    run_tool(&a.mlir_opt, &[raw_s, "-o", canon_s])?;
    Ok(canonical)
}

/// Parse, verify, print and free through the library; returns the median of each phase and of
/// their sum.
fn in_process(text: &str, reps: usize) -> Result<Vec<(&'static str, Duration)>, String> {
    let registry = sharc_dialects::registry();
    let (mut parse, mut verify, mut print, mut drop, mut total) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..reps {
        let mut ctx = Context::new(Arc::clone(&registry));
        let t0 = Instant::now();
        let module = parse_source(&mut ctx, "bench.mlir", text, &ParseOptions::default()).map_err(|d| d.message)?;
        let t1 = Instant::now();
        sharc_ir::verifier::verify(&ctx, module).map_err(|d| d.message)?;
        let t2 = Instant::now();
        let out = print_op(&ctx, module, PrintOptions::default());
        let t3 = Instant::now();
        std::hint::black_box(out);
        std::mem::drop(ctx);
        let t4 = Instant::now();
        parse.push(t1 - t0);
        verify.push(t2 - t1);
        print.push(t3 - t2);
        drop.push(t4 - t3);
        total.push(t4 - t0);
    }
    Ok(vec![
        ("parse (`parse_source`)", median(&parse)),
        ("verify (`verifier::verify`)", median(&verify)),
        ("print (`print_op`)", median(&print)),
        ("free the IR (drop the `Context`)", median(&drop)),
        ("total", median(&total)),
    ])
}

/// The 1-minute load average (other processes compete for the cores and skew the timings).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

fn secs(t: Duration) -> String {
    format!("{:.3} s", t.as_secs_f64())
}

fn tool_version(tool: &Path) -> String {
    let out = std::process::Command::new(tool).arg("--version").output();
    let text = out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default();
    text.lines().find(|l| l.contains("version")).map_or_else(|| "version unknown".to_string(), |l| l.trim().to_string())
}

/// "identical" or where the texts first differ.
fn first_difference(expected: &str, found: &str) -> String {
    if expected == found {
        return "identical (byte for byte)".to_string();
    }
    for (n, (e, f)) in expected.lines().zip(found.lines()).enumerate() {
        if e != f {
            return format!("differs from line {}: mlir-opt `{}`, sharc-opt `{}`", n + 1, e.trim(), f.trim());
        }
    }
    format!("differs in length ({} vs {} lines)", expected.lines().count(), found.lines().count())
}
