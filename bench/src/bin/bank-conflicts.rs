//! Shared-memory bank conflicts before and after `sharc-bank-conflicts`, per kernel and target,
//! as `sharc-run` counts them (wavefronts beyond the conflict-free minimum), with the fix the
//! pass chose (read back from `sharcc --report`) and the pass's compile time.
//!
//! For each function of the inputs (seed 000's kernels in `bench/kernels/shared-memory.c` and
//! the complex scaling of `test/passes/memplace/Inputs/cscale.c`): the C compiler's build writes inputs and
//! reference outputs at size n; then for each target `sharcc --emit=gpu --ilp=off --vectorize=off` with
//! `--bank-fix=off`, `auto` and `paper`, and `sharc-run --metrics=json` on each. Every output must equal the C
//! compiler's and the global sectors must not change.
//!
//! ```text
//! cargo build --release -p sharc-tools && cargo run --release -p sharc-bench --bin bank-conflicts [-- --n 256 --targets a100,hd7850]
//! ```

use sharc_bench::measure::{repo_root, run_tool, timing_row, tool_dir};
use sharc_bench::simulated::{c_reference, outputs_equal, run_metrics, sum_field};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: bank-conflicts [--n SIZE] [--targets T1,T2] [--functions F1,F2] [--out-dir DIR]";

/// `(input file in the repository, function)`, in table order.
const KERNELS: &[(&str, &str)] = &[
    ("bench/kernels/shared-memory.c", "transpose"),
    ("bench/kernels/shared-memory.c", "matvec"),
    ("bench/kernels/shared-memory.c", "gemm"),
    ("bench/kernels/shared-memory.c", "gauss"),
    ("bench/kernels/shared-memory.c", "hotspot"),
    ("test/passes/memplace/Inputs/cscale.c", "cscale"),
];

const TARGETS: &[&str] = &["a100", "gtx690", "c2050", "mi250x", "hd7850"];

const FIXES: [&str; 3] = ["off", "auto", "paper"];

