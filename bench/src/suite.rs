//! The pure parts of the `suite-report` benchmark: its manifest of C programs, the scalar
//! arguments each harness gets at a size, the host functions of a gpu-level file, the plan's
//! remark read from `sharcc --remarks`, and the Markdown table with its summary.
//!
//! A manifest is TOML, one `[[program]]` per C file (paths relative to the repository):
//!
//! ```toml
//! [[program]]
//! file = "test/frontend/polybench-stencils.c"
//! include = ["test/frontend/Inputs"]    # -I, for sharcc and cc
//! define = ["POLYBENCH_USE_C99_PROTO"]  # -D: arrays sized by the harness's n, m, ...
//! functions = ["kernel_jacobi_1d", "kernel_heat_3d"]
//! three_d = ["kernel_heat_3d"]          # run at the 3-D size (n³ points)
//! args = { alpha = 1.5, m = "size/2" }  # scalars other than the default rule's
//! max_size = 64                         # arrays of fixed extent: sizes stop there
//! fixed = "why it runs at one shape only"
//! ```
//!
//! Every scalar a harness reads that `args` does not name follows [`default_arg`]: integers are
//! sizes, time-step counts are 2, floats have fixed values.

use crate::simulated::{HarnessArg, Traffic};
use serde::Deserialize;
use sharc_frontend::harness::DefaultScalar;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The value of one scalar argument.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// This text, as the harness reads it (`1.5`, `2`).
    Literal(String),
    /// The size times `num / den` (at least 1).
    Size {
        /// Numerator.
        num: i64,
        /// Denominator (positive).
        den: i64,
    },
}

impl ArgValue {
    /// The size itself.
    pub const SIZE: ArgValue = ArgValue::Size { num: 1, den: 1 };

    /// Reads `size`, `size*P`, `size/Q`, `size*P/Q`, or a number.
    pub fn parse(text: &str) -> Result<ArgValue, String> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = || format!("'{text}' is neither a number nor size, size*P, size/Q or size*P/Q");
        let Some(rest) = t.strip_prefix("size") else {
            return t.parse::<f64>().map(|_| ArgValue::Literal(t.clone())).map_err(|_| bad());
        };
        let (num, den) = match rest.split_once('/') {
            Some((mul, den)) => (mul, den.parse::<i64>().map_err(|_| bad())?),
            None => (rest, 1),
        };
        let num = match num {
            "" => 1,
            m => m.strip_prefix('*').and_then(|m| m.parse::<i64>().ok()).ok_or_else(bad)?,
        };
        if num <= 0 || den <= 0 {
            return Err(bad());
        }
        Ok(ArgValue::Size { num, den })
    }

    /// The text given to the harness at `size`.
    pub fn at(&self, size: i64) -> String {
        match self {
            ArgValue::Literal(t) => t.clone(),
            ArgValue::Size { num, den } => (size * num / den).max(1).to_string(),
        }
    }
}

/// The value of a scalar the manifest does not name: the front-end's rule
/// ([`sharc_frontend::harness::default_scalar`], which `sharcc --report=FILE.svg` follows too).
pub fn default_arg(name: &str, float: bool) -> ArgValue {
    match sharc_frontend::harness::default_scalar(name, float) {
        DefaultScalar::Size => ArgValue::SIZE,
        DefaultScalar::Literal(v) => ArgValue::Literal(v.to_string()),
    }
}

/// One C program of a suite.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The C file, relative to the repository (or as given, for `--dir`).
    pub file: String,
    /// Its name in the table: the file's stem.
    pub label: String,
    /// `-I` directories (relative like `file`).
    pub include: Vec<String>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub define: Vec<String>,
    /// The host functions to run, in table order.
    pub functions: Vec<String>,
    /// Scalar values that override [`default_arg`].
    pub args: BTreeMap<String, ArgValue>,
    /// Functions over 3-D arrays, run at the 3-D size.
    pub three_d: Vec<String>,
    /// The largest size the program's arrays allow.
    pub max_size: Option<i64>,
    /// Why the program runs at one shape whatever the size, if it does.
    pub fixed: Option<String>,
}

