//! `sharc-run` semantics of the math ops (scalars).
//!
//! Each float function computes in the operand's own precision through Rust's `f32`/`f64`
//! methods, which call the system libm (`expf`, `powf`, ...) as C does, so results equal a C
//! program's on the same machine. Exceptions: `asinh`, `acosh`, `atanh` use glibc's reductions
//! over `log`/`log1p` (`super::hyperbolic`, equal to glibc's results); `cbrt`, `fma`, `fmod`
//! (`arith.remf`), `floor`, `ceil`, `round`, `trunc` come from Rust's own libm port, exact or
//! correctly rounded (all but the f64 `cbrt` equal glibc's; glibc's f64 `cbrt` is off by one ulp
//! for some inputs); `erf`/`erfc` (absent from Rust's standard library) are evaluated in `f64` by a Taylor series
//! (|x| < 2) or a continued fraction (|x| ≥ 2), accurate to about 1e-15, then rounded;
//! `rsqrt` is `1 / sqrt(x)` with two roundings.

use super::hyperbolic::InverseHyperbolic;
use super::ops::*;
use crate::arith::interp::float_unary_semantics;
use sharc_sim::value::{sext, zext};
use sharc_sim::{Semantics, Trap, Val};

pub(crate) fn register(s: &mut Semantics) {
    float_unary_semantics! { s;
        ABSF => |x| x.abs();
        ACOS => |x| x.acos();
        ACOSH => |x| x.c_acosh();
        ASIN => |x| x.asin();
        ASINH => |x| x.c_asinh();
        ATAN => |x| x.atan();
        ATANH => |x| x.c_atanh();
        CBRT => |x| x.cbrt();
        CEIL => |x| x.ceil();
        COS => |x| x.cos();
        COSH => |x| x.cosh();
        ERF => |x| erf(x as f64) as _;
        ERFC => |x| erfc(x as f64) as _;
        EXP => |x| x.exp();
        EXP2 => |x| x.exp2();
        EXPM1 => |x| x.exp_m1();
        FLOOR => |x| x.floor();
        LOG => |x| x.ln();
        LOG10 => |x| x.log10();
        LOG1P => |x| x.ln_1p();
        LOG2 => |x| x.log2();
        ROUND => |x| x.round();
        ROUNDEVEN => |x| x.round_ties_even();
        RSQRT => |x| 1.0 / x.sqrt();
        SIN => |x| x.sin();
        SINH => |x| x.sinh();
        SQRT => |x| x.sqrt();
        TAN => |x| x.tan();
        TANH => |x| x.tanh();
        TRUNC => |x| x.trunc();
    }
    macro_rules! binary {
        ($($spec:ident => |$x:ident, $y:ident| $e:expr;)+) => {$(
            s.lane(&$spec, |p, op| p.scalars(op), |cx, _, v| match (v[0], v[1]) {
                (Val::F32($x), Val::F32($y)) => Ok(Val::F32(cx.result_type().round_f32($e))),
                (Val::F64($x), Val::F64($y)) => Ok(Val::F64($e)),
                _ => Err(Trap::new("float operands expected")),
            });
        )+};
    }
    binary! {
        ATAN2 => |y, x| y.atan2(x);
        COPYSIGN => |x, y| x.copysign(y);
        POWF => |x, y| x.powf(y);
    }
    s.lane(
        &FMA,
        |p, op| p.scalars(op),
        |cx, _, v| match (v[0], v[1], v[2]) {
            (Val::F32(a), Val::F32(b), Val::F32(c)) => Ok(Val::F32(cx.result_type().round_f32(a.mul_add(b, c)))),
            (Val::F64(a), Val::F64(b), Val::F64(c)) => Ok(Val::F64(a.mul_add(b, c))),
            _ => Err(Trap::new("float operands expected")),
        },
    );
    macro_rules! int_unary {
        ($($spec:ident => |$a:ident, $w:ident| $e:expr;)+) => {$(
            s.lane(&$spec, |p, op| p.scalars(op), |cx, _, v| {
                let $w = cx.result_type().width();
                let $a = v[0].i();
                Ok(Val::Int(sext($e, $w)))
            });
        )+};
    }
    int_unary! {
        ABSI => |a, _w| a.wrapping_abs();
        CTLZ => |a, w| (zext(a, w).leading_zeros() - (64 - w)) as i64;
        CTTZ => |a, w| if zext(a, w) == 0 { w as i64 } else { a.trailing_zeros() as i64 };
        CTPOP => |a, w| zext(a, w).count_ones() as i64;
    }
    s.lane(
        &IPOWI,
        |p, op| p.scalars(op),
        |cx, _, v| {
            let w = cx.result_type().width();
            Ok(Val::Int(sext(ipowi(v[0].i(), v[1].i()), w)))
        },
    );
}

/// `base ** exp`, wrapping; negative exponents give 0 except for bases 1 and -1 (upstream's
/// folder).
fn ipowi(base: i64, exp: i64) -> i64 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut result, mut b, mut e) = (1i64, base, exp as u64);
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    result
}

/// The error function.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() < 2.0 {
        // erf x = 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))
        let x2 = x * x;
        let (mut term, mut sum) = (x, x);
        for n in 1..200 {
            term *= -x2 / n as f64;
            let t = term / (2 * n + 1) as f64;
            sum += t;
            if t.abs() < 1e-17 * sum.abs() {
                break;
            }
        }
        return sum * std::f64::consts::FRAC_2_SQRT_PI;
    }
    let c = erfc(x.abs());
    if x > 0.0 {
        1.0 - c
    } else {
        c - 1.0
    }
}

/// The complementary error function.
fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 2.0 {
        return 1.0 - erf(x);
    }
    if x > 27.3 {
        return 0.0;
    }
    // erfc x = e^{-x²}/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...)))), by modified Lentz.
    let tiny = 1e-300;
    let mut f = x;
    let (mut c, mut d) = (x, 0.0);
    for n in 1..500 {
        let a = n as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { tiny } else { 1.0 / d };
        c = x + a / c;
        if c == 0.0 {
            c = tiny;
        }
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    (-x * x).exp() / (f * std::f64::consts::PI.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_reference_values() {
        // Values from Abramowitz & Stegun, table 7.1, and erfc(3) = 2.209049699858544e-5.
        for (x, want) in [
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (1.9, 0.992_790_429_235_257_5),
            (2.5, 0.999_593_047_982_555),
        ] {
            assert!((erf(x) - want).abs() < 2e-15, "erf({x}) = {}", erf(x));
            assert!((erf(-x) + want).abs() < 2e-15);
        }
        assert!((erfc(3.0) / 2.209_049_699_858_544e-5 - 1.0).abs() < 1e-13);
        assert_eq!(erf(0.0), 0.0);
    }

    #[test]
    fn integer_power() {
        assert_eq!(ipowi(3, 4), 81);
        assert_eq!(ipowi(-1, -3), -1);
        assert_eq!(ipowi(2, -1), 0);
        assert_eq!(ipowi(2, 64), 0);
    }
}