struct Args {
    n: i64,
    targets: Vec<String>,
    functions: Vec<String>,
    out_dir: PathBuf,
    repo: PathBuf,
    bin: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let repo = repo_root();
    let exe_dir = tool_dir();
    let mut a = Args {
        n: 256,
        targets: TARGETS.iter().map(|s| s.to_string()).collect(),
        functions: KERNELS.iter().map(|k| k.1.to_string()).collect(),
        out_dir: repo.join("target/bench/bank-conflicts"),
        repo: repo.clone(),
        bin: exe_dir,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        let list = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
        match flag.as_str() {
            "--n" => a.n = value()?.parse().map_err(|_| format!("--n: not a number\n{USAGE}"))?,
            "--targets" => a.targets = list(value()?),
            "--functions" => a.functions = list(value()?),
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

/// The `bank` cells of a `sharcc --report` table (the last column), joined.
fn bank_cells(report: &str) -> String {
    let mut lines = report.lines().skip_while(|l| !l.starts_with("kernel"));
    let Some(header) = lines.next() else { return "-".to_string() };
    let Some(at) = header.rfind("bank") else { return "-".to_string() };
    // The column ends where the next one (ilp) starts, or at the end of the line.
    let end = header[at..].find("ilp").map(|e| at + e);
    // Kernel rows start with the kernel's symbol; the timing report that follows does not.
    let cells: Vec<&str> = lines
        .take_while(|l| l.starts_with('-') || l.starts_with('@'))
        .filter(|l| l.starts_with('@'))
        .map(|l| end.map_or(l.get(at..), |e| l.get(at..e)).unwrap_or("-").trim())
        .filter(|c| !c.is_empty())
        .collect();
    if cells.is_empty() {
        "-".to_string()
    } else {
        cells.join("; ")
    }
}

struct Measured {
    wavefronts: u64,
    ideal: u64,
    sectors: u64,
    equal: bool,
    fix: String,
    pass_secs: f64,
    total_secs: f64,
}

fn measure(a: &Args, input: &Path, function: &str, target: &str, fix: &str, dir: &Path) -> Result<Measured, String> {
    let gpu = dir.join(format!("{target}.{fix}.mlir"));
    let s = |p: &Path| p.display().to_string();
    let mut args = vec![s(input), "--function".into(), function.into(), "--target".into(), target.into()];
    // ILP replication is off: it moves shared loads (hoisting), which would blur what the bank
    // fixes alone do (bench/ilp measures it).
    args.extend([format!("--bank-fix={fix}"), "--ilp=off".into(), "--emit=gpu".into(), "--report".into()]);
    // Vectorization is off too: vectorized, cscale's interleaved pairs are coalesced and its
    // stride-2 tile, the subject of its row, is not staged at all.
    args.push("--vectorize=off".into());
    args.push("--mlir-timing".into());
    args.extend(["-o".into(), s(&gpu)]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, stderr) = run_tool(&a.bin.join("sharcc"), &args)?;
    let dump = dir.join(format!("{target}.{fix}"));
    let metrics = run_metrics(&a.bin.join("sharc-run"), &gpu, function, target, &dir.join("in"), &dump)?;
    Ok(Measured {
        wavefronts: sum_field(&metrics, "shared_bank_wavefronts"),
        ideal: sum_field(&metrics, "shared_ideal_wavefronts"),
        sectors: sum_field(&metrics, "global_sectors"),
        equal: outputs_equal(&dir.join("out"), &dump)?,
        fix: bank_cells(&stderr),
        pass_secs: timing_row(&stderr, "sharc-bank-conflicts"),
        total_secs: timing_row(&stderr, "Total"),
    })
}

/// The C compiler's reference run of `function` at size n: inputs and outputs as `.npy`.
fn reference(a: &Args, input: &Path, function: &str, dir: &Path) -> Result<(), String> {
    let size = format!("n={}", a.n);
    let scalars = [size.as_str(), "alpha=1.5", "beta=-0.5", "c=0.25", "a=1.5", "b=-0.5"];
    c_reference(&a.bin.join("sharcc"), input, function, dir, &scalars)
}

fn run(a: &Args) -> Result<bool, String> {
    println!("Shared-memory bank conflicts in sharc-run (wavefronts - conflict-free minimum), n = {}", a.n);
    println!("off: `sharcc --bank-fix=off`; auto / paper: `--bank-fix=auto` (the default) / `--bank-fix=paper`\n");
    println!("| kernel | target | conflicts off | auto | paper | wavefronts off | auto | paper | fix (auto) | fix (paper) | sectors same | outputs = cc | pass ms | pass / pipeline |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut all_good = true;
    for f in &a.functions {
        let Some(&(file, _)) = KERNELS.iter().find(|k| k.1 == f) else {
            return Err(format!("unknown function '{f}'"));
        };
        let input = a.repo.join(file);
        let dir = a.out_dir.join(f);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        reference(a, &input, f, &dir).map_err(|e| format!("{f}: {e}"))?;
        for t in &a.targets {
            let mut m = Vec::new();
            for fix in FIXES {
                m.push(measure(a, &input, f, t, fix, &dir).map_err(|e| format!("{f} on {t}, {fix}: {e}"))?);
            }
            let conflicts = |x: &Measured| x.wavefronts.saturating_sub(x.ideal);
            let same_sectors = m.iter().all(|x| x.sectors == m[0].sectors);
            let equal = m.iter().all(|x| x.equal);
            // The default rule must never make a kernel worse; `paper` reproduces the paper's
            // choice (pad 1, AOS->SOA first) and may lose where a block is partial.
            let no_worse = conflicts(&m[1]) <= conflicts(&m[0]);
            all_good &= same_sectors && equal && no_worse;
            println!(
                "| {f} | {t} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.1}% |",
                conflicts(&m[0]),
                conflicts(&m[1]),
                conflicts(&m[2]),
                m[0].wavefronts,
                m[1].wavefronts,
                m[2].wavefronts,
                m[1].fix,
                m[2].fix,
                if same_sectors { "yes" } else { "NO" },
                if equal { "yes" } else { "NO" },
                m[1].pass_secs * 1e3,
                100.0 * m[1].pass_secs / m[1].total_secs.max(1e-9),
            );
        }
    }
    Ok(all_good)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("bank-conflicts: an output differs, the sectors changed, or --bank-fix=auto made a kernel worse");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("bank-conflicts: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_bank_column_of_a_report() {
        let report = "remark: x\nkernel  source  bank\n------  ------  ----\n@m::@k  a.c:3   out pad 1 4224->256\n  0.1 (10%)  Total\n";
        assert_eq!(bank_cells(report), "out pad 1 4224->256");
        assert_eq!(bank_cells("no table"), "-");
        let report = "kernel  bank                 ilp\n------  -------------------  ---\n@m::@k  out pad 1 4224->256  4 cyclic y (model)\n";
        assert_eq!(bank_cells(report), "out pad 1 4224->256");
    }
}
