//! Timing helpers: where the repository and the built tools are, medians of repeated runs,
//! running an external tool with its output discarded, and reading the phase times of an
//! `--mlir-timing` report (sharc-opt and mlir-opt print the same layout).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository root (the workspace `bench/` belongs to).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The directory of the running benchmark's executable, where cargo also puts the tools it
/// measures (`sharcc`, `sharc-run`, `sharc-opt`) when they are built with the same profile.
pub fn tool_dir() -> PathBuf {
    std::env::current_exe().ok().and_then(|p| p.parent().map(Path::to_path_buf)).unwrap_or_default()
}

/// The median of `samples` (the mean of the middle two for an even count); zero for none.
pub fn median(samples: &[Duration]) -> Duration {
    let mut v = samples.to_vec();
    v.sort();
    match v.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2,
    }
}

/// Megabytes (10^6 bytes) per second.
pub fn mb_per_s(bytes: usize, t: Duration) -> f64 {
    if t.is_zero() {
        return f64::INFINITY;
    }
    bytes as f64 / 1e6 / t.as_secs_f64()
}

/// Runs `tool args...` once with stdout discarded; returns its wall time and stderr, or an
/// error naming the command when it cannot start or exits non-zero.
pub fn run_tool(tool: &Path, args: &[&str]) -> Result<(Duration, String), String> {
    let start = Instant::now();
    let out = Command::new(tool)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    let t = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(tool_failure(tool, args, &out.status.to_string(), &stderr));
    }
    Ok((t, stderr))
}

/// The error of a tool that exited non-zero: the command, its status, and the head of its
/// stderr — from the first line that says `error:` when there is one, since remarks and
/// warnings (`sharcc --remarks`) come first and would fill the head.
pub fn tool_failure(tool: &Path, args: &[&str], status: &str, stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let from = lines.iter().position(|l| l.contains("error:")).unwrap_or(0);
    let head = lines[from..].iter().take(20).copied().collect::<Vec<_>>().join("\n");
    format!("`{} {}` failed ({status}):\n{head}", tool.display(), args.join(" "))
}

/// Phase times read from an `--mlir-timing` report.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Phases {
    /// `Parser` row.
    pub parse: Duration,
    /// `Verifier` row (mlir-opt may have several verifier rows; they are summed).
    pub verify: Duration,
    /// `Output` row.
    pub print: Duration,
}

/// Reads the `Parser`, `Verifier` and `Output` rows of a timing report:
/// `    0.0025 ( 59.5%)  Parser`. Missing rows are zero.
pub fn parse_timing_report(text: &str) -> Phases {
    let row = |name| Duration::from_secs_f64(timing_row(text, name));
    Phases { parse: row("Parser"), verify: row("Verifier"), print: row("Output") }
}

/// The seconds of one named row of a `--mlir-timing` report (summed if it repeats; 0 if absent).
pub fn timing_row(text: &str, name: &str) -> f64 {
    text.lines()
        .filter_map(|l| {
            let l = l.trim();
            let (secs, rest) = l.split_once(' ')?;
            let row = rest.rsplit_once(')')?.1.trim();
            (row == name).then(|| secs.parse::<f64>().ok()).flatten()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_shows_the_error_after_the_remarks() {
        let stderr = "f.c:1:1: remark: loop runs in parallel\nf.c:2:1: error: expected ';'\n  x = 1\n      ^\n";
        let e = tool_failure(Path::new("sharcc"), &["f.c"], "exit status: 1", stderr);
        assert!(e.starts_with("`sharcc f.c` failed (exit status: 1):\nf.c:2:1: error: expected ';'"), "{e}");
        assert!(!e.contains("remark"), "{e}");
        let plain = tool_failure(Path::new("cc"), &[], "exit status: 2", "boom\n");
        assert!(plain.ends_with(":\nboom"), "{plain}");
    }

    #[test]
    fn reads_one_timing_row() {
        let t = "    0.0100 ( 50.0%)  sharc-bank-conflicts\n    0.0200 (100.0%)  Total\n";
        assert_eq!(timing_row(t, "sharc-bank-conflicts"), 0.01);
        assert_eq!(timing_row(t, "Total"), 0.02);
        assert_eq!(timing_row(t, "sharc-ilp"), 0.0);
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = |v: &[u64]| v.iter().map(|&x| Duration::from_millis(x)).collect::<Vec<_>>();
        assert_eq!(median(&ms(&[5, 1, 3])), Duration::from_millis(3));
        assert_eq!(median(&ms(&[4, 1, 3, 2])), Duration::from_micros(2500));
        assert_eq!(median(&[]), Duration::ZERO);
    }

    #[test]
    fn reads_mlir_timing_rows() {
        let report = "\
===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0200 seconds

  ----Wall Time----  ----Name----
    0.0100 ( 50.0%)  Parser
    0.0020 ( 10.0%)  Verifier
    0.0010 (  5.0%)  Verifier
    0.0070 ( 35.0%)  Output
    0.0200 (100.0%)  Total
";
        let p = parse_timing_report(report);
        assert_eq!(p.parse, Duration::from_secs_f64(0.01));
        assert_eq!(p.verify, Duration::from_secs_f64(0.002) + Duration::from_secs_f64(0.001));
        assert_eq!(p.print, Duration::from_secs_f64(0.007));
    }
}
