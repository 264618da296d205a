//! `sharc-run` semantics of the arith ops (scalars; elementwise ops on vectors and tensors are
//! rejected when a function is compiled).
//!
//! Integers are two's complement of the result type's width, wrapping (`nsw`/`nuw` poison is
//! not modelled). Division by zero and signed `MIN / -1` are errors, not silent values: they are
//! undefined behaviour in MLIR and in C alike. A shift by the bit width or more (poison) gives 0
//! (`shrsi`: the sign fill). Floats compute in their own precision (f32 in f32), so results equal
//! C's; `fptosi`/`fptoui` saturate out-of-range values (poison upstream) and give 0 for NaN.

use super::flags::{CmpFPredicate, CmpIPredicate, ROUNDING};
use super::ops::*;
use sharc_ir::{Diagnostic, OpId};
use sharc_sim::value::{sext, zext};
use sharc_sim::{Prep, Scalar, Semantics, Trap, Val};

/// Operands and results must be scalars.
fn scalars(p: &mut Prep<'_>, op: OpId) -> Result<(), Diagnostic> {
    p.scalars(op)
}

/// The scalar type of the (first) operand.
fn source(p: &mut Prep<'_>, op: OpId) -> Result<Scalar, Diagnostic> {
    p.scalars(op)?;
    p.operand_scalar(op, 0)
}

/// The smallest and largest signed values of `w` bits.
fn signed_range(w: u32) -> (i64, i64) {
    if w >= 64 {
        (i64::MIN, i64::MAX)
    } else {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    }
}

fn div_check(b: i64) -> Result<(), Trap> {
    if b == 0 {
        Err(Trap::new("integer division by zero"))
    } else {
        Ok(())
    }
}

fn signed_div_check(a: i64, b: i64, w: u32) -> Result<(), Trap> {
    div_check(b)?;
    if b == -1 && a == signed_range(w).0 {
        return Err(Trap::new("signed integer division overflow (MIN / -1)"));
    }
    Ok(())
}

macro_rules! int_ops {
    ($s:ident; $($spec:ident => |$a:ident, $b:ident, $w:ident| $e:expr;)+) => {$(
        $s.lane(&$spec, scalars, |cx, _, v| {
            let $w = cx.result_type().width();
            let ($a, $b) = (v[0].i(), v[1].i());
            let r: Result<i64, Trap> = $e;
            Ok(Val::Int(sext(r?, $w)))
        });
    )+};
}

macro_rules! float_binary {
    ($s:ident; $($spec:ident => |$x:ident, $y:ident| $e:expr;)+) => {$(
        $s.lane(&$spec, scalars, |cx, _, v| match (v[0], v[1]) {
            (Val::F32($x), Val::F32($y)) => Ok(Val::F32(cx.result_type().round_f32($e))),
            (Val::F64($x), Val::F64($y)) => Ok(Val::F64($e)),
            _ => Err(Trap::new("float operands expected")),
        });
    )+};
}

/// Registers unary float ops whose body is written once for `f32` and `f64`.
macro_rules! float_unary_semantics {
    ($s:ident; $($spec:ident => |$x:ident| $e:expr;)+) => {$(
        $s.lane(&$spec, |p, op| p.scalars(op), |cx, _, v| match v[0] {
            sharc_sim::Val::F32($x) => Ok(sharc_sim::Val::F32(cx.result_type().round_f32($e))),
            sharc_sim::Val::F64($x) => Ok(sharc_sim::Val::F64($e)),
            _ => Err(sharc_sim::Trap::new("float operand expected")),
        });
    )+};
}
pub(crate) use float_unary_semantics;

/// IEEE 754-2019 `maximum`/`minimum`: NaN-propagating, `-0 < +0`.
macro_rules! ieee_max {
    ($x:ident, $y:ident, $gt:tt) => {
        if $x.is_nan() || $y.is_nan() {
            $x + $y
        } else if $x == $y {
            // Equal values differ only in the sign of zero.
            if (0.0 $gt 1.0) == $x.is_sign_negative() { $x } else { $y }
        } else if $x $gt $y {
            $x
        } else {
            $y
        }
    };
}

pub(crate) fn register(s: &mut Semantics) {
    register_int(s);
    register_float(s);
    register_compare(s);
    register_casts(s);
}

