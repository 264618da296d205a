//! The shapes of arith-style ops: which operand and result types an op accepts, which flags its
//! custom form carries, and how a cast relates its two types.
//!
//! Every elementwise op of arith and math (binary and unary arithmetic, casts) is described by one
//! [`Signature`]; the shared verifier (`verify.rs`), parser and printer (`syntax.rs`) read it, so
//! an op is one table entry rather than one hand-written verifier and syntax per op.

use super::ops::{FASTMATH, IS_EXACT, OVERFLOW_FLAGS, ROUNDING_MODE};
use sharc_ir::types::{Signedness, TypeKind};
use sharc_ir::{Context, Type};

/// An ODS type constraint of the arith dialect, with upstream's description.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TypeClass {
    /// Signless integer or `index`, or a vector or tensor of them (`SignlessIntegerOrIndexLike`).
    IntLike,
    /// Signless integer, or a vector or tensor of them (`SignlessFixedWidthIntegerLike`).
    FixedIntLike,
    /// Float, or a vector or tensor of floats (`FloatLike`).
    FloatLike,
    /// `i1`, or a vector or tensor of `i1` (`BoolLike`).
    BoolLike,
    /// `IntLike`, or a memref of signless integers or `index` (`index_cast`).
    IndexCastLike,
    /// Signless integer or float, shaped, or a memref of them (`bitcast`).
    BitcastLike,
}

impl TypeClass {
    /// Upstream's description, as verifier messages print it.
    pub fn describe(self) -> &'static str {
        match self {
            TypeClass::IntLike => "signless-integer-like",
            TypeClass::FixedIntLike => "signless-fixed-width-integer-like",
            TypeClass::FloatLike => "floating-point-like",
            TypeClass::BoolLike => "bool-like",
            TypeClass::IndexCastLike => "signless-integer-like or memref of signless-integer",
            TypeClass::BitcastLike => "signless-integer-or-float-like or memref of signless-integer or float",
        }
    }

    /// Whether `ty` satisfies the constraint.
    pub fn accepts(self, ctx: &Context, ty: Type) -> bool {
        let memref = matches!(self, TypeClass::IndexCastLike | TypeClass::BitcastLike);
        let Some(elem) = element_of(ctx, ty, memref) else { return false };
        let signless = matches!(ctx.type_kind(elem), TypeKind::Integer { signedness: Signedness::Signless, .. });
        match self {
            TypeClass::IntLike | TypeClass::IndexCastLike => signless || ctx.is_index(elem),
            TypeClass::FixedIntLike => signless,
            TypeClass::FloatLike => ctx.is_float(elem),
            TypeClass::BoolLike => ctx.is_signless_int(elem, 1),
            TypeClass::BitcastLike => signless || ctx.is_float(elem),
        }
    }
}

/// The element type of a scalar, vector or tensor (and of a memref when `memref`), `None` for other
/// container types.
pub fn element_of(ctx: &Context, ty: Type, memref: bool) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { elem, .. } | TypeKind::Tensor { elem, .. } => Some(*elem),
        TypeKind::MemRef { elem, .. } | TypeKind::UnrankedMemRef { elem, .. } => memref.then_some(*elem),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => Some(ty),
        _ => None,
    }
}

/// How a cast op relates its operand and result element types (upstream `areCastCompatible`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CastKind {
    /// Integer to strictly wider integer (`extsi`, `extui`).
    WidenInt,
    /// Integer to strictly narrower integer (`trunci`).
    NarrowInt,
    /// Float to strictly wider float (`extf`).
    WidenFloat,
    /// Float to strictly narrower float (`truncf`).
    NarrowFloat,
    /// Integer to float (`sitofp`, `uitofp`).
    IntToFloat,
    /// Float to integer (`fptosi`, `fptoui`).
    FloatToInt,
    /// Between `index` and a signless integer (`index_cast`, `index_castui`).
    IndexCast,
    /// Between integers and floats of equal width (`bitcast`).
    Bitcast,
}

/// A flag of an op's custom form, stored as an inherent attribute.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flag {
    /// `overflow<nsw, nuw>`: `overflowFlags`, default `#arith.overflow<none>` (elided).
    Overflow,
    /// `fastmath<...>`: `fastmath`, default `#arith.fastmath<none>` (elided).
    FastMath,
    /// `fastmath<...>` on casts: an optional `fastmath`, printed whenever present.
    OptionalFastMath,
    /// `exact`: the unit attribute `isExact`.
    Exact,
    /// `to_nearest_even`, `downward`, ...: the optional `roundingmode` (`truncf`).
    RoundingMode,
}

impl Flag {
    /// The inherent attribute holding the flag.
    pub fn prop(self) -> &'static str {
        match self {
            Flag::Overflow => OVERFLOW_FLAGS,
            Flag::FastMath | Flag::OptionalFastMath => FASTMATH,
            Flag::Exact => IS_EXACT,
            Flag::RoundingMode => ROUNDING_MODE,
        }
    }
}

