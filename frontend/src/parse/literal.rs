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
    let value = if body.starts_with("0x") || body.starts_with("0X") {
        hex_float(&body[2..])?
    } else {
        body.parse::<f64>().ok()?
    };
    // A float literal is rounded once, to its own type.
    let value = if bits == 32 { body_to_f32(body, value) } else { value };
    Some(ExprKind::Float(value, bits))
}

/// `1.1f` is the float nearest to 1.1, not the float nearest to the double nearest to 1.1.
fn body_to_f32(body: &str, fallback: f64) -> f64 {
    if body.starts_with("0x") || body.starts_with("0X") {
        return fallback as f32 as f64;
    }
    body.parse::<f32>().map(|v| v as f64).unwrap_or(fallback as f32 as f64)
}

fn hex_float(s: &str) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut v = 0f64;
    for c in int.chars().chain(frac.chars()) {
        v = v * 16.0 + c.to_digit(16)? as f64;
    }
    let e: i32 = exp.parse().ok()?;
    Some(v * 2f64.powi(e - 4 * frac.len() as i32))
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