fn register_int(s: &mut Semantics) {
    int_ops! { s;
        ADDI => |a, b, _w| Ok(a.wrapping_add(b));
        SUBI => |a, b, _w| Ok(a.wrapping_sub(b));
        MULI => |a, b, _w| Ok(a.wrapping_mul(b));
        ANDI => |a, b, _w| Ok(a & b);
        ORI => |a, b, _w| Ok(a | b);
        XORI => |a, b, _w| Ok(a ^ b);
        MAXSI => |a, b, _w| Ok(a.max(b));
        MINSI => |a, b, _w| Ok(a.min(b));
        MAXUI => |a, b, w| Ok(zext(a, w).max(zext(b, w)) as i64);
        MINUI => |a, b, w| Ok(zext(a, w).min(zext(b, w)) as i64);
        DIVSI => |a, b, w| signed_div_check(a, b, w).map(|_| a.wrapping_div(b));
        DIVUI => |a, b, w| div_check(b).map(|_| (zext(a, w) / zext(b, w)) as i64);
        REMSI => |a, b, _w| div_check(b).map(|_| a.wrapping_rem(b));
        REMUI => |a, b, w| div_check(b).map(|_| (zext(a, w) % zext(b, w)) as i64);
        CEILDIVSI => |a, b, w| signed_div_check(a, b, w).map(|_| {
            let (q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
            if r != 0 && ((r > 0) == (b > 0)) { q + 1 } else { q }
        });
        CEILDIVUI => |a, b, w| div_check(b).map(|_| {
            let (x, y) = (zext(a, w), zext(b, w));
            (x / y + u64::from(x % y != 0)) as i64
        });
        FLOORDIVSI => |a, b, w| signed_div_check(a, b, w).map(|_| {
            let (q, r) = (a.wrapping_div(b), a.wrapping_rem(b));
            if r != 0 && ((r < 0) != (b < 0)) { q - 1 } else { q }
        });
        SHLI => |a, b, w| Ok(if zext(b, w) >= w as u64 { 0 } else { a.wrapping_shl(zext(b, w) as u32) });
        SHRUI => |a, b, w| Ok(if zext(b, w) >= w as u64 { 0 } else { (zext(a, w) >> zext(b, w)) as i64 });
        SHRSI => |a, b, w| Ok(a >> zext(b, w).min(63));
    }
}

fn register_float(s: &mut Semantics) {
    float_binary! { s;
        ADDF => |x, y| x + y;
        SUBF => |x, y| x - y;
        MULF => |x, y| x * y;
        DIVF => |x, y| x / y;
        REMF => |x, y| x % y;
        MAXIMUMF => |x, y| ieee_max!(x, y, >);
        MINIMUMF => |x, y| ieee_max!(x, y, <);
        MAXNUMF => |x, y| x.max(y);
        MINNUMF => |x, y| x.min(y);
    }
    float_unary_semantics! { s;
        NEGF => |x| -x;
    }
}

fn register_compare(s: &mut Semantics) {
    s.lane(
        &CMPI,
        |p, op| {
            p.scalars(op)?;
            let pred = CmpIOp::view(p.ctx(), op).and_then(|c| c.predicate(p.ctx()));
            let pred = pred.ok_or_else(|| p.error(op, "arith.cmpi without a valid predicate"))?;
            Ok((pred, p.operand_scalar(op, 0)?.width()))
        },
        |_, &(pred, w), v| {
            let (a, b) = (v[0].i(), v[1].i());
            let (ua, ub) = (zext(a, w), zext(b, w));
            Ok(Val::bool(match pred {
                CmpIPredicate::Eq => a == b,
                CmpIPredicate::Ne => a != b,
                CmpIPredicate::Slt => a < b,
                CmpIPredicate::Sle => a <= b,
                CmpIPredicate::Sgt => a > b,
                CmpIPredicate::Sge => a >= b,
                CmpIPredicate::Ult => ua < ub,
                CmpIPredicate::Ule => ua <= ub,
                CmpIPredicate::Ugt => ua > ub,
                CmpIPredicate::Uge => ua >= ub,
            }))
        },
    );
    s.lane(
        &CMPF,
        |p, op| {
            p.scalars(op)?;
            let pred = CmpFOp::view(p.ctx(), op).and_then(|c| c.predicate(p.ctx()));
            pred.ok_or_else(|| p.error(op, "arith.cmpf without a valid predicate"))
        },
        |_, &pred, v| {
            let (x, y) = (v[0].as_f64().unwrap_or(f64::NAN), v[1].as_f64().unwrap_or(f64::NAN));
            let uno = x.is_nan() || y.is_nan();
            use CmpFPredicate::*;
            Ok(Val::bool(match pred {
                AlwaysFalse => false,
                Oeq => !uno && x == y,
                Ogt => !uno && x > y,
                Oge => !uno && x >= y,
                Olt => !uno && x < y,
                Ole => !uno && x <= y,
                One => !uno && x != y,
                Ord => !uno,
                Ueq => uno || x == y,
                Ugt => uno || x > y,
                Uge => uno || x >= y,
                Ult => uno || x < y,
                Ule => uno || x <= y,
                Une => uno || x != y,
                Uno => uno,
                AlwaysTrue => true,
            }))
        },
    );
    s.lane(
        &SELECT,
        |p, op| {
            let cond =
                p.ctx().operands(op).first().copied().ok_or_else(|| p.error(op, "arith.select without operands"))?;
            p.scalar(op, cond).map(|_| ())
        },
        |_, _, v| Ok(if v[0].truthy() { v[1] } else { v[2] }),
    );
    s.lane(&CONSTANT, constant_value, |_, &v, _| Ok(v));
}

/// The value of an `arith.constant`, decoded once.
fn constant_value(p: &mut Prep<'_>, op: OpId) -> Result<Val, Diagnostic> {
    let ctx = p.ctx();
    let c = ConstantOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed arith.constant"))?;
    let ty = p.scalar(op, c.result(ctx))?;
    if ty.is_float() {
        if let Some(f) = c.float_value(ctx) {
            return Ok(ty.float(f));
        }
    } else if let Some(i) = c.int_value(ctx) {
        return Ok(ty.int(i as i64));
    }
    Err(p.error(op, "cannot execute this arith.constant value"))
}

fn register_casts(s: &mut Semantics) {
    // Integer values are kept sign-extended, so sign extension is the identity.
    s.lane(&EXTSI, source, |_, _, v| Ok(v[0]));
    s.lane(&EXTUI, source, |cx, &src, v| Ok(cx.result_type().int(zext(v[0].i(), src.width()) as i64)));
    s.lane(&TRUNCI, source, |cx, _, v| Ok(cx.result_type().int(v[0].i())));
    s.lane(&INDEX_CAST_OP, source, |cx, _, v| Ok(cx.result_type().int(v[0].i())));
    s.lane(&INDEX_CASTUI, source, |cx, &src, v| Ok(cx.result_type().int(zext(v[0].i(), src.width()) as i64)));
    s.lane(&SITOFP, source, |cx, _, v| Ok(int_to_float(cx.result_type(), v[0].i() as i128)));
    s.lane(&UITOFP, source, |cx, &src, v| Ok(int_to_float(cx.result_type(), zext(v[0].i(), src.width()) as i128)));
    s.lane(&FPTOSI, source, |cx, _, v| {
        let w = cx.result_type().width();
        let (lo, hi) = signed_range(w);
        Ok(Val::Int(float_to_int(v[0], lo as f64, hi as f64 + 1.0, lo, hi)))
    });
    s.lane(&FPTOUI, source, |cx, _, v| {
        let w = cx.result_type().width();
        let max = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
        let x = v[0].as_f64().unwrap_or(f64::NAN);
        let u = if x.is_nan() || x <= 0.0 {
            0
        } else if x >= max as f64 + 1.0 {
            max
        } else {
            x.trunc() as u64
        };
        Ok(cx.result_type().int(u as i64))
    });
    s.lane(&EXTF, source, |cx, _, v| {
        let x = v[0].as_f64().unwrap_or(f64::NAN);
        Ok(cx.result_type().float(x))
    });
    s.lane(
        &TRUNCF,
        |p, op| {
            let src = source(p, op)?;
            let mode = p.ctx().attr_of(op, ROUNDING_MODE).and_then(|a| ROUNDING.decode(p.ctx(), a));
            if mode.is_some_and(|m| m != 0) {
                return Err(
                    p.error(op, "sharc-run supports only the default rounding mode (to_nearest_even) of arith.truncf")
                );
            }
            Ok(src)
        },
        |cx, _, v| {
            Ok(match v[0] {
                Val::F32(x) => Val::F32(cx.result_type().round_f32(x)),
                other => cx.result_type().float(other.as_f64().unwrap_or(f64::NAN)),
            })
        },
    );
    s.lane(&BITCAST_OP, source, |cx, &src, v| {
        let mut bytes = [0u8; 8];
        let n = src.bytes().min(8);
        src.encode(v[0], &mut bytes[..n]);
        Ok(cx.result_type().decode(&bytes[..cx.result_type().bytes().min(8)]))
    });
}

/// `v` rounded once to the float type `ty` (through f64 would round twice past 2^53).
fn int_to_float(ty: Scalar, v: i128) -> Val {
    match ty.float_kind() {
        Some(kind) => ty.float(sharc_ir::float::from_i128(kind, v)),
        None => ty.float(v as f64),
    }
}

/// Truncates toward zero and saturates to `[lo, hi]` (`hi_f` is `hi + 1` as a float); NaN is 0.
fn float_to_int(v: Val, lo_f: f64, hi_f: f64, lo: i64, hi: i64) -> i64 {
    let x = v.as_f64().unwrap_or(f64::NAN);
    if x.is_nan() {
        0
    } else if x < lo_f {
        lo
    } else if x >= hi_f {
        hi
    } else {
        x.trunc() as i64
    }
}
