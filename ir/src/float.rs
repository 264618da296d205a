//! Conversions between `f64` and the float formats sharc knows: the one place that rounds a value
//! to a format, encodes it as bits or decodes bits. The parser and printer, the constant folder,
//! the simulator and the code generator all go through here ([`FloatKind::round`],
//! [`FloatKind::to_bits`] and [`FloatKind::from_bits`] are the same functions as methods).
//!
//! sharc keeps every float value as an `f64`, which holds every value of the narrower formats
//! exactly. Rounding to a narrower format happens once, from the `f64` value itself
//! (`minifloat.rs`): going through `f32` first would round twice and can land on the
//! wrong side of a halfway point. `1.0004882812500002` (= 1 + 2^-11 + 2^-52) is just above
//! the halfway point between the halves 1.0 and 1 + 2^-10, so it rounds up to `0x3C01`; as an
//! `f32` it is exactly 1 + 2^-11, and from there ties-to-even gives `0x3C00`.
//!
//! NaNs follow APFloat's conversions: the sign is kept, a narrowing conversion keeps the top
//! bits of the payload and makes the NaN quiet, a widening one keeps the payload.

use crate::minifloat::{BF16, F16, F8E4M3FN, F8E5M2, TF32};
use crate::types::FloatKind;

/// Rounds `v` to the nearest value of `kind` (ties to even), kept as `f64`.
pub fn round(kind: FloatKind, v: f64) -> f64 {
    match kind {
        FloatKind::F64 => v,
        // The hardware conversion rounds once, to nearest even.
        FloatKind::F32 => v as f32 as f64,
        _ => from_bits(kind, to_bits(kind, v)).unwrap_or(f64::NAN),
    }
}

/// The bit pattern of the value of `kind` nearest to `v` (ties to even).
pub fn to_bits(kind: FloatKind, v: f64) -> u64 {
    match kind {
        FloatKind::F64 => v.to_bits(),
        FloatKind::F32 => (v as f32).to_bits() as u64,
        FloatKind::F16 => F16.encode(v),
        FloatKind::BF16 => BF16.encode(v),
        FloatKind::TF32 => TF32.encode(v),
        FloatKind::F8E5M2 => F8E5M2.encode(v),
        FloatKind::F8E4M3FN => F8E4M3FN.encode(v),
    }
}

/// The value of `kind` nearest to the integer `x` (ties to even), rounded once from `x` itself:
/// through `f64` first would round twice past 2^53 (`sitofp` of `2^62 + 2^54 + 1` to bf16 is
/// `2^62 + 2^55`; the `f64` tie `2^62 + 2^54` would give `2^62`).
pub fn from_i128(kind: FloatKind, x: i128) -> f64 {
    let m = from_u128(kind, x.unsigned_abs());
    if x < 0 {
        -m
    } else {
        m
    }
}

/// The value of `kind` nearest to the unsigned integer `x` (ties to even), rounded once.
pub fn from_u128(kind: FloatKind, x: u128) -> f64 {
    match kind {
        // Rust's integer-to-float conversions round once, to nearest even.
        FloatKind::F64 => x as f64,
        FloatKind::F32 => x as f32 as f64,
        _ => round(kind, round_to_odd(x)),
    }
}

/// `x` as an `f64` rounded to odd: truncated to 53 significant bits, with the last bit set if
/// anything nonzero was cut off. Rounding that value to a format of at most 51 significant bits
/// gives the correctly rounded result (the sticky bit keeps a value that was above or below a
/// halfway point from looking like the tie itself).
fn round_to_odd(x: u128) -> f64 {
    let bits = 128 - x.leading_zeros();
    if bits <= 53 {
        return x as f64;
    }
    let shift = bits - 53;
    let kept = x >> shift;
    let sticky = (x & ((1 << shift) - 1) != 0) as u128;
    (kept | sticky) as f64 * 2f64.powi(shift as i32)
}

