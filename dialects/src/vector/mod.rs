//! The vector dialect: the subset of upstream MLIR's `vector` that moves short vectors between
//! memory and registers — `vector.load`/`vector.store` (one access of adjacent elements, with
//! the `alignment` the access is known to have) and `vector.extract`/`vector.from_elements`
//! (lanes out of and into a vector) — with upstream's names, syntax and verifier messages.
//!
//! ```mlir
//! %v = vector.load %A[%i] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
//! %re = vector.extract %v[0] : f32 from vector<2xf32>
//! %im = vector.extract %v[1] : f32 from vector<2xf32>
//! %w = vector.from_elements %re, %im : vector<2xf32>
//! vector.store %w, %B[%i] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
//! ```
//!
//! `sharc-vectorize` produces these ops (at the affine level `affine.vector_load` and
//! `affine.vector_store`, which `lower-affine` turns into `vector.load`/`vector.store`); code
//! generation emits LLVM vector loads and stores with their alignment (`ld.global.v2.f32` on
//! NVPTX), and `sharc-run` executes 1-d vectors of up to 8 bytes, each vector access one
//! memory request per warp.
//!
//! Files: `ops.rs` (specs and typed views), `syntax.rs`, `verify.rs`, `interp.rs`.

pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::{ExtractOp, FromElementsOp, LoadOp, StoreOp};
pub(crate) use ops::{EXTRACT, FROM_ELEMENTS, LOAD, STORE};

use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "vector",
    description: "Short vectors moved between memory and registers: `vector.load` and \
                  `vector.store` access adjacent elements of a memref's innermost dimension as \
                  one access (with the alignment the access is proven to have), \
                  `vector.extract` and `vector.from_elements` take lanes out of and put them \
                  into a vector. The subset of upstream MLIR's `vector` that `sharc-vectorize` \
                  and code generation use.",
    ops: &[&EXTRACT, &FROM_ELEMENTS, &LOAD, &STORE],
    materialize_constant: None,
};
