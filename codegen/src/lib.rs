//! sharc-codegen: gpu-level IR to LLVM IR, PTX, HSACO and host code, through inkwell and LLVM 22.
//!
//! The input is what sharc's lowering produces: a `builtin.module attributes
//! {gpu.container_module}` whose `gpu.module`s hold `gpu.func ... kernel` functions with bodies
//! in arith, math, memref, scf and gpu ops (affine ops must have been lowered). Each kernel
//! becomes one LLVM function ([`kernel`] documents the ABI); host code outside the `gpu.module`s
//! is not translated (it runs in `sharc-run`).
//!
//! - [`target`]: triples, chips, the [`Arch`] that selects NVPTX, AMDGPU or host lowering;
//! - `kernel.rs`: kernels and their ABI; `lower.rs`: the per-kernel state; `ops/`: one module
//!   per dialect; `arch/`: what differs between targets; `types.rs`: type mapping;
//! - [`emit`]: optimisation (`default<On>`) and output (LLVM IR, assembly/PTX, objects, HSACO);
//! - [`libdevice`]: NVIDIA's device math library for NVPTX kernels that call math functions;
//! - [`jit`] and [`host_runtime`]: running kernels on the CPU for `sharc-run --exec=host`.
//!
//! Every failure is a [`Diagnostic`], located at the op that cannot be translated when there is
//! one. This is the only sharc crate that links LLVM.

#![warn(missing_docs)]

mod arch;
pub mod emit;
pub mod host_runtime;
pub mod jit;
pub mod kernel;
pub mod libdevice;
mod llvm_ext;
mod lower;
mod ops;
pub mod target;
mod types;

pub use emit::Emit;
pub use target::{Arch, CodegenTarget};

use inkwell::context::Context as LlvmContext;
use sharc_ir::{Context, Diagnostic, Location, OpId};

/// An error without a location (target setup, tools, internal failures).
pub(crate) fn error(msg: impl Into<String>) -> Diagnostic {
    Diagnostic::error(Location::Unknown, msg)
}

/// Translates the kernels of `module` for `target` at optimisation level `opt` (0..=3) and
/// returns the output bytes in format `emit`.
pub fn translate(
    ctx: &Context,
    module: OpId,
    target: &CodegenTarget,
    opt: u8,
    emit: Emit,
) -> Result<Vec<u8>, Diagnostic> {
    translate_kernels(ctx, module, target, opt, emit).map(|(bytes, _)| bytes)
}

/// [`translate`], also returning each kernel's ABI (`sharc-run --exec=cuda` passes arguments
/// to the PTX it loads by it).
pub fn translate_kernels(
    ctx: &Context,
    module: OpId,
    target: &CodegenTarget,
    opt: u8,
    emit: Emit,
) -> Result<(Vec<u8>, Vec<kernel::KernelInfo>), Diagnostic> {
    let tm = target.machine(opt)?;
    let llcx = LlvmContext::create();
    let (m, kernels) = kernel::lower_module(&llcx, ctx, module, target, &tm)?;
    if target.arch == Arch::Nvptx {
        libdevice::link_if_used(&llcx, &m, &tm)?;
    }
    emit::optimize(&m, &tm, opt)?;
    Ok((emit::write(&m, &tm, target, emit)?, kernels))
}
