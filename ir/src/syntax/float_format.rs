//! Decimal printing of floats exactly as LLVM's `APFloat::toString`, which MLIR's printer uses.
//!
//! MLIR prints a float attribute as `toString(6, 0, false)` (`1.000000e+00`) when that text
//! reads back to the same value, else as the natural-precision `toString()` (`0.123456702`,
//! `9.99999974E-6`), else as hex bits. `APFloat::toString` is not a correctly rounded
//! conversion: it converts the exact binary value to a big integer times a power of ten, first
//! *truncates* the digits beyond what the precision needs, then rounds half-up on one digit. The
//! results differ from Rust's `{:e}` formatting in the last digit often enough that matching
//! upstream text requires reproducing the algorithm, which this module does with a small
//! arbitrary-precision integer.

use crate::types::FloatKind;

/// Significand bits (with the implicit bit) and exponent range of a format.
struct Semantics {
    precision: u32,
    min_exp: i32,
}

fn semantics(kind: FloatKind) -> Semantics {
    let min_exp = match kind {
        FloatKind::F16 => -14,
        FloatKind::BF16 | FloatKind::F32 | FloatKind::TF32 => -126,
        FloatKind::F64 => -1022,
        FloatKind::F8E5M2 => -14,
        FloatKind::F8E4M3FN => -6,
    };
    Semantics { precision: kind.precision(), min_exp }
}

/// A non-negative big integer, little-endian base 2^32.
struct BigUint(Vec<u32>);

impl BigUint {
    fn from_u64(v: u64) -> Self {
        let mut b = BigUint(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: u32) {
        for _ in 0..bits / 32 {
            self.0.insert(0, 0);
        }
        let r = bits % 32;
        if r != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb as u64) << r | carry as u64;
                *limb = v as u32;
                carry = (v >> 32) as u32;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
    }

    /// Divides by 10 in place and returns the remainder.
    fn divrem10(&mut self) -> u8 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = rem << 32 | *limb as u64;
            *limb = (cur / 10) as u32;
            rem = cur % 10;
        }
        self.trim();
        rem as u8
    }

    /// Number of significant bits.
    fn bits(&self) -> u32 {
        match self.0.last() {
            Some(&top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
            None => 0,
        }
    }
}

/// `APFloat::toString(precision, max_padding, truncate_zero)` for a finite value of `kind`
/// stored in `v`. `precision` 0 means the natural precision of the format.
pub(crate) fn apfloat_to_string(
    kind: FloatKind,
    v: f64,
    precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let sem = semantics(kind);
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    let precision = if precision == 0 { 2 + sem.precision * 59 / 196 } else { precision } as usize;
    if v == 0.0 {
        // APFloat prints zero specially: "0.0E+0", padded "0.000000e+00", or "0".
        out.push('0');
        if max_padding == 0 {
            out.push('.');
            if truncate_zero {
                out.push_str("0E+0");
            } else {
                out.push_str(&"0".repeat(precision));
                out.push_str("e+00");
            }
        }
        return out;
    }
    // Values of narrower formats are exact in f64; the decomposition is format independent
    // except for where APFloat's exponent floor puts denormals, which the f64 view also gives.
    let _ = sem.min_exp;
    let (buffer, exp) = decimal_digits(v.abs(), precision);
    let digits = buffer.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u32 > max_padding || digits + exp as usize > precision
    } else {
        let msd = exp + digits as i32 - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    if scientific {
        write_scientific(&mut out, &buffer, exp, precision, truncate_zero);
    } else {
        write_plain(&mut out, &buffer, exp);
    }
    out
}

