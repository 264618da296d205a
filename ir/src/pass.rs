//! Passes and the pass manager, with mlir-opt's textual pipelines:
//! `builtin.module(func.func(canonicalize{max-iterations=4}, cse), symbol-dce)`.
//!
//! A pass is declared once by a [`PassInfo`] (CLI name, summary, typed options with defaults and
//! help, the op it is anchored on) from which `--help`, the docs and the pipeline parser are
//! derived. Passes anchored on an op kind run on each matching op *directly* nested in the op the
//! enclosing pipeline runs on; adding a `func.func` pass at module level nests it implicitly, as
//! mlir-opt does.

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::OpId;
use crate::location::Location;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// The type of a pass option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true`/`false` (`k` alone means true).
    Bool,
    /// A signed integer.
    Int,
    /// A string.
    Str,
    /// A comma-separated list of integers.
    IntList,
}

/// A declared pass option.
#[derive(Debug)]
pub struct PassOptionSpec {
    /// CLI name (`max-iterations`).
    pub name: &'static str,
    /// Type.
    pub kind: OptionKind,
    /// Default as text.
    pub default: &'static str,
    /// Help text.
    pub help: &'static str,
}

/// Parsed option values, checked against the pass's specs.
#[derive(Debug, Clone, Default)]
pub struct PassOptions {
    values: BTreeMap<String, String>,
}

impl PassOptions {
    /// Parses `k=v k2=v2` (or `k=v,k2=v2` is *not* accepted: commas belong to lists).
    pub fn parse(text: &str, specs: &[PassOptionSpec], pass: &str) -> Result<PassOptions, String> {
        let mut values = BTreeMap::new();
        for item in split_options(text) {
            let (k, v) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim().to_string()),
                None => (item.trim(), "true".to_string()),
            };
            let Some(spec) = specs.iter().find(|s| s.name == k) else {
                return Err(format!("no such option '{k}' for pass '{pass}'"));
            };
            check_value(spec, &v).map_err(|e| format!("invalid value for option '{k}' of pass '{pass}': {e}"))?;
            values.insert(k.to_string(), v);
        }
        for s in specs {
            values.entry(s.name.to_string()).or_insert_with(|| s.default.to_string());
        }
        Ok(PassOptions { values })
    }

    /// A boolean option.
    pub fn bool(&self, name: &str) -> bool {
        self.values.get(name).is_some_and(|v| v == "true" || v == "1")
    }

    /// An integer option.
    pub fn int(&self, name: &str) -> i64 {
        self.values.get(name).and_then(|v| v.parse().ok()).unwrap_or(0)
    }

    /// A string option.
    pub fn str(&self, name: &str) -> &str {
        self.values.get(name).map_or("", String::as_str)
    }

    /// A list-of-integers option.
    pub fn int_list(&self, name: &str) -> Vec<i64> {
        self.values
            .get(name)
            .map(|v| v.split(',').filter(|s| !s.trim().is_empty()).filter_map(|s| s.trim().parse().ok()).collect())
            .unwrap_or_default()
    }

    /// `{k=v ...}` as printed in pipelines.
    pub fn render(&self) -> String {
        let items: Vec<String> = self.values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        items.join(" ")
    }
}

fn split_options(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

fn check_value(spec: &PassOptionSpec, v: &str) -> Result<(), String> {
    match spec.kind {
        OptionKind::Bool => match v {
            "true" | "false" | "1" | "0" => Ok(()),
            _ => Err(format!("'{v}' is not a boolean")),
        },
        OptionKind::Int => v.parse::<i64>().map(|_| ()).map_err(|_| format!("'{v}' is not an integer")),
        OptionKind::Str => Ok(()),
        OptionKind::IntList => {
            for x in v.split(',').filter(|s| !s.trim().is_empty()) {
                x.trim().parse::<i64>().map_err(|_| format!("'{x}' is not an integer"))?;
            }
            Ok(())
        }
    }
}

/// A pass instance.
pub trait Pass {
    /// Runs on `op` (an op of the pass's anchor kind). Errors are diagnostics; remarks and
    /// warnings go to `diags`.
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic>;
}

/// Creates a pass from its options.
pub type PassFactory = fn(&PassOptions) -> Box<dyn Pass>;

/// The declaration of a pass.
#[derive(Debug)]
pub struct PassInfo {
    /// CLI name (`canonicalize`).
    pub name: &'static str,
    /// The name IR dumps use (`--mlir-print-ir-after-all`), upstream's pass class name
    /// (`Canonicalizer`, `CSE`) for passes upstream has.
    pub title: &'static str,
    /// One-line summary.
    pub summary: &'static str,
    /// What it does, why, the paper section, a before/after sketch (Markdown).
    pub description: &'static str,
    /// The op kind it runs on; `None` runs on whatever op the pipeline is at.
    pub anchor: Option<&'static str>,
    /// Options.
    pub options: &'static [PassOptionSpec],
    /// Constructor.
    pub create: PassFactory,
}

/// The passes a tool knows.
#[derive(Debug, Default)]
pub struct PassRegistry {
    passes: Vec<&'static PassInfo>,
}

impl PassRegistry {
    /// Registers a pass.
    pub fn register(&mut self, info: &'static PassInfo) {
        self.passes.push(info);
    }

    /// A pass by CLI name.
    pub fn get(&self, name: &str) -> Option<&'static PassInfo> {
        self.passes.iter().copied().find(|p| p.name == name)
    }

    /// All passes, sorted by name.
    pub fn all(&self) -> Vec<&'static PassInfo> {
        let mut v = self.passes.clone();
        v.sort_by_key(|p| p.name);
        v
    }
}

