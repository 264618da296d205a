//! The ILP factors `sharc-ilp{factor=auto}` picks, scored against seed 000's Table 4, and what
//! the replication does in the simulator.
//!
//! **Table 4.** For seed 000's five kernels (`bench/kernels/shared-memory.c`: mt = transpose,
//! gemm, mv = matvec, gauss, hotspot) on its four platforms, `sharcc --emit=gpu --report
//! --mlir-timing` with the default `--ilp=auto`; the factor is read back from the report's `ilp`
//! column (what the pass recorded on the kernel) and compared with the paper's: exact, within a
//! factor of 2, or off; then the paper's qualitative claims. The registers are the ones the
//! pass's register oracle measured on the chosen kernel (`ptxas -v` under the part's cap, or the
//! HSACO's notes), which the model vetoes spills on; test/tools/sharcc/ilp-spills.c assembles the
//! chosen kernels again with ptxas, independently. (This crate does not link LLVM, so it does not
//! compile kernels itself.) The pass's share of the compile time is the `sharc-ilp` row of
//! `--mlir-timing`.
//!
//! **Simulated effect.** On a100 and gtx690, each kernel at n with `--ilp=off`, the chosen
//! factor, and f = 2, 4, 8 (cyclic and blocked): `sharc-run` metrics, outputs against the C
//! compiler's.
//!
//! ```text
//! cargo build --release -p sharc-tools && cargo run --release -p sharc-bench --bin ilp [-- --n 256]
//! ```

use sharc_bench::measure::{repo_root, run_tool, timing_row, tool_dir};
use sharc_bench::simulated::{c_reference, outputs_equal, run_metrics, sum_field};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: ilp [--n SIZE] [--functions F1,F2] [--skip-sim] [--out-dir DIR]";

/// The paper's kernels, their names in `bench/kernels/shared-memory.c`, in Table 4's order.
const KERNELS: [(&str, &str); 5] =
    [("mt", "transpose"), ("gemm", "gemm"), ("mv", "matvec"), ("gauss", "gauss"), ("hotspot", "hotspot")];

/// Seed 000, Table 4 ("Optimal ILP Factor for All Benchmarks", §4.2.3), verbatim: per platform,
/// the factors of mt, gemm, mv, gauss, hotspot.
const TABLE4: [(&str, [i64; 5]); 4] = [
    ("gtx690", [4, 8, 1, 2, 2]),
    ("gtxtitan", [2, 8, 1, 4, 1]),
    ("c2050", [4, 8, 1, 4, 2]),
    ("hd7850", [4, 4, 2, 4, 1]),
];

/// Targets of the simulated comparison.
const SIM_TARGETS: [&str; 2] = ["a100", "gtx690"];

