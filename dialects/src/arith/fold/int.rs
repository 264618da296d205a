//! Folders of the integer arithmetic ops (`addi` ... `minui`), after upstream's `ArithOps.cpp`.

use super::{attr, defined_by, int_binary, operand, result_type, signed, smax, smin, splat_int, unsigned, value, zero};
use crate::arith::flags::{NSW, NUW};
use crate::arith::ops::{overflow_flags, AddIOp, AndIOp, MulIOp, SubIOp, XOrIOp};
use sharc_ir::registry::FoldResult;
use sharc_ir::{Attr, Context, OpId, Value};

type Folded = Option<Vec<FoldResult>>;

/// Operands 0 and 1.
fn pair(ctx: &Context, op: OpId) -> Option<(Value, Value)> {
    Some((operand(ctx, op, 0)?, operand(ctx, op, 1)?))
}

/// Whether constant operand `i` is the integer (or splat) `v` at its width.
fn is(ctx: &mut Context, c: &[Option<Attr>], i: usize, pred: impl Fn(i128, u32) -> bool) -> bool {
    splat_int(ctx, c, i).is_some_and(|(v, w)| pred(v, w))
}

fn is_zero(v: i128, _: u32) -> bool {
    v == 0
}

fn is_one(v: i128, w: u32) -> bool {
    unsigned(v, w) == 1
}

fn is_all_ones(v: i128, w: u32) -> bool {
    unsigned(v, w) == unsigned(-1, w)
}

/// A zero of the op's result type.
fn zero_result(ctx: &mut Context, op: OpId) -> Folded {
    let ty = result_type(ctx, op)?;
    attr(zero(ctx, ty)?)
}

/// `addi`: `x + 0`, `(a - b) + b`, `b + (a - b)`, constants.
pub fn addi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if is(ctx, c, 1, is_zero) {
        return value(lhs);
    }
    if is(ctx, c, 0, is_zero) {
        return value(rhs);
    }
    for (sub_side, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(sub) = defined_by(ctx, sub_side, SubIOp::view) {
            if sub.rhs(ctx) == other {
                return value(sub.lhs(ctx));
            }
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a.wrapping_add(b)))
}

/// `subi`: `x - x`, `x - 0`, `(a + b) - b`, `(a + b) - a`, constants.
pub fn subi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if lhs == rhs {
        if let Some(z) = zero_result(ctx, op) {
            return Some(z);
        }
    }
    if is(ctx, c, 1, is_zero) {
        return value(lhs);
    }
    if let Some(add) = defined_by(ctx, lhs, AddIOp::view) {
        if add.rhs(ctx) == rhs {
            return value(add.lhs(ctx));
        }
        if add.lhs(ctx) == rhs {
            return value(add.rhs(ctx));
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a.wrapping_sub(b)))
}

/// `muli`: `x * 0`, `x * 1`, constants.
pub fn muli(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    for (i, this, other) in [(1, rhs, lhs), (0, lhs, rhs)] {
        if is(ctx, c, i, is_zero) {
            return value(this);
        }
        if is(ctx, c, i, is_one) {
            return value(other);
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a.wrapping_mul(b)))
}

/// `(a * b) / b -> a` when the multiplication carries `flag` (`nuw` for unsigned, `nsw` for
/// signed division).
fn div_of_mul(ctx: &Context, lhs: Value, rhs: Value, flag: u32) -> Option<Value> {
    let mul = defined_by(ctx, lhs, MulIOp::view)?;
    if overflow_flags(ctx, mul.0) & flag != flag {
        return None;
    }
    if mul.lhs(ctx) == rhs {
        return Some(mul.rhs(ctx));
    }
    (mul.rhs(ctx) == rhs).then(|| mul.lhs(ctx))
}

/// `divui`: `x / 1`, `(a * b) / b` (nuw), constants with a non-zero divisor.
pub fn divui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if is(ctx, c, 1, is_one) {
        return value(lhs);
    }
    if let Some(v) = div_of_mul(ctx, lhs, rhs, NUW) {
        return value(v);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        (b != 0).then(|| (a / b) as i128)
    })
}