/// The manifest as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ManifestFile {
    program: Vec<ProgramEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramEntry {
    file: String,
    #[serde(default)]
    include: Vec<String>,
    #[serde(default)]
    define: Vec<String>,
    functions: Vec<String>,
    #[serde(default)]
    args: BTreeMap<String, toml::Value>,
    #[serde(default)]
    three_d: Vec<String>,
    max_size: Option<i64>,
    fixed: Option<String>,
}

/// The file stem of `file` (`polybench-stencils` for `test/frontend/polybench-stencils.c`).
pub fn stem(file: &str) -> String {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".c").unwrap_or(name).to_string()
}

/// Reads a manifest; `origin` names it in errors (TOML errors carry line, column and caret).
pub fn parse_manifest(text: &str, origin: &str) -> Result<Vec<Program>, String> {
    let m: ManifestFile = toml::from_str(text).map_err(|e| format!("{origin}: {e}"))?;
    let mut out = Vec::new();
    for (k, p) in m.program.into_iter().enumerate() {
        let at = |what: String| format!("{origin}: program {} ({}): {what}", k + 1, p.file);
        if p.functions.is_empty() {
            return Err(at("no functions".into()));
        }
        if let Some(f) = p.three_d.iter().find(|f| !p.functions.contains(f)) {
            return Err(at(format!("three_d names '{f}', which is not one of its functions")));
        }
        if let Some(s) = p.max_size.filter(|&s| s < 1) {
            return Err(at(format!("max_size {s} is not positive")));
        }
        let mut args = BTreeMap::new();
        for (name, v) in &p.args {
            let value = match v {
                toml::Value::Integer(i) => ArgValue::Literal(i.to_string()),
                toml::Value::Float(f) => ArgValue::Literal(f.to_string()),
                toml::Value::String(s) => ArgValue::parse(s).map_err(|e| at(format!("args.{name}: {e}")))?,
                other => return Err(at(format!("args.{name}: {other} is not a number or a size expression"))),
            };
            args.insert(name.clone(), value);
        }
        out.push(Program {
            label: stem(&p.file),
            file: p.file,
            include: p.include,
            define: p.define,
            functions: p.functions,
            args,
            three_d: p.three_d,
            max_size: p.max_size,
            fixed: p.fixed,
        });
    }
    Ok(out)
}

/// The `NAME=VALUE` arguments of a harness that reads `params`, for `program` at `size`, and
/// the size they were given (`None` when no argument is size-like: a fixed shape).
pub fn harness_values(program: &Program, params: &[HarnessArg], size: i64) -> (Vec<String>, Option<i64>) {
    let size = program.max_size.map_or(size, |m| size.min(m));
    let mut sized = false;
    let values = params
        .iter()
        .map(|p| {
            let v = program.args.get(&p.name).cloned().unwrap_or_else(|| default_arg(&p.name, p.float));
            sized |= matches!(v, ArgValue::Size { .. });
            format!("{}={}", p.name, v.at(size))
        })
        .collect();
    (values, sized.then_some(size))
}

/// The host functions of a gpu-level module (as `sharcc --emit=gpu` prints it) whose bodies
/// launch a kernel (`gpu.launch_func`), in order.
pub fn launching_functions(mlir: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<(String, bool)> = None;
    for line in mlir.lines() {
        if let Some(rest) = line.strip_prefix("  func.func ") {
            let rest = rest.trim_start_matches("private ");
            let name = rest.strip_prefix('@').and_then(|r| r.split('(').next()).unwrap_or("");
            current = (!name.is_empty()).then(|| (name.to_string(), false));
        } else if line == "  }" {
            if let Some((name, true)) = current.take() {
                out.push(name);
            }
        } else if let Some((_, launches)) = current.as_mut() {
            *launches |= line.contains("gpu.launch_func");
        }
    }
    out
}

/// The longest plan text a table cell keeps (per section).
const REMARK_CHARS: usize = 140;

/// What `sharc-partition` said of one parallel section.
#[derive(Default)]
struct SectionRemarks {
    /// `file:line:col`.
    loc: String,
    /// The `chosen:` remark, shortened ([`shorten_chosen`]).
    chosen: Option<String>,
    /// The `placement:` remark, shortened ([`shorten_placement`]).
    placement: Option<String>,
    /// `its plan stages no array`: the section stays on the baseline mapping.
    baseline: bool,
    /// Each version of `sharc-resident-columns`: its arrays' columns (`B 328x32`).
    resident: Vec<String>,
}

