//! Reading what `sharc-run` produced, for the benchmarks that run compiled kernels in the
//! simulator (`shared-traffic`, `bank-conflicts`).

use crate::measure::run_tool;
use std::path::Path;

/// The C compiler's reference run of `function` of `input`: `sharcc --emit=c-harness` writes
/// `dir/ref.c`, `cc` builds it, and it runs with `args` (`n=256`, scalar values), writing the
/// inputs to `dir/in` and the reference outputs to `dir/out` as `.npy`.
pub fn c_reference(sharcc: &Path, input: &Path, function: &str, dir: &Path, args: &[&str]) -> Result<(), String> {
    build_harness(sharcc, input, &[], function, dir)?;
    run_harness(dir, args)
}

/// One scalar argument of a C harness, as it reads it from its command line (`NAME=VALUE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessArg {
    /// The C parameter's name.
    pub name: String,
    /// Whether it is a floating-point value (`strtod`), not an integer (`strtoll`).
    pub float: bool,
}

/// The scalar arguments the generated harness `c` reads, in order: each is one declaration
/// `TYPE NAME = (TYPE)strtoX(sharc_arg(argc, argv, "NAME"), ...);` in its `main`. The harness
/// exits 2 (`harness: missing argument NAME=VALUE`) when one is not given, so a caller that
/// knows nothing of the function reads them here.
pub fn harness_arguments(c: &str) -> Vec<HarnessArg> {
    let mut out: Vec<HarnessArg> = Vec::new();
    for line in c.lines() {
        let Some((decl, init)) = line.trim().split_once(" = ") else { continue };
        let Some(at) = init.find("sharc_arg(argc, argv, \"") else { continue };
        let quoted = &init[at + "sharc_arg(argc, argv, \"".len()..];
        let Some(name) = quoted.split('"').next() else { continue };
        if decl.split_whitespace().last() != Some(name) || out.iter().any(|a| a.name == name) {
            continue;
        }
        out.push(HarnessArg { name: name.to_string(), float: init.contains("strtod") || init.contains("strtof") });
    }
    out
}

/// Writes the C harness of `function` of `input` to `dir/ref.c` and builds it into `dir/ref`,
/// both with the C flags `flags` (`-I DIR`, `-DNAME`); returns the scalars it takes.
pub fn build_harness(
    sharcc: &Path,
    input: &Path,
    flags: &[String],
    function: &str,
    dir: &Path,
) -> Result<Vec<HarnessArg>, String> {
    let c = dir.join("ref.c");
    let exe = dir.join("ref");
    let s = |p: &Path| p.display().to_string();
    let (input, c_arg, exe_arg) = (s(input), s(&c), s(&exe));
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let mut gen = vec![input.as_str()];
    gen.extend(&flags);
    gen.extend(["--function", function, "--emit=c-harness", "-o", &c_arg]);
    run_tool(sharcc, &gen)?;
    let mut build = vec!["-O0", "-ffp-contract=off"];
    build.extend(&flags);
    build.extend([c_arg.as_str(), "-o", &exe_arg, "-lm"]);
    run_tool(Path::new("cc"), &build)?;
    let text = std::fs::read_to_string(&c).map_err(|e| format!("{}: {e}", c.display()))?;
    Ok(harness_arguments(&text))
}

/// Runs the harness [`build_harness`] built in `dir` with `args` (`NAME=VALUE`): the inputs go
/// to `dir/in`, the reference outputs to `dir/out`.
pub fn run_harness(dir: &Path, args: &[&str]) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir.join("in"));
    let _ = std::fs::remove_dir_all(dir.join("out"));
    let dir_arg = dir.display().to_string();
    let mut all = vec![dir_arg.as_str()];
    all.extend_from_slice(args);
    run_tool(&dir.join("ref"), &all).map(|_| ())
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

/// What one run's `--metrics=json` says of its kernels together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    /// Global 32-byte sectors, loads and stores, over every kernel record.
    pub sectors: u64,
    /// The sum over kernel records of `compulsory_bytes` (distinct bytes read plus written; a
    /// record gathers every launch of one kernel), in 32-byte sectors rounded up.
    pub compulsory_sectors: u64,
    /// Shared-memory wavefronts beyond the conflict-free minimum (`shared_bank_conflicts`).
    pub bank_conflicts: u64,
    /// Kernel launches (each record's `launches`).
    pub launches: u64,
}

/// The [`Traffic`] of the `--metrics=json` lines of a run of `entry`. When no kernel ran,
/// sharc-run reports one record of the host's own work, named after the entry: that is no
/// launch, and its traffic is not a kernel's.
pub fn traffic(json: &str, entry: &str) -> Traffic {
    let records: Vec<&str> = json.lines().filter(|l| l.trim_start().starts_with('{')).collect();
    let host_only = records.len() == 1 && records[0].contains(&format!("\"kernel\": \"{entry}\""));
    if host_only {
        return Traffic::default();
    }
    Traffic {
        sectors: sum_field(json, "global_sectors"),
        compulsory_sectors: sum_field(json, "compulsory_bytes").div_ceil(32),
        bank_conflicts: sum_field(json, "shared_bank_conflicts"),
        launches: sum_field(json, "launches"),
    }
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

    #[test]
    fn traffic_sums_kernel_records_and_skips_the_host_record() {
        let json = "{\"kernel\": \"k0\", \"launches\": 3, \"global_sectors\": 100, \"shared_bank_conflicts\": 2, \"compulsory_bytes\": 33}\n\
                    {\"kernel\": \"k1\", \"launches\": 1, \"global_sectors\": 20, \"shared_bank_conflicts\": 0, \"compulsory_bytes\": 32}\n";
        let t = traffic(json, "f");
        assert_eq!(t, Traffic { sectors: 120, compulsory_sectors: 3, bank_conflicts: 2, launches: 4 });
        let host = "{\"kernel\": \"f\", \"launches\": 1, \"global_sectors\": 7, \"compulsory_bytes\": 64}\n";
        assert_eq!(traffic(host, "f"), Traffic::default());
    }

    #[test]
    fn reads_the_scalars_of_a_harness() {
        let c = "\
  int32_t m = (int32_t)(long)strtoll(sharc_arg(argc, argv, \"m\"), 0, 10);
  fprintf(sharc_scalars, \"m=%s\\n\", sharc_arg(argc, argv, \"m\"));
  double float_n = (double)strtod(sharc_arg(argc, argv, \"float_n\"), 0);
  int64_t tsteps = (int64_t)(long)strtoll(sharc_arg(argc, argv, \"tsteps\"), 0, 10);
  kernel(m, float_n, tsteps);
";
        let names: Vec<(String, bool)> = harness_arguments(c).into_iter().map(|a| (a.name, a.float)).collect();
        assert_eq!(names, [("m".into(), false), ("float_n".into(), true), ("tsteps".into(), false)]);
    }
}
