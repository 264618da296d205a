//! The memplace dialect: sharc's memory-placement level, inside the body of a `gpumap.band`.
//! It says which tiles of which arrays a thread block keeps in shared memory and how they get
//! there: shared buffers with their layout, cooperative copies of tiles (with halos) between
//! global memory and the buffers, and the barriers around them.
//!
//! ```mlir
//! gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%bi, %bj) {
//!   %As = memplace.alloc_shared : memref<16x17xf32, #gpu.address_space<workgroup>>
//!   affine.for %kk = 0 to 64 step 16 {
//!     memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16]
//!         : memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>
//!     memplace.barrier
//!     // ... reads of %As[%i - %bi, %k] ...
//!     memplace.barrier
//!   }
//! }
//! ```
//!
//! Design choices:
//! - a copy is one operation of the whole block (every thread executes it, with the same
//!   origin); thread `t` moves elements `t, t + B, ...` of the row-major flattened tile, so
//!   the semantics in `sharc-run` and the lowered loop make the same accesses;
//! - elements of a tile outside the global memref (halos at the borders, partial tiles) are
//!   not read: `copy_in` sets them to zero in the buffer, `copy_out` does not write them, nor
//!   the elements past its optional valid extent (a partial block's own iterations), so a tile
//!   only written need not be copied in first;
//! - barriers are explicit (`memplace.barrier`, never implied by a copy), so a later pass can
//!   place exactly the ones a shared-memory dependence needs;
//! - padding is part of the buffer's type; placements a type cannot show (an XOR swizzle, a
//!   transposed tile, AOS to SOA) are the `layout` attribute, `sharc_machine::layout::SharedLayout`,
//!   applied by `sharc-run` as the buffer's address map and lowered to index arithmetic.
//!
//! `sharc-lower-gpumap` lowers the ops to workgroup attributions, copy loops and `gpu.barrier`.
//! Files: `ops.rs` (specs, typed views, builders), `syntax.rs`, `verify.rs`, `interp.rs`.

pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::{layout_attr, layout_from_attr, AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_ir::registry::Dialect;
pub use sharc_machine::layout::SharedLayout;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "memplace",
    description: "sharc's memory-placement level, inside a `gpumap.band`: shared-memory buffers per \
                  thread block with their layout (`memplace.alloc_shared`), cooperative coalesced \
                  copies of tiles, halos included, between global memory and the buffers \
                  (`memplace.copy_in`, `memplace.copy_out`) and block barriers \
                  (`memplace.barrier`).",
    ops: &[&ops::ALLOC_SHARED, &ops::BARRIER, &ops::COPY_IN, &ops::COPY_OUT],
    materialize_constant: None,
};

#[cfg(test)]
mod tests;
