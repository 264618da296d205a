//! Errors in a textual pass pipeline or a pass's option text, located by byte offset so that a
//! tool renders them as diagnostics with the text and a caret, as mlir-opt renders its
//! `MLIR Textual PassPipeline Parser` errors.

use crate::diag::{Diagnostic, SourceMap};
use std::sync::Arc;

/// The source name under which pipeline errors are rendered (mlir-opt's).
pub const PIPELINE_SOURCE: &str = "MLIR Textual PassPipeline Parser";

/// An error at a byte offset of a pipeline or option text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct PipelineError {
    /// Byte offset in the text that was parsed.
    pub offset: usize,
    /// What is wrong.
    pub kind: PipelineErrorKind,
}

/// What is wrong with a pipeline or option text. Messages name the pass and option and, for a
/// bad value, what is expected: tests match them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PipelineErrorKind {
    /// A name that is no registered pass.
    #[error("'{0}' does not refer to a registered pass or pass pipeline")]
    UnknownPass(String),
    /// A token is missing.
    #[error("expected {0}")]
    Expected(&'static str),
    /// Text after the closing parenthesis.
    #[error("unexpected text after the pipeline: '{0}'")]
    Trailing(String),
    /// `{` without `}`.
    #[error("missing closing '}}' while processing pass options")]
    UnclosedOptions,
    /// A pass anchored on another op than the pipeline level it is added to.
    #[error("can't add pass '{pass}' restricted to '{anchor}' on a PassManager intended to run on '{on}', did you intend to nest?")]
    WrongAnchor {
        /// The pass.
        pass: &'static str,
        /// The op kind it runs on.
        anchor: &'static str,
        /// The op kind of the enclosing pipeline.
        on: String,
    },
    /// An option the pass does not declare.
    #[error("no such option '{option}' for pass '{pass}' ({})", valid_options(valid))]
    UnknownOption {
        /// The pass.
        pass: &'static str,
        /// The name given.
        option: String,
        /// The pass's options, in declaration order.
        valid: Vec<&'static str>,
    },
    /// A value that is not of the option's type.
    #[error("invalid value '{value}' for option '{option}' of pass '{pass}': expected {expected}")]
    InvalidValue {
        /// The pass.
        pass: &'static str,
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// What a value must be (`a positive integer`).
        expected: String,
    },
    /// A non-boolean option without `=value`.
    #[error("option '{option}' of pass '{pass}' needs a value: expected {expected}")]
    MissingValue {
        /// The pass.
        pass: &'static str,
        /// The option.
        option: &'static str,
        /// What a value must be.
        expected: String,
    },
}

fn valid_options(valid: &[&str]) -> String {
    if valid.is_empty() {
        "the pass has no options".to_string()
    } else {
        format!("valid options: {}", valid.join(", "))
    }
}

impl PipelineError {
    /// The same error in a text that has `prefix` more bytes before the parsed part (the
    /// options inside `pass{...}`, or after `--pass=` on a command line).
    pub fn shifted(mut self, prefix: usize) -> PipelineError {
        self.offset += prefix;
        self
    }

    /// The error as a diagnostic rendered against `text` (the text the offset is in), named
    /// `source`: `source:1:24: error: ...`, the line, a caret.
    pub fn render(&self, source: &str, text: &str) -> String {
        let mut sources = SourceMap::default();
        let file = sources.add(source, Arc::from(text));
        let offset = self.offset.min(text.len());
        sources.render(&Diagnostic::error(sources.file(file).location(offset), self.to_string()))
    }
}
