//! sharc's dialects. Each dialect lives in its own folder:
//!
//! - `mod.rs`: the [`Dialect`](sharc_ir::registry::Dialect) value and the dialect's docs;
//! - `ops.rs`: one [`OpSpec`](sharc_ir::OpSpec) per op (summary, syntax, example) and a typed
//!   view (`ForOp::view(ctx, op)`) whose accessors are the only place attribute names are
//!   spelled;
//! - `verify.rs`, `syntax.rs`, `fold.rs`: the op's rules, custom form, folding;
//! - `interp.rs`: the ops' semantics for `sharc-run`, registered by [`register_semantics`].
//!
//! The upstream-level dialects (builtin, func, arith, math, memref, affine, scf, gpu) are
//! subsets of upstream MLIR's (and `vector`'s memory ops) with the same names, types and syntax; `gpumap` and `memplace`
//! are sharc's own levels (GPU mapping, memory placement), and `sharc` holds sharc's attributes.

#![warn(missing_docs)]

pub mod affine;
pub mod arith;
pub mod builtin;
pub mod func;
pub mod gpu;
pub mod gpumap;
pub mod math;
pub mod memplace;
pub mod memref;
pub mod scf;
pub mod sharc;
pub mod vector;

use sharc_ir::DialectRegistry;
use std::sync::Arc;

/// Registers every dialect sharc knows.
pub fn register_all(registry: &mut DialectRegistry) {
    registry.register(&builtin::DIALECT);
    registry.register(&func::DIALECT);
    registry.register(&arith::DIALECT);
    registry.register(&math::DIALECT);
    registry.register(&memref::DIALECT);
    registry.register(&affine::DIALECT);
    registry.register(&scf::DIALECT);
    registry.register(&gpu::DIALECT);
    registry.register(&sharc::DIALECT);
    registry.register(&gpumap::DIALECT);
    registry.register(&memplace::DIALECT);
    registry.register(&vector::DIALECT);
}

/// Registers every dialect's `sharc-run` semantics (each dialect's `interp.rs`).
pub fn register_semantics(s: &mut sharc_sim::Semantics) {
    builtin::interp::register(s);
    func::interp::register(s);
    arith::interp::register(s);
    math::interp::register(s);
    memref::interp::register(s);
    affine::interp::register(s);
    scf::interp::register(s);
    gpu::interp::register(s);
    gpumap::interp::register(s);
    memplace::interp::register(s);
    vector::interp::register(s);
}

/// A semantics registry with every dialect.
pub fn semantics() -> sharc_sim::Semantics {
    let mut s = sharc_sim::Semantics::new();
    register_semantics(&mut s);
    s
}

/// A registry with every dialect, shared by tools and tests.
pub fn registry() -> Arc<DialectRegistry> {
    let mut r = DialectRegistry::new();
    register_all(&mut r);
    Arc::new(r)
}
