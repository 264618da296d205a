//! Types: builtin types with MLIR's names and syntax, plus opaque dialect types.
//!
//! Types are uniqued in the [`Context`]: a [`Type`] is a small id, equal ids mean equal types.
//! Shapes use [`DYNAMIC`] for a `?` dimension, as MLIR's `ShapedType::kDynamic` does.

use crate::attrs::Attr;
use crate::context::Context;

/// A uniqued type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Type(pub(crate) u32);

/// The size of a dynamic (`?`) dimension, and a dynamic offset or stride.
pub const DYNAMIC: i64 = i64::MIN;

/// The signedness semantics of an integer type (`i32`, `si32`, `ui32`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`: operations decide how to interpret the bits.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

/// The floating-point formats sharc knows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// NVIDIA tf32 (19 bits: 8 exponent, 10 mantissa).
    TF32,
    /// 8-bit float, 5 exponent and 2 mantissa bits (IEEE-like).
    F8E5M2,
    /// 8-bit float, 4 exponent and 3 mantissa bits, finite only (NaN is all ones).
    F8E4M3FN,
}

impl FloatKind {
    /// The format named by a type keyword.
    pub fn from_keyword(s: &str) -> Option<FloatKind> {
        Some(match s {
            "f16" => FloatKind::F16,
            "bf16" => FloatKind::BF16,
            "f32" => FloatKind::F32,
            "f64" => FloatKind::F64,
            "tf32" => FloatKind::TF32,
            "f8E5M2" => FloatKind::F8E5M2,
            "f8E4M3FN" => FloatKind::F8E4M3FN,
            _ => return None,
        })
    }

    /// Significand bits including the implicit bit (APFloat's `precision`).
    pub fn precision(self) -> u32 {
        match self {
            FloatKind::F16 => 11,
            FloatKind::BF16 => 8,
            FloatKind::F32 => 24,
            FloatKind::F64 => 53,
            FloatKind::TF32 => 11,
            FloatKind::F8E5M2 => 3,
            FloatKind::F8E4M3FN => 4,
        }
    }

    /// The keyword of this type.
    pub fn keyword(self) -> &'static str {
        match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::TF32 => "tf32",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3FN => "f8E4M3FN",
        }
    }

    /// Width in bits.
    pub fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::TF32 => 19,
            FloatKind::F8E5M2 | FloatKind::F8E4M3FN => 8,
        }
    }

    /// Rounds `v` to the nearest value of this format (ties to even), kept as `f64`
    /// ([`crate::float::round`]).
    pub fn round(self, v: f64) -> f64 {
        crate::float::round(self, v)
    }

    /// The bit pattern of the value of this format nearest to `v` ([`crate::float::to_bits`]).
    pub fn to_bits(self, v: f64) -> u64 {
        crate::float::to_bits(self, v)
    }

    /// The value of a bit pattern of this format; `None` if `bits` is wider than the format
    /// ([`crate::float::from_bits`]).
    pub fn from_bits(self, bits: u64) -> Option<f64> {
        crate::float::from_bits(self, bits)
    }
}

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width (1 ..= 2^24, as MLIR).
        width: u32,
        /// Signedness semantics.
        signedness: Signedness,
    },
    /// `index`: the target's pointer-sized integer.
    Index,
    /// A floating-point type.
    Float(FloatKind),
    /// `none`.
    None,
    /// `memref<4x?xf32, layout, space>`.
    MemRef {
        /// Dimension sizes, [`DYNAMIC`] for `?`.
        shape: Vec<i64>,
        /// Element type.
        elem: Type,
        /// Layout attribute (affine map or strided), `None` for the identity layout.
        layout: Option<Attr>,
        /// Memory space attribute, `None` for the default space 0.
        memory_space: Option<Attr>,
    },
    /// `memref<*xf32, space>`.
    UnrankedMemRef {
        /// Element type.
        elem: Type,
        /// Memory space attribute.
        memory_space: Option<Attr>,
    },
    /// `tensor<4x?xf32>` (accepted for interoperability; no sharc pass produces tensors).
    Tensor {
        /// Dimension sizes, `None` for an unranked tensor.
        shape: Option<Vec<i64>>,
        /// Element type.
        elem: Type,
        /// Encoding attribute.
        encoding: Option<Attr>,
    },
    /// `vector<4x[8]xf32>`.
    Vector {
        /// Dimension sizes (always static).
        shape: Vec<i64>,
        /// Which dimensions are scalable (`[8]`).
        scalable: Vec<bool>,
        /// Element type.
        elem: Type,
    },
    /// `(i32, f32) -> index`.
    Function {
        /// Argument types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `tuple<i32, f32>`.
    Tuple(Vec<Type>),
    /// `complex<f32>`.
    Complex(Type),
    /// A type of a dialect sharc does not model: `!dialect.body` or `!dialect<body>`, kept as text.
    Opaque {
        /// The dialect namespace.
        dialect: String,
        /// Everything after the namespace, as written (`.ptr`, `<"x">`).
        body: String,
    },
}

/// The number of entries of `Context::scalar_types`.
pub(crate) const SCALAR_SLOTS: usize = 16;