/// Operand and result constraints and custom-form flags of an elementwise op.
#[derive(Debug)]
pub struct Signature {
    /// One constraint per operand (the operand count).
    pub operands: &'static [TypeClass],
    /// The result constraint.
    pub result: TypeClass,
    /// `None`: all operands and the result share one type (`SameOperandsAndResultType`).
    /// `Some`: a cast `: T to U` with the same shape on both sides.
    pub cast: Option<CastKind>,
    /// The flags, in the order the custom form writes them.
    pub flags: &'static [Flag],
    /// The inherent attributes (the flags' attributes).
    pub props: &'static [&'static str],
}

use TypeClass::{FixedIntLike, FloatLike, IntLike};

const fn same(
    operands: &'static [TypeClass],
    result: TypeClass,
    flags: &'static [Flag],
    props: &'static [&'static str],
) -> Signature {
    Signature { operands, result, cast: None, flags, props }
}

const fn cast(
    from: TypeClass,
    to: TypeClass,
    kind: CastKind,
    flags: &'static [Flag],
    props: &'static [&'static str],
) -> Signature {
    let operands: &'static [TypeClass] = match from {
        IntLike => &[IntLike],
        FixedIntLike => &[FixedIntLike],
        FloatLike => &[FloatLike],
        TypeClass::BoolLike => &[TypeClass::BoolLike],
        TypeClass::IndexCastLike => &[TypeClass::IndexCastLike],
        TypeClass::BitcastLike => &[TypeClass::BitcastLike],
    };
    Signature { operands, result: to, cast: Some(kind), flags, props }
}

/// `addi`, `subi`, `muli`, `shli`: integer binary with overflow flags.
pub const INT_BINARY_OVERFLOW: Signature = same(&[IntLike, IntLike], IntLike, &[Flag::Overflow], &[OVERFLOW_FLAGS]);
/// `divsi`, `divui`, `shrsi`, `shrui`: integer binary with the `exact` flag.
pub const INT_BINARY_EXACT: Signature = same(&[IntLike, IntLike], IntLike, &[Flag::Exact], &[IS_EXACT]);
/// Other integer binary ops.
pub const INT_BINARY: Signature = same(&[IntLike, IntLike], IntLike, &[], &[]);
/// Integer unary ops (`math.absi`).
pub const INT_UNARY: Signature = same(&[IntLike], IntLike, &[], &[]);
/// Float binary ops with fast-math flags.
pub const FLOAT_BINARY: Signature = same(&[FloatLike, FloatLike], FloatLike, &[Flag::FastMath], &[FASTMATH]);
/// Float unary ops with fast-math flags.
pub const FLOAT_UNARY: Signature = same(&[FloatLike], FloatLike, &[Flag::FastMath], &[FASTMATH]);
/// Float ternary ops with fast-math flags (`math.fma`).
pub const FLOAT_TERNARY: Signature =
    same(&[FloatLike, FloatLike, FloatLike], FloatLike, &[Flag::FastMath], &[FASTMATH]);

/// `extsi`, `extui`.
pub const WIDEN_INT: Signature = cast(FixedIntLike, FixedIntLike, CastKind::WidenInt, &[], &[]);
/// `trunci`.
pub const NARROW_INT: Signature =
    cast(FixedIntLike, FixedIntLike, CastKind::NarrowInt, &[Flag::Overflow], &[OVERFLOW_FLAGS]);
/// `extf`.
pub const WIDEN_FLOAT: Signature =
    cast(FloatLike, FloatLike, CastKind::WidenFloat, &[Flag::OptionalFastMath], &[FASTMATH]);
/// `truncf`.
pub const NARROW_FLOAT: Signature = cast(
    FloatLike,
    FloatLike,
    CastKind::NarrowFloat,
    &[Flag::RoundingMode, Flag::OptionalFastMath],
    &[FASTMATH, ROUNDING_MODE],
);
/// `sitofp`, `uitofp`.
pub const INT_TO_FLOAT: Signature = cast(FixedIntLike, FloatLike, CastKind::IntToFloat, &[], &[]);
/// `fptosi`, `fptoui`.
pub const FLOAT_TO_INT: Signature = cast(FloatLike, FixedIntLike, CastKind::FloatToInt, &[], &[]);
/// `index_cast`, `index_castui`.
pub const INDEX_CAST: Signature =
    cast(TypeClass::IndexCastLike, TypeClass::IndexCastLike, CastKind::IndexCast, &[], &[]);
/// `bitcast`.
pub const BITCAST: Signature = cast(TypeClass::BitcastLike, TypeClass::BitcastLike, CastKind::Bitcast, &[], &[]);