impl SectionRemarks {
    fn text(&self) -> String {
        let plan = self.plan_text();
        if self.resident.is_empty() {
            return plan;
        }
        format!("resident columns [{}], else {plan}", self.resident.join(" | "))
    }

    fn plan_text(&self) -> String {
        match (&self.chosen, &self.placement) {
            // A taken plan: its shape, staged arrays and the predicted sectors it won with.
            (Some(c), Some(p)) if p.starts_with("taken") => format!("{c}; {p}"),
            // A refused plan stages nothing: its chosen remark would name arrays that are not staged.
            (_, Some(p)) => p.clone(),
            (Some(c), None) => c.clone(),
            (None, None) if self.baseline => "stages no array".to_string(),
            (None, None) => "-".to_string(),
        }
    }
}

/// The plan of each parallel section, from `sharcc --remarks`' stderr: per section (one source
/// location), `sharc-partition`'s `chosen:` remark shortened to the block and the staged arrays,
/// with its `placement:` remark shortened to the decision and the predicted sectors (a refused
/// plan shows the placement alone), or `stages no array` for a section the baseline mapping
/// keeps. Several sections are `L<line>: ...` joined by `; `; none is `-`.
pub fn plan_remark(stderr: &str) -> String {
    let mut sections: Vec<SectionRemarks> = Vec::new();
    for line in stderr.lines() {
        let Some((loc, text)) = line.split_once(": remark: ") else { continue };
        let at = match sections.iter().position(|s| s.loc == loc) {
            Some(i) => i,
            None if text.starts_with("placement: ")
                || text.starts_with("chosen: ")
                || text.contains("its plan stages no array") =>
            {
                sections.push(SectionRemarks { loc: loc.to_string(), ..Default::default() });
                sections.len() - 1
            }
            None => continue,
        };
        let s = &mut sections[at];
        if let Some(p) = text.strip_prefix("placement: ") {
            s.placement = Some(shorten_placement(p.trim()));
        } else if let Some(c) = text.strip_prefix("chosen: ") {
            s.chosen = Some(shorten_chosen(c));
        } else if text.contains("its plan stages no array") {
            s.baseline = true;
        } else if let Some(r) = text.strip_prefix("resident columns: ") {
            s.resident.push(shorten_resident(r));
        }
    }
    let clip = |s: &str| match s.char_indices().nth(REMARK_CHARS) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    };
    match sections.as_slice() {
        [] => "-".to_string(),
        [one] => clip(&one.text()),
        many => many
            .iter()
            .map(|s| {
                // file:line:col → line; the file may contain ':' itself, so count from the end.
                let line = s.loc.rsplit(':').nth(1).unwrap_or(&s.loc);
                format!("L{line}: {}", clip(&s.text()))
            })
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// `B 328x32 (41984 B), C 328x32 (41984 B) when ...` → `B 328x32, C 328x32`.
fn shorten_resident(text: &str) -> String {
    let arrays = text.split(" when ").next().unwrap_or(text);
    arrays.split(", ").map(|a| a.split(" (").next().unwrap_or(a)).collect::<Vec<_>>().join(", ")
}

/// `plan taken: at n = 32 / 128: plan 10 / 90, baseline 40 / 600 global sectors per launch` →
/// `taken (n = 32 / 128: plan 10 / 90, baseline 40 / 600)`; `plan refused, ...` → `refused
/// (...)`; `plan taken unchecked (...)` → `taken unchecked`; anything else up to its first `;`.
fn shorten_placement(text: &str) -> String {
    let decision = if text.starts_with("plan taken unchecked") {
        "taken unchecked"
    } else if text.starts_with("plan taken") {
        "taken"
    } else if text.starts_with("plan refused") {
        "refused"
    } else {
        text.split(';').next().unwrap_or(text)
    };
    let numbers = text.find("at n = ").map(|at| {
        let rest = &text[at + "at ".len()..];
        rest.split(" global sectors").next().unwrap_or(rest).to_string()
    });
    match numbers {
        Some(n) => format!("{decision} ({n})"),
        None => decision.to_string(),
    }
}

/// `plan 0, block 32x32x1, y = %arg8, ...; staged [E, A]; profit ...` → `block 32x32x1, staged
/// [E, A]`: the shape and what is in shared memory; the rest is in the full remark.
fn shorten_chosen(text: &str) -> String {
    let block = text.split([',', ';']).find_map(|p| p.trim().strip_prefix("block ")).map(|b| format!("block {b}"));
    let staged = text.split("; ").find(|p| p.starts_with("staged ")).map(str::to_string);
    match (block, staged) {
        (Some(b), Some(s)) => format!("{b}, {s}"),
        (Some(b), None) => b,
        _ => text.split(';').next().unwrap_or(text).to_string(),
    }
}

/// One kernel's measurements on one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// `sharcc --no-shared`.
    pub baseline: Traffic,
    /// sharcc's default pipeline.
    pub default: Traffic,
    /// Whether both runs' outputs equal the C compiler's.
    pub equal: bool,
    /// [`plan_remark`] of the default compile.
    pub plan: String,
}