/// The slot of a scalar type in `Context::scalar_types`, `None` for other types.
fn scalar_slot(kind: &TypeKind) -> Option<usize> {
    Some(match kind {
        TypeKind::Index => 0,
        TypeKind::None => 1,
        // Seven float kinds: slots 2 ..= 8.
        TypeKind::Float(f) => 2 + *f as usize,
        TypeKind::Integer { width, signedness: Signedness::Signless } => match width {
            1 => 9,
            8 => 10,
            16 => 11,
            32 => 12,
            64 => 13,
            _ => return None,
        },
        _ => return None,
    })
}

impl Context {
    /// Uniques a type.
    pub fn ty(&mut self, kind: TypeKind) -> Type {
        let slot = scalar_slot(&kind);
        if let Some(s) = slot {
            if self.scalar_types[s] != u32::MAX {
                return Type(self.scalar_types[s]);
            }
        }
        let (index, _) = self.types.insert_full(kind);
        if let Some(s) = slot {
            self.scalar_types[s] = index as u32;
        }
        Type(index as u32)
    }

    /// The structure of a type.
    #[inline]
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        self.types.get_index(ty.0 as usize).expect("type ids come from this context")
    }

    /// `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.ty(TypeKind::Integer { width, signedness: Signedness::Signless })
    }

    /// `i1`.
    pub fn i1(&mut self) -> Type {
        self.int_type(1)
    }

    /// `i32`.
    pub fn i32(&mut self) -> Type {
        self.int_type(32)
    }

    /// `i64`.
    pub fn i64(&mut self) -> Type {
        self.int_type(64)
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.ty(TypeKind::Index)
    }

    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.ty(TypeKind::Float(kind))
    }

    /// `f32`.
    pub fn f32(&mut self) -> Type {
        self.float_type(FloatKind::F32)
    }

    /// `f64`.
    pub fn f64(&mut self) -> Type {
        self.float_type(FloatKind::F64)
    }

    /// `none`.
    pub fn none_type(&mut self) -> Type {
        self.ty(TypeKind::None)
    }

    /// A function type.
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.ty(TypeKind::Function { inputs, results })
    }

    /// A memref type with the identity layout in the default memory space.
    pub fn memref_type(&mut self, shape: Vec<i64>, elem: Type) -> Type {
        self.ty(TypeKind::MemRef { shape, elem, layout: None, memory_space: None })
    }

    /// Whether `ty` is `index`.
    pub fn is_index(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Index)
    }

    /// The width of an integer type, `None` for other types.
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            _ => None,
        }
    }

    /// Whether `ty` is an integer type (not `index`).
    pub fn is_integer(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { .. })
    }

    /// Whether `ty` is a signless integer type of width `width`.
    pub fn is_signless_int(&self, ty: Type, width: u32) -> bool {
        matches!(self.type_kind(ty), TypeKind::Integer { width: w, signedness: Signedness::Signless } if *w == width)
    }

    /// Whether `ty` is a signless integer or `index`.
    pub fn is_signless_int_or_index(&self, ty: Type) -> bool {
        matches!(self.type_kind(ty), TypeKind::Index | TypeKind::Integer { signedness: Signedness::Signless, .. })
    }

    /// The float format of `ty`, `None` for other types.
    pub fn float_kind(&self, ty: Type) -> Option<FloatKind> {
        match self.type_kind(ty) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }

    /// Whether `ty` is a float type.
    pub fn is_float(&self, ty: Type) -> bool {
        self.float_kind(ty).is_some()
    }

    /// The element type of a shaped type (vector, tensor, memref), or `ty` itself for scalars.
    pub fn element_type_or_self(&self, ty: Type) -> Type {
        match self.type_kind(ty) {
            TypeKind::Vector { elem, .. }
            | TypeKind::Tensor { elem, .. }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. } => *elem,
            _ => ty,
        }
    }

    /// The shape of a ranked memref, vector or tensor.
    pub fn shape(&self, ty: Type) -> Option<&[i64]> {
        match self.type_kind(ty) {
            TypeKind::MemRef { shape, .. } | TypeKind::Vector { shape, .. } => Some(shape),
            TypeKind::Tensor { shape: Some(shape), .. } => Some(shape),
            _ => None,
        }
    }

    /// Rank and element type of a ranked memref.
    pub fn memref_parts(&self, ty: Type) -> Option<MemRefParts<'_>> {
        match self.type_kind(ty) {
            TypeKind::MemRef { shape, elem, layout, memory_space } => {
                Some(MemRefParts { shape, elem: *elem, layout: *layout, memory_space: *memory_space })
            }
            _ => None,
        }
    }

    /// The inputs and results of a function type.
    pub fn function_parts(&self, ty: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(ty) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }
}

/// A borrowed view of a ranked memref type.
#[derive(Clone, Copy, Debug)]
pub struct MemRefParts<'a> {
    /// Dimension sizes, [`DYNAMIC`] for `?`.
    pub shape: &'a [i64],
    /// Element type.
    pub elem: Type,
    /// Layout, `None` for identity.
    pub layout: Option<Attr>,
    /// Memory space, `None` for 0.
    pub memory_space: Option<Attr>,
}

impl MemRefParts<'_> {
    /// Rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Number of dynamic dimensions.
    pub fn num_dynamic_dims(&self) -> usize {
        self.shape.iter().filter(|&&d| d == DYNAMIC).count()
    }
}
