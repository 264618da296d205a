//! Differential runs of random programs (issue 16; docs/testing.md): each seed's C kernel
//! (`sharc_bench::random_program`) and MLIR affine module (`sharc_bench::random_module`, with
//! its C twin as the reference) go through the C compiler and every level of sharc
//! (`sharc_bench::differential`), for a100, gtx690 and mi250x, and the outputs are compared bit
//! for bit.
//!
//! ```text
//! cargo run --release -p sharc-bench --bin random-programs -- [--count N] [--first SEED] [--jobs J]
//!     [--host-every K] [--kind c|mlir|both] [--keep DIR]
//! ```
//!
//! `--kind` chooses the programs: the C kernels, the MLIR modules, or (the default) both: each
//! seed then gives two programs, its C kernel and its module, so `--count N` runs 2N.
//! `--host-every K` adds the host execution (`--exec=host`, an LLVM compile per target) to every
//! K-th program (default 10: it dominates the run time). Prints one line per mismatch or
//! rejection and a summary; exits 1 if any program mismatched. `--keep DIR` keeps every scratch
//! directory under DIR (default: one temporary directory, removed at the end).

use sharc_bench::differential::{check, check_module, Tools, Verdict};
use sharc_bench::measure::tool_dir;
use sharc_bench::random_module;
use sharc_bench::random_program::generate;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

const TARGETS: [&str; 3] = ["a100", "gtx690", "mi250x"];

struct Args {
    count: u64,
    first: u64,
    jobs: usize,
    host_every: u64,
    kinds: Vec<Kind>,
    keep: Option<PathBuf>,
}

/// What a seed names: a C kernel or an MLIR module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    C,
    Mlir,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args { count: 100, first: 0, jobs: 2, host_every: 10, kinds: vec![Kind::C, Kind::Mlir], keep: None };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--count" => a.count = number(value()?)?,
            "--first" => a.first = number(value()?)?,
            "--jobs" => a.jobs = number(value()?)?.max(1) as usize,
            "--host-every" => a.host_every = number(value()?)?,
            "--keep" => a.keep = Some(PathBuf::from(value()?)),
            "--kind" => {
                a.kinds = match value()?.as_str() {
                    "c" => vec![Kind::C],
                    "mlir" => vec![Kind::Mlir],
                    "both" => vec![Kind::C, Kind::Mlir],
                    other => return Err(format!("--kind: expected c, mlir or both, got '{other}'")),
                }
            }
            "--help" | "-h" => {
                println!(
                    "random-programs [--count N] [--first SEED] [--jobs J] [--host-every K] [--kind c|mlir|both] [--keep DIR]"
                );
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("random-programs: {e}");
            return ExitCode::from(2);
        }
    };
    let bin = tool_dir();
    let tools = Tools { sharcc: bin.join("sharcc"), sharc_run: bin.join("sharc-run"), cc: PathBuf::from("cc") };
    let scratch =
        a.keep.clone().unwrap_or_else(|| std::env::temp_dir().join(format!("sharc-random-{}", std::process::id())));
    // Job j is seed first + j / kinds of kind j % kinds.
    let next = AtomicU64::new(0);
    let end = a.first + a.count;
    let kinds = a.kinds.len() as u64;
    let (agree, compared) = (AtomicU64::new(0), AtomicU64::new(0));
    let ran = [AtomicU64::new(0), AtomicU64::new(0)];
    let findings: Mutex<Vec<(String, Verdict)>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..a.jobs {
            s.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                let seed = a.first + job / kinds;
                if seed >= end {
                    break;
                }
                let kind = a.kinds[(job % kinds) as usize];
                let host = a.host_every > 0 && seed.is_multiple_of(a.host_every);
                let (v, name, dir) = match kind {
                    Kind::C => {
                        let dir = scratch.join(format!("seed-{seed}"));
                        let p = generate(seed);
                        (check(&tools, &p.source, &p.function, &p.args, &TARGETS, host, &dir), "seed", dir)
                    }
                    Kind::Mlir => {
                        let dir = scratch.join(format!("module-{seed}"));
                        let m = random_module::generate(seed);
                        let v =
                            check_module(&tools, &m.c_source, &m.module, &m.function, &m.args, &TARGETS, host, &dir);
                        (v, "module seed", dir)
                    }
                };
                ran[kind as usize].fetch_add(1, Ordering::Relaxed);
                match v {
                    Verdict::Agree(n) => {
                        agree.fetch_add(1, Ordering::Relaxed);
                        compared.fetch_add(n as u64, Ordering::Relaxed);
                        if a.keep.is_none() {
                            let _ = std::fs::remove_dir_all(&dir);
                        }
                    }
                    other => {
                        println!("{name} {seed}: {other:?}");
                        findings.lock().unwrap_or_else(|e| e.into_inner()).push((format!("{name} {seed}"), other));
                    }
                }
            });
        }
    });
    if a.keep.is_none() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    let findings = findings.into_inner().unwrap_or_else(|e| e.into_inner());
    let mismatches = findings.iter().filter(|(_, v)| matches!(v, Verdict::Mismatch { .. })).count();
    let rejected = findings.len() - mismatches;
    let (c, m) = (ran[0].load(Ordering::Relaxed), ran[1].load(Ordering::Relaxed));
    println!(
        "{} programs ({c} C kernels, {m} MLIR modules; seeds {}..{}): {} agree ({} comparisons with the C compiler), {} rejected, {} mismatched; {:.1} s",
        c + m,
        a.first,
        end,
        agree.load(Ordering::Relaxed),
        compared.load(Ordering::Relaxed),
        rejected,
        mismatches,
        start.elapsed().as_secs_f64()
    );
    if mismatches > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
