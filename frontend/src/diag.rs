//! Front-end errors and warnings: spans in the parsed text, turned into the IR's diagnostics
//! (`file:line:col`, the source line, a caret) by [`crate::source::SourceMap`].

use crate::ast::Span;

/// How bad a front-end message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Stops compilation of the function.
    Error,
    /// Compilation goes on.
    Warning,
    /// Information (e.g. why a loop stays sequential).
    Remark,
}

/// A message about a span of the parsed text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrontError {
    /// How bad.
    pub severity: Severity,
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
    /// Further places and explanations.
    pub notes: Vec<(Span, String)>,
}

impl FrontError {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> Self {
        FrontError { severity: Severity::Error, span, message: message.into(), notes: Vec::new() }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Self {
        FrontError { severity: Severity::Warning, ..FrontError::new(span, message) }
    }

    /// A remark at `span`.
    pub fn remark(span: Span, message: impl Into<String>) -> Self {
        FrontError { severity: Severity::Remark, ..FrontError::new(span, message) }
    }

    /// Adds a note.
    pub fn with_note(mut self, span: Span, message: impl Into<String>) -> Self {
        self.notes.push((span, message.into()));
        self
    }
}
