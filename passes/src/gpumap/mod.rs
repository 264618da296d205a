//! GPU mapping: binding parallel loops to the grid, block and thread dimensions of a kernel.
//! One road: a plan (`crate::plan`) on every section, a `gpumap.band` for every plan, a kernel
//! for every band.
//!
//! - [`map_baseline`]: `sharc-map-baseline`, the baseline plan (one iteration per thread, the
//!   target's default block) for the sections no other plan maps.
//! - [`map`]: `sharc-map`, a section with a `sharc.plan` to a `gpumap.band` (loops inside the
//!   thread, strips, guards).
//! - [`lower_gpumap`]: `sharc-lower-gpumap`, the one outliner: `gpumap.band` and the `memplace`
//!   ops to the gpu dialect.
//! - [`nest`]: a section's loops in one affine space, and the hulls of triangular loops.

pub mod block_remap;
pub mod lower_gpumap;
pub mod map;
pub mod map_baseline;
pub(crate) mod nest;
mod reduction_offset;

use sharc_dialects::{func, gpu};
use sharc_ir::{Context, Value};

/// Keeps the attributes of the function arguments a kernel captures (`sharc.name`, ...) on the
/// kernel arguments they become, so reports and `sharc-run` name them as in the source.
pub(crate) fn copy_arg_attrs(ctx: &mut Context, captured: &[Value], kernel: gpu::FuncOp) {
    let dicts: Vec<Option<_>> = captured
        .iter()
        .map(|&v| {
            let block = ctx.value_block(v)?;
            let f = func::FuncOp::view(ctx, ctx.block_parent_op(block)?)?;
            let index = f.arguments(ctx).iter().position(|&a| a == v)?;
            f.arg_attr_dict(ctx, index)
        })
        .collect();
    if dicts.iter().any(Option::is_some) {
        let empty = ctx.dict_attr(Vec::new());
        kernel.set_arg_attrs(ctx, dicts.into_iter().map(|d| d.unwrap_or(empty)).collect());
    }
}
