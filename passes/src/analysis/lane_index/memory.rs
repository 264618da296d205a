//! The memref side of an access: its subscripts flattened through the strided layout, and the
//! bytes of one element.

use super::{IndexError, IndexForm};
use sharc_dialects::memref;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, Type, TypeKind};

/// The element offset of an access from its memref's base: the subscripts through the strided
/// layout (`offset + Σ index_i · stride_i`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementOffset {
    /// The offset, in elements.
    pub form: IndexForm,
    /// Whether a dynamic layout offset or stride adds a further warp-uniform unknown (any
    /// multiple of one element).
    pub dynamic: bool,
}

impl ElementOffset {
    /// The gcd of the multiples of an element the unknown part may take (0: no unknown part).
    pub fn unknown_grain(&self) -> u64 {
        if self.dynamic {
            1
        } else {
            self.form.unknown_grain()
        }
    }
}

/// The element offset of the subscripts `indices` into a memref of type `memref_type`.
pub fn element_offset(ctx: &Context, memref_type: Type, indices: &[IndexForm]) -> Result<ElementOffset, IndexError> {
    let (strides, offset) = memref::layout::strides_and_offset(ctx, memref_type).ok_or(IndexError::NotStrided)?;
    let mut dynamic = offset == DYNAMIC;
    let mut form = IndexForm::constant(if dynamic { 0 } else { offset });
    for (dim, (index, &stride)) in indices.iter().zip(&strides).enumerate() {
        if stride == DYNAMIC {
            if !index.is_uniform() {
                return Err(IndexError::DynamicStride(dim));
            }
            dynamic |= *index != IndexForm::default();
            continue;
        }
        form = form.add_scaled(index, stride).ok_or(IndexError::Overflow)?;
    }
    Ok(ElementOffset { form, dynamic })
}

/// Bytes one element of `ty` occupies (as `sharc-run` stores it: `i1` takes a byte, `index` 8,
/// vectors their elements); `None` for types without a memory size.
pub fn element_bytes(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(width.div_ceil(8).next_power_of_two()),
        TypeKind::Index => Some(8),
        TypeKind::Float(kind) => Some(kind.width().div_ceil(8)),
        TypeKind::Complex(elem) => element_bytes(ctx, *elem)?.checked_mul(2),
        TypeKind::Vector { shape, elem, .. } => {
            let count = shape.iter().try_fold(1u32, |acc, &d| acc.checked_mul(u32::try_from(d).ok()?))?;
            element_bytes(ctx, *elem)?.checked_mul(count)
        }
        _ => None,
    }
}
