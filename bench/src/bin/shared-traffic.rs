//! Global-memory traffic with and without shared-memory placement, per kernel and target, as
//! `sharc-run` counts it (32-byte sectors), next to each kernel's compulsory traffic.
//!
//! For each function of `bench/kernels/shared-memory.c` (or `--input FILE`): the C compiler's
//! build of the function (`sharcc --emit=c-harness`) writes the inputs and the reference
//! outputs at size n; then for each target `sharcc --emit=gpu` as is and with `--no-shared --ilp=off`,
//! and `sharc-run --metrics=json` on both. The outputs of both must equal the C compiler's (the
//! simulator also fails on any race or out-of-bounds access). The table gives the sectors, the
//! baseline / shared ratio, and shared / compulsory.
//!
//! ```text
//! cargo build -p sharc-tools && cargo run -p sharc-bench --bin shared-traffic [-- --n 256 --targets a100,gtx690]
//! ```

use sharc_bench::measure::{repo_root, run_tool, tool_dir};
use sharc_bench::simulated::{c_reference, outputs_equal, run_metrics, sum_field};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: shared-traffic [--n SIZE] [--n3d SIZE] [--targets T1,T2] [--input FILE.c] [--functions F1,F2] [--out-dir DIR]";

/// Kernels over 3-D arrays, run at `--n3d` (n³ points cost the simulator n times a 2-D kernel).
const THREE_D: &[&str] = &["conv3d"];

/// The functions of the default input, in table order.
const FUNCTIONS: &[&str] = &["transpose", "gemm", "matvec", "gauss", "hotspot", "conv2d", "conv3d", "syrk"];

struct Args {
    n: i64,
    n3d: i64,
    targets: Vec<String>,
    input: PathBuf,
    functions: Vec<String>,
    out_dir: PathBuf,
    bin: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let repo = repo_root();
    let exe_dir = tool_dir();
    let mut a = Args {
        n: 256,
        n3d: 64,
        targets: vec!["a100".into(), "gtx690".into()],
        input: repo.join("bench/kernels/shared-memory.c"),
        functions: FUNCTIONS.iter().map(|s| s.to_string()).collect(),
        out_dir: repo.join("target/bench/shared-traffic"),
        bin: exe_dir,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        let list = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
        match flag.as_str() {
            "--n" => a.n = value()?.parse().map_err(|_| format!("--n: not a number\n{USAGE}"))?,
            "--n3d" => a.n3d = value()?.parse().map_err(|_| format!("--n3d: not a number\n{USAGE}"))?,
            "--targets" => a.targets = list(value()?),
            "--input" => a.input = PathBuf::from(value()?),
            "--functions" => a.functions = list(value()?),
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

struct Measured {
    sectors: u64,
    compulsory_sectors: u64,
    equal: bool,
}

/// Compiles `function` for `target` (with or without shared memory), runs it on the inputs in
/// `run_dir/in`, and compares its outputs with `run_dir/out`.
fn measure(a: &Args, function: &str, target: &str, shared: bool, run_dir: &Path) -> Result<Measured, String> {
    let tag = if shared { "shared" } else { "baseline" };
    let gpu = run_dir.join(format!("{target}.{tag}.mlir"));
    let s = |p: &Path| p.display().to_string();
    let mut args = vec![s(&a.input), "--function".into(), function.into(), "--target".into(), target.into()];
    args.extend(["--emit=gpu".into(), "-o".into(), s(&gpu)]);
    if !shared {
        // The naive mapping: no shared memory and no ILP replication (whose hoisted loads would
        // lower the baseline's sectors too).
        args.extend(["--no-shared".into(), "--ilp=off".into()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_tool(&a.bin.join("sharcc"), &args)?;
    let dump = run_dir.join(format!("{target}.{tag}"));
    let json = run_dir.join(format!("{target}.{tag}.json"));
    let metrics = run_metrics(&a.bin.join("sharc-run"), &gpu, function, target, &run_dir.join("in"), &dump)?;
    std::fs::write(&json, &metrics).map_err(|e| format!("{}: {e}", json.display()))?;
    Ok(Measured {
        sectors: sum_field(&metrics, "global_sectors"),
        compulsory_sectors: sum_field(&metrics, "compulsory_bytes").div_ceil(32),
        equal: outputs_equal(&run_dir.join("out"), &dump)?,
    })
}

/// The C compiler's reference run of `function` at size n: inputs and outputs as `.npy`.
fn reference(a: &Args, function: &str, dir: &Path) -> Result<(), String> {
    let n = if THREE_D.contains(&function) { a.n3d } else { a.n };
    let size = format!("n={n}");
    c_reference(&a.bin.join("sharcc"), &a.input, function, dir, &[&size, "alpha=1.5", "beta=-0.5", "c=0.25"])
}

fn run(a: &Args) -> Result<bool, String> {
    println!(
        "Global 32-byte sectors in sharc-run, n = {} ({} for {}), input {}",
        a.n,
        a.n3d,
        THREE_D.join(", "),
        a.input.display()
    );
    println!("baseline: `sharcc --no-shared --ilp=off` (sharc-map-baseline); shared: sharcc's default pipeline\n");
    println!("| kernel | target | baseline sectors | shared sectors | baseline / shared | compulsory | shared / compulsory | outputs = cc |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut all_equal = true;
    for f in &a.functions {
        let dir = a.out_dir.join(f);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        reference(a, f, &dir).map_err(|e| format!("{f}: {e}"))?;
        for t in &a.targets {
            let base = measure(a, f, t, false, &dir).map_err(|e| format!("{f} on {t}, baseline: {e}"))?;
            let shared = measure(a, f, t, true, &dir).map_err(|e| format!("{f} on {t}, shared: {e}"))?;
            let equal = base.equal && shared.equal;
            all_equal &= equal;
            println!(
                "| {f} | {t} | {} | {} | {:.2} | {} | {:.3} | {} |",
                base.sectors,
                shared.sectors,
                base.sectors as f64 / shared.sectors.max(1) as f64,
                shared.compulsory_sectors,
                shared.sectors as f64 / shared.compulsory_sectors.max(1) as f64,
                if equal { "yes" } else { "NO" }
            );
        }
    }
    Ok(all_equal)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("shared-traffic: some outputs differ from the C compiler's");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("shared-traffic: {e}");
            ExitCode::FAILURE
        }
    }
}
