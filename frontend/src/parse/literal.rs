//! Integer, floating-point and character literals with the types C gives them.

use super::*;

/// An integer literal with the type C gives it (C11 6.4.4.1).
pub(super) fn int_literal(s: &str) -> Option<ExprKind> {
    let lower = s.to_ascii_lowercase();
    let digits = lower.trim_end_matches(['u', 'l']);
    let suffix = &lower[digits.len()..];
    let (value, decimal) = match digits.strip_prefix("0x") {
        Some(h) => (u64::from_str_radix(h, 16).ok()?, false),
        None if digits.len() > 1 && digits.starts_with('0') => (u64::from_str_radix(&digits[1..], 8).ok()?, false),
        None => (digits.parse::<u64>().ok()?, true),
    };
    let unsigned = suffix.contains('u');
    let long = suffix.contains('l');
    let ty = if !long && !unsigned && value <= i32::MAX as u64 {
        IntTy::INT
    } else if !long && (unsigned || !decimal) && value <= u32::MAX as u64 {
        IntTy { bits: 32, signed: false }
    } else if !unsigned && value <= i64::MAX as u64 {
        IntTy::LONG
    } else {
        IntTy { bits: 64, signed: false }
    };
    Some(ExprKind::Int(value, ty))
}

pub(super) fn float_literal(s: &str) -> Option<ExprKind> {
    let (body, bits) = match s.chars().last()? {
        'f' | 'F' => (&s[..s.len() - 1], 32),
        'l' | 'L' => return Some(ExprKind::Unsupported("long double literal".into())),
        _ => (s, 64),
    };
    let value = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(hex) => hex_float(hex, bits)?,
        // Rust's parsers round the decimal string once, to the literal's own type: `1.1f` is
        // the float nearest to 1.1, not the float nearest to the double nearest to 1.1.
        None if bits == 32 => body.parse::<f32>().ok()? as f64,
        None => body.parse::<f64>().ok()?,
    };
    Some(ExprKind::Float(value, bits))
}

/// A hexadecimal floating literal (after `0x`) rounded once to a float of `bits` (32 or 64)
/// bits. The digits are kept exactly (a sticky bit stands for any nonzero digit past 120 bits),
/// so a value past 53 significant bits does not round in `f64` first and again to `float`.
fn hex_float(s: &str, bits: u32) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut m: u128 = 0;
    // m * 2^scale is the significand; digits past 120 bits raise the scale instead.
    let mut scale: i64 = -4 * frac.len() as i64;
    let mut sticky = false;
    for c in int.chars().chain(frac.chars()) {
        let d = u128::from(c.to_digit(16)?);
        if m >> 120 == 0 {
            m = m * 16 + d;
        } else {
            sticky |= d != 0;
            scale += 4;
        }
    }
    let e: i64 = exp.parse::<i32>().ok()?.into();
    let v = round_scaled(m | u128::from(sticky), e + scale, bits);
    Some(v)
}

/// `m * 2^e` rounded to nearest (ties to even) as a float of `bits` (32 or 64) bits, kept as
/// `f64`: overflow is infinity, and subnormal results round at their own precision.
fn round_scaled(m: u128, e: i64, bits: u32) -> f64 {
    if m == 0 {
        return 0.0;
    }
    let (precision, min_ulp) = if bits == 32 { (24, -149) } else { (53, -1074) };
    let top = i64::from(127 - m.leading_zeros()) + e;
    // The exponent of the last place kept: `precision` bits down from the top, or the
    // subnormals' fixed last place.
    let ulp = (top - (precision - 1)).max(min_ulp);
    let shift = ulp - e;
    let kept = if shift <= 0 {
        m
    } else if shift > 128 {
        // m < 2^128 <= half the last place: rounds to zero.
        0
    } else {
        let shift = shift as u32;
        let r = m.checked_shr(shift).unwrap_or(0);
        let rest = if shift == 128 { m } else { m & ((1u128 << shift) - 1) };
        let half = 1u128 << (shift - 1);
        r + u128::from(rest > half || (rest == half && r & 1 == 1))
    };
    // `kept` has at most `precision` + 1 bits: exact in f64, as is the scaling by 2^ulp short
    // of overflow (which is infinity, the correct rounding, once `kept` is rounded).
    let v = scale2(kept as f64, if shift <= 0 { e } else { ulp });
    if bits == 32 {
        v as f32 as f64
    } else {
        v
    }
}