/// Signed division of `w`-bit values rounding toward zero; `None` on division by zero or
/// overflow (`MIN / -1`).
fn sdiv(a: i128, b: i128, w: u32) -> Option<i128> {
    let (a, b) = (signed(a, w), signed(b, w));
    if b == 0 || (a == smin(w) && b == -1) {
        return None;
    }
    Some(a / b)
}

/// `divsi`: `x / 1`, `(a * b) / b` (nsw), constants without overflow or division by zero.
pub fn divsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if is(ctx, c, 1, is_one) {
        return value(lhs);
    }
    if let Some(v) = div_of_mul(ctx, lhs, rhs, NSW) {
        return value(v);
    }
    int_binary(ctx, op, c, sdiv)
}

/// `ceildivui`: `x / 1`, constants.
pub fn ceildivui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, is_one) {
        return value(lhs);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        if b == 0 {
            return None;
        }
        Some((a / b + u128::from(a % b != 0)) as i128)
    })
}

/// `ceildivsi`: `x / 1`, constants. Like upstream, operands equal to the minimum value are not
/// folded (upstream negates them).
pub fn ceildivsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, is_one) {
        return value(lhs);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        if b == 0 {
            return None;
        }
        if a == 0 {
            return Some(0);
        }
        if a == smin(w) || b == smin(w) {
            return None;
        }
        let q = a.checked_div(b)?;
        let exact = a.checked_rem(b)? == 0;
        let r = if !exact && (a > 0) == (b > 0) { q + 1 } else { q };
        (r <= smax(w)).then_some(r)
    })
}

/// `floordivsi`: `x / 1`, constants without overflow or division by zero.
pub fn floordivsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, is_one) {
        return value(lhs);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let q = sdiv(a, b, w)?;
        let (a, b) = (signed(a, w), signed(b, w));
        let inexact = a.checked_rem(b)? != 0;
        Some(if inexact && (a < 0) != (b < 0) { q - 1 } else { q })
    })
}

/// `remui`: `x % 1 = 0`, constants with a non-zero divisor.
pub fn remui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    if is(ctx, c, 1, is_one) {
        return zero_result(ctx, op);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let (a, b) = (unsigned(a, w), unsigned(b, w));
        (b != 0).then(|| (a % b) as i128)
    })
}

/// `remsi`: `x % 1 = 0`, constants with a non-zero divisor (the sign of the dividend).
pub fn remsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    if is(ctx, c, 1, is_one) {
        return zero_result(ctx, op);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let (a, b) = (signed(a, w), signed(b, w));
        (b != 0).then(|| a.wrapping_rem(b))
    })
}

/// Whether `v` is `xor(x, all-ones)` (`not x`).
fn is_not_of(ctx: &mut Context, v: Value, x: Value) -> bool {
    let Some(xor) = defined_by(ctx, v, XOrIOp::view) else { return false };
    if xor.lhs(ctx) != x {
        return false;
    }
    let Some(def) = ctx.defining_op(xor.rhs(ctx)) else { return false };
    let Some(attr) = crate::arith::ops::ConstantOp::view(ctx, def).and_then(|k| k.value(ctx)) else { return false };
    is(ctx, &[Some(attr)], 0, is_all_ones)
}

/// `andi`: `x & 0`, `x & ~0`, `x & ~x`, `a & (a & b)`, constants.
pub fn andi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    for (i, this, other) in [(1, rhs, lhs), (0, lhs, rhs)] {
        if is(ctx, c, i, is_zero) {
            return value(this);
        }
        if is(ctx, c, i, is_all_ones) {
            return value(other);
        }
    }
    if is_not_of(ctx, rhs, lhs) || is_not_of(ctx, lhs, rhs) {
        return zero_result(ctx, op);
    }
    for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(and) = defined_by(ctx, prev, AndIOp::view) {
            if and.lhs(ctx) == other || and.rhs(ctx) == other {
                return value(prev);
            }
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a & b))
}

