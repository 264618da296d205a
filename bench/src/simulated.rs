//! Reading what `sharc-run` produced, for the benchmarks that run compiled kernels in the
//! simulator (`shared-traffic`, `bank-conflicts`).

use std::path::Path;

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
