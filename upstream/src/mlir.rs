//! The MLIR side of the bridge: a context with every upstream dialect and pass registered, which
//! parses a module's text, runs a textual pass pipeline on it and prints the result, turning
//! MLIR's diagnostics into sharc's.

use crate::location::from_mlir;
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_dialects, register_all_passes};
use melior::Context;
use sharc_ir::{Diagnostic, Location, Severity};
use std::cell::RefCell;
use std::rc::Rc;

/// An MLIR 22 context with all upstream dialects loaded and all upstream passes registered.
pub struct Upstream {
    context: Context,
}

impl Default for Upstream {
    fn default() -> Self {
        Self::new()
    }
}

impl Upstream {
    /// A fresh context. Single-threaded, so that diagnostics come in a stable order.
    pub fn new() -> Self {
        register_all_passes();
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.enable_multi_threading(false);
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        // Attributes of sharc's dialects on upstream ops (`sharc.claim`, `#sharc.plan<...>`)
        // travel as opaque attributes and come back unchanged; sharc-only *ops* never get here
        // (`pass.rs` refuses them first, with their location).
        context.set_allow_unregistered_dialects(true);
        Upstream { context }
    }

    /// Whether upstream MLIR registers an op of this name (`affine.for`: yes; `gpumap.band`: no).
    pub fn knows_op(&self, name: &str) -> bool {
        self.context.is_registered_operation(name)
    }

    /// Parses `text` (a `builtin.module`), runs `pipeline` (`builtin.module(affine-loop-fusion)`)
    /// on it with the verifier on, and prints the result with its locations, in custom form.
    pub fn run_pipeline(&self, text: &str, pipeline: &str) -> Result<Output, Diagnostic> {
        let diags = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diags);
        let handler = self.context.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(diagnostic(&d));
            true
        });
        let result = self.run_attached(text, pipeline, &diags);
        self.context.detach_diagnostic_handler(handler);
        let text = result?;
        let diagnostics = std::mem::take(&mut *diags.borrow_mut());
        Ok(Output { text, diagnostics })
    }

    fn run_attached(
        &self,
        text: &str,
        pipeline: &str,
        diags: &Rc<RefCell<Vec<Diagnostic>>>,
    ) -> Result<String, Diagnostic> {
        // Reported first: a bad pipeline is the user's mistake whatever the module holds.
        let pm = PassManager::new(&self.context);
        pm.enable_verifier(true);
        parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline).map_err(|e| {
            // MLIR's own message, located in the pipeline text with a caret, follows ours.
            let msg = match e {
                melior::Error::ParsePassPipeline(m) => m,
                e => e.to_string(),
            };
            Diagnostic::error(Location::Unknown, format!("invalid upstream pipeline '{pipeline}':\n{}", msg.trim_end()))
        })?;
        if text.contains('\0') {
            return Err(Diagnostic::error(
                Location::Unknown,
                "the module's text holds a NUL byte, which MLIR cannot parse",
            ));
        }
        let Some(mut module) = Module::parse(&self.context, text) else {
            return Err(first_error(diags, "upstream MLIR could not parse the module sharc printed"));
        };
        if pm.run(&mut module).is_err() {
            return Err(first_error(diags, &format!("upstream pipeline '{pipeline}' failed")));
        }
        let flags = OperationPrintingFlags::new().enable_debug_info(true, false);
        module.as_operation().to_string_with_flags(flags).map_err(|e| {
            Diagnostic::error(Location::Unknown, format!("cannot print the module upstream MLIR produced: {e}"))
        })
    }
}

/// What a successful pipeline run produced.
pub struct Output {
    /// The module, printed by MLIR with its locations.
    pub text: String,
    /// The warnings and remarks MLIR emitted.
    pub diagnostics: Vec<Diagnostic>,
}

/// The first error MLIR reported, with what else it reported as notes, or `fallback` when it
/// reported no error.
fn first_error(diags: &Rc<RefCell<Vec<Diagnostic>>>, fallback: &str) -> Diagnostic {
    let mut all = std::mem::take(&mut *diags.borrow_mut());
    match all.iter().position(|d| d.severity == Severity::Error) {
        Some(i) => {
            let mut first = all.remove(i);
            first.notes.extend(all);
            first
        }
        None => Diagnostic::error(Location::Unknown, fallback),
    }
}

/// An MLIR diagnostic as sharc's, with its notes.
fn diagnostic(d: &melior::diagnostic::Diagnostic<'_>) -> Diagnostic {
    use melior::diagnostic::DiagnosticSeverity;
    let loc = from_mlir(d.location());
    let message = d.to_string();
    let mut out = match d.severity() {
        DiagnosticSeverity::Error => Diagnostic::error(loc, message),
        DiagnosticSeverity::Warning => Diagnostic::warning(loc, message),
        DiagnosticSeverity::Remark | DiagnosticSeverity::Note => Diagnostic::remark(loc, message),
    };
    for note in (0..d.note_count()).filter_map(|i| d.note(i).ok()) {
        out = out.with_note(from_mlir(note.location()), note.to_string());
    }
    out
}
