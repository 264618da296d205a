//! Global-memory traffic of a suite of C programs, baseline against sharcc's default pipeline,
//! per kernel, next to its compulsory traffic: a Markdown table and an SVG bar chart.
//!
//! The programs come from a manifest (`bench/suites/tests.toml`: every C kernel of `test/` and
//! `bench/kernels/`, see [`sharc_bench::suite`]) or from a directory (`--dir`: every `.c` file,
//! each host function that launches a kernel in `sharcc --emit=gpu --no-shared`, scalars by the
//! default rule). For each function, at size n: the C compiler's build of its harness
//! (`sharcc --emit=c-harness`) writes inputs and reference outputs; then per target `sharcc
//! --emit=gpu --no-shared` (the baseline) and `sharcc --emit=gpu --remarks` (the default
//! pipeline, whose `sharc-partition` remark names the plan), each run in `sharc-run
//! --metrics=json`, whose outputs must equal the C compiler's. A function that fails to compile
//! or run is a row with its error; the exit status is non-zero when an output differs.
//!
//! ```text
//! cargo build --release -p sharc-tools && cargo run --release -p sharc-bench --bin suite-report [-- --size 128 --targets a100]
//! ```

use sharc_bench::jobs::{c_reference, run_all, select, Job};
use sharc_bench::measure::{repo_root, run_tool, tool_dir};
use sharc_bench::simulated::{outputs_equal, run_metrics, traffic, Traffic};
use sharc_bench::suite::{
    format_row, format_summary, launching_functions, parse_manifest, plan_remark, stem, summarize, Measured, Program,
    Row, TABLE_HEADER,
};
use sharc_svg::{BarChart, Group, Style};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = concat!(
    "usage: suite-report [--manifest FILE | --dir DIR [-I DIR]... [-D NAME[=V]]...] [--size N] [--size3d N]\n",
    "                    [--targets T1,T2] [--only S1,S2] [--jobs N] [--out-dir DIR] [--svg FILE]"
);

struct Args {
    manifest: PathBuf,
    dir: Option<PathBuf>,
    include: Vec<String>,
    define: Vec<String>,
    size: i64,
    size3d: Option<i64>,
    targets: Vec<String>,
    only: Option<String>,
    jobs: usize,
    out_dir: PathBuf,
    svg: Option<PathBuf>,
    bin: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let repo = repo_root();
    let mut a = Args {
        manifest: repo.join("bench/suites/tests.toml"),
        dir: None,
        include: Vec::new(),
        define: Vec::new(),
        size: 128,
        size3d: None,
        targets: vec!["a100".into()],
        only: None,
        // The development VM has two cores; each job is one sharcc or sharc-run at a time.
        jobs: 2,
        out_dir: repo.join("target/bench/suite-report"),
        svg: None,
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
            "--dir" => a.dir = Some(PathBuf::from(value()?)),
            "-I" => a.include.push(value()?),
            "-D" => a.define.push(value()?),
            "--size" => a.size = number(value()?, "--size")?,
            "--size3d" => a.size3d = Some(number(value()?, "--size3d")?),
            "--targets" => a.targets = value()?.split(',').map(str::to_string).collect(),
            "--only" => a.only = Some(value()?),
            "--jobs" => a.jobs = number(value()?, "--jobs")? as usize,
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "--svg" => a.svg = Some(PathBuf::from(value()?)),
            "-h" | "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{flag}'\n{USAGE}")),
        }
    }
    Ok(a)
}

impl Args {
    /// Kernels over 3-D arrays run at this size (n³ points cost the simulator n times a 2-D
    /// kernel): `--size3d`, else a quarter of the size.
    fn size3d(&self) -> i64 {
        self.size3d.unwrap_or((self.size / 4).max(4))
    }

    /// A path of the manifest (relative to the repository) or of `--dir` (as given).
    fn path(&self, p: &str) -> PathBuf {
        match self.dir {
            Some(_) => PathBuf::from(p),
            None => repo_root().join(p),
        }
    }