/// `ori`: `x | 0`, `x | ~0`, constants.
pub fn ori(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    for (i, this, other) in [(1, rhs, lhs), (0, lhs, rhs)] {
        if is(ctx, c, i, is_zero) {
            return value(other);
        }
        if is(ctx, c, i, is_all_ones) {
            return value(this);
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a | b))
}

/// `xori`: `x ^ 0`, `x ^ x`, `(x ^ a) ^ a`, constants.
pub fn xori(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if is(ctx, c, 1, is_zero) {
        return value(lhs);
    }
    if is(ctx, c, 0, is_zero) {
        return value(rhs);
    }
    if lhs == rhs {
        if let Some(z) = zero_result(ctx, op) {
            return Some(z);
        }
    }
    for (inner, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(prev) = defined_by(ctx, inner, XOrIOp::view) {
            if prev.rhs(ctx) == other {
                return value(prev.lhs(ctx));
            }
            if prev.lhs(ctx) == other {
                return value(prev.rhs(ctx));
            }
        }
    }
    int_binary(ctx, op, c, |a, b, _| Some(a ^ b))
}

/// Shifts: `x << 0`, constants with an amount below the width.
fn shift(ctx: &mut Context, op: OpId, c: &[Option<Attr>], f: impl Fn(i128, u32, u32) -> i128) -> Folded {
    let lhs = operand(ctx, op, 0)?;
    if is(ctx, c, 1, is_zero) {
        return value(lhs);
    }
    int_binary(ctx, op, c, |a, b, w| {
        let amount = unsigned(b, w);
        (amount < u128::from(w)).then(|| f(a, amount as u32, w))
    })
}

/// `shli`.
pub fn shli(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    shift(ctx, op, c, |a, s, _| a.wrapping_shl(s))
}

/// `shrui`.
pub fn shrui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    shift(ctx, op, c, |a, s, w| (unsigned(a, w) >> s) as i128)
}

/// `shrsi`.
pub fn shrsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    shift(ctx, op, c, |a, s, w| signed(a, w) >> s)
}

/// Min/max: `op(x, x) = x`, the absorbing bound gives the bound, the neutral bound gives `x`.
fn min_max(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
    absorbing: fn(i128, u32) -> bool,
    neutral: fn(i128, u32) -> bool,
    f: fn(i128, i128, u32) -> i128,
) -> Folded {
    let (lhs, rhs) = pair(ctx, op)?;
    if lhs == rhs {
        return value(rhs);
    }
    for (i, this, other) in [(1, rhs, lhs), (0, lhs, rhs)] {
        if is(ctx, c, i, absorbing) {
            return value(this);
        }
        if is(ctx, c, i, neutral) {
            return value(other);
        }
    }
    int_binary(ctx, op, c, |a, b, w| Some(f(a, b, w)))
}

fn is_smax(v: i128, w: u32) -> bool {
    signed(v, w) == smax(w)
}

fn is_smin(v: i128, w: u32) -> bool {
    signed(v, w) == smin(w)
}

/// `maxsi`.
pub fn maxsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, is_smax, is_smin, |a, b, w| signed(a, w).max(signed(b, w)))
}

/// `minsi`.
pub fn minsi(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, is_smin, is_smax, |a, b, w| signed(a, w).min(signed(b, w)))
}

/// `maxui`.
pub fn maxui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, is_all_ones, is_zero, |a, b, w| unsigned(a, w).max(unsigned(b, w)) as i128)
}

/// `minui`.
pub fn minui(ctx: &mut Context, op: OpId, c: &[Option<Attr>]) -> Folded {
    min_max(ctx, op, c, is_zero, is_all_ones, |a, b, w| unsigned(a, w).min(unsigned(b, w)) as i128)
}
