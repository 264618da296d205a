//! Errors of a simulation.
//!
//! Every failure a user can cause is a located [`Diagnostic`] (the op's location; inside kernels
//! the message names the thread and block), boxed in a [`SimError`] so that the engine's hot
//! `Result`s stay one word wide. Lane functions report a [`Trap`] (just the message); the engine
//! adds the location and the thread.

use crate::memory::AccessError;
use sharc_ir::{Context, Diagnostic, OpId};

/// A located simulation error.
#[derive(Debug, Clone, PartialEq)]
pub struct SimError(pub Box<Diagnostic>);

impl SimError {
    /// An error at `op`.
    pub fn at(ctx: &Context, op: OpId, msg: impl Into<String>) -> SimError {
        SimError(Box::new(Diagnostic::error(ctx.loc(op).clone(), msg)))
    }

    /// The diagnostic.
    pub fn diagnostic(&self) -> &Diagnostic {
        &self.0
    }

    /// Attaches a note at `op`.
    pub fn with_note(mut self, ctx: &Context, op: OpId, msg: impl Into<String>) -> SimError {
        let d = std::mem::replace(&mut *self.0, Diagnostic::error(Default::default(), ""));
        *self.0 = d.with_note(ctx.loc(op).clone(), msg);
        self
    }
}

impl From<Diagnostic> for SimError {
    fn from(d: Diagnostic) -> SimError {
        SimError(Box::new(d))
    }
}

impl std::fmt::Display for SimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0.message)
    }
}

impl std::error::Error for SimError {}

/// A failure inside one lane's execution of an op; the engine locates it.
#[derive(Debug, Clone, PartialEq)]
pub struct Trap(pub String);

impl Trap {
    /// A trap with a message (lowercase, no final period).
    pub fn new(msg: impl Into<String>) -> Trap {
        Trap(msg.into())
    }

    /// A failed memory access.
    pub fn access(what: &str, e: AccessError) -> Trap {
        match e {
            AccessError::OutOfBounds { .. } => Trap(format!("out-of-bounds {what}: {e}")),
            _ => Trap(format!("invalid {what}: {e}")),
        }
    }
}

impl From<&str> for Trap {
    fn from(s: &str) -> Trap {
        Trap(s.to_string())
    }
}

impl From<String> for Trap {
    fn from(s: String) -> Trap {
        Trap(s)
    }
}
