//! sharc's passes. One pass per file, named after the pass: `canonicalize` is
//! `transforms/canonicalize.rs`, tested by `test/passes/transforms/canonicalize.mlir` and
//! documented in `docs/passes/canonicalize.md`.

#![warn(missing_docs)]

use sharc_ir::pass::PassRegistry;

/// Registers every pass.
pub fn register_all(registry: &mut PassRegistry) {
    let _ = registry;
}

/// A registry with every pass.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    register_all(&mut r);
    r
}
