//! The gpu dialect: the GPU execution model — device code in `gpu.module`s of `gpu.func`s,
//! kernel launches (`gpu.launch` with the kernel inline, `gpu.launch_func` of an outlined
//! kernel), the thread/block index ops and `gpu.barrier`.
//!
//! The subset, names, syntax, generic form and verifier messages are upstream MLIR 22's. A kernel
//! runs on a grid of thread blocks ("workgroups"); `gpu.thread_id` / `gpu.block_id` locate the
//! current thread, `gpu.block_dim` / `gpu.grid_dim` give the sizes. Memory shared by a block is
//! a workgroup attribution (a memref in `#gpu.address_space<workgroup>`, numerically 3); per-thread
//! buffers are private attributions (`#gpu.address_space<private>`, 5).
//!
//! ```mlir
//! module attributes {gpu.container_module} {
//!   gpu.module @kernels {
//!     gpu.func @scale(%arg0: memref<?xf32>) kernel {
//!       %thread_id_x = gpu.thread_id  x
//!       gpu.return
//!     }
//!   }
//!   func.func @host(%a: memref<?xf32>, %c1: index, %c32: index) {
//!     gpu.launch_func  @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  args(%a : memref<?xf32>)
//!     return
//!   }
//! }
//! ```

mod fold;
pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::{
    is_container_module, set_container_module, AddressSpace, BarrierOp, Dimension, FuncOp, IndexKind, IndexOp,
    LaunchFuncOp, LaunchOp, ModuleOp, ReturnOp, TerminatorOp, CONTAINER_MODULE_ATTR, NUM_CONFIG_REGION_ARGS,
};
use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "gpu",
    description: "The GPU execution model: `gpu.module` / `gpu.func` device code, `gpu.launch` and \
                  `gpu.launch_func` kernel launches, thread and block index ops, `gpu.barrier`, \
                  and workgroup (shared) and private memory attributions.",
    ops: &[
        &ops::MODULE,
        &ops::FUNC,
        &ops::RETURN,
        &ops::LAUNCH,
        &ops::LAUNCH_FUNC,
        &ops::TERMINATOR,
        &ops::THREAD_ID,
        &ops::BLOCK_ID,
        &ops::BLOCK_DIM,
        &ops::GRID_DIM,
        &ops::BARRIER,
    ],
    materialize_constant: None,
};

#[cfg(test)]
mod tests;