/// One row of the table: a program's function on one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `label/function`.
    pub kernel: String,
    /// The size its harness got (`None`: fixed shape, or not reached).
    pub size: Option<i64>,
    /// The measurements, or the first error.
    pub outcome: Result<Measured, String>,
}

/// The table's header lines.
pub const TABLE_HEADER: &str = "| kernel | n | baseline sectors | default sectors | compulsory | baseline / default | default / compulsory | bank conflicts | launches | outputs = cc | plan (sharc-partition) |\n|---|---|---|---|---|---|---|---|---|---|---|";

/// `a / b` with two decimals, `-` when b is zero.
fn ratio(a: u64, b: u64) -> String {
    if b == 0 {
        "-".to_string()
    } else {
        format!("{:.2}", a as f64 / b as f64)
    }
}

/// A table cell: `|` escaped, line breaks flattened.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The first line of an error worth a table cell: the first that says `error:` (a diagnostic,
/// not a command line that names `share-errors.c`), else the first.
pub fn first_error(e: &str) -> String {
    let line = e.lines().find(|l| l.contains("error:")).or_else(|| e.lines().next()).unwrap_or("");
    line.trim().to_string()
}

/// One Markdown row.
pub fn format_row(r: &Row) -> String {
    let n = r.size.map_or("fixed".to_string(), |n| n.to_string());
    match &r.outcome {
        Ok(m) => format!(
            "| {} | {n} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            cell(&r.kernel),
            m.baseline.sectors,
            m.default.sectors,
            m.default.compulsory_sectors,
            ratio(m.baseline.sectors, m.default.sectors),
            ratio(m.default.sectors, m.default.compulsory_sectors),
            m.default.bank_conflicts,
            m.default.launches,
            if m.equal { "yes" } else { "NO" },
            cell(&m.plan)
        ),
        Err(e) => {
            format!("| {} | {n} | - | - | - | - | - | - | - | failed | {} |", cell(&r.kernel), cell(&first_error(e)))
        }
    }
}

/// What the table adds up to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Default sectors below the baseline's.
    pub improve: usize,
    /// Default sectors equal to the baseline's.
    pub equal: usize,
    /// Default sectors above the baseline's: the kernels.
    pub regress: Vec<String>,
    /// Rows whose outputs differ from the C compiler's.
    pub differ: Vec<String>,
    /// Rows that failed to compile or run.
    pub failed: Vec<String>,
    /// The geometric mean of default / compulsory over the measured rows with traffic.
    pub geomean_default_over_compulsory: Option<f64>,
}

/// The [`Summary`] of `rows`.
pub fn summarize(rows: &[Row]) -> Summary {
    let mut s = Summary::default();
    let (mut log_sum, mut count) = (0.0, 0usize);
    for r in rows {
        let m = match &r.outcome {
            Ok(m) => m,
            Err(_) => {
                s.failed.push(r.kernel.clone());
                continue;
            }
        };
        match m.default.sectors.cmp(&m.baseline.sectors) {
            std::cmp::Ordering::Less => s.improve += 1,
            std::cmp::Ordering::Equal => s.equal += 1,
            std::cmp::Ordering::Greater => s.regress.push(r.kernel.clone()),
        }
        if !m.equal {
            s.differ.push(r.kernel.clone());
        }
        if m.default.sectors > 0 && m.default.compulsory_sectors > 0 {
            log_sum += (m.default.sectors as f64 / m.default.compulsory_sectors as f64).ln();
            count += 1;
        }
    }
    s.geomean_default_over_compulsory = (count > 0).then(|| (log_sum / count as f64).exp());
    s
}

