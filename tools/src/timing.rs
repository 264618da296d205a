//! `--mlir-timing`: the wall-time report `sharc-opt` and `sharcc` print to stderr, in
//! mlir-opt's layout (one row per phase and per pass, then the total).

use std::time::Duration;

/// Wall time per phase or pass, in the order they ran; a name seen again adds to its row.
#[derive(Debug, Default)]
pub struct Timings {
    rows: Vec<(String, Duration)>,
}

impl Timings {
    /// Adds `d` to the row `name` (created at the end if new).
    pub fn add(&mut self, name: &str, d: Duration) {
        match self.rows.iter_mut().find(|(n, _)| n == name) {
            Some(row) => row.1 += d,
            None => self.rows.push((name.to_string(), d)),
        }
    }

    /// The report, as mlir-opt's `--mlir-timing` prints it.
    pub fn render(&self) -> String {
        let total: Duration = self.rows.iter().map(|r| r.1).sum();
        let pct = |d: Duration| if total.is_zero() { 0.0 } else { 100.0 * d.as_secs_f64() / total.as_secs_f64() };
        let mut out = String::new();
        out.push_str("===-------------------------------------------------------------------------===\n");
        out.push_str("                         ... Execution time report ...\n");
        out.push_str("===-------------------------------------------------------------------------===\n");
        out.push_str(&format!("  Total Execution Time: {:.4} seconds\n\n", total.as_secs_f64()));
        out.push_str("  ----Wall Time----  ----Name----\n");
        for (name, d) in self.rows.iter().chain([&("Total".to_string(), total)]) {
            out.push_str(&format!("    {:.4} ({:5.1}%)  {name}\n", d.as_secs_f64(), pct(*d)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_accumulate_and_the_total_closes_the_report() {
        let mut t = Timings::default();
        t.add("Parser", Duration::from_millis(10));
        t.add("cse", Duration::from_millis(30));
        t.add("Parser", Duration::from_millis(10));
        let text = t.render();
        let rows: Vec<&str> = text.lines().filter(|l| l.contains('%')).collect();
        assert_eq!(rows.len(), 3, "{text}");
        assert!(rows[0].contains("0.0200 ( 40.0%)  Parser"), "{text}");
        assert!(rows[1].contains("0.0300 ( 60.0%)  cse"), "{text}");
        assert!(rows[2].contains("0.0500 (100.0%)  Total"), "{text}");
    }
}