/// One element of a pipeline.
pub enum PipelineElement {
    /// Run a pass.
    Pass {
        /// Its declaration.
        info: &'static PassInfo,
        /// Its options.
        options: PassOptions,
    },
    /// Run a nested pipeline on each op named `anchor` directly nested in the current op.
    Nested {
        /// Op name (`func.func`), or `any`.
        anchor: String,
        /// The nested pipeline.
        pipeline: Vec<PipelineElement>,
    },
}

/// Instrumentation of a pipeline run.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunOptions {
    /// Verify the IR after every pass.
    pub verify_each: bool,
    /// Print the IR after every pass (to the returned dumps).
    pub print_after_all: bool,
    /// Print debug locations in dumps.
    pub print_debuginfo: bool,
    /// Print dumps in generic form.
    pub print_generic: bool,
    /// Collect timing.
    pub timing: bool,
}

/// What a run produced besides the IR.
#[derive(Debug, Default)]
pub struct RunReport {
    /// Remarks and warnings emitted by passes.
    pub diagnostics: Vec<Diagnostic>,
    /// IR dumps (`--mlir-print-ir-after-all`), in order.
    pub dumps: Vec<String>,
    /// Wall time per pass name, in order of first run.
    pub timings: Vec<(String, Duration)>,
}

/// A parsed pipeline, ready to run.
pub struct PassManager {
    /// The op kind at the root (`builtin.module`).
    pub root: String,
    /// The pipeline.
    pub pipeline: Vec<PipelineElement>,
}

impl PassManager {
    /// An empty pipeline on `builtin.module`.
    pub fn new() -> Self {
        PassManager { root: crate::symbol::MODULE_OP.to_string(), pipeline: Vec::new() }
    }

    /// Appends a pass at the root level, nesting it implicitly under its anchor if that differs
    /// from the root.
    pub fn add(&mut self, info: &'static PassInfo, options: PassOptions) {
        let el = PipelineElement::Pass { info, options };
        match info.anchor {
            Some(a) if a != self.root => {
                if let Some(PipelineElement::Nested { anchor, pipeline }) = self.pipeline.last_mut() {
                    if anchor == a {
                        pipeline.push(el);
                        return;
                    }
                }
                self.pipeline.push(PipelineElement::Nested { anchor: a.to_string(), pipeline: vec![el] });
            }
            _ => self.pipeline.push(el),
        }
    }

    /// Parses `root(elem, ...)`, where an element is `pass{opts}` or `op-name(...)`.
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<PassManager, String> {
        let mut p = PipelineParser { s: text.as_bytes(), text, pos: 0, registry };
        p.skip_ws();
        let root = p.ident()?;
        p.expect(b'(')?;
        let pipeline = p.elements(&root)?;
        p.expect(b')')?;
        p.skip_ws();
        if p.pos != text.len() {
            return Err(format!("unexpected text at position {} of the pipeline: '{}'", p.pos, &text[p.pos..]));
        }
        Ok(PassManager { root, pipeline })
    }

    /// The pipeline as text (mlir-opt's `--dump-pass-pipeline` form).
    pub fn render(&self) -> String {
        format!("{}({})", self.root, render_elements(&self.pipeline))
    }

    /// Runs the pipeline on `op` (which must be of the root kind).
    pub fn run(&mut self, ctx: &mut Context, op: OpId, opts: RunOptions) -> Result<RunReport, Diagnostic> {
        let mut report = RunReport::default();
        if ctx.op_name(op) != self.root && self.root != "any" {
            return Err(Diagnostic::error(
                Location::Unknown,
                format!("can't run '{}' pass manager on '{}' op", self.root, ctx.op_name(op)),
            ));
        }
        run_elements(&mut self.pipeline, ctx, op, opts, &mut report)?;
        Ok(report)
    }
}

