//! sharc types as LLVM types, and the memref shapes the code generator accepts.
//!
//! `index` is `i64` on every target (NVPTX and AMDGPU address global memory with 64-bit
//! pointers, and the simulator's `index` is 64-bit, so host execution agrees with it). `iN` is
//! `iN`, `f16`/`bf16`/`f32`/`f64` are themselves. A memref is not an LLVM type at all: see
//! [`crate::lower::MemRef`] and the kernel ABI in `kernel.rs`.

use inkwell::context::Context as LlvmContext;
use inkwell::types::BasicTypeEnum;
use sharc_dialects::gpu::AddressSpace;
use sharc_dialects::memref::layout::strides_and_offset;
use sharc_ir::types::{FloatKind, DYNAMIC};
use sharc_ir::{Context, Type, TypeKind};
use std::num::NonZeroU32;

/// The LLVM type of a scalar sharc type (or a 1-d vector of scalars), or `None` for types code
/// generation does not handle.
pub(crate) fn scalar_type<'c>(llcx: &'c LlvmContext, ctx: &Context, ty: Type) -> Option<BasicTypeEnum<'c>> {
    Some(match ctx.type_kind(ty) {
        TypeKind::Index => llcx.i64_type().into(),
        TypeKind::Integer { width, .. } => llcx.custom_width_int_type(NonZeroU32::new(*width)?).ok()?.into(),
        TypeKind::Float(FloatKind::F16) => llcx.f16_type().into(),
        TypeKind::Float(FloatKind::BF16) => llcx.bf16_type().into(),
        TypeKind::Float(FloatKind::F32) => llcx.f32_type().into(),
        TypeKind::Float(FloatKind::F64) => llcx.f64_type().into(),
        // A 1-d vector of these (`vector.load`'s result, a guarded vector load's `scf.if`).
        TypeKind::Vector { shape, scalable, elem } if shape.len() == 1 && scalable == &[false] => {
            let lanes = u32::try_from(shape[0]).ok().filter(|&n| n > 0)?;
            match scalar_type(llcx, ctx, *elem)? {
                BasicTypeEnum::IntType(i) => i.vec_type(lanes).into(),
                BasicTypeEnum::FloatType(f) => f.vec_type(lanes).into(),
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// Where a memref's elements live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// Device memory (the default space, `#gpu.address_space<global>`, 1).
    Global,
    /// A thread block's shared memory.
    Workgroup,
    /// Per-thread memory.
    Private,
}

/// A ranked memref type the code generator accepts.
#[derive(Clone, Debug)]
pub(crate) struct MemRefShape {
    pub shape: Vec<i64>,
    pub elem: Type,
    pub space: Space,
    /// Strides and offset of its layout (static entries, or [`DYNAMIC`]).
    pub strides: Vec<i64>,
    pub offset: i64,
}

impl MemRefShape {
    /// Whether the layout is the identity (row-major, offset 0).
    pub fn is_identity(&self) -> bool {
        self.offset == 0 && self.strides == sharc_dialects::memref::layout::canonical_strides(&self.shape)
    }

    /// The number of elements of a static shape.
    pub fn static_len(&self) -> Option<u64> {
        self.shape
            .iter()
            .try_fold(1u64, |acc, &d| if d == DYNAMIC { None } else { acc.checked_mul(u64::try_from(d).ok()?) })
    }
}

/// The memref shape of `ty`, or why code generation cannot handle it.
pub(crate) fn memref_shape(ctx: &Context, ty: Type) -> Result<MemRefShape, String> {
    let text = || sharc_ir::syntax::printer::type_to_string(ctx, ty);
    let parts = ctx.memref_parts(ty).ok_or_else(|| format!("type {} is not a ranked memref", text()))?;
    let space = match parts.memory_space {
        None => Space::Global,
        Some(_) => match AddressSpace::of_type(ctx, ty) {
            Some(AddressSpace::Global) => Space::Global,
            Some(AddressSpace::Workgroup) => Space::Workgroup,
            Some(AddressSpace::Private) => Space::Private,
            None => return Err(format!("memref type {} has a memory space code generation does not know", text())),
        },
    };
    let (strides, offset) = strides_and_offset(ctx, ty)
        .ok_or_else(|| format!("memref type {} has a layout that is not strided", text()))?;
    // Addresses are computed in 64-bit arithmetic: a memref whose static sizes make more bytes
    // than an i64 counts would wrap its linearised indices and address other elements. (Every
    // element count, and so every linearised index, is below the byte size.)
    let elem_bytes = match ctx.type_kind(parts.elem) {
        TypeKind::Integer { width, .. } => i64::from(width.div_ceil(8)),
        TypeKind::Float(f) => i64::from(f.width().div_ceil(8)),
        _ => 8,
    };
    let bytes = parts.shape.iter().filter(|&&d| d != DYNAMIC).try_fold(elem_bytes, |acc, &d| acc.checked_mul(d));
    if bytes.is_none() {
        return Err(format!(
            "memref type {} is too large: its size in bytes overflows 64-bit index arithmetic",
            text()
        ));
    }
    Ok(MemRefShape { shape: parts.shape.to_vec(), elem: parts.elem, space, strides, offset })
}
