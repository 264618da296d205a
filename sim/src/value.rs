//! Runtime values and scalar types.
//!
//! A [`Val`] is 16 bytes and `Copy`, so registers are plain arrays. Invariants:
//! - integers of width `w ≤ 64` (and `index`, 64 bits) are kept **sign-extended from bit `w-1`**
//!   in an `i64`; `i1` true is therefore `-1`. Operations that need the unsigned view use
//!   [`zext`]. Wider integers are rejected when a function is compiled.
//! - `f32` values are computed in `f32` and `f64` in `f64`, so results equal C's (no excess
//!   precision). `f16` and `bf16` values are kept in an `F32` after rounding to their format: one
//!   f32 operation followed by that rounding equals the correctly rounded 16-bit operation for
//!   `+ - * / sqrt` (f32 has more than `2p + 2` significand bits for both formats).
//! - a memref is a handle ([`MemId`]) to a descriptor in [`Memory`](crate::memory::Memory):
//!   buffer, offset, sizes and strides, so subviews and casts share their buffer.
//! - a 1-d vector of at most [`MAX_VECTOR_BYTES`] bytes (`vector<2xf32>`) is its lanes'
//!   little-endian memory image ([`Val::Vector`]), so a vector load and store copy bits and
//!   the lanes decode exactly as the scalar loads of the same elements would; wider vectors
//!   would not fit the 16-byte value and are rejected when a function is compiled.

use sharc_ir::types::{FloatKind, TypeKind};
use sharc_ir::{Context, Type};

/// A handle to a memref descriptor.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MemId(pub u32);

/// A runtime value.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub enum Val {
    /// Not yet written (never read by verified IR).
    #[default]
    Undef,
    /// An integer or `index`, sign-extended from its width.
    Int(i64),
    /// An `f32`, or an `f16`/`bf16` rounded to its format.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// A memref.
    Mem(MemId),
    /// A vector: its lanes as they lie in memory, lane 0 in the low bytes.
    Vector(u64),
}

/// The widest vector value the simulator holds (`vector<2xf32>`, `vector<4xf16>`).
pub const MAX_VECTOR_BYTES: usize = 8;

impl Val {
    /// An `i1`.
    pub fn bool(b: bool) -> Val {
        Val::Int(-(b as i64))
    }

    /// The integer, or 0 for other kinds (verified IR never mixes them).
    #[inline]
    pub fn i(self) -> i64 {
        match self {
            Val::Int(v) => v,
            _ => 0,
        }
    }

    /// Whether an `i1` is true.
    #[inline]
    pub fn truthy(self) -> bool {
        self.i() != 0
    }

    /// The memref handle, if this is one.
    #[inline]
    pub fn mem(self) -> Option<MemId> {
        match self {
            Val::Mem(m) => Some(m),
            _ => None,
        }
    }

    /// The float value widened to `f64` (for printing and comparison).
    pub fn as_f64(self) -> Option<f64> {
        match self {
            Val::F32(v) => Some(v as f64),
            Val::F64(v) => Some(v),
            _ => None,
        }
    }
}

/// Sign-extends the low `width` bits of `v`.
#[inline]
pub fn sext(v: i64, width: u32) -> i64 {
    if width >= 64 {
        v
    } else {
        let s = 64 - width;
        (v << s) >> s
    }
}

/// The low `width` bits of `v`, zero-extended (the unsigned view of an integer value).
#[inline]
pub fn zext(v: i64, width: u32) -> u64 {
    if width >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << width) - 1)
    }
}

/// The scalar types values and memref elements can have.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Scalar {
    /// A signless (or signed/unsigned) integer of the given width, 1 ..= 64.
    Int(u8),
    /// `index` (64 bits).
    #[default]
    Index,
    /// IEEE half.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
}

