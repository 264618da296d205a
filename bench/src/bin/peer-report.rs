//! sharc against upstream MLIR's GPU pipelines in the same simulator (issue 17 §2): per kernel
//! of a suite, global sectors, bank conflicts, barriers, launches and compile time of sharc's
//! baseline and default pipelines and of each upstream route ([`sharc_bench::peers::ROUTES`]),
//! every output compared with the C compiler's.
//!
//! For each function, at size n: the C compiler's harness writes inputs and reference outputs
//! (as in `suite-report`); `sharcc --emit=gpu --no-shared` and `sharcc --emit=gpu` are sharc's
//! two paths; `sharcc --emit=affine` is the common start of the upstream routes, each run by
//! `sharc-opt` with upstream's passes in-process. Every gpu-level module runs in `sharc-run
//! --metrics=json`. A route that cannot map a kernel correctly is a cell that says why; one that
//! fails says which tool failed and its first error line. The exit status is non-zero when one
//! of sharc's two paths fails or computes something else than the C compiler; an upstream route
//! that does is reported in its cell.
//!
//! ```text
//! cargo build --release -p sharc-tools -p sharc-bench
//! target/release/peer-report [--size 64] [--targets a100] [--only S1,S2] [--reps 3]
//! ```

use sharc_bench::jobs::{c_reference, run_all, select, Job};
use sharc_bench::measure::{median, repo_root, run_tool, tool_dir};
use sharc_bench::peers::{bands, read_back, Route, ROUTES};
use sharc_bench::simulated::{outputs_equal, run_metrics, sum_field, traffic, Traffic};
use sharc_bench::suite::{first_error, parse_manifest, Program};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: peer-report [--manifest FILE] [--size N] [--size3d N] [--targets T1,T2] [--only S1,S2] \
                     [--jobs N] [--reps N] [--out-dir DIR]";