    /// `-I DIR` and `-DNAME` of `program`, for sharcc and cc alike.
    fn c_flags(&self, program: &Program) -> Vec<String> {
        let mut flags = Vec::new();
        for i in &program.include {
            flags.extend(["-I".to_string(), self.path(i).display().to_string()]);
        }
        flags.extend(program.define.iter().map(|d| format!("-D{d}")));
        flags
    }
}

/// The programs of `--dir`: every `.c` file in it, with the functions that launch a kernel
/// once compiled (`sharcc --emit=gpu --no-shared`); a file that does not compile, or launches
/// nothing, is left out with a line on stderr.
fn discover(a: &Args, dir: &Path) -> Result<Vec<Program>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    std::fs::create_dir_all(&a.out_dir).map_err(|e| format!("{}: {e}", a.out_dir.display()))?;
    let mut out = Vec::new();
    for f in files {
        let file = f.display().to_string();
        let mut p = Program {
            label: stem(&file),
            file,
            include: a.include.clone(),
            define: a.define.clone(),
            functions: Vec::new(),
            args: Default::default(),
            three_d: Vec::new(),
            max_size: None,
            fixed: None,
        };
        let gpu = a.out_dir.join(format!("{}.discover.mlir", p.label));
        let mut argv = vec![p.file.clone()];
        argv.extend(a.c_flags(&p));
        argv.extend(["--emit=gpu".into(), "--no-shared".into(), "-o".into(), gpu.display().to_string()]);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        if let Err(e) = run_tool(&a.bin.join("sharcc"), &argv) {
            eprintln!("suite-report: {} left out: {}", p.file, sharc_bench::suite::first_error(&e));
            continue;
        }
        let text = std::fs::read_to_string(&gpu).map_err(|e| format!("{}: {e}", gpu.display()))?;
        p.functions = launching_functions(&text);
        if p.functions.is_empty() {
            eprintln!("suite-report: {} left out: no function launches a kernel", p.file);
            continue;
        }
        out.push(p);
    }
    Ok(out)
}

/// Compiles `function` for `target`, baseline or default, runs it on `dir/in`, and compares its
/// outputs with `dir/out`: (traffic, outputs equal, sharcc's stderr).
fn measure(a: &Args, job: &Job, target: &str, baseline: bool, dir: &Path) -> Result<(Traffic, bool, String), String> {
    let tag = if baseline { "baseline" } else { "default" };
    let gpu = dir.join(format!("{target}.{tag}.mlir"));
    let mut argv = vec![a.path(&job.program.file).display().to_string()];
    argv.extend(a.c_flags(job.program));
    argv.extend(["--function", job.function, "--target", target, "--emit=gpu"].map(str::to_string));
    argv.push(if baseline { "--no-shared" } else { "--remarks" }.to_string());
    argv.extend(["-o".to_string(), gpu.display().to_string()]);
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    let (_, stderr) = run_tool(&a.bin.join("sharcc"), &argv)?;
    let dump = dir.join(format!("{target}.{tag}"));
    // A stale dump would hide an output the run no longer writes.
    let _ = std::fs::remove_dir_all(&dump);
    let json = run_metrics(&a.bin.join("sharc-run"), &gpu, job.function, target, &dir.join("in"), &dump)?;
    let metrics = dir.join(format!("{target}.{tag}.json"));
    std::fs::write(&metrics, &json).map_err(|e| format!("{}: {e}", metrics.display()))?;
    Ok((traffic(&json, job.function), outputs_equal(&dir.join("out"), &dump)?, stderr))
}

/// The job's row on each target.
fn run_job(a: &Args, job: &Job) -> Vec<Row> {
    let size = if job.three_d() { a.size3d() } else { a.size };
    let dir = a.out_dir.join(format!("n{}", a.size)).join(&job.program.label).join(job.function);
    let reference =
        c_reference(&a.bin.join("sharcc"), &a.path(&job.program.file), &a.c_flags(job.program), job, size, &dir);
    let used_size = reference.as_ref().ok().copied().flatten();
    let row = |outcome| Row { kernel: job.kernel(), size: used_size, outcome };
    a.targets
        .iter()
        .map(|t| {
            if let Err(e) = &reference {
                return row(Err(format!("C reference: {e}")));
            }
            let measured = measure(a, job, t, true, &dir).map_err(|e| format!("baseline: {e}")).and_then(|base| {
                let default = measure(a, job, t, false, &dir).map_err(|e| format!("default: {e}"))?;
                Ok(Measured {
                    baseline: base.0,
                    default: default.0,
                    equal: base.1 && default.1,
                    plan: plan_remark(&default.2),
                })
            });
            row(measured)
        })
        .collect()
}

