//! The command line of `sharc-gpu-run` (its `main` is `tools/src/bin/sharc-gpu-run.rs`, so the
//! lit tests find it beside the other tools; it calls nothing but this crate, so it links no
//! LLVM): replays a launch trace (`sharc-run --launch-trace`) on an NVIDIA GPU.
//!
//! ```text
//! sharc-gpu-run TRACE.json --ptx FILE.ptx [--ptx FILE2.ptx]... [--warmup N] [--reps N] [--rtol R] [--atol A] [--dry-run]
//! sharc-gpu-run --device-info
//! ```
//!
//! Loads the trace and its `.npy` files and checks them against each PTX module (kernels,
//! parameter counts and sizes). With `--dry-run` it stops there (no GPU needed). Otherwise it
//! opens GPU 0, picks the PTX for the newest SM the device runs, replays the trace `--warmup`
//! times untimed and `--reps` times timed (CUDA events around every launch; every replay starts
//! from the trace's uploads), prints the median time per kernel and in total, the footprint
//! bandwidth, and whether the outputs match the simulator's. Exit status 1 on any error or
//! mismatch, with a one-line reason. See docs/tools/sharc-gpu-run.md.

use crate::ptx::{self, PtxInfo};
use crate::replay::{self, Bundle};
use clap::{Arg, ArgAction, Command};
use std::path::Path;
use std::process::ExitCode;

fn command() -> Command {
    Command::new("sharc-gpu-run")
        .about("Replays a sharc launch trace on an NVIDIA GPU: event timing, outputs compared with the simulator's")
        .arg(
            Arg::new("trace")
                .required_unless_present("device-info")
                .help("The launch trace (sharc-run --launch-trace)"),
        )
        .arg(
            Arg::new("ptx")
                .long("ptx")
                .action(ArgAction::Append)
                .required_unless_present("device-info")
                .help("A PTX module with the kernels (several: the newest SM the device runs is used)"),
        )
        .arg(
            Arg::new("warmup")
                .long("warmup")
                .value_parser(clap::value_parser!(usize))
                .default_value("1")
                .help("Untimed replays first"),
        )
        .arg(
            Arg::new("reps")
                .long("reps")
                .value_parser(clap::value_parser!(u64).range(1..))
                .default_value("10")
                .help("Timed replays; times are their median"),
        )
        .arg(
            Arg::new("rtol")
                .long("rtol")
                .value_parser(clap::value_parser!(f64))
                .default_value("1e-5")
                .help("Relative tolerance of the output comparison"),
        )
        .arg(
            Arg::new("atol")
                .long("atol")
                .value_parser(clap::value_parser!(f64))
                .default_value("1e-6")
                .help("Absolute tolerance of the output comparison (a GPU contracts a * b + c into an FMA)"),
        )
        .arg(
            Arg::new("device-info")
                .long("device-info")
                .action(ArgAction::SetTrue)
                .help("Print GPU 0's SM version and name ('sm_90 NAME') and exit"),
        )
        .arg(Arg::new("label").long("label").help("A name printed before the summary line"))
        .arg(
            Arg::new("dry-run")
                .long("dry-run")
                .action(ArgAction::SetTrue)
                .help("Check the trace, its .npy files and the PTX; use no GPU"),
        )
}

/// Runs `sharc-gpu-run` with the process's arguments.
pub fn main() -> ExitCode {
    let m = match command().try_get_matches() {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let first = e.to_string();
            let line = first.lines().next().unwrap_or("bad arguments").trim_start_matches("error: ");
            eprintln!("sharc-gpu-run: error: {line}");
            return ExitCode::from(2);
        }
    };
    match run(&m) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(msg) => {
            eprintln!("sharc-gpu-run: error: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the command; `Ok(false)` when the outputs differ.
fn run(m: &clap::ArgMatches) -> Result<bool, String> {
    if m.get_flag("device-info") {
        let gpu = crate::cuda::Gpu::open()?;
        println!("sm_{} {}", gpu.sm, gpu.name);
        return Ok(true);
    }
    let trace_path = m.get_one::<String>("trace").map(String::as_str).unwrap_or_default();
    let bundle = Bundle::load(Path::new(trace_path))?;
    let t = &bundle.trace;
    let mut kernels: Vec<&str> = Vec::new();
    for l in t.launches() {
        if !kernels.contains(&l.kernel.as_str()) {
            kernels.push(&l.kernel);
        }
    }
    let uploads = bundle.uploads.iter().filter(|u| u.is_some()).count();
    println!(
        "trace {trace_path}: entry @{}, {} buffers ({} bytes), {} launches of {} kernels ({}), {uploads} uploads, {} outputs",
        t.entry,
        t.buffers.len(),
        t.buffers.iter().map(|b| b.bytes()).sum::<u64>(),
        t.launches().count(),
        kernels.len(),
        kernels.join(", "),
        t.outputs.len()
    );
    let mut ptxs: Vec<(String, String, PtxInfo)> = Vec::new();
    for p in m.get_many::<String>("ptx").into_iter().flatten() {
        let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read '{p}': {e}"))?;
        let info = ptx::parse(&text).map_err(|e| format!("{p}: {e}"))?;
        bundle.check_ptx(&info).map_err(|e| format!("{p}: {e}"))?;
        println!("ptx {p} (sm_{}): {} kernels, consistent with the trace", info.sm, info.entries.len());
        ptxs.push((p.clone(), text, info));
    }
    if m.get_flag("dry-run") {
        println!("dry run: trace, arrays and PTX are consistent; no GPU used");
        return Ok(true);
    }
    let gpu = crate::cuda::Gpu::open()?;
    let infos: Vec<PtxInfo> = ptxs.iter().map(|p| p.2.clone()).collect();
    let k = replay::choose(&infos, gpu.sm)
        .ok_or_else(|| format!("no PTX for device 0 ({}, sm_{}): every module is for a newer SM", gpu.name, gpu.sm))?;
    let warmup = m.get_one::<usize>("warmup").copied().unwrap_or(1);
    let reps = m.get_one::<u64>("reps").copied().unwrap_or(10) as usize;
    let rtol = m.get_one::<f64>("rtol").copied().unwrap_or(1e-5);
    let atol = m.get_one::<f64>("atol").copied().unwrap_or(1e-6);
    println!("device {} (sm_{}), ptx {}; {warmup} warm-up and {reps} timed replays", gpu.name, gpu.sm, ptxs[k].0);
    let report = replay::replay(&gpu, &bundle, &ptxs[k].1, warmup, reps, (rtol, atol))?;
    for kt in &report.kernels {
        println!("  {:<32} {:>6} launches {:>12.4} ms", kt.kernel, kt.launches, kt.median_ms);
    }
    let matched = report.outputs.iter().filter(|(_, d)| d.is_none()).count();
    for (name, d) in &report.outputs {
        if let Some(d) = d {
            println!("  output '{name}' differs {d}");
        }
    }
    let gbps = bundle.footprint() as f64 / (report.total_ms * 1e-3) / 1e9;
    let label = m.get_one::<String>("label").map(|l| format!("{l}: ")).unwrap_or_default();
    println!(
        "{label}total {:.4} ms, {gbps:.1} GB/s, outputs {} ({matched} of {})",
        report.total_ms,
        if matched == report.outputs.len() { "match" } else { "DIFFER" },
        report.outputs.len()
    );
    Ok(matched == report.outputs.len())
}