/// The decimal digits of `a` (positive, finite) as APFloat's `toString` computes them: least
/// significant first, at most `precision` of them, and the decimal exponent of the last one
/// (`a ≈ digits * 10^exp`). The exact binary value becomes a big integer times a power of ten;
/// digits beyond what the precision needs are truncated, then the rest is rounded half-up on
/// one digit.
fn decimal_digits(a: f64, precision: usize) -> (Vec<u8>, i32) {
    // Decompose |v| = sig * 2^exp with sig an integer of at most `precision` bits.
    let (mantissa, exp2) = decompose(a);
    let mut sig = mantissa;
    let mut exp = exp2;
    let tz = sig.trailing_zeros();
    sig >>= tz;
    exp += tz as i32;
    let mut big = BigUint::from_u64(sig);
    if exp > 0 {
        big.shl(exp as u32);
        exp = 0;
    } else if exp < 0 {
        // N * 2^-e == N * 5^e * 10^-e
        for _ in 0..-exp {
            big.mul_small(5);
        }
    }
    let mut buffer: Vec<u8> = Vec::new();
    let required = (precision as u32 * 196).div_ceil(59);
    let mut discard = big.bits().saturating_sub(required) * 59 / 196;
    let mut in_trail = true;
    while !big.is_zero() {
        let digit = big.divrem10();
        if discard > 0 {
            discard -= 1;
            exp += 1;
            continue;
        }
        if in_trail && digit == 0 {
            exp += 1;
        } else {
            in_trail = false;
            buffer.push(b'0' + digit);
        }
    }
    if buffer.is_empty() {
        buffer.push(b'0');
    }
    if buffer.len() > precision {
        let mut first = buffer.len() - precision;
        if buffer[first - 1] < b'5' {
            while first < buffer.len() && buffer[first] == b'0' {
                first += 1;
            }
        } else {
            // Decimal add-with-carry from the least significant kept digit; carried-out nines are
            // dropped with the digits below them.
            let kept = first;
            for d in buffer.iter_mut().skip(kept) {
                if *d == b'9' {
                    first += 1;
                } else {
                    *d += 1;
                    break;
                }
            }
        }
        exp += first as i32;
        buffer.drain(..first);
        if buffer.is_empty() {
            buffer.push(b'1');
        }
    }
    (buffer, exp)
}

/// `d.ddde+XX` (`d.dddE+X` with `truncate_zero`), from digits least significant first whose
/// last has decimal exponent `exp`.
fn write_scientific(out: &mut String, buffer: &[u8], mut exp: i32, precision: usize, truncate_zero: bool) {
    let digits = buffer.len();
    let digit = |i: usize| buffer[i] as char;
    exp += digits as i32 - 1;
    out.push(digit(digits - 1));
    out.push('.');
    if digits == 1 && truncate_zero {
        out.push('0');
    } else {
        for i in (0..digits - 1).rev() {
            out.push(digit(i));
        }
    }
    if !truncate_zero && precision > digits - 1 {
        out.push_str(&"0".repeat(precision - digits + 1));
    }
    out.push(if truncate_zero { 'E' } else { 'e' });
    out.push(if exp >= 0 { '+' } else { '-' });
    let e = exp.unsigned_abs();
    if !truncate_zero && e < 10 {
        out.push('0');
    }
    out.push_str(&e.to_string());
}

/// `ddd00`, `dd.ddd` or `0.00ddd`, from digits least significant first whose last has decimal
/// exponent `exp`.
fn write_plain(out: &mut String, buffer: &[u8], exp: i32) {
    let digits = buffer.len();
    let digit = |i: usize| buffer[i] as char;
    if exp >= 0 {
        for i in (0..digits).rev() {
            out.push(digit(i));
        }
        out.push_str(&"0".repeat(exp as usize));
        return;
    }
    let unit = (-exp) as usize;
    if unit < digits {
        for i in (unit..digits).rev() {
            out.push(digit(i));
        }
        out.push('.');
        for i in (0..unit).rev() {
            out.push(digit(i));
        }
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat(unit - digits));
        for i in (0..digits).rev() {
            out.push(digit(i));
        }
    }
}

/// `|v| = mantissa * 2^exp` with an integer mantissa (53 bits at most).
fn decompose(a: f64) -> (u64, i32) {
    let bits = a.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if biased == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, biased - 1075)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings were produced by upstream MLIR 22 (`arith.constant` printing) and by
    // LLVM's APFloat::toString.
    #[test]
    fn matches_apfloat() {
        assert_eq!(apfloat_to_string(FloatKind::F32, 1.0, 6, 0, false), "1.000000e+00");
        assert_eq!(apfloat_to_string(FloatKind::F32, 0.1234567f32 as f64, 6, 0, false), "1.234570e-01");
        assert_eq!(apfloat_to_string(FloatKind::F32, 0.1234567f32 as f64, 0, 3, true), "0.123456702");
        assert_eq!(apfloat_to_string(FloatKind::F32, 1.0e-5f32 as f64, 0, 3, true), "9.99999974E-6");
        assert_eq!(apfloat_to_string(FloatKind::F64, 0.123456789, 0, 3, true), "0.123456789");
        assert_eq!(apfloat_to_string(FloatKind::F32, 12345678.0, 0, 3, true), "12345678");
        assert_eq!(apfloat_to_string(FloatKind::F64, 1.0e20, 6, 0, false), "1.000000e+20");
        assert_eq!(apfloat_to_string(FloatKind::F64, 0.0, 6, 0, false), "0.000000e+00");
    }
}