impl Scalar {
    /// The scalar type of `ty`, `None` for anything else (vectors, memrefs, wide integers).
    pub fn of(ctx: &Context, ty: Type) -> Option<Scalar> {
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, .. } if (1..=64).contains(width) => Some(Scalar::Int(*width as u8)),
            TypeKind::Index => Some(Scalar::Index),
            TypeKind::Float(FloatKind::F16) => Some(Scalar::F16),
            TypeKind::Float(FloatKind::BF16) => Some(Scalar::BF16),
            TypeKind::Float(FloatKind::F32) => Some(Scalar::F32),
            TypeKind::Float(FloatKind::F64) => Some(Scalar::F64),
            _ => None,
        }
    }

    /// Bit width (64 for `index`).
    pub fn width(self) -> u32 {
        match self {
            Scalar::Int(w) => w as u32,
            Scalar::Index | Scalar::F64 => 64,
            Scalar::F16 | Scalar::BF16 => 16,
            Scalar::F32 => 32,
        }
    }

    /// Bytes one element occupies in memory (`i1` takes a byte, as in NumPy's `bool`).
    pub fn bytes(self) -> usize {
        match self {
            Scalar::Int(w) => (w as usize).div_ceil(8).next_power_of_two(),
            Scalar::Index | Scalar::F64 => 8,
            Scalar::F16 | Scalar::BF16 => 2,
            Scalar::F32 => 4,
        }
    }

    /// Whether this is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, Scalar::F16 | Scalar::BF16 | Scalar::F32 | Scalar::F64)
    }

    /// The float format, for float types.
    pub fn float_kind(self) -> Option<FloatKind> {
        match self {
            Scalar::F16 => Some(FloatKind::F16),
            Scalar::BF16 => Some(FloatKind::BF16),
            Scalar::F32 => Some(FloatKind::F32),
            Scalar::F64 => Some(FloatKind::F64),
            _ => None,
        }
    }

    /// The value `v` (a float computed in `f64`, e.g. from an attribute) in this float type.
    pub fn float(self, v: f64) -> Val {
        match self {
            Scalar::F64 => Val::F64(v),
            Scalar::F32 => Val::F32(v as f32),
            // Round from f64 directly: through f32 could round twice.
            Scalar::F16 => Val::F32(FloatKind::F16.round(v) as f32),
            Scalar::BF16 => Val::F32(FloatKind::BF16.round(v) as f32),
            // Integers: a float->int conversion is the caller's business; keep the bits sane.
            Scalar::Int(w) => Val::Int(sext(v as i64, w as u32)),
            Scalar::Index => Val::Int(v as i64),
        }
    }

    /// Rounds an `f32` holding a result to this type (identity except for f16/bf16).
    #[inline]
    pub fn round_f32(self, v: f32) -> f32 {
        match self {
            // `v` is exact in f64, so this rounds once.
            Scalar::F16 => FloatKind::F16.round(v as f64) as f32,
            Scalar::BF16 => FloatKind::BF16.round(v as f64) as f32,
            _ => v,
        }
    }

    /// The integer `v` wrapped to this type's width.
    #[inline]
    pub fn int(self, v: i64) -> Val {
        Val::Int(sext(v, self.width()))
    }

    /// The keyword of the type (`f32`, `i32`, `index`).
    pub fn keyword(self) -> String {
        match self {
            Scalar::Int(w) => format!("i{w}"),
            Scalar::Index => "index".to_string(),
            Scalar::F16 => "f16".to_string(),
            Scalar::BF16 => "bf16".to_string(),
            Scalar::F32 => "f32".to_string(),
            Scalar::F64 => "f64".to_string(),
        }
    }

    /// Decodes one element from little-endian bytes (`bytes.len() == self.bytes()`).
    pub fn decode(self, bytes: &[u8]) -> Val {
        let mut b = [0u8; 8];
        let n = bytes.len().min(8);
        b[..n].copy_from_slice(&bytes[..n]);
        let raw = u64::from_le_bytes(b);
        match self {
            Scalar::Int(w) => Val::Int(sext(raw as i64, w as u32)),
            Scalar::Index => Val::Int(raw as i64),
            Scalar::F16 => Val::F32(narrow_value(FloatKind::F16, raw as u16)),
            Scalar::BF16 => Val::F32(narrow_value(FloatKind::BF16, raw as u16)),
            Scalar::F32 => Val::F32(f32::from_bits(raw as u32)),
            Scalar::F64 => Val::F64(f64::from_bits(raw)),
        }
    }

    /// Encodes one element as little-endian bytes into `out` (`out.len() == self.bytes()`).
    pub fn encode(self, v: Val, out: &mut [u8]) {
        let raw: u64 = match (self, v) {
            (Scalar::Int(w), Val::Int(x)) => zext(x, w as u32),
            (Scalar::Index, Val::Int(x)) => x as u64,
            (Scalar::F16, Val::F32(x)) => FloatKind::F16.to_bits(x as f64),
            (Scalar::BF16, Val::F32(x)) => FloatKind::BF16.to_bits(x as f64),
            (Scalar::F32, Val::F32(x)) => x.to_bits() as u64,
            (Scalar::F64, Val::F64(x)) => x.to_bits(),
            _ => 0,
        };
        let b = raw.to_le_bytes();
        let n = out.len().min(8);
        out[..n].copy_from_slice(&b[..n]);
    }

    /// Renders a value of this type for messages and results (`1.5`, `-3`, `true`).
    pub fn show(self, v: Val) -> String {
        match (self, v) {
            (Scalar::Int(1), Val::Int(x)) => (x != 0).to_string(),
            (_, Val::Int(x)) => x.to_string(),
            (_, Val::F32(x)) => format!("{x:?}"),
            (_, Val::F64(x)) => format!("{x:?}"),
            (_, Val::Mem(m)) => format!("memref#{}", m.0),
            (_, Val::Vector(bits)) => format!("vector#{bits:016x}"),
            (_, Val::Undef) => "undef".to_string(),
        }
    }
}

