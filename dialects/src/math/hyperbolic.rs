//! The inverse hyperbolic functions as the C library computes them.
//!
//! `sharc-run` must give a C program's bits. Rust's `f32::asinh`/`acosh`/`atanh` use their own
//! formulas, which differ from glibc's in the last bit for many inputs; glibc evaluates them with
//! the classic reductions below over `log`, `log1p` and `sqrt` (Sun's fdlibm for `asinh` and
//! `acosh`, glibc's own for `atanh`), and Rust's `ln`/`ln_1p` are the system `log`/`log1p`, so
//! the same reductions give the same results. The branch thresholds are compared on the IEEE
//! words, as C does, so that inputs just above a threshold take the same branch.

/// `asinh`, `acosh` and `atanh` of one float type.
pub(crate) trait InverseHyperbolic: Copy {
    /// Inverse hyperbolic sine.
    fn c_asinh(self) -> Self;
    /// Inverse hyperbolic cosine.
    fn c_acosh(self) -> Self;
    /// Inverse hyperbolic tangent.
    fn c_atanh(self) -> Self;
}

macro_rules! inverse_hyperbolic {
    ($t:ty, $word:expr, $ln2:expr, $one:expr, $two:expr, $tiny:expr, $huge:expr, $atanh_tiny:expr) => {
        impl InverseHyperbolic for $t {
            fn c_asinh(self) -> $t {
                let w: fn($t) -> u32 = $word;
                let (x, ix) = (self, w(self));
                if ix >= w(<$t>::INFINITY) {
                    return x + x;
                }
                if ix < $tiny {
                    return x;
                }
                let a = x.abs();
                let r = if ix > $huge {
                    a.ln() + $ln2
                } else if ix > $two {
                    // 2 < |x| < huge: log(2|x| + 1 / (sqrt(x² + 1) + |x|))
                    (2.0 * a + 1.0 / ((a * a + 1.0).sqrt() + a)).ln()
                } else {
                    // |x| ≤ 2: log1p(|x| + x² / (1 + sqrt(1 + x²)))
                    let t = a * a;
                    (a + t / (1.0 + (1.0 + t).sqrt())).ln_1p()
                };
                r.copysign(x)
            }

            fn c_acosh(self) -> $t {
                let w: fn($t) -> u32 = $word;
                let x = self;
                let hx = if x.is_sign_negative() { 0 } else { w(x) };
                if x.is_nan() || x == <$t>::INFINITY {
                    x + x
                } else if hx < $one {
                    <$t>::NAN
                } else if hx >= $huge {
                    x.ln() + $ln2
                } else if x == 1.0 {
                    0.0
                } else if hx > $two {
                    // 2 < x < huge: log(2x - 1 / (x + sqrt(x² - 1)))
                    let t = x * x;
                    (2.0 * x - 1.0 / (x + (t - 1.0).sqrt())).ln()
                } else {
                    // 1 < x ≤ 2: log1p(t + sqrt(2t + t²)) with t = x - 1
                    let t = x - 1.0;
                    (t + (2.0 * t + t * t).sqrt()).ln_1p()
                }
            }

            fn c_atanh(self) -> $t {
                let x = self;
                let a = x.abs();
                let t = if a < 0.5 {
                    if a < $atanh_tiny {
                        return x;
                    }
                    // 0.5 · log1p(2a + 2a·a / (1 - a))
                    let t = a + a;
                    0.5 * (t + t * a / (1.0 - a)).ln_1p()
                } else if a < 1.0 {
                    // 0.5 · log1p(2a / (1 - a))
                    0.5 * ((a + a) / (1.0 - a)).ln_1p()
                } else if a > 1.0 {
                    return <$t>::NAN;
                } else if a == 1.0 {
                    return x / 0.0;
                } else {
                    return x + x; // NaN
                };
                t.copysign(x)
            }
        }
    };
}

inverse_hyperbolic!(
    f64,
    |x: f64| ((x.to_bits() >> 32) as u32) & 0x7fff_ffff,
    std::f64::consts::LN_2,
    0x3ff0_0000,
    0x4000_0000,
    0x3e30_0000,
    0x41b0_0000,
    1.0 / (1u64 << 28) as f64
);
inverse_hyperbolic!(
    f32,
    |x: f32| x.to_bits() & 0x7fff_ffff,
    std::f32::consts::LN_2,
    0x3f80_0000,
    0x4000_0000,
    0x3800_0000,
    0x4700_0000,
    1.0 / (1u64 << 28) as f32
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_functions_invert() {
        for x in [-3.5f64, -1.25, -0.3, 1e-9, 0.5, 1.75, 2.5, 40.0, 1e10] {
            assert!((x.c_asinh().sinh() - x).abs() <= 1e-12 * x.abs().max(1.0), "asinh {x}");
            assert!(((x as f32).c_asinh().sinh() - x as f32).abs() <= 1e-5 * (x as f32).abs().max(1.0));
        }
        for x in [1.0f64, 1.5, 2.0, 2.5, 100.0, 1e12] {
            assert!((x.c_acosh().cosh() - x).abs() <= 1e-9 * x, "acosh {x}");
        }
        for x in [-0.9f64, -0.5, 0.1, 0.49, 0.75] {
            assert!((x.c_atanh().tanh() - x).abs() <= 1e-15, "atanh {x}");
        }
        assert!(0.5f64.c_acosh().is_nan() && 2.0f32.c_atanh().is_nan());
        assert_eq!(1.0f32.c_atanh(), f32::INFINITY);
        assert_eq!((-0.0f64).c_asinh().to_bits(), (-0.0f64).to_bits());
    }
}
