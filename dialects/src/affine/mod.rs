//! The affine dialect: loops, conditionals and memory accesses whose bounds, conditions and
//! indices are affine functions of loop induction variables and symbols, as upstream MLIR's
//! `affine` dialect (same names, syntax, properties and verifier messages). It is the level at
//! which sharc analyses and transforms loop nests (PolyBench-style kernels).
//!
//! ```mlir
//! func.func @gemm(%alpha: f32, %C: memref<64x64xf32>, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
//!   affine.for %i = 0 to 64 {
//!     affine.for %j = 0 to 64 {
//!       affine.for %k = 0 to 64 {
//!         %a = affine.load %A[%i, %k] : memref<64x64xf32>
//!         %b = affine.load %B[%k, %j] : memref<64x64xf32>
//!         %c = affine.load %C[%i, %j] : memref<64x64xf32>
//!         %p = arith.mulf %a, %b : f32
//!         %s = arith.addf %c, %p : f32
//!         affine.store %s, %C[%i, %j] : memref<64x64xf32>
//!       }
//!     }
//!   }
//!   return
//! }
//! ```
//!
//! Invariants the verifier enforces: every map operand of an affine op is a valid affine
//! dimension or symbol of the enclosing affine scope (`validity.rs`), and operand counts match
//! the maps' dimension and symbol counts.
//!
//! Files: `ops/` (specs and typed views), `syntax/`, `verify.rs`, `validity.rs`, `fold.rs`.

mod fold;
pub(crate) mod interp;
mod ops;
mod syntax;
pub mod validity;
mod verify;

#[cfg(test)]
mod tests;

pub(crate) use ops::{dense_tensor_ints, group_map, i32_tensor_attr, i64_array_attr, int_array};
pub use ops::{
    split_bound_operands, ApplyOp, ForOp, IfOp, LoadOp, MaxOp, MinOp, ParallelOp, ReductionKind, StoreOp, VectorLoadOp,
    VectorStoreOp, YieldOp, VECTOR_ALIGNMENT,
};
use sharc_ir::builder::OperationState;
use sharc_ir::registry::Dialect;
use sharc_ir::{Attr, Context, Location, Type};
pub(crate) use syntax::{parse_bounds_with_min_max, parse_optional_steps, print_min_max_bound, print_steps};

/// Builds `arith.constant` for a folded constant (upstream `AffineDialect::materializeConstant`).
fn materialize(ctx: &mut Context, value: Attr, ty: Type, loc: Location) -> Option<OperationState> {
    crate::arith::ConstantOp::state(ctx, value, ty, loc)
}

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "affine",
    description: "Affine loop nests: `affine.for` and `affine.parallel` loops with affine bounds, \
                  `affine.if` on integer sets, `affine.load`/`affine.store` (and their vector \
                  forms `affine.vector_load`/`affine.vector_store`) with affine subscripts, and `affine.apply`/`min`/`max` index arithmetic. Map operands must \
                  be valid affine dimensions (induction variables, symbols) or symbols (values \
                  defined at the top of the enclosing `func.func`, constants, and pure \
                  functions of symbols).",
    ops: &[
        &ops::APPLY,
        &ops::FOR,
        &ops::IF,
        &ops::LOAD,
        &ops::MAX,
        &ops::MIN,
        &ops::PARALLEL,
        &ops::STORE,
        &ops::VECTOR_LOAD,
        &ops::VECTOR_STORE,
        &ops::YIELD,
    ],
    materialize_constant: Some(materialize),
};