/// The chart of one target's rows.
fn chart(a: &Args, target: &str, rows: &[&Row]) -> BarChart {
    let groups = rows
        .iter()
        .map(|r| Group {
            label: r.kernel.clone(),
            values: match &r.outcome {
                Ok(m) => vec![Some(m.baseline.sectors), Some(m.default.sectors), Some(m.default.compulsory_sectors)],
                Err(_) => vec![None, None, None],
            },
        })
        .collect();
    BarChart {
        title: format!("Global 32-byte sectors in sharc-run, {target}, n = {} (3-D kernels {})", a.size, a.size3d()),
        y_label: "global sectors (log scale)".into(),
        series: vec![
            ("baseline (--no-shared)".into(), "#9e9e9e".into()),
            ("default pipeline".into(), "#2f6db5".into()),
            ("compulsory".into(), "#e0a030".into()),
        ],
        groups,
        style: Style::default(),
    }
}

/// Where the chart of `target` goes: `--svg FILE` (with the target before the extension when
/// there are several), else `OUT_DIR/suite-TARGET-nSIZE.svg`.
fn svg_path(a: &Args, target: &str) -> PathBuf {
    match &a.svg {
        Some(p) if a.targets.len() == 1 => p.clone(),
        Some(p) => {
            let stem = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            p.with_file_name(format!("{stem}-{target}.svg"))
        }
        None => a.out_dir.join(format!("suite-{target}-n{}.svg", a.size)),
    }
}

fn run(a: &Args) -> Result<bool, String> {
    let (programs, source) = match &a.dir {
        Some(d) => (discover(a, d)?, format!("every .c file of {}", d.display())),
        None => {
            let text = std::fs::read_to_string(&a.manifest).map_err(|e| format!("{}: {e}", a.manifest.display()))?;
            // Named relative to the repository when it is in it, as the README quotes it.
            let repo = repo_root();
            let name = a.manifest.strip_prefix(&repo).unwrap_or(&a.manifest).display().to_string();
            (parse_manifest(&text, &name)?, format!("manifest `{name}`"))
        }
    };
    let jobs = select(&programs, a.only.as_deref());
    if jobs.is_empty() {
        return Err(format!("no kernel to run ({source})"));
    }
    let rows = run_all(&jobs, a.jobs, |job| run_job(a, job), |rows: &Vec<Row>| rows.iter().any(|r| r.outcome.is_err()));
    let mut all_equal = true;
    for (ti, t) in a.targets.iter().enumerate() {
        let target_rows: Vec<&Row> = rows.iter().filter_map(|r| r.get(ti)).collect();
        println!("### {t}, n = {} (3-D kernels: {})\n", a.size, a.size3d());
        println!(
            "Global 32-byte sectors in sharc-run ({source}); baseline: `sharcc --no-shared`; default: sharcc's \
             default pipeline; compulsory: distinct bytes read and written / 32.\n"
        );
        println!("{TABLE_HEADER}");
        for r in &target_rows {
            println!("{}", format_row(r));
        }
        let owned: Vec<Row> = target_rows.iter().map(|r| (*r).clone()).collect();
        let summary = summarize(&owned);
        println!("\n{}", format_summary(&summary));
        all_equal &= summary.differ.is_empty();
        let path = svg_path(a, t);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, chart(a, t, &target_rows).to_svg()).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("suite-report: wrote {}", path.display());
    }
    for r in rows.iter().flatten() {
        if let Err(e) = &r.outcome {
            eprintln!("suite-report: {}: {e}", r.kernel);
        }
    }
    Ok(all_equal)
}

fn main() -> ExitCode {
    match parse_args().and_then(|a| run(&a)) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("suite-report: some outputs differ from the C compiler's");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("suite-report: {e}");
            ExitCode::FAILURE
        }
    }
}