/// The summary as Markdown lines under the table.
pub fn format_summary(s: &Summary) -> String {
    let list = |v: &[String]| if v.is_empty() { String::new() } else { format!(" ({})", v.join(", ")) };
    let mut out = String::new();
    let measured = s.improve + s.equal + s.regress.len();
    let _ = writeln!(
        out,
        "- {measured} kernels measured: {} improve, {} equal, {} regress (default > baseline){}",
        s.improve,
        s.equal,
        s.regress.len(),
        list(&s.regress)
    );
    match s.geomean_default_over_compulsory {
        Some(g) => {
            let _ = writeln!(out, "- default / compulsory, geometric mean: {g:.2}");
        }
        None => {
            let _ = writeln!(out, "- default / compulsory, geometric mean: - (no kernel with traffic)");
        }
    }
    let _ = writeln!(out, "- outputs differing from the C compiler's: {}{}", s.differ.len(), list(&s.differ));
    let _ = writeln!(out, "- failed to compile or run: {}{}", s.failed.len(), list(&s.failed));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_manifest() {
        let text = r#"
[[program]]
file = "test/frontend/polybench-stencils.c"
include = ["test/frontend/Inputs"]
define = ["POLYBENCH_USE_C99_PROTO"]
functions = ["kernel_jacobi_1d", "kernel_heat_3d"]
three_d = ["kernel_heat_3d"]
args = { alpha = 1.5, n = 7, m = "size/2", k = "size * 3 / 4" }

[[program]]
file = "test/frontend/helpers.c"
functions = ["k_helpers"]
max_size = 64
fixed = "arrays of 64"
"#;
        let p = parse_manifest(text, "m.toml").unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].label, "polybench-stencils");
        assert_eq!(p[0].include, ["test/frontend/Inputs"]);
        assert_eq!(p[0].three_d, ["kernel_heat_3d"]);
        assert_eq!(p[0].args["alpha"], ArgValue::Literal("1.5".into()));
        assert_eq!(p[0].args["n"], ArgValue::Literal("7".into()));
        assert_eq!(p[0].args["m"], ArgValue::Size { num: 1, den: 2 });
        assert_eq!(p[0].args["k"], ArgValue::Size { num: 3, den: 4 });
        assert_eq!(p[1].max_size, Some(64));
        assert_eq!(p[1].fixed.as_deref(), Some("arrays of 64"));
        assert!(p[1].args.is_empty() && p[1].define.is_empty());
    }

    #[test]
    fn the_shipped_manifest_names_files_and_functions_that_exist() {
        let root = crate::measure::repo_root();
        let text = std::fs::read_to_string(root.join("bench/suites/tests.toml")).unwrap();
        let programs = parse_manifest(&text, "bench/suites/tests.toml").unwrap();
        assert!(programs.len() >= 10, "{} programs", programs.len());
        for p in &programs {
            let src = std::fs::read_to_string(root.join(&p.file)).unwrap_or_else(|e| panic!("{}: {e}", p.file));
            for i in &p.include {
                assert!(root.join(i).is_dir(), "{}: include {i}", p.file);
            }
            for f in &p.functions {
                assert!(src.contains(&format!(" {f}(")), "{}: no function {f}", p.file);
            }
        }
    }

    #[test]
    fn manifest_errors_say_where() {
        let e = parse_manifest("[[program]]\nfile = \"a.c\"\nfunctions = [\"f\"]\nsize = 3\n", "m.toml").unwrap_err();
        assert!(e.starts_with("m.toml: ") && e.contains("line 4") && e.contains("size"), "{e}");
        let e = parse_manifest("[[program]]\nfile = \"a.c\"\nfunctions = [\"f\"]\nthree_d = [\"g\"]\n", "m.toml")
            .unwrap_err();
        assert!(e.contains("program 1 (a.c): three_d names 'g'"), "{e}");
        let e = parse_manifest("[[program]]\nfile = \"a.c\"\nfunctions = [\"f\"]\nargs = { n = \"sizes\" }\n", "m")
            .unwrap_err();
        assert!(e.contains("args.n: 'sizes' is neither"), "{e}");
        assert!(parse_manifest("[[program]]\nfile = \"a.c\"\nfunctions = []\n", "m")
            .unwrap_err()
            .contains("no functions"));
    }

    #[test]
    fn size_expressions() {
        assert_eq!(ArgValue::parse("size").unwrap().at(128), "128");
        assert_eq!(ArgValue::parse("size/4").unwrap().at(128), "32");
        assert_eq!(ArgValue::parse("size*3/2").unwrap().at(128), "192");
        assert_eq!(ArgValue::parse("size/1000").unwrap().at(128), "1");
        assert_eq!(ArgValue::parse("-0.5").unwrap().at(128), "-0.5");
        assert!(ArgValue::parse("size*0").is_err());
        assert!(ArgValue::parse("size+1").is_err());
        assert!(ArgValue::parse("n").is_err());
    }

    #[test]
    fn harness_values_follow_the_default_rule_and_the_manifest() {
        let text =
            "[[program]]\nfile = \"a.c\"\nfunctions = [\"f\"]\nmax_size = 64\nargs = { m = \"size/2\", beta = 1.25 }\n";
        let p = &parse_manifest(text, "m").unwrap()[0];
        let arg = |name: &str, float| HarnessArg { name: name.into(), float };
        let params = [
            arg("n", false),
            arg("m", false),
            arg("tsteps", false),
            arg("alpha", true),
            arg("beta", true),
            arg("float_n", true),
        ];
        let (v, size) = harness_values(p, &params, 128);
        assert_eq!(v, ["n=64", "m=32", "tsteps=2", "alpha=1.5", "beta=1.25", "float_n=64"]);
        assert_eq!(size, Some(64));
        let (v, size) = harness_values(p, &[arg("c", true)], 128);
        assert_eq!((v, size), (vec!["c=1.5".to_string()], None));
    }

    #[test]
    fn finds_the_functions_that_launch() {
        let mlir = "module {\n  gpu.module @k {\n  }\n  func.func @host(%arg0: index) {\n    gpu.launch_func @k::@f blocks in (%c1, %c1, %c1)\n    return\n  }\n  func.func private @helper(%arg0: f32) -> f32 {\n    return %arg0 : f32\n  }\n  func.func @seq() {\n    return\n  }\n}\n";
        assert_eq!(launching_functions(mlir), ["host"]);
    }

    #[test]
    fn reads_the_plan_of_each_section() {
        // sharc-partition's remarks as it words them (plan.rs, sectors.rs); other remarks ignored.
        let stderr = "\
f.c:60:5: remark: loop runs in parallel: no iteration depends on another
f.c:60:5: remark: chosen: plan 0, block 32x32x1, y = %arg8, x = %arg9, strip %arg10 by 32; staged [E, A, B]; profit 28416 * n, 24576 B shared
  for (i = 0; i < n; i++)
  ^
f.c:60:5: remark: placement: plan taken: at n = 32 / 128: plan 1024 / 40960, baseline 19968 / 1249280 global sectors per launch
f.c:70:7: remark: chosen: plan 0, block 16x16x1, y = %arg8; staged [A]; profit 0
f.c:70:7: remark: placement: plan refused, nothing staged: none of the 4 best setting(s) moves fewer global sectors than the baseline; the best-ranked one at n = 32 / 128: plan 900 / 9000, baseline 800 / 8000 global sectors per launch
f.c:80:7: remark: placement: no setting stages an array; baseline mapping
f.c:90:7: remark: its plan stages no array: baseline plan
f.c:95:7: remark: chosen: plan 1, block 32x8x1, y = %a; staged [B]; profit 3
";
        assert_eq!(
            plan_remark(stderr),
            "L60: block 32x32x1, staged [E, A, B]; taken (n = 32 / 128: plan 1024 / 40960, baseline 19968 / 1249280); \
             L70: refused (n = 32 / 128: plan 900 / 9000, baseline 800 / 8000); \
             L80: no setting stages an array; L90: stages no array; L95: block 32x8x1, staged [B]"
        );
        let one = "f.c:1:1: remark: chosen: plan 0, block 32x8x1, y = %a; staged [A]; profit 3\n";
        assert_eq!(plan_remark(one), "block 32x8x1, staged [A]");
        let unchecked = "f.c:1:1: remark: chosen: plan 0, block 32x8x1; staged [A]\n\
                         f.c:1:1: remark: placement: plan taken unchecked (the baseline mapping keeps this section on the host)\n";
        assert_eq!(plan_remark(unchecked), "block 32x8x1, staged [A]; taken unchecked");
        assert_eq!(plan_remark("f.c:1:1: remark: loop runs in parallel\n"), "-");
        // sharc-resident-columns' versions (resident_columns.rs words them), before the plan.
        let resident = "f.c:1:1: remark: placement: no setting stages an array; baseline mapping\n\
                        f.c:1:1: remark: resident columns: C 48x32 (6144 B), B 48x32 (6144 B) when dim(C, 0) <= 48 and dim(B, 0) <= 48 (block 32x1x1; predicted sectors per thread at n = 48: 53.2 against 476.2)\n\
                        f.c:1:1: remark: resident columns: C 96x16 (6144 B), B 96x16 (6144 B) when dim(C, 0) <= 96 and dim(B, 0) <= 96 (block 16x1x1; predicted sectors per thread at n = 96: 321.0 against 1888.5)\n";
        assert_eq!(
            plan_remark(resident),
            "resident columns [C 48x32, B 48x32 | C 96x16, B 96x16], else no setting stages an array"
        );
        let long = format!("f.c:1:1: remark: placement: {}\n", "x".repeat(300));
        assert_eq!(plan_remark(&long).chars().count(), REMARK_CHARS + 1);
    }

    fn row(kernel: &str, base: u64, default: u64, compulsory: u64, equal: bool) -> Row {
        let t = |sectors| Traffic { sectors, compulsory_sectors: compulsory, bank_conflicts: 0, launches: 1 };
        Row {
            kernel: kernel.into(),
            size: Some(32),
            outcome: Ok(Measured {
                baseline: t(base),
                default: t(default),
                equal,
                plan: "block 32x8x1, staged [A|B]".into(),
            }),
        }
    }

    #[test]
    fn formats_rows() {
        assert_eq!(
            format_row(&row("pb/gemm", 300, 100, 50, true)),
            "| pb/gemm | 32 | 300 | 100 | 50 | 3.00 | 2.00 | 0 | 1 | yes | block 32x8x1, staged [A\\|B] |"
        );
        let failed = Row {
            kernel: "pb/x".into(),
            size: None,
            outcome: Err("`sharcc x-errors.c` failed (exit status: 1):\nx.c:1:2: error: bad | thing\n  x\n  ^".into()),
        };
        assert_eq!(
            format_row(&failed),
            "| pb/x | fixed | - | - | - | - | - | - | - | failed | x.c:1:2: error: bad \\| thing |"
        );
        assert_eq!(
            TABLE_HEADER.lines().next().unwrap().matches('|').count(),
            format_row(&failed).matches('|').count() - 1
        );
    }

    #[test]
    fn summarizes() {
        let rows = [
            row("a", 300, 100, 50, true),
            row("b", 100, 100, 25, true),
            row("c", 100, 200, 200, false),
            Row { kernel: "d".into(), size: None, outcome: Err("boom".into()) },
        ];
        let s = summarize(&rows);
        assert_eq!((s.improve, s.equal), (1, 1));
        assert_eq!(s.regress, ["c"]);
        assert_eq!(s.differ, ["c"]);
        assert_eq!(s.failed, ["d"]);
        // (2 · 4 · 1)^(1/3) = 2
        assert!((s.geomean_default_over_compulsory.unwrap() - 2.0).abs() < 1e-12);
        let text = format_summary(&s);
        assert!(text.contains("3 kernels measured: 1 improve, 1 equal, 1 regress (default > baseline) (c)"), "{text}");
        assert!(text.contains("geometric mean: 2.00"), "{text}");
    }
}
