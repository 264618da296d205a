//! Reading what `sharc-run` produced, for the benchmarks that run compiled kernels in the
//! simulator (`shared-traffic`, `bank-conflicts`).

use crate::measure::run_tool;
use std::path::Path;

/// The C compiler's reference run of `function` of `input`: `sharcc --emit=c-harness` writes
/// `dir/ref.c`, `cc` builds it, and it runs with `args` (`n=256`, scalar values), writing the
/// inputs to `dir/in` and the reference outputs to `dir/out` as `.npy`.
pub fn c_reference(sharcc: &Path, input: &Path, function: &str, dir: &Path, args: &[&str]) -> Result<(), String> {
    let c = dir.join("ref.c");
    let exe = dir.join("ref");
    let s = |p: &Path| p.display().to_string();
    run_tool(sharcc, &[&s(input), "--function", function, "--emit=c-harness", "-o", &s(&c)])?;
    run_tool(Path::new("cc"), &["-O0", "-ffp-contract=off", &s(&c), "-o", &s(&exe), "-lm"])?;
    let _ = std::fs::remove_dir_all(dir.join("in"));
    let _ = std::fs::remove_dir_all(dir.join("out"));
    let dir_arg = s(dir);
    let mut all = vec![dir_arg.as_str()];
    all.extend_from_slice(args);
    run_tool(&exe, &all).map(|_| ())
}

/// Runs `entry` of the gpu-level file `gpu` in `sharc-run` for `target` on the inputs in
/// `inputs`, dumping the outputs to `dump`; returns the `--metrics=json` lines.
pub fn run_metrics(
    sharc_run: &Path,
    gpu: &Path,
    entry: &str,
    target: &str,
    inputs: &Path,
    dump: &Path,
) -> Result<String, String> {
    let s = |p: &Path| p.display().to_string();
    let run_args = [
        s(gpu),
        format!("--entry={entry}"),
        format!("--target={target}"),
        format!("--inputs={}", s(inputs)),
        format!("--dump={}", s(dump)),
        "--metrics=json".into(),
        // gemm's baseline alone runs ~10^9 thread-operations at n = 256.
        "--max-ops=100000000000".into(),
    ];
    let out = std::process::Command::new(sharc_run)
        .args(&run_args)
        .output()
        .map_err(|e| format!("cannot run sharc-run: {e}"))?;
    if !out.status.success() {
        return Err(format!("sharc-run {}: {}", run_args.join(" "), String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The sum of `"field": N` over the JSON lines of `--metrics=json` (one line per kernel).
pub fn sum_field(json: &str, field: &str) -> u64 {
    let key = format!("\"{field}\":");
    json.lines()
        .filter_map(|l| {
            let at = l.find(&key)? + key.len();
            let digits: String = l[at..].trim_start().chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<u64>().ok()
        })
        .sum()
}

/// Whether every reference output in `reference` has a byte-identical twin in `dumped`.
pub fn outputs_equal(reference: &Path, dumped: &Path) -> Result<bool, String> {
    let entries = std::fs::read_dir(reference).map_err(|e| format!("{}: {e}", reference.display()))?;
    for e in entries {
        let p = e.map_err(|e| e.to_string())?.path();
        let theirs = dumped.join(p.file_name().unwrap_or_default());
        if std::fs::read(&p).ok() != std::fs::read(&theirs).ok() {
            return Ok(false);
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_a_field_over_kernels() {
        let json = "{\"kernel\":\"a\",\"global_sectors\": 12,\"x\":1}\n{\"kernel\":\"b\",\"global_sectors\":30}\n";
        assert_eq!(sum_field(json, "global_sectors"), 42);
        assert_eq!(sum_field(json, "missing"), 0);
    }
}
