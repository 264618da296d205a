//! Binary float formats narrower than `f64` (f16, bf16, tf32, f8E5M2, f8E4M3FN) as bit
//! patterns, converted to and from `f64` with one round-to-nearest-even step from the `f64`
//! value itself. [`crate::float`] is the interface the rest of sharc uses.

/// The layout of a narrow format.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MiniFormat {
    /// Exponent bits.
    pub exp_bits: u32,
    /// Stored mantissa bits.
    pub man_bits: u32,
    /// IEEE-style infinities and NaNs in the all-ones exponent; otherwise (the `FN` formats) the
    /// all-ones exponent holds finite values and only all-ones mantissa is NaN.
    pub ieee: bool,
}

impl MiniFormat {
    fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }

    fn width(self) -> u32 {
        1 + self.exp_bits + self.man_bits
    }

    /// The value of a bit pattern (exact: every value of these formats is an `f64`). A NaN keeps
    /// its sign and, in the IEEE formats, its payload in the top mantissa bits, as APFloat's
    /// widening conversion does.
    pub fn decode(self, bits: u64) -> f64 {
        let man_mask = (1u64 << self.man_bits) - 1;
        let exp_max = (1u64 << self.exp_bits) - 1;
        let negative = bits >> (self.width() - 1) & 1 == 1;
        let sign = if negative { -1.0 } else { 1.0 };
        let e = (bits >> self.man_bits) & exp_max;
        let m = bits & man_mask;
        if self.ieee && e == exp_max {
            if m == 0 {
                return sign * f64::INFINITY;
            }
            return f64::from_bits((negative as u64) << 63 | 0x7ff << 52 | m << (52 - self.man_bits));
        }
        if !self.ieee && e == exp_max && m == man_mask {
            return if negative { -f64::NAN } else { f64::NAN };
        }
        let frac = m as f64 / (1u64 << self.man_bits) as f64;
        if e == 0 {
            sign * frac * 2f64.powi(1 - self.bias())
        } else {
            sign * (1.0 + frac) * 2f64.powi(e as i32 - self.bias())
        }
    }

    /// The nearest bit pattern (ties to even), rounded once from the exact `f64` value; overflow
    /// gives infinity (IEEE) or NaN (FN). A NaN keeps its sign and, in the IEEE formats, the top
    /// bits of its payload, and comes out quiet (APFloat's narrowing conversion).
    pub fn encode(self, v: f64) -> u64 {
        let sign_bit = (v.is_sign_negative() as u64) << (self.width() - 1);
        let exp_max = (1u64 << self.exp_bits) - 1;
        let man_mask = (1u64 << self.man_bits) - 1;
        let nan = if self.ieee {
            exp_max << self.man_bits | 1 << (self.man_bits - 1)
        } else {
            exp_max << self.man_bits | man_mask
        };
        let overflow = if self.ieee { exp_max << self.man_bits } else { nan };
        if v.is_nan() {
            let payload = if self.ieee { (v.to_bits() & ((1 << 52) - 1)) >> (52 - self.man_bits) } else { 0 };
            return sign_bit | nan | payload;
        }
        let a = v.abs();
        if a.is_infinite() {
            return sign_bit | overflow;
        }
        if a == 0.0 {
            return sign_bit;
        }
        let biased = ((a.to_bits() >> 52) & 0x7ff) as i32;
        let exp = if biased == 0 { -1074 } else { biased - 1023 };
        let min_normal = 1 - self.bias();
        // Units of the last mantissa place at this magnitude (subnormals share min_normal's).
        let mut ulp_exp = exp.max(min_normal) - self.man_bits as i32;
        let mut r = (a / 2f64.powi(ulp_exp)).round_ties_even() as u64;
        if r == 1 << (self.man_bits + 1) {
            r >>= 1;
            ulp_exp += 1;
        }
        let (e_field, m) = if r < 1 << self.man_bits {
            (0, r)
        } else {
            ((ulp_exp + self.man_bits as i32 + self.bias()) as u64, r - (1 << self.man_bits))
        };
        let top = if self.ieee { exp_max - 1 } else { exp_max };
        let pattern = e_field << self.man_bits | m;
        if e_field > top || (!self.ieee && pattern == nan) {
            return sign_bit | overflow;
        }
        sign_bit | pattern
    }
}

/// IEEE half: 5 exponent bits, 10 mantissa bits.
pub(crate) const F16: MiniFormat = MiniFormat { exp_bits: 5, man_bits: 10, ieee: true };
/// bfloat16: the top half of an `f32`, 8 exponent bits, 7 mantissa bits.
pub(crate) const BF16: MiniFormat = MiniFormat { exp_bits: 8, man_bits: 7, ieee: true };
/// tf32: 8 exponent bits, 10 mantissa bits.
pub(crate) const TF32: MiniFormat = MiniFormat { exp_bits: 8, man_bits: 10, ieee: true };
/// f8E5M2.
pub(crate) const F8E5M2: MiniFormat = MiniFormat { exp_bits: 5, man_bits: 2, ieee: true };
/// f8E4M3FN: no infinities, NaN is all ones.
pub(crate) const F8E4M3FN: MiniFormat = MiniFormat { exp_bits: 4, man_bits: 3, ieee: false };

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_round_trips() {
        for f in [F8E5M2, F8E4M3FN] {
            for bits in 0..256u64 {
                let v = f.decode(bits);
                if v.is_nan() {
                    assert!(f.decode(f.encode(v)).is_nan());
                } else {
                    assert_eq!(f.encode(v), bits, "{f:?} {bits:#x} = {v}");
                }
            }
        }
        assert_eq!(F8E4M3FN.decode(0x7E), 448.0);
        assert_eq!(F8E5M2.decode(0x7B), 57344.0);
        assert_eq!(TF32.encode(1.0), 127 << 10);
        assert_eq!(TF32.decode(127 << 10), 1.0);
    }
}
