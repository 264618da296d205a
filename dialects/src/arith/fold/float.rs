//! Folders of the float arithmetic ops (`addf` ... `negf`), after upstream's `ArithOps.cpp`.

use super::{defined_by, float_nary, operand, splat_float, value};
use crate::arith::flags::{NNAN, NSZ};
use crate::arith::ops::{fastmath_flags, NegFOp};
use sharc_ir::registry::FoldResult;
use sharc_ir::{Attr, Context, OpId};

type Folded = Option<Vec<FoldResult>>;

fn is(ctx: &mut Context, c: &[Option<Attr>], i: usize, pred: impl Fn(f64) -> bool) -> bool {
    splat_float(ctx, c, i).is_some_and(pred)
}

fn binary(ctx: &mut Context, op: OpId, c: &[Option<Attr>], f: fn(f64, f64) -> f64) -> Folded {
    float_nary(ctx, op, c, 2, |_, x| Some(f(x[0], x[1])))
}

/// `addf`: `x + -0.0`, constants.
pub fn addf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, |v| v == 0.0 && v.is_sign_negative()) {
        return value(lhs);
    }
    binary(ctx, op, c, |a, b| a + b)
}

/// `subf`: `x - +0.0`, constants.
pub fn subf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, |v| v == 0.0 && v.is_sign_positive()) {
        return value(lhs);
    }
    binary(ctx, op, c, |a, b| a - b)
}

/// `mulf`: `x * 1.0`, `x * 0.0` under `nnan` and `nsz`, constants.
pub fn mulf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if is(ctx, c, 1, |v| v == 1.0) {
        return value(lhs);
    }
    if fastmath_flags(ctx, op) & (NNAN | NSZ) == NNAN | NSZ && is(ctx, c, 1, |v| v == 0.0) {
        return value(rhs);
    }
    binary(ctx, op, c, |a, b| a * b)
}

/// `divf`: `x / 1.0`, constants.
pub fn divf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, |v| v == 1.0) {
        return value(lhs);
    }
    binary(ctx, op, c, |a, b| a / b)
}

/// `remf`: constants (the remainder has the sign of the dividend, as C's `fmod`).
pub fn remf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    binary(ctx, op, c, |a, b| a % b)
}

/// IEEE 754-2019 `maximum`: NaN-propagating, `-0.0 < +0.0` (LLVM's `maximum`).
pub fn maximum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        return if a.is_sign_negative() { b } else { a };
    }
    if a > b {
        a
    } else {
        b
    }
}

/// IEEE 754-2019 `minimum` (LLVM's `minimum`).
pub fn minimum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return a;
    }
    if b.is_nan() {
        return b;
    }
    if a == 0.0 && b == 0.0 {
        return if a.is_sign_negative() { a } else { b };
    }
    if a < b {
        a
    } else {
        b
    }
}

/// `maxnum`: a NaN operand yields the other operand (LLVM's `maxnum`).
pub fn maxnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    maximum(a, b)
}

/// `minnum` (LLVM's `minnum`).
pub fn minnum(a: f64, b: f64) -> f64 {
    if a.is_nan() {
        return b;
    }
    if b.is_nan() {
        return a;
    }
    minimum(a, b)
}

/// Min/max: `op(x, x) = x`, the neutral constant gives `x`, constants.
fn min_max(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
    neutral: fn(f64) -> bool,
    f: fn(f64, f64) -> f64,
) -> Folded {
    let (lhs, rhs) = (operand(ctx, op, 0)?, operand(ctx, op, 1)?);
    if lhs == rhs {
        return value(rhs);
    }
    if is(ctx, c, 1, neutral) {
        return value(lhs);
    }
    binary(ctx, op, c, f)
}

/// `maximumf`: `max(x, -inf) = x`.
pub fn maximumf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, |v| v == f64::NEG_INFINITY, maximum)
}

/// `minimumf`: `min(x, +inf) = x`.
pub fn minimumf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, |v| v == f64::INFINITY, minimum)
}

/// `maxnumf`: `maxnum(x, NaN) = x`.
pub fn maxnumf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, f64::is_nan, maxnum)
}

/// `minnumf`: `minnum(x, NaN) = x`.
pub fn minnumf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, f64::is_nan, minnum)
}

/// `negf`: `-(-x) = x`, constants.
pub fn negf(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let x = operand(ctx, op, 0)?;
    if let Some(inner) = defined_by(ctx, x, NegFOp::view) {
        return value(inner.operand(ctx));
    }
    float_nary(ctx, op, c, 1, |_, x| Some(-x[0]))
}