struct Args {
    n: i64,
    functions: Vec<String>,
    skip_sim: bool,
    out_dir: PathBuf,
    repo: PathBuf,
    bin: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let repo = repo_root();
    let exe_dir = tool_dir();
    let mut a = Args {
        n: 256,
        functions: KERNELS.iter().map(|k| k.1.to_string()).collect(),
        skip_sim: false,
        out_dir: repo.join("target/bench/ilp"),
        repo,
        bin: exe_dir,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--n" => a.n = value()?.parse().map_err(|_| format!("--n: not a number\n{USAGE}"))?,
            "--functions" => a.functions = value()?.split(',').map(str::to_string).collect(),
            "--skip-sim" => a.skip_sim = true,
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

/// The `ilp` cell of the report row of the kernel of `function` (the last column).
fn ilp_cell(report: &str, function: &str) -> Option<String> {
    let mut lines = report.lines().skip_while(|l| !l.starts_with("kernel"));
    let at = lines.next()?.rfind("ilp")?;
    let prefix = format!("@{function}_kernels::");
    lines.find(|l| l.starts_with(&prefix)).and_then(|l| l.get(at..)).map(|c| c.trim().to_string())
}

/// The factor and distribution of an `ilp` cell: `4 cyclic y (...)` or `1 (...)`.
fn factor_of(cell: &str) -> Option<(i64, String)> {
    let mut words = cell.split_whitespace();
    let f = words.next()?.parse().ok()?;
    let dist = words.next().filter(|w| !w.starts_with('(')).unwrap_or("cyclic").to_string();
    Some((f, dist))
}

struct Chosen {
    factor: i64,
    cell: String,
    pass_ms: f64,
    total_ms: f64,
}

fn choose(a: &Args, input: &Path, function: &str, target: &str) -> Result<Chosen, String> {
    let s = |p: &Path| p.display().to_string();
    let dir = a.out_dir.join(function);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let gpu = dir.join(format!("{target}.auto.mlir"));
    let args = [
        s(input),
        "--function".into(),
        function.into(),
        "--target".into(),
        target.into(),
        "--emit=gpu".into(),
        "--report".into(),
        "--mlir-timing".into(),
        "-o".into(),
        s(&gpu),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (_, stderr) = run_tool(&a.bin.join("sharcc"), &args)?;
    let cell = ilp_cell(&stderr, function).ok_or(format!("no ilp column for {function} in:\n{stderr}"))?;
    let (factor, _) = factor_of(&cell).ok_or(format!("cannot read the factor of '{cell}'"))?;
    Ok(Chosen {
        factor,
        cell,
        pass_ms: timing_row(&stderr, "sharc-ilp") * 1e3,
        total_ms: timing_row(&stderr, "Total") * 1e3,
    })
}

fn table4(a: &Args) -> Result<bool, String> {
    let input = a.repo.join("bench/kernels/shared-memory.c");
    println!("## Seed 000 Table 4: the factor sharc-ilp{{factor=auto}} picks vs the paper's\n");
    println!("| platform | kernel | paper | sharc | score | ilp (report) | sharc-ilp ms | pipeline ms |");
    println!("|---|---|---|---|---|---|---|---|");
    let (mut exact, mut within, mut cells, mut estimated) = (0, 0, 0, 0);
    let mut chosen = std::collections::HashMap::new();
    for (target, paper) in TABLE4 {
        for (k, (short, function)) in KERNELS.iter().enumerate() {
            let c = choose(a, &input, function, target).map_err(|e| format!("{function} on {target}: {e}"))?;
            let p = paper[k];
            let ratio = (c.factor.max(1) as f64 / p as f64).log2().abs();
            let score = if c.factor == p {
                "exact"
            } else if ratio <= 1.0 {
                "within 2x"
            } else {
                "off"
            };
            cells += 1;
            exact += usize::from(c.factor == p);
            within += usize::from(ratio <= 1.0);
            // The model vetoes a measured spill; a decision on the static estimate cannot see one.
            estimated += usize::from(c.cell.contains("estimate"));
            println!(
                "| {target} | {short} | {p} | {} | {score} | {} | {:.1} | {:.1} |",
                c.factor, c.cell, c.pass_ms, c.total_ms
            );
            chosen.insert((target, *short), c.factor);
        }
    }
    println!("\n{exact}/{cells} exact, {within}/{cells} within a factor of 2; {estimated} decisions on estimated registers.\n");
    let f = |t: &str, k: &str| chosen.get(&(t, k)).copied().unwrap_or(0);
    let mut claims = Vec::new();
    let mv_one = ["gtx690", "gtxtitan", "c2050"].iter().all(|t| f(t, "mv") == 1);
    claims.push(("mv = 1 on the three NVIDIA parts", mv_one));
    let order = TABLE4.iter().all(|(t, _)| {
        f(t, "gemm") >= f(t, "gauss") && f(t, "gauss") >= f(t, "hotspot") && f(t, "mt") >= f(t, "hotspot")
    });
    claims.push(("on each platform f(gemm) >= f(gauss) >= f(hotspot) and f(mt) >= f(hotspot)", order));
    let c2050 = ["mt", "gauss"].iter().all(|k| f("c2050", k) >= f("gtx690", k));
    claims.push(("f on C2050 >= f on GTX 690 for mt and gauss", c2050));
    claims.push(("no chosen factor spills (every decision on measured registers, spills vetoed)", estimated == 0));
    for (claim, holds) in &claims {
        println!("- {claim}: {}", if *holds { "holds" } else { "DOES NOT HOLD" });
    }
    println!();
    Ok(estimated == 0)
}

fn simulated(a: &Args) -> Result<bool, String> {
    let input = a.repo.join("bench/kernels/shared-memory.c");
    let s = |p: &Path| p.display().to_string();
    println!("## In sharc-run, n = {}: --ilp=off vs the model's choice vs fixed factors\n", a.n);
    println!("| kernel | target | ilp | block | global load req | global sectors | shared load req | shared wavefronts | ops | outputs = cc |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut good = true;
    for function in &a.functions {
        let dir = a.out_dir.join(function);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let size = format!("n={}", a.n);
        c_reference(&a.bin.join("sharcc"), &input, function, &dir, &[&size, "alpha=1.5", "beta=-0.5", "c=0.25"])
            .map_err(|e| format!("{function}: {e}"))?;
        for target in SIM_TARGETS {
            let mut base_sectors = None;
            for ilp in ["off", "auto", "2", "4", "8", "4 blocked"] {
                let (factor, dist) = ilp.split_once(' ').unwrap_or((ilp, "cyclic"));
                let tag = ilp.replace(' ', "-");
                let gpu = dir.join(format!("sim.{target}.{tag}.mlir"));
                let args = [
                    s(&input),
                    "--function".into(),
                    function.clone(),
                    "--target".into(),
                    target.into(),
                    format!("--ilp={factor}"),
                    format!("--ilp-distribution={dist}"),
                    "--emit=gpu".into(),
                    "--report".into(),
                    "-o".into(),
                    s(&gpu),
                ];
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let (_, stderr) = run_tool(&a.bin.join("sharcc"), &args)?;
                let cell = ilp_cell(&stderr, function).unwrap_or_else(|| "-".to_string());
                let dump = dir.join(format!("sim.{target}.{tag}"));
                let m = run_metrics(&a.bin.join("sharc-run"), &gpu, function, target, &dir.join("in"), &dump)?;
                let equal = outputs_equal(&dir.join("out"), &dump)?;
                let sectors = sum_field(&m, "global_sectors");
                let same = *base_sectors.get_or_insert(sectors) == sectors;
                good &= equal;
                let block = m
                    .lines()
                    .next()
                    .and_then(|l| l.split("\"block\": [").nth(1))
                    .and_then(|r| r.split(']').next())
                    .unwrap_or("?")
                    .replace(", ", "x");
                println!(
                    "| {function} | {target} | {} | {block} | {} | {}{} | {} | {} | {} | {} |",
                    if ilp == "auto" { format!("auto: {cell}") } else { ilp.to_string() },
                    sum_field(&m, "global_load_requests"),
                    sectors,
                    if same { "" } else { " (changed)" },
                    sum_field(&m, "shared_load_requests"),
                    sum_field(&m, "shared_bank_wavefronts"),
                    sum_field(&m, "ops"),
                    if equal { "yes" } else { "NO" },
                );
            }
        }
    }
    Ok(good)
}

fn main() -> ExitCode {
    let run = |a: &Args| -> Result<bool, String> {
        std::fs::create_dir_all(&a.out_dir).map_err(|e| format!("{}: {e}", a.out_dir.display()))?;
        let mut ok = table4(a)?;
        if !a.skip_sim {
            ok &= simulated(a)?;
        }
        Ok(ok)
    };
    match parse_args().and_then(|a| run(&a)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("ilp: a decision rests on estimated registers or an output differs from the C compiler's");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("ilp: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_ilp_column_and_its_factor() {
        let report = "kernel                     source  block    bank  ilp\n\
                      -------------------------  ------  -------  ----  ---\n\
                      @gemm_kernels::@gemm_b0    x.c:1   32x4x1   -     8 cyclic y (model)\n\
                      @mv_kernels::@mv_b0        x.c:2   256x1x1  -     1 (1-D band)\n";
        let cell = ilp_cell(report, "gemm").expect("a gemm row");
        assert_eq!(factor_of(&cell), Some((8, "cyclic".to_string())));
        let cell = ilp_cell(report, "mv").expect("an mv row");
        assert_eq!(factor_of(&cell), Some((1, "cyclic".to_string())));
    }
}