impl Default for PassManager {
    fn default() -> Self {
        Self::new()
    }
}

fn render_elements(els: &[PipelineElement]) -> String {
    els.iter()
        .map(|e| match e {
            PipelineElement::Pass { info, options } => {
                let o = options.render();
                if o.is_empty() {
                    info.name.to_string()
                } else {
                    format!("{}{{{o}}}", info.name)
                }
            }
            PipelineElement::Nested { anchor, pipeline } => format!("{anchor}({})", render_elements(pipeline)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn run_elements(
    els: &mut [PipelineElement],
    ctx: &mut Context,
    op: OpId,
    opts: RunOptions,
    report: &mut RunReport,
) -> Result<(), Diagnostic> {
    for el in els {
        match el {
            PipelineElement::Pass { info, options } => {
                let mut pass = (info.create)(options);
                let start = Instant::now();
                pass.run(ctx, op, &mut report.diagnostics)?;
                if opts.timing {
                    let t = start.elapsed();
                    match report.timings.iter_mut().find(|(n, _)| n == info.name) {
                        Some(e) => e.1 += t,
                        None => report.timings.push((info.name.to_string(), t)),
                    }
                }
                if opts.verify_each {
                    crate::verifier::verify(ctx, op).map_err(|d| {
                        let mut d = d;
                        d.message = format!("{} [after pass '{}']", d.message, info.name);
                        d
                    })?;
                }
                if opts.print_after_all {
                    let po =
                        crate::syntax::PrintOptions { generic: opts.print_generic, debuginfo: opts.print_debuginfo };
                    let mut s = String::new();
                    let _ = writeln!(s, "// -----// IR Dump After {} ({}) //----- //", info.title, info.name);
                    s.push_str(&crate::syntax::print_op(ctx, op, po));
                    report.dumps.push(s);
                }
            }
            PipelineElement::Nested { anchor, pipeline } => {
                let children: Vec<OpId> = ctx
                    .regions(op)
                    .to_vec()
                    .into_iter()
                    .flat_map(|r| ctx.region_blocks(r).to_vec())
                    .flat_map(|b| ctx.block_ops(b))
                    .filter(|&o| anchor == "any" || ctx.op_name(o) == anchor)
                    .collect();
                for child in children {
                    run_elements(pipeline, ctx, child, opts, report)?;
                }
            }
        }
    }
    Ok(())
}

struct PipelineParser<'a> {
    s: &'a [u8],
    text: &'a str,
    pos: usize,
    registry: &'a PassRegistry,
}

impl PipelineParser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn ident(&mut self) -> Result<String, String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"-_.".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(format!("expected a pass or op name at position {start} of the pipeline"));
        }
        Ok(self.text[start..self.pos].to_string())
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        self.skip_ws();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at position {} of the pipeline", c as char, self.pos))
        }
    }

    fn elements(&mut self, anchor: &str) -> Result<Vec<PipelineElement>, String> {
        let mut out = Vec::new();
        self.skip_ws();
        if self.s.get(self.pos) == Some(&b')') {
            return Ok(out);
        }
        loop {
            let name = self.ident()?;
            self.skip_ws();
            match self.s.get(self.pos) {
                Some(b'(') => {
                    self.pos += 1;
                    let pipeline = self.elements(&name)?;
                    self.expect(b')')?;
                    out.push(PipelineElement::Nested { anchor: name, pipeline });
                }
                _ => {
                    let info = self
                        .registry
                        .get(&name)
                        .ok_or_else(|| format!("'{name}' does not refer to a registered pass or pass pipeline"))?;
                    let mut opts_text = "";
                    if self.s.get(self.pos) == Some(&b'{') {
                        let start = self.pos + 1;
                        let end = self.text[start..].find('}').ok_or("unterminated pass options '{'")? + start;
                        opts_text = &self.text[start..end];
                        self.pos = end + 1;
                    }
                    if let Some(a) = info.anchor {
                        if a != anchor && anchor != "any" {
                            return Err(format!(
                                "can't add pass '{name}' restricted to '{a}' on a PassManager intended to run on '{anchor}', did you intend to nest?"
                            ));
                        }
                    }
                    let options = PassOptions::parse(opts_text, info.options, name.as_str())?;
                    out.push(PipelineElement::Pass { info, options });
                }
            }
            self.skip_ws();
            if self.s.get(self.pos) == Some(&b',') {
                self.pos += 1;
                continue;
            }
            return Ok(out);
        }
    }
}