/// `x * 2^e` without an intermediate overflow or underflow for `e` outside `f64`'s exponents.
fn scale2(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 && x.is_finite() {
        x *= 2f64.powi(1000);
        e -= 1000;
    }
    while e < -1000 && x != 0.0 {
        x *= 2f64.powi(-1000);
        e += 1000;
    }
    // Left over past ±1000 only when x is already infinite or zero, which any power keeps.
    x * 2f64.powi(e.clamp(-1100, 1100) as i32)
}

pub(super) fn char_value(s: &str) -> Option<u64> {
    let inner = s.strip_prefix('\'')?.strip_suffix('\'')?;
    let v = match inner.strip_prefix('\\') {
        None => {
            let mut cs = inner.chars();
            let c = cs.next()?;
            if cs.next().is_some() || !c.is_ascii() {
                return None;
            }
            c as u64
        }
        Some("n") => 10,
        Some("t") => 9,
        Some("r") => 13,
        Some("0") => 0,
        Some("\\") => 92,
        Some("'") => 39,
        Some("\"") => 34,
        _ => return None,
    };
    Some(v)
}

#[cfg(test)]
mod hex_tests {
    use super::*;

    fn float(s: &str) -> f64 {
        match float_literal(s) {
            Some(ExprKind::Float(v, _)) => v,
            _ => panic!("{s} is not a float literal"),
        }
    }

    #[test]
    fn hex_floats_round_once_to_their_type() {
        // 1 + 2^-24 + 2^-60: in f64 it would be the tie 1 + 2^-24 and then the float 1.0; once
        // from the exact value it is above the tie: 1 + 2^-23.
        assert_eq!(float("0x1.000001000000001p0f"), 1.0 + 2f64.powi(-23));
        assert_eq!(float("0x1.000001p0f"), 1.0);
        assert_eq!(float("0x1.000003p0f"), 1.0 + 2.0 * 2f64.powi(-23));
        // Past 53 bits for a double: 1 + 2^-53 + 2^-100 rounds up, the tie alone to even.
        assert_eq!(float("0x1.00000000000008000000000000000000001p0"), 1.0 + f64::EPSILON);
        assert_eq!(float("0x1.00000000000008p0"), 1.0);
        assert_eq!(float("0x1.8p1"), 3.0);
        assert_eq!(float("0x.8p0"), 0.5);
        assert_eq!(float("0x0p0"), 0.0);
        // Subnormals round at their own precision; overflow is infinity.
        assert_eq!(float("0x1p-149f"), 2f64.powi(-149));
        assert_eq!(float("0x1p-150f"), 0.0);
        assert_eq!(float("0x1.000001p-150f"), 2f64.powi(-149));
        assert_eq!(float("0x1.8p-149f"), 2f64.powi(-148));
        assert_eq!(float("0x1p-1074"), f64::from_bits(1));
        assert_eq!(float("0x1.8p-1074"), f64::from_bits(2));
        assert_eq!(float("0x1p-1075"), 0.0);
        assert_eq!(float("0x1p128f"), f64::INFINITY);
        assert_eq!(float("0x1.fffffefp127f"), f32::MAX as f64);
        assert_eq!(float("0x1p1024"), f64::INFINITY);
        // Exponents at the ends of i32 do not overflow the arithmetic.
        assert_eq!(float("0x1p-2147483648"), 0.0);
        assert_eq!(float("0x1p2147483647"), f64::INFINITY);
        assert_eq!(float("0x1p-2147483648f"), 0.0);
    }
}