/// The value of a bit pattern of `kind`; `None` if `bits` is wider than the format.
pub fn from_bits(kind: FloatKind, bits: u64) -> Option<f64> {
    let fits = kind.width() == 64 || bits < 1 << kind.width();
    if !fits {
        return None;
    }
    Some(match kind {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::F16 => F16.decode(bits),
        FloatKind::BF16 => BF16.decode(bits),
        FloatKind::TF32 => TF32.decode(bits),
        FloatKind::F8E5M2 => F8E5M2.decode(bits),
        FloatKind::F8E4M3FN => F8E4M3FN.decode(bits),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A format as the oracle sees it: every finite value, in increasing order with its bit
    /// pattern, followed by the value one ulp above the largest finite one (the boundary past
    /// which IEEE rounding overflows to infinity).
    struct Table {
        kind: FloatKind,
        values: Vec<(f64, u64)>,
        inf: u64,
    }

    /// Builds the table from the format's definition, with integer arithmetic and exact powers of
    /// two only (`m * 2^e`), independently of `minifloat`.
    fn table(kind: FloatKind, exp_bits: u32, man_bits: u32) -> Table {
        let bias = (1i32 << (exp_bits - 1)) - 1;
        let mut values = Vec::new();
        for e in 0..(1u64 << exp_bits) - 1 {
            for m in 0..1u64 << man_bits {
                let (sig, scale) = if e == 0 { (m, 1 - bias) } else { (m | 1 << man_bits, e as i32 - bias) };
                let v = sig as f64 * 2f64.powi(scale - man_bits as i32);
                values.push((v, e << man_bits | m));
            }
        }
        let inf = ((1u64 << exp_bits) - 1) << man_bits;
        values.push((2f64.powi(1 << (exp_bits - 1)), inf));
        Table { kind, values, inf }
    }

    impl Table {
        /// The correctly rounded pattern of `x`: the nearer of the two neighbouring values, the
        /// even pattern on a tie. Both distances are exact (Sterbenz: `lo <= x <= hi <= 2 lo`,
        /// or `lo == 0`), so the comparison decides the rounding without any rounding itself.
        fn nearest(&self, x: f64) -> u64 {
            let sign = (x.is_sign_negative() as u64) << (self.kind.width() - 1);
            let a = x.abs();
            let i = self.values.partition_point(|&(v, _)| v <= a);
            if i == self.values.len() {
                return sign | self.inf;
            }
            let (lo, lo_bits) = self.values[i - 1];
            let (hi, hi_bits) = self.values[i];
            let (below, above) = (a - lo, hi - a);
            let bits = if below < above || (below == above && lo_bits & 1 == 0) { lo_bits } else { hi_bits };
            sign | bits
        }
    }

    fn tables() -> [Table; 2] {
        [table(FloatKind::F16, 5, 10), table(FloatKind::BF16, 8, 7)]
    }

    #[test]
    fn rounds_once_from_f64() {
        // 1 + 2^-11 + 2^-52: through f32 it would be the tie 1 + 2^-11 and round down to 1.0.
        let x = 1.0004882812500002;
        assert_eq!(x, 1.0 + 2f64.powi(-11) + 2f64.powi(-52));
        assert_eq!(to_bits(FloatKind::F16, x), 0x3C01);
        assert_eq!((x as f32) as f64, 1.0 + 2f64.powi(-11));
        // The same for bf16: 1 + 2^-8 + 2^-40 is above the tie between 0x3F80 and 0x3F81.
        let y = 1.0 + 2f64.powi(-8) + 2f64.powi(-40);
        assert_eq!(to_bits(FloatKind::BF16, y), 0x3F81);
        assert_eq!(round(FloatKind::F16, x), 1.0 + 2f64.powi(-10));
    }

    #[test]
    fn ties_go_to_even() {
        let h = |x: f64| to_bits(FloatKind::F16, x);
        assert_eq!(h(1.0 + 2f64.powi(-11)), 0x3C00);
        assert_eq!(h(1.0 + 3.0 * 2f64.powi(-11)), 0x3C02);
        assert_eq!(h(-(1.0 + 3.0 * 2f64.powi(-11))), 0xBC02);
        // Subnormals: 2^-24 is the smallest, half of it ties to zero, 3/2 of it ties to 2^-23.
        assert_eq!(h(2f64.powi(-24)), 0x0001);
        assert_eq!(h(2f64.powi(-25)), 0x0000);
        assert_eq!(h(2f64.powi(-25) * (1.0 + f64::EPSILON)), 0x0001);
        assert_eq!(h(3.0 * 2f64.powi(-25)), 0x0002);
        assert_eq!(h(-2f64.powi(-26)), 0x8000);
        // The largest subnormal rounds up into the smallest normal.
        assert_eq!(h(2f64.powi(-14) - 2f64.powi(-26)), 0x0400);
        let b = |x: f64| to_bits(FloatKind::BF16, x);
        assert_eq!(b(1.0 + 2f64.powi(-8)), 0x3F80);
        assert_eq!(b(1.0 + 3.0 * 2f64.powi(-8)), 0x3F82);
        assert_eq!(b(2f64.powi(-133)), 0x0001);
        assert_eq!(b(2f64.powi(-134)), 0x0000);
    }

    #[test]
    fn overflow_is_infinity() {
        let h = |x: f64| to_bits(FloatKind::F16, x);
        assert_eq!(h(65504.0), 0x7BFF);
        // 65520 is halfway between 65504 and 2^16: ties to even overflow.
        assert_eq!(h(65520.0 - 2f64.powi(-30)), 0x7BFF);
        assert_eq!(h(65520.0), 0x7C00);
        assert_eq!(h(-1e300), 0xFC00);
        assert_eq!(h(f64::INFINITY), 0x7C00);
        assert_eq!(from_bits(FloatKind::F16, 0xFC00), Some(f64::NEG_INFINITY));
        assert_eq!(to_bits(FloatKind::BF16, 3.4e38), 0x7F80);
        assert_eq!(to_bits(FloatKind::BF16, f32::MAX as f64), 0x7F80);
        assert_eq!(to_bits(FloatKind::BF16, 3.38e38), 0x7F7E);
    }

    #[test]
    fn nans_keep_sign_and_payload_and_come_out_quiet() {
        assert_eq!(to_bits(FloatKind::F16, f64::NAN), 0x7E00);
        assert_eq!(to_bits(FloatKind::F16, -f64::NAN), 0xFE00);
        assert_eq!(to_bits(FloatKind::BF16, f64::NAN), 0x7FC0);
        // A signalling half NaN with payload 1 decodes to a NaN and re-encodes quiet.
        let v = from_bits(FloatKind::F16, 0x7C01).expect("16 bits fit");
        assert!(v.is_nan());
        assert_eq!(to_bits(FloatKind::F16, v), 0x7E01);
        let v = from_bits(FloatKind::BF16, 0xFFC1).expect("16 bits fit");
        assert!(v.is_nan() && v.is_sign_negative());
        assert_eq!(to_bits(FloatKind::BF16, v), 0xFFC1);
        // The same NaN through f32 (the simulator's register format) keeps its bits too.
        assert_eq!(to_bits(FloatKind::BF16, v as f32 as f64), 0xFFC1);
        assert!(round(FloatKind::F16, f64::NAN).is_nan());
        assert_eq!(to_bits(FloatKind::F8E4M3FN, -f64::NAN), 0xFF);
    }

    #[test]
    fn every_pattern_decodes_to_the_table_and_round_trips() {
        for t in tables() {
            for &(v, bits) in &t.values[..t.values.len() - 1] {
                assert_eq!(from_bits(t.kind, bits), Some(v), "{:?} {bits:#x}", t.kind);
                assert_eq!(to_bits(t.kind, v), bits, "{:?} {v}", t.kind);
                let neg = bits | 1 << (t.kind.width() - 1);
                assert_eq!(to_bits(t.kind, -v), neg, "{:?} -{v}", t.kind);
            }
        }
        assert_eq!(from_bits(FloatKind::F16, 0x1_0000), None);
        assert_eq!(from_bits(FloatKind::F32, 0x1_0000_0000), None);
    }

    #[test]
    fn halfway_points_and_their_neighbours_match_the_oracle() {
        for t in tables() {
            for w in t.values.windows(2) {
                let (lo, hi) = (w[0].0, w[1].0);
                let mid = lo + (hi - lo) / 2.0;
                for x in [mid, mid.next_down(), mid.next_up(), lo.next_up(), hi.next_down()] {
                    assert_eq!(to_bits(t.kind, x), t.nearest(x), "{:?} {x:e}", t.kind);
                    assert_eq!(to_bits(t.kind, -x), t.nearest(-x), "{:?} -{x:e}", t.kind);
                }
            }
        }
    }

    /// The correctly rounded value of the integer `x` (at least 2^53, where every value of both
    /// formats is an integer), with exact integer distances.
    fn nearest_int(t: &Table, x: u128) -> u64 {
        let i = t.values.partition_point(|&(v, _)| (v as u128) <= x);
        if i == t.values.len() {
            return t.inf;
        }
        let (lo, lo_bits) = t.values[i - 1];
        let (hi, hi_bits) = t.values[i];
        let (below, above) = (x - lo as u128, hi as u128 - x);
        if below < above || (below == above && lo_bits & 1 == 0) {
            lo_bits
        } else {
            hi_bits
        }
    }

    #[test]
    fn integers_round_once() {
        let x = (1u128 << 62) + (1 << 54) + 1;
        assert_eq!(from_u128(FloatKind::BF16, x), 2f64.powi(62) + 2f64.powi(55));
        assert_eq!(from_i128(FloatKind::BF16, -(x as i128)), -(2f64.powi(62) + 2f64.powi(55)));
        // The tie itself goes to even.
        assert_eq!(from_u128(FloatKind::BF16, (1 << 62) + (1 << 54)), 2f64.powi(62));
        assert_eq!(from_i128(FloatKind::F16, 65519), 65504.0);
        assert_eq!(from_i128(FloatKind::F16, 65520), f64::INFINITY);
        assert_eq!(from_i128(FloatKind::F16, i128::MIN), f64::NEG_INFINITY);
        assert_eq!(from_u128(FloatKind::F32, u128::MAX), f32::INFINITY as f64);
        assert_eq!(from_u128(FloatKind::F32, (1 << 24) + 1), 16777216.0);
        assert_eq!(from_u128(FloatKind::F64, (1 << 53) + 1), 2f64.powi(53));
        assert_eq!(from_i128(FloatKind::BF16, 0), 0.0);
    }

    proptest! {
        #[test]
        fn random_integers_match_the_oracle(m in any::<u64>(), shift in 0u32..64, low in any::<u64>()) {
            // Big integers with an arbitrary tail, so that halfway points and their neighbours
            // (the tail far below the format's precision) occur.
            let x = ((m as u128) << shift | low as u128 >> (64 - shift.min(63))).max(1 << 53);
            let bf16 = &tables()[1];
            let got = to_bits(FloatKind::BF16, from_u128(FloatKind::BF16, x));
            prop_assert_eq!(got, nearest_int(bf16, x), "{}", x);
        }

        #[test]
        fn integers_near_halfway_points_match_the_oracle(i in 0usize..32000, tail in -3i64..=3, up in 60u32..64) {
            // The midpoint between two neighbouring bf16 values scaled up to integers, +/- a little.
            let bf16 = &tables()[1];
            let (lo, hi) = (bf16.values[i].0, bf16.values[i + 1].0);
            prop_assume!(lo > 0.0);
            let scale = 2f64.powi(up as i32 - lo.log2().floor() as i32);
            let mid = ((lo + (hi - lo) / 2.0) * scale) as i128;
            let x = (mid + tail as i128) as u128;
            let got = to_bits(FloatKind::BF16, from_u128(FloatKind::BF16, x));
            prop_assert_eq!(got, nearest_int(bf16, x), "{}", x);
        }

        #[test]
        fn random_f64s_match_the_oracle(bits in any::<u64>(), scale in -40i32..20) {
            // Any mantissa, with exponents spread over both formats' ranges and beyond.
            let x = f64::from_bits(bits & !(0x7ff << 52) | 0x3ff << 52) * 2f64.powi(scale * 4);
            for t in tables() {
                prop_assert_eq!(to_bits(t.kind, x), t.nearest(x), "{:?} {:e}", t.kind, x);
            }
        }
    }
}
