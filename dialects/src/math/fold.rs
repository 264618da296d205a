//! Constant folding of math ops, after upstream's `MathOps.cpp`: exact operations (`absf`,
//! `floor`, `copysign`, ...) fold for every float format; library functions (`exp`, `sin`, ...)
//! fold only for `f32` and `f64`, computed in that precision as upstream does with `expf`/`exp`;
//! `sqrt` and the logarithms do not fold negative operands.

use crate::arith::fold::{float_nary, int_binary, int_unary, signed, unsigned};
use sharc_ir::registry::FoldResult;
use sharc_ir::types::FloatKind;
use sharc_ir::{Attr, Context, OpId};

type Folded = Option<Vec<FoldResult>>;

/// A unary library function, `f32` computed in single precision.
pub fn libm(ctx: &mut Context, op: OpId, c: &[Option<Attr>], f32f: fn(f32) -> f32, f64f: fn(f64) -> f64) -> Folded {
    float_nary(ctx, op, c, 1, |k, x| match k {
        FloatKind::F32 => Some(f32f(x[0] as f32) as f64),
        FloatKind::F64 => Some(f64f(x[0])),
        _ => None,
    })
}

/// Like [`libm`], refusing negative operands (`sqrt`, `log`, ...).
pub fn libm_nonneg(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
    f32f: fn(f32) -> f32,
    f64f: fn(f64) -> f64,
) -> Folded {
    float_nary(ctx, op, c, 1, |k, x| {
        if x[0].is_sign_negative() {
            return None;
        }
        match k {
            FloatKind::F32 => Some(f32f(x[0] as f32) as f64),
            FloatKind::F64 => Some(f64f(x[0])),
            _ => None,
        }
    })
}

/// A binary library function (`powf`, `atan2`).
pub fn libm2(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
    f32f: fn(f32, f32) -> f32,
    f64f: fn(f64, f64) -> f64,
) -> Folded {
    float_nary(ctx, op, c, 2, |k, x| match k {
        FloatKind::F32 => Some(f32f(x[0] as f32, x[1] as f32) as f64),
        FloatKind::F64 => Some(f64f(x[0], x[1])),
        _ => None,
    })
}

/// An exact unary operation, for every format.
pub fn exact(ctx: &mut Context, op: OpId, c: &[Option<Attr>], f: fn(f64) -> f64) -> Folded {
    float_nary(ctx, op, c, 1, |_, x| Some(f(x[0])))
}

/// `atan2`: `atan2(0, 0)` folds to NaN, as upstream.
pub fn atan2(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    float_nary(ctx, op, c, 2, |k, x| {
        if x[0] == 0.0 && x[1] == 0.0 {
            return Some(f64::NAN);
        }
        match k {
            FloatKind::F32 => Some((x[0] as f32).atan2(x[1] as f32) as f64),
            FloatKind::F64 => Some(x[0].atan2(x[1])),
            _ => None,
        }
    })
}

/// `copysign`.
pub fn copysign(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    float_nary(ctx, op, c, 2, |_, x| Some(x[0].copysign(x[1])))
}

/// `fma`: one rounding of `a * b + c`.
pub fn fma(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    float_nary(ctx, op, c, 3, |k, x| match k {
        FloatKind::F32 => Some((x[0] as f32).mul_add(x[1] as f32, x[2] as f32) as f64),
        FloatKind::F64 => Some(x[0].mul_add(x[1], x[2])),
        _ => None,
    })
}

/// `round`: half away from zero (`roundf`/`round`).
pub fn round(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    libm(ctx, op, c, f32::round, f64::round)
}

/// `absi` (wrapping: `abs(MIN) = MIN`).
pub fn absi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(signed(a, w).wrapping_abs()))
}

/// `ctlz`.
pub fn ctlz(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(i128::from(unsigned(a, w).leading_zeros()) - (128 - i128::from(w.min(128)))))
}

/// `cttz` (the width for zero).
pub fn cttz(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(i128::from(unsigned(a, w).trailing_zeros().min(w))))
}

/// `ctpop`.
pub fn ctpop(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_unary(ctx, op, c, |a, w| Some(i128::from(unsigned(a, w).count_ones())))
}

/// `ipowi`: wrapping power; a negative power of 0 does not fold.
pub fn ipowi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    int_binary(ctx, op, c, |base, power, w| {
        let (base, power) = (signed(base, w), signed(power, w));
        if power == 0 {
            return Some(1);
        }
        if power < 0 {
            return match base {
                0 => None,
                1 => Some(1),
                -1 => Some(if power & 1 == 1 { -1 } else { 1 }),
                _ => Some(0),
            };
        }
        let (mut result, mut b, mut p) = (1i128, base, power as u128);
        while p > 0 {
            if p & 1 == 1 {
                result = result.wrapping_mul(b);
            }
            b = b.wrapping_mul(b);
            p >>= 1;
        }
        Some(result)
    })
}
