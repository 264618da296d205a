//! `sharc-run` semantics of the builtin ops.
//!
//! `builtin.module` is a container of symbols: `sharc-run` looks functions up in it but never
//! executes it. A module nested in executed code (which the verifier allows only inside other
//! modules) is likewise a declaration, so executing it does nothing.

use super::ops::MODULE;
use sharc_sim::Semantics;

pub(crate) fn register(s: &mut Semantics) {
    s.nop(&MODULE);
}
