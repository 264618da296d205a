//! The memref ops: one [`OpSpec`] each (summary, syntax, example) and a typed view whose
//! accessors are the only place the ops' attribute names are spelled.
//!
//! - `alloc.rs`: `memref.alloc`, `memref.alloca`, `memref.dealloc`;
//! - `access.rs`: `memref.load`, `memref.store`;
//! - `view.rs`: `memref.dim`, `memref.subview`, `memref.reinterpret_cast`, `memref.cast`;
//! - `global.rs`: `memref.global`, `memref.get_global`.

mod access;
mod alloc;
mod global;
mod view;

pub use access::{LoadOp, StoreOp};
pub(crate) use access::{LOAD, STORE};
pub use alloc::{AllocOp, DeallocOp};
pub(crate) use alloc::{ALLOC, ALLOCA, DEALLOC};
pub use global::{GetGlobalOp, GlobalOp};
pub(crate) use global::{GET_GLOBAL, GLOBAL};
pub(crate) use view::{dense_i64s, CAST, DIM, REINTERPRET_CAST, SUBVIEW};
pub use view::{CastOp, DimOp, OpFoldResult, ReinterpretCastOp, SubViewOp};

use sharc_ir::{Context, OpId, Value};

/// `alignment`: the byte alignment of an allocation or a global.
pub(crate) const ALIGNMENT: &str = "alignment";
/// `operandSegmentSizes`: the sizes of the variadic operand groups.
pub(crate) const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";
/// `nontemporal`: the access bypasses the cache hierarchy.
pub(crate) const NONTEMPORAL: &str = "nontemporal";
/// `static_offsets` of a subview, with `i64::MIN` (`?`) for an operand.
pub(crate) const STATIC_OFFSETS: &str = "static_offsets";
/// `static_sizes` of a subview.
pub(crate) const STATIC_SIZES: &str = "static_sizes";
/// `static_strides` of a subview.
pub(crate) const STATIC_STRIDES: &str = "static_strides";
/// `type` of a global.
pub(crate) const GLOBAL_TYPE: &str = "type";
/// `initial_value` of a global: `unit` for `uninitialized`, else elements.
pub(crate) const INITIAL_VALUE: &str = "initial_value";
/// `constant`: the global is read-only.
pub(crate) const CONSTANT: &str = "constant";
/// `name`: the global a `memref.get_global` refers to.
pub(crate) const GLOBAL_NAME: &str = "name";

/// The sizes of `n` variadic operand groups from `operandSegmentSizes`, if the attribute is
/// well formed and covers exactly the operands.
pub(crate) fn segments(ctx: &Context, op: OpId, n: usize) -> Option<Vec<usize>> {
    let sizes = ctx.attr_dense_ints(ctx.attr_of(op, OPERAND_SEGMENT_SIZES)?)?;
    if sizes.len() != n {
        return None;
    }
    let sizes: Option<Vec<usize>> = sizes.iter().map(|&s| usize::try_from(s).ok()).collect();
    let sizes = sizes?;
    (sizes.iter().sum::<usize>() == ctx.operands(op).len()).then_some(sizes)
}

/// Operand group `group` of `n`, empty when the segments are malformed.
pub(crate) fn segment(ctx: &Context, op: OpId, n: usize, group: usize) -> &[Value] {
    let Some(sizes) = segments(ctx, op, n) else { return &[] };
    let start: usize = sizes[..group].iter().sum();
    ctx.operands(op).get(start..start + sizes[group]).unwrap_or(&[])
}
