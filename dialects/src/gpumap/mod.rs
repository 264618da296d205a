//! The gpumap dialect: sharc's GPU-mapping level, between the affine level and the gpu
//! dialect. A `gpumap.band` is a band of parallel loops bound to the grid and block dimensions
//! of a kernel that is not outlined yet: each loop has affine bounds, a block extent and a
//! hardware dimension (x, y, z). The thread that runs iteration `iv` of a loop is thread
//! `iv - origin` of the block whose first iteration is `origin`; both are arguments of the
//! band's body, so the memory-placement ops inside it (`memplace`) can name the block's tiles.
//!
//! ```mlir
//! func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
//!   gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%bi, %bj) {
//!     %v = affine.load %A[%i, %j] : memref<64x64xf32>
//!     affine.store %v, %B[%i, %j] : memref<64x64xf32>
//!   }
//!   return
//! }
//! ```
//!
//! Design choices:
//! - the body runs for every thread of every block, also past the upper bounds of a partial
//!   block: cooperative copies and barriers must be reached by the whole block, so the body
//!   guards its own computation (`affine.if`);
//! - strip-mining needs no op: it is an `affine.for` with a step inside the body;
//! - the band is an affine scope (as `gpu.launch`): its induction variables and origins are
//!   affine symbols inside it, as the thread and block ids they become;
//! - `sharc-lower-gpumap` outlines each band into a `gpu.func` kernel and a `gpu.launch_func`.
//!
//! Files: `ops.rs` (specs, typed view, builder), `syntax.rs`, `verify.rs`, `interp.rs`.

pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::{BandBounds, BandOp, BlockOrder, Distribution, MAX_LOOPS};
use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "gpumap",
    description: "sharc's GPU-mapping level: `gpumap.band`, a band of parallel loops bound to the grid \
                  and block dimensions of a kernel (affine bounds, a block extent and a hardware \
                  dimension per loop) before the kernel is outlined, and its terminator \
                  `gpumap.yield`.",
    ops: &[&ops::BAND, &ops::YIELD],
    materialize_constant: None,
};

#[cfg(test)]
mod tests;
