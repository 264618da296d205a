//! The kernel around an access: where its thread ids come from, its block size, and the lanes
//! of its first warp. A kernel is a `gpu.func` or `gpu.launch` (gpu level) or a `gpumap.band`
//! (memplace level, before outlining): there each induction variable is
//! `origin + step · thread id` along its hardware dimension, the origin being the same on every
//! thread of the block.

use sharc_dialects::arith;
use sharc_dialects::gpu::{self, LaunchOp};
use sharc_dialects::gpumap::BandOp;
use sharc_ir::{Context, OpId, Value};

/// The discardable attribute that gives a kernel's block size, `array<i32: X, Y, Z>`, on a
/// `gpu.func` or a `gpu.launch`. It wins over upstream's `known_block_size` and over constant
/// `gpu.launch` operands.
pub const BLOCK_SIZE_ATTR: &str = "sharc.block_size";

/// Where thread ids come from: the `gpu.func`, `gpu.launch` or `gpumap.band` around an access,
/// and what is known of its block size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelScope {
    /// The `gpu.func`, `gpu.launch` or `gpumap.band`.
    pub op: OpId,
    /// Threads per block along x, y, z, where known.
    pub block_size: [Option<i64>; 3],
    /// Where the block size comes from: `sharc.block_size`, `known_block_size`, `gpu.launch`
    /// (constant operands), `gpumap.band` or `None`.
    pub block_size_source: Option<&'static str>,
}

impl KernelScope {
    /// The scope of the nearest `gpu.func` or `gpu.launch` holding `op` (or `op` itself), or
    /// `None` outside kernels. `Err` names a malformed `sharc.block_size`.
    pub fn enclosing(ctx: &Context, op: OpId) -> Result<Option<KernelScope>, String> {
        enclosing_kernel(ctx, op).map(|k| KernelScope::of(ctx, k)).transpose()
    }

    /// The scope of a `gpu.func`, `gpu.launch` or `gpumap.band`.
    pub fn of(ctx: &Context, kernel: OpId) -> Result<KernelScope, String> {
        let mut scope = KernelScope { op: kernel, block_size: [None; 3], block_size_source: None };
        if let Some(band) = BandOp::view(ctx, kernel) {
            let shape = band.block_shape(ctx);
            if shape.iter().any(|&s| s < 1) {
                return Err("the gpumap.band has a block size below 1".to_string());
            }
            scope.block_size = shape.map(Some);
            scope.block_size_source = Some("gpumap.band");
        } else if let Some(attr) = ctx.attr_of(kernel, BLOCK_SIZE_ATTR) {
            let sizes = ctx
                .attr_dense_ints(attr)
                .filter(|v| v.len() == 3 && v.iter().all(|&s| (1..=i128::from(i32::MAX)).contains(&s)));
            let Some(sizes) = sizes else {
                return Err(format!("'{BLOCK_SIZE_ATTR}' must be an array<i32: X, Y, Z> of positive sizes"));
            };
            scope.block_size = [0, 1, 2].map(|d| i64::try_from(sizes[d]).ok());
            scope.block_size_source = Some(BLOCK_SIZE_ATTR);
        } else if let Some(known) = gpu::FuncOp::view(ctx, kernel).and_then(|f| f.known_block_size(ctx)) {
            scope.block_size = known.map(|s| (s > 0).then_some(s));
            scope.block_size_source = Some("known_block_size");
        } else if let Some(launch) = LaunchOp::view(ctx, kernel) {
            scope.block_size = launch.block_size_operands(ctx).map(|v| constant_int(ctx, v).filter(|&s| s > 0));
            if scope.block_size.iter().any(Option::is_some) {
                scope.block_size_source = Some("gpu.launch");
            }
        }
        Ok(scope)
    }

    /// The block size if all three sizes are known.
    pub fn known_shape(&self) -> Option<[i64; 3]> {
        let [x, y, z] = self.block_size;
        Some([x?, y?, z?])
    }
}

/// The nearest `gpu.func`, `gpu.launch` or `gpumap.band` holding `op`, or `op` itself if it is
/// one.
pub fn enclosing_kernel(ctx: &Context, op: OpId) -> Option<OpId> {
    let is_kernel = |ctx: &Context, o: OpId| {
        gpu::FuncOp::view(ctx, o).is_some() || LaunchOp::view(ctx, o).is_some() || BandOp::view(ctx, o).is_some()
    };
    if is_kernel(ctx, op) {
        Some(op)
    } else {
        ctx.ancestor(op, is_kernel)
    }
}

/// The thread ids of the lanes of a block's first warp: linear thread ids `0 .. min(warp_size,
/// X·Y·Z)`, x fastest (CUDA's and HIP's lane order).
pub fn first_warp(block: [i64; 3], warp_size: u32) -> Vec<[i64; 3]> {
    let [x, y, z] = block.map(|s| s.max(1));
    let threads = x.saturating_mul(y).saturating_mul(z);
    (0..threads.min(i64::from(warp_size))).map(|l| [l % x, (l / x) % y, l / (x * y)]).collect()
}

/// The value of an integer `arith.constant`, if `v` is one.
fn constant_int(ctx: &Context, v: Value) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    arith::ConstantOp::view(ctx, op)?.int_value(ctx).and_then(|c| i64::try_from(c).ok())
}