/// The value of 16 bits of `kind` (f16 or bf16) as the `f32` that holds it in a register (exact).
fn narrow_value(kind: FloatKind, bits: u16) -> f32 {
    kind.from_bits(u64::from(bits)).unwrap_or(f64::NAN) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_extension_and_unsigned_view() {
        assert_eq!(sext(0xff, 8), -1);
        assert_eq!(sext(0x7f, 8), 127);
        assert_eq!(zext(-1, 8), 255);
        assert_eq!(zext(-1, 64), u64::MAX);
        assert_eq!(Val::bool(true), Val::Int(-1));
        assert_eq!(Scalar::Int(1).int(1), Val::Int(-1));
    }

    #[test]
    fn narrow_floats_round_trip_through_memory() {
        let mut b = [0u8; 2];
        for s in [Scalar::F16, Scalar::BF16] {
            for bits in 0..=u16::MAX {
                let v = s.decode(&bits.to_le_bytes());
                s.encode(v, &mut b);
                let back = u16::from_le_bytes(b);
                let Val::F32(x) = v else { panic!("{s:?} decodes to an f32") };
                if x.is_nan() {
                    // Quiet NaNs keep their bits; signalling ones come back quiet.
                    let quiet = if s == Scalar::F16 { 0x0200 } else { 0x0040 };
                    assert_eq!(back, bits | quiet, "{s:?} {bits:#x}");
                } else {
                    assert_eq!(back, bits, "{s:?} {bits:#x}");
                }
            }
        }
    }

    #[test]
    fn narrow_floats_round_once_from_f64() {
        // 1 + 2^-11 + 2^-52 rounds up to 0x3C01; through f32 it would tie and go down to 0x3C00.
        let mut b = [0u8; 2];
        Scalar::F16.encode(Scalar::F16.float(1.0004882812500002), &mut b);
        assert_eq!(u16::from_le_bytes(b), 0x3C01);
        // An f32 result halfway between two halves ties to even.
        assert_eq!(Scalar::F16.round_f32(1.0 + f32::powi(2.0, -11)), 1.0);
        assert_eq!(Scalar::BF16.round_f32(1.0 + 3.0 * f32::powi(2.0, -8)), 1.0 + f32::powi(2.0, -6));
    }

    #[test]
    fn encode_decode() {
        let mut b = [0u8; 8];
        for (s, v) in [
            (Scalar::Int(8), Val::Int(-3)),
            (Scalar::Int(1), Val::Int(-1)),
            (Scalar::Int(32), Val::Int(-70000)),
            (Scalar::Index, Val::Int(i64::MIN)),
            (Scalar::F32, Val::F32(1.5)),
            (Scalar::F64, Val::F64(-0.25)),
            (Scalar::F16, Val::F32(0.5)),
        ] {
            let n = s.bytes();
            s.encode(v, &mut b[..n]);
            assert_eq!(s.decode(&b[..n]), v);
        }
    }
}
