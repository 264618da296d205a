//! Differential runs of random C kernels (issue 16; docs/testing.md): each seed's program
//! (`sharc_bench::random_program`) goes through the C compiler and every level of sharc
//! (`sharc_bench::differential`), for a100, gtx690 and mi250x, and the outputs are compared bit
//! for bit.
//!
//! ```text
//! cargo run --release -p sharc-bench --bin random-programs -- [--count N] [--first SEED] [--jobs J]
//!     [--host-every K] [--keep DIR]
//! ```
//!
//! `--host-every K` adds the host execution (`--exec=host`, an LLVM compile per target) to every
//! K-th program (default 10: it dominates the run time). Prints one line per mismatch or
//! rejection and a summary; exits 1 if any program mismatched. `--keep DIR` keeps every scratch
//! directory under DIR (default: one temporary directory, removed at the end).

use sharc_bench::differential::{check, Tools, Verdict};
use sharc_bench::measure::tool_dir;
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
    keep: Option<PathBuf>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args { count: 100, first: 0, jobs: 2, host_every: 10, keep: None };
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
            "--help" | "-h" => {
                println!("random-programs [--count N] [--first SEED] [--jobs J] [--host-every K] [--keep DIR]");
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
    let next = AtomicU64::new(a.first);
    let end = a.first + a.count;
    let (agree, compared) = (AtomicU64::new(0), AtomicU64::new(0));
    let findings: Mutex<Vec<(u64, Verdict)>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..a.jobs {
            s.spawn(|| loop {
                let seed = next.fetch_add(1, Ordering::Relaxed);
                if seed >= end {
                    break;
                }
                let p = generate(seed);
                let host = a.host_every > 0 && seed.is_multiple_of(a.host_every);
                let dir = scratch.join(format!("seed-{seed}"));
                let v = check(&tools, &p.source, &p.function, &p.args, &TARGETS, host, &dir);
                match v {
                    Verdict::Agree(n) => {
                        agree.fetch_add(1, Ordering::Relaxed);
                        compared.fetch_add(n as u64, Ordering::Relaxed);
                        if a.keep.is_none() {
                            let _ = std::fs::remove_dir_all(&dir);
                        }
                    }
                    other => {
                        println!("seed {seed}: {other:?}");
                        findings.lock().unwrap_or_else(|e| e.into_inner()).push((seed, other));
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
    println!(
        "{} programs (seeds {}..{}): {} agree ({} comparisons with the C compiler), {} rejected, {} mismatched; {:.1} s",
        a.count,
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
