//! The per-kernel work of the suite benchmarks (`suite-report`, `peer-report`): the functions of a
//! manifest as jobs, run over a few threads with a progress line each, and each job's C reference
//! (the generated harness, built and run at the job's size).

use crate::simulated::{build_harness, run_harness};
use crate::suite::{harness_values, Program};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// One function of one program.
pub struct Job<'a> {
    /// The program it belongs to.
    pub program: &'a Program,
    /// The host function.
    pub function: &'a str,
}

impl Job<'_> {
    /// `label/function`, the kernel's name in the tables.
    pub fn kernel(&self) -> String {
        format!("{}/{}", self.program.label, self.function)
    }

    /// Whether the function runs over 3-D arrays (at the smaller 3-D size).
    pub fn three_d(&self) -> bool {
        self.program.three_d.iter().any(|f| f == self.function)
    }
}

/// Every function of `programs`, in order, keeping those whose kernel name contains one of the
/// comma-separated substrings of `only` (all without it).
pub fn select<'a>(programs: &'a [Program], only: Option<&str>) -> Vec<Job<'a>> {
    programs
        .iter()
        .flat_map(|p| p.functions.iter().map(move |f| Job { program: p, function: f }))
        .filter(|j| only.is_none_or(|o| o.split(',').any(|s| j.kernel().contains(s))))
        .collect()
}

/// Runs `work` on every job over `threads` threads (each job one tool at a time), printing a
/// progress line per job on stderr (`failed` marks it); the results in job order.
pub fn run_all<T: Send + Default>(
    jobs: &[Job],
    threads: usize,
    work: impl Fn(&Job) -> T + Sync,
    failed: impl Fn(&T) -> bool + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.min(jobs.len()).max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let t = Instant::now();
                let result = work(job);
                eprintln!(
                    "[{}/{}] {} {:.1} s{} (total {:.0} s)",
                    i + 1,
                    jobs.len(),
                    job.kernel(),
                    t.elapsed().as_secs_f64(),
                    if failed(&result) { ", failed" } else { "" },
                    start.elapsed().as_secs_f64()
                );
                if let Ok(mut r) = results.lock() {
                    r[i] = Some(result);
                }
            });
        }
    });
    // Every index was taken by exactly one thread, which stored its result (a thread that
    // panicked leaves the default in its place).
    results.into_inner().unwrap_or_default().into_iter().map(Option::unwrap_or_default).collect()
}

/// The C compiler's reference run of `job` at `size` in `dir`: `sharcc --emit=c-harness` of
/// `input` with the C flags `flags`, built and run, writing inputs to `dir/in` and reference
/// outputs to `dir/out`. Returns the size the harness got (`None`: a fixed shape).
pub fn c_reference(
    sharcc: &Path,
    input: &Path,
    flags: &[String],
    job: &Job,
    size: i64,
    dir: &Path,
) -> Result<Option<i64>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let params = build_harness(sharcc, input, flags, job.function, dir)?;
    let (values, sized) = harness_values(job.program, &params, size);
    let values: Vec<&str> = values.iter().map(String::as_str).collect();
    run_harness(dir, &values)?;
    Ok(sized)
}
