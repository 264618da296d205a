//! Passes and the pass manager, with mlir-opt's textual pipelines:
//! `builtin.module(func.func(canonicalize{max-iterations=4}, cse), symbol-dce)`.
//!
//! A pass is declared once by a [`PassInfo`] (CLI name, summary, typed options with defaults and
//! help, the op it is anchored on) from which `--help`, the docs and the pipeline parser are
//! derived. Passes anchored on an op kind run on each matching op *directly* nested in the op the
//! enclosing pipeline runs on; adding a `func.func` pass at module level nests it implicitly, as
//! mlir-opt does.
//!
//! Options are declared as typed handles and read through them ([`options`]); errors in a
//! pipeline or option text are located by byte offset ([`PipelineError`]).

mod error;
mod options;

pub use error::{PipelineError, PipelineErrorKind, PIPELINE_SOURCE};
pub use options::{
    Choices, OptionDefault, OptionEnum, OptionKind, OptionValue, OtherValues, PassOption, PassOptionSpec, PassOptions,
};

use crate::context::Context;
use crate::diag::Diagnostic;
use crate::entity::OpId;
use crate::location::Location;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

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
    /// Options: the specs of the pass's [`PassOption`] handles (`&[&TARGET.spec]`), in the order
    /// help lists them.
    pub options: &'static [&'static PassOptionSpec],
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
    /// Errors are located by byte offset in `text` (render them with [`PIPELINE_SOURCE`]).
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<PassManager, PipelineError> {
        let mut p = PipelineParser { s: text.as_bytes(), text, pos: 0, registry };
        p.skip_ws();
        let root = p.ident()?;
        p.expect(b'(')?;
        let pipeline = p.elements(&root)?;
        p.expect(b')')?;
        p.skip_ws();
        if p.pos != text.len() {
            return Err(p.error(PipelineErrorKind::Trailing(text[p.pos..].to_string())));
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
    fn error(&self, kind: PipelineErrorKind) -> PipelineError {
        PipelineError { offset: self.pos, kind }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn ident(&mut self) -> Result<String, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"-_.".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error(PipelineErrorKind::Expected("a pass or op name")));
        }
        Ok(self.text[start..self.pos].to_string())
    }

    fn expect(&mut self, c: u8) -> Result<(), PipelineError> {
        self.skip_ws();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(PipelineErrorKind::Expected(match c {
                b'(' => "'('",
                _ => "')'",
            })))
        }
    }

    fn elements(&mut self, anchor: &str) -> Result<Vec<PipelineElement>, PipelineError> {
        let mut out = Vec::new();
        self.skip_ws();
        if self.s.get(self.pos) == Some(&b')') {
            return Ok(out);
        }
        loop {
            self.skip_ws();
            let name_at = self.pos;
            let name = self.ident()?;
            self.skip_ws();
            match self.s.get(self.pos) {
                Some(b'(') => {
                    self.pos += 1;
                    let pipeline = self.elements(&name)?;
                    self.expect(b')')?;
                    out.push(PipelineElement::Nested { anchor: name, pipeline });
                }
                _ => out.push(self.pass(name_at, &name, anchor)?),
            }
            self.skip_ws();
            if self.s.get(self.pos) == Some(&b',') {
                self.pos += 1;
                continue;
            }
            return Ok(out);
        }
    }

    /// The pass `name` (at `name_at`) with its `{options}`, in a pipeline on `anchor`.
    fn pass(&mut self, name_at: usize, name: &str, anchor: &str) -> Result<PipelineElement, PipelineError> {
        let at_name = |kind| PipelineError { offset: name_at, kind };
        let info = self.registry.get(name).ok_or_else(|| at_name(PipelineErrorKind::UnknownPass(name.to_string())))?;
        let mut opts = (self.pos, "");
        if self.s.get(self.pos) == Some(&b'{') {
            let start = self.pos + 1;
            let end = options_end(&self.text[start..]).ok_or_else(|| self.error(PipelineErrorKind::UnclosedOptions))?;
            opts = (start, &self.text[start..start + end]);
            self.pos = start + end + 1;
        }
        if let Some(a) = info.anchor {
            if a != anchor && anchor != "any" {
                return Err(at_name(PipelineErrorKind::WrongAnchor {
                    pass: info.name,
                    anchor: a,
                    on: anchor.to_string(),
                }));
            }
        }
        let options = PassOptions::parse(opts.1, info).map_err(|e| e.shifted(opts.0))?;
        Ok(PipelineElement::Pass { info, options })
    }
}

/// The offset of the `}` that closes an option text starting at `text[0]`: braces nest and a
/// `"quoted"` value may hold any of them (`upstream{pipeline="builtin.module(f{x=1})"}`), as in
/// mlir-opt's option parser.
fn options_end(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match (c, quoted) {
            ('"', _) => quoted = !quoted,
            ('{', false) => depth += 1,
            ('}', false) if depth == 0 => return Some(i),
            ('}', false) => depth -= 1,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests;
