//! NVPTX specifics (verified against LLVM 22 and ptxas 12.9, see shared/TOOLCHAIN.md).

use super::call_simple;
use crate::lower::{internal, FnLowering, Res};
use inkwell::attributes::AttributeLoc;
use inkwell::values::{FunctionValue, IntValue};
use sharc_dialects::gpu::IndexKind;

/// LLVM's `ptx_kernel` calling convention: the only way LLVM 22 emits a `.entry` (the
/// `nvvm.annotations` "kernel" metadata is ignored when built through the C API).
const PTX_KERNEL_CC: u32 = 71;

pub(super) fn index<'c>(l: &FnLowering<'_, 'c>, kind: IndexKind, dim: usize) -> Res<IntValue<'c>> {
    let reg = match kind {
        IndexKind::ThreadId => "tid",
        IndexKind::BlockId => "ctaid",
        IndexKind::BlockDim => "ntid",
        IndexKind::GridDim => "nctaid",
    };
    let name = format!("llvm.nvvm.read.ptx.sreg.{reg}.{}", ["x", "y", "z"][dim]);
    let v = call_simple(l, &name, &[])?.ok_or_else(|| crate::error(format!("internal error: {name} has no value")))?;
    // The special registers are 32-bit and never negative.
    l.b.build_int_z_extend(v.into_int_value(), l.llcx.i64_type(), "").map_err(internal)
}

pub(super) fn barrier(l: &FnLowering<'_, '_>) -> Res<()> {
    // `bar.sync 0`; `llvm.nvvm.barrier0` no longer exists in LLVM 22.
    let zero = l.llcx.i32_type().const_zero();
    call_simple(l, "llvm.nvvm.barrier.cta.sync.aligned.all", &[zero.into()])?;
    Ok(())
}

pub(super) fn mark_kernel(l: &FnLowering<'_, '_>, f: FunctionValue<'_>, block: Option<[i64; 3]>) {
    f.set_call_conventions(PTX_KERNEL_CC);
    if let Some([x, y, z]) = block {
        // `.maxntid x, y, z`: lets ptxas budget registers for exactly this block size.
        let a = l.llcx.create_string_attribute("nvvm.maxntid", &format!("{x},{y},{z}"));
        f.add_attribute(AttributeLoc::Function, a);
    }
}
