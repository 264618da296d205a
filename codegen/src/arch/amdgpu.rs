//! AMDGPU specifics (HSA ABI, code object v5+; see shared/TOOLCHAIN.md).

use super::call_simple;
use crate::lower::{internal, FnLowering, Res};
use inkwell::attributes::AttributeLoc;
use inkwell::values::{BasicValue, FunctionValue, IntValue};
use sharc_dialects::gpu::IndexKind;

/// LLVM's `amdgpu_kernel` calling convention.
const AMDGPU_KERNEL_CC: u32 = 91;

/// Byte offsets in the HSA kernel dispatch packet (`hsa_kernel_dispatch_packet_t`): the
/// work-group size is three `u16` from byte 4, the grid size (in work-items) three `u32` from 12.
const WORKGROUP_SIZE_OFFSET: u64 = 4;
const GRID_SIZE_OFFSET: u64 = 12;

pub(super) fn index<'c>(l: &FnLowering<'_, 'c>, kind: IndexKind, dim: usize) -> Res<IntValue<'c>> {
    let xyz = ["x", "y", "z"][dim];
    let i64t = l.llcx.i64_type();
    let v = match kind {
        IndexKind::ThreadId => id(l, &format!("llvm.amdgcn.workitem.id.{xyz}"))?,
        IndexKind::BlockId => id(l, &format!("llvm.amdgcn.workgroup.id.{xyz}"))?,
        IndexKind::BlockDim => workgroup_size(l, dim)?,
        IndexKind::GridDim => {
            // The packet holds the grid in work-items; HIP launches whole blocks, so it divides.
            let items = dispatch_field(l, GRID_SIZE_OFFSET + 4 * dim as u64, l.llcx.i32_type())?;
            let items = l.b.build_int_z_extend(items, i64t, "").map_err(internal)?;
            return l.b.build_int_unsigned_div(items, workgroup_size(l, dim)?, "").map_err(internal);
        }
    };
    l.b.build_int_z_extend(v, i64t, "").map_err(internal)
}

fn id<'c>(l: &FnLowering<'_, 'c>, name: &str) -> Res<IntValue<'c>> {
    let v = call_simple(l, name, &[])?.ok_or_else(|| crate::error(format!("internal error: {name} has no value")))?;
    Ok(v.into_int_value())
}

fn workgroup_size<'c>(l: &FnLowering<'_, 'c>, dim: usize) -> Res<IntValue<'c>> {
    let v = dispatch_field(l, WORKGROUP_SIZE_OFFSET + 2 * dim as u64, l.llcx.i16_type())?;
    l.b.build_int_z_extend(v, l.llcx.i64_type(), "").map_err(internal)
}

/// A field of the dispatch packet (constant address space 4, read-only for the kernel's life).
fn dispatch_field<'c>(l: &FnLowering<'_, 'c>, offset: u64, ty: inkwell::types::IntType<'c>) -> Res<IntValue<'c>> {
    let packet = call_simple(l, "llvm.amdgcn.dispatch.ptr", &[])?
        .ok_or_else(|| crate::error("internal error: llvm.amdgcn.dispatch.ptr has no value"))?
        .into_pointer_value();
    let byte = l.llcx.i8_type();
    let at =
        crate::llvm_ext::element_ptr(&l.b, byte.into(), packet, l.i64_const(offset as i64), "").map_err(internal)?;
    let v = l.b.build_load(ty, at, "").map_err(internal)?;
    if let Some(i) = v.as_instruction_value() {
        let _ = i.set_alignment(ty.get_bit_width() / 8);
    }
    Ok(v.into_int_value())
}

pub(super) fn barrier(l: &FnLowering<'_, '_>) -> Res<()> {
    // As HIP's __syncthreads: without the fences, LDS writes are not ordered before s_barrier.
    crate::llvm_ext::workgroup_fence(l.llcx, &l.b, true);
    call_simple(l, "llvm.amdgcn.s.barrier", &[])?;
    crate::llvm_ext::workgroup_fence(l.llcx, &l.b, false);
    Ok(())
}

pub(super) fn mark_kernel(l: &FnLowering<'_, '_>, f: FunctionValue<'_>, block: Option<[i64; 3]>) {
    f.set_call_conventions(AMDGPU_KERNEL_CC);
    if let Some([x, y, z]) = block {
        let a = l.llcx.create_string_attribute("amdgpu-flat-work-group-size", &format!("1,{}", x * y * z));
        f.add_attribute(AttributeLoc::Function, a);
    }
}