struct Args {
    manifest: PathBuf,
    size: i64,
    size3d: Option<i64>,
    targets: Vec<String>,
    only: Option<String>,
    jobs: usize,
    reps: usize,
    out_dir: PathBuf,
    bin: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let repo = repo_root();
    let mut a = Args {
        manifest: repo.join("bench/suites/tests.toml"),
        size: 64,
        size3d: None,
        targets: vec!["a100".into()],
        only: None,
        jobs: 2,
        reps: 3,
        out_dir: repo.join("target/bench/peer-report"),
        bin: tool_dir(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value\n{USAGE}"));
        let number = |v: String, what: &str| match v.parse::<i64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("{what}: '{v}' is not a positive number\n{USAGE}")),
        };
        match flag.as_str() {
            "--manifest" => a.manifest = PathBuf::from(value()?),
            "--size" => a.size = number(value()?, "--size")?,
            "--size3d" => a.size3d = Some(number(value()?, "--size3d")?),
            "--targets" => a.targets = value()?.split(',').map(str::to_string).collect(),
            "--only" => a.only = Some(value()?),
            "--jobs" => a.jobs = number(value()?, "--jobs")? as usize,
            "--reps" => a.reps = number(value()?, "--reps")? as usize,
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

impl Args {
    fn size3d(&self) -> i64 {
        self.size3d.unwrap_or((self.size / 4).max(4))
    }

    fn c_flags(&self, program: &Program) -> Vec<String> {
        let mut flags = Vec::new();
        for i in &program.include {
            flags.extend(["-I".to_string(), repo_root().join(i).display().to_string()]);
        }
        flags.extend(program.define.iter().map(|d| format!("-D{d}")));
        flags
    }
}

/// The paths of the table, in column order: sharc's two, then the upstream routes.
#[derive(Clone, Copy)]
enum PathKind {
    SharcBaseline,
    SharcDefault,
    Upstream(&'static Route),
}

fn paths() -> Vec<(String, PathKind)> {
    let mut v = vec![
        ("sharc baseline".to_string(), PathKind::SharcBaseline),
        ("sharc default".to_string(), PathKind::SharcDefault),
    ];
    v.extend(ROUTES.iter().map(|r| (r.name.to_string(), PathKind::Upstream(r))));
    v
}

/// One path's outcome on one kernel.
#[derive(Clone, Debug)]
enum Cell {
    Ran {
        traffic: Traffic,
        barriers: u64,
        equal: bool,
        compile: Duration,
        workgroup_buffers: usize,
    },
    /// The route cannot map this kernel correctly; why.
    NotApplicable(String),
    /// It produced no kernel (everything left on the host); why.
    NoKernel(String),
    Failed(String),
}

struct Row {
    kernel: String,
    size: Option<i64>,
    compulsory: u64,
    cells: Vec<Cell>,
}

/// The median wall time of `reps` runs of `tool args`, and the last run's stderr.
fn timed(a: &Args, tool: &str, args: &[String]) -> Result<(Duration, String), String> {
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut times = Vec::with_capacity(a.reps);
    let mut stderr = String::new();
    for _ in 0..a.reps {
        let (t, e) = run_tool(&a.bin.join(tool), &argv)?;
        times.push(t);
        stderr = e;
    }
    Ok((median(&times), stderr))
}

/// Runs the gpu-level module `gpu` and reads its metrics and outputs.
fn simulate(a: &Args, job: &Job, target: &str, gpu: &Path, dir: &Path, tag: &str, compile: Duration) -> Cell {
    let text = match std::fs::read_to_string(gpu) {
        Ok(t) => t,
        Err(e) => return Cell::Failed(format!("{}: {e}", gpu.display())),
    };
    let back = match read_back(&text) {
        Ok(b) => b,
        Err(e) => return Cell::Failed(format!("reading {} back: {e}", gpu.display())),
    };
    // `convert-parallel-loops-to-gpu` leaves a loop it cannot map as it is, without an error.
    if back.host_parallel > 0 {
        let launches = if back.launches == 0 { "no launch" } else { "kernels for the others" };
        return Cell::NoKernel(format!(
            "convert-parallel-loops-to-gpu left {} scf.parallel on the host, silently ({launches})",
            back.host_parallel
        ));
    }
    if back.launches == 0 {
        return Cell::NoKernel("no launch in the output".into());
    }
    let dump = dir.join(format!("{target}.{tag}"));
    let _ = std::fs::remove_dir_all(&dump);
    let json = match run_metrics(&a.bin.join("sharc-run"), gpu, job.function, target, &dir.join("in"), &dump) {
        Ok(j) => j,
        Err(e) => return Cell::Failed(format!("sharc-run: {}", diagnostic(&e))),
    };
    let _ = std::fs::write(dir.join(format!("{target}.{tag}.json")), &json);
    let equal = match outputs_equal(&dir.join("out"), &dump) {
        Ok(e) => e,
        Err(e) => return Cell::Failed(e),
    };
    Cell::Ran {
        traffic: traffic(&json, job.function),
        barriers: sum_field(&json, "barriers"),
        equal,
        compile,
        workgroup_buffers: back.workgroup_buffers,
    }
}

/// The message of the first error diagnostic in a failed tool's report (the command line it
/// starts with left out).
fn diagnostic(e: &str) -> String {
    let line = first_error(e);
    line.rsplit_once("error: ").map_or(line.clone(), |(_, m)| m.to_string())
}

/// One path of `job` on `target`.
fn run_path(
    a: &Args,
    job: &Job,
    target: &str,
    path: PathKind,
    dir: &Path,
    affine: &Result<(Duration, PathBuf), String>,
) -> Cell {
    let file = repo_root().join(&job.program.file).display().to_string();
    let mut c_args = vec![file];
    c_args.extend(a.c_flags(job.program));
    c_args.extend(["--function".into(), job.function.into(), "--target".into(), target.into()]);
    match path {
        PathKind::SharcBaseline | PathKind::SharcDefault => {
            let baseline = matches!(path, PathKind::SharcBaseline);
            let tag = if baseline { "baseline" } else { "default" };
            let gpu = dir.join(format!("{target}.{tag}.mlir"));
            let mut args = c_args;
            args.push("--emit=gpu".into());
            if baseline {
                args.push("--no-shared".into());
            }
            args.extend(["-o".into(), gpu.display().to_string()]);
            match timed(a, "sharcc", &args) {
                Ok((t, _)) => simulate(a, job, target, &gpu, dir, tag, t),
                Err(e) => Cell::Failed(format!("sharcc: {}", diagnostic(&e))),
            }
        }
        PathKind::Upstream(route) => {
            let (front_end, affine_file) = match affine {
                Ok(x) => x,
                Err(e) => return Cell::Failed(e.clone()),
            };
            let text = match std::fs::read_to_string(affine_file) {
                Ok(t) => t,
                Err(e) => return Cell::Failed(format!("{}: {e}", affine_file.display())),
            };
            let b = match bands(&text) {
                Ok(b) => b,
                Err(e) => return Cell::Failed(format!("reading the affine module: {e}")),
            };
            if let Some(why) = route.obstacle(&b) {
                return Cell::NotApplicable(why);
            }
            let tag = route.name.replace([' ', ','], "-").replace("--", "-");
            let gpu = dir.join(format!("{target}.{tag}.mlir"));
            let args = vec![
                affine_file.display().to_string(),
                format!("--pass-pipeline={}", route.sharc_opt_pipeline(b.max_depth)),
                "-o".into(),
                gpu.display().to_string(),
            ];
            match timed(a, "sharc-opt", &args) {
                Ok((t, _)) => simulate(a, job, target, &gpu, dir, &tag, *front_end + t),
                Err(e) => Cell::Failed(format!("sharc-opt (upstream passes): {}", diagnostic(&e))),
            }
        }
    }
}

fn run_job(a: &Args, job: &Job) -> Vec<Row> {
    let size = if job.three_d() { a.size3d() } else { a.size };
    let dir = a.out_dir.join(format!("n{}", a.size)).join(&job.program.label).join(job.function);
    let input = repo_root().join(&job.program.file);
    let reference = c_reference(&a.bin.join("sharcc"), &input, &a.c_flags(job.program), job, size, &dir);
    let used_size = reference.as_ref().ok().copied().flatten();
    a.targets
        .iter()
        .map(|t| {
            let cells: Vec<Cell> = match &reference {
                Err(e) => paths().iter().map(|_| Cell::Failed(format!("C reference: {}", first_error(e)))).collect(),
                Ok(_) => {
                    // The upstream routes' common start: sharc's front-end to the affine level.
                    let affine_file = dir.join(format!("{t}.affine.mlir"));
                    let mut args = vec![repo_root().join(&job.program.file).display().to_string()];
                    args.extend(a.c_flags(job.program));
                    args.extend(["--function", job.function, "--target", t, "--emit=affine", "-o"].map(String::from));
                    args.push(affine_file.display().to_string());
                    let affine = timed(a, "sharcc", &args)
                        .map(|(d, _)| (d, affine_file.clone()))
                        .map_err(|e| format!("sharcc --emit=affine: {}", first_error(&e)));
                    paths().iter().map(|(_, p)| run_path(a, job, t, *p, &dir, &affine)).collect()
                }
            };
            // The program's own compulsory traffic: what sharc's paths report (a route that
            // reads out of bounds touches more).
            let compulsory = cells.iter().take(2).find_map(|c| ran(c).map(|x| x.0.compulsory_sectors)).unwrap_or(0);
            Row { kernel: job.kernel(), size: used_size, compulsory, cells }
        })
        .collect()
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A sectors cell: the count, marked when the outputs differ or when workgroup buffers exist.
fn sectors_cell(c: &Cell) -> String {
    match c {
        Cell::Ran { traffic, equal, .. } => {
            format!("{}{}", traffic.sectors, if *equal { "" } else { " (outputs differ)" })
        }
        Cell::NotApplicable(why) => format!("n/a: {}", cell(why)),
        Cell::NoKernel(why) => format!("no kernel: {}", cell(why)),
        Cell::Failed(e) => format!("fails: {}", cell(e)),
    }
}

fn ran(c: &Cell) -> Option<(&Traffic, u64, bool, Duration, usize)> {
    match c {
        Cell::Ran { traffic, barriers, equal, compile, workgroup_buffers } => {
            Some((traffic, *barriers, *equal, *compile, *workgroup_buffers))
        }
        _ => None,
    }
}

fn geomean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

fn report(a: &Args, target: &str, rows: &[&Row]) -> (String, bool) {
    let names: Vec<String> = paths().into_iter().map(|(n, _)| n).collect();
    let mut out = String::new();
    let _ = writeln!(out, "### {target}, n = {} (3-D kernels: {})\n", a.size, a.size3d());
    let _ = writeln!(
        out,
        "Global 32-byte sectors in sharc-run (every output compared with the C compiler's; a cell says why a \
         route did not run). Upstream pipelines: {}.\n",
        ROUTES.iter().map(|r| format!("{}: `{}`", r.name, r.sharc_opt_pipeline(2))).collect::<Vec<_>>().join("; ")
    );
    let _ = writeln!(out, "| kernel | n | compulsory | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|---|---|{}", "---|".repeat(names.len()));
    let mut all_equal = true;
    for r in rows {
        let n = r.size.map_or("fixed".to_string(), |n| n.to_string());
        let cells: Vec<String> = r.cells.iter().map(sectors_cell).collect();
        let _ = writeln!(out, "| {} | {n} | {} | {} |", cell(&r.kernel), r.compulsory, cells.join(" | "));
        // sharc's own paths must compute what the C compiler does; an upstream route that does
        // not is a finding of the table (its cell says so), not a failure of the run.
        all_equal &= r.cells.iter().take(2).all(|c| ran(c).is_some_and(|x| x.2));
    }
    // Per path: what ran, and against sharc's default on the kernels both ran.
    let _ = writeln!(out, "\n| path | kernels run | outputs = cc | sectors / compulsory (geomean) | sectors / sharc default (geomean, same kernels) | bank conflicts | barriers | workgroup buffers | compile time / sharc default (median) | n/a | no kernel | failed |");
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (p, name) in names.iter().enumerate() {
        let (mut run, mut equal, mut conflicts, mut barriers, mut buffers) = (0, 0, 0u64, 0u64, 0usize);
        let (mut over_compulsory, mut over_default, mut compile_ratio) = (Vec::new(), Vec::new(), Vec::new());
        let (mut na, mut nokernel, mut failed) = (0, 0, 0);
        for r in rows {
            match &r.cells[p] {
                Cell::NotApplicable(_) => na += 1,
                Cell::NoKernel(_) => nokernel += 1,
                Cell::Failed(_) => failed += 1,
                Cell::Ran { .. } => {}
            }
            let Some((t, b, eq, compile, wg)) = ran(&r.cells[p]) else { continue };
            run += 1;
            equal += eq as usize;
            conflicts += t.bank_conflicts;
            barriers += b;
            buffers += wg;
            if t.sectors > 0 && r.compulsory > 0 {
                over_compulsory.push(t.sectors as f64 / r.compulsory as f64);
            }
            if let Some((d, _, _, dc, _)) = ran(&r.cells[1]) {
                if t.sectors > 0 && d.sectors > 0 {
                    over_default.push(t.sectors as f64 / d.sectors as f64);
                }
                if !dc.is_zero() {
                    compile_ratio.push(compile.as_secs_f64() / dc.as_secs_f64());
                }
            }
        }
        compile_ratio.sort_by(f64::total_cmp);
        let fmt = |g: Option<f64>| g.map_or("-".to_string(), |g| format!("{g:.2}"));
        let med = compile_ratio.get(compile_ratio.len() / 2).copied();
        let _ = writeln!(
            out,
            "| {name} | {run} | {equal} | {} | {} | {conflicts} | {barriers} | {buffers} | {} | {na} | {nokernel} | {failed} |",
            fmt(geomean(&over_compulsory)),
            fmt(geomean(&over_default)),
            fmt(med),
        );
    }
    // Compile times, per kernel.
    let _ = writeln!(
        out,
        "\nCompile time to the gpu level, ms (median of {} runs; sharc: `sharcc --emit=gpu`; upstream: `sharcc \
         --emit=affine` + `sharc-opt` with the route):\n",
        a.reps
    );
    let _ = writeln!(out, "| kernel | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|{}", "---|".repeat(names.len()));
    for r in rows {
        let cells: Vec<String> = r
            .cells
            .iter()
            .map(|c| ran(c).map_or("-".to_string(), |x| format!("{:.1}", x.3.as_secs_f64() * 1e3)))
            .collect();
        let _ = writeln!(out, "| {} | {} |", cell(&r.kernel), cells.join(" | "));
    }
    (out, all_equal)
}

fn run(a: &Args) -> Result<bool, String> {
    let text = std::fs::read_to_string(&a.manifest).map_err(|e| format!("{}: {e}", a.manifest.display()))?;
    let repo = repo_root();
    let name = a.manifest.strip_prefix(&repo).unwrap_or(&a.manifest).display().to_string();
    let programs = parse_manifest(&text, &name)?;
    let jobs = select(&programs, a.only.as_deref());
    if jobs.is_empty() {
        return Err(format!("no kernel to run (manifest `{name}`)"));
    }
    let rows = run_all(
        &jobs,
        a.jobs,
        |job| run_job(a, job),
        |rows: &Vec<Row>| rows.iter().any(|r| r.cells.iter().take(2).any(|c| ran(c).is_none())),
    );
    let mut all_equal = true;
    for (ti, t) in a.targets.iter().enumerate() {
        let target_rows: Vec<&Row> = rows.iter().filter_map(|r| r.get(ti)).collect();
        let (text, equal) = report(a, t, &target_rows);
        println!("{text}");
        all_equal &= equal;
    }
    Ok(all_equal)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("peer-report: an output of sharc's baseline or default pipeline differs from the C compiler's, or did not run");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("peer-report: {e}");
            ExitCode::FAILURE
        }
    }
}
