//! The memref dialect: allocation of, access to and views of memory buffers, as upstream
//! MLIR's `memref` dialect (the subset sharc uses; same names, types, syntax and verifier
//! messages).
//!
//! A `memref<4x?xf32, layout, space>` is a typed, shaped reference to memory. Ops that touch
//! memory (`alloc`, `alloca`, `dealloc`, `load`, `store`) carry
//! [`MEMORY_EFFECTS`](sharc_ir::OpTraits::MEMORY_EFFECTS); the ops that only compute a new
//! reference or a size (`dim`, `cast`, `subview`, `get_global`) are
//! [`PURE`](sharc_ir::OpTraits::PURE).
//!
//! ```mlir
//! memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
//! func.func @f(%n: index) -> f32 {
//!   %c0 = arith.constant 0 : index
//!   %alloc = memref.alloc(%n) : memref<?xf32>
//!   %0 = memref.get_global @w : memref<4xf32>
//!   %1 = memref.load %0[%c0] : memref<4xf32>
//!   memref.store %1, %alloc[%c0] : memref<?xf32>
//!   memref.dealloc %alloc : memref<?xf32>
//!   return %1 : f32
//! }
//! ```
//!
//! Files: `ops.rs` (specs and typed views), `syntax.rs`, `verify.rs`, `fold.rs`, and
//! `layout.rs` (strides, offsets and subview result types).

mod fold;
pub(crate) mod interp;
pub mod layout;
mod ops;
mod syntax;
pub(crate) mod verify;

#[cfg(test)]
pub(crate) mod tests;

pub(crate) use fold::erase_unused;
pub use ops::{
    AllocOp, CastOp, DeallocOp, DimOp, GetGlobalOp, GlobalOp, LoadOp, OpFoldResult, ReinterpretCastOp, StoreOp,
    SubViewOp,
};
use sharc_ir::registry::Dialect;
pub(crate) use syntax::{custom_error, custom_error_at, parse_colon_memref_type, parse_keyword_of};
pub use verify::cast_compatible;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "memref",
    description: "Memory buffers: `memref.alloc`/`alloca`/`dealloc`, `load`/`store`, `dim`, \
                  `subview`, `reinterpret_cast`, `cast`, and module-level `global`s read through `get_global`.",
    ops: &[
        &ops::ALLOC,
        &ops::ALLOCA,
        &ops::CAST,
        &ops::DEALLOC,
        &ops::DIM,
        &ops::GET_GLOBAL,
        &ops::GLOBAL,
        &ops::LOAD,
        &ops::REINTERPRET_CAST,
        &ops::STORE,
        &ops::SUBVIEW,
    ],
    materialize_constant: None,
};
