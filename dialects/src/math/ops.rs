//! The math ops, declared with arith's [`elementwise_ops!`](crate::arith::ops) table: float ops
//! take `fastmath<...>` flags (kept as `#arith.fastmath` attributes), integer ops take none.

use super::fold;
use crate::arith::ops::elementwise_ops;
use crate::arith::signature::{FLOAT_BINARY, FLOAT_TERNARY, FLOAT_UNARY, INT_BINARY, INT_UNARY};
use sharc_ir::OpTraits;

const PURE: OpTraits = OpTraits::PURE;

elementwise_ops! {
    signature: FLOAT_UNARY,
    syntax: " %operand [fastmath<flags>] attr-dict : type",
    example: " %x fastmath<afn> : f32",
    accessors: [operand],
    ABSF, AbsFOp, "math.absf", traits: PURE, fold: Some(|ctx, op, c| fold::exact(ctx, op, c, f64::abs)),
        summary: "floating point absolute-value operation",
        description: "The absolute value (clears the sign bit).";
    ACOS, AcosOp, "math.acos", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::acos, f64::acos)),
        summary: "arcus cosine of the specified value",
        description: "The arc cosine, in radians.";
    ACOSH, AcoshOp, "math.acosh", traits: PURE, fold: None,
        summary: "Hyperbolic arcus cosine of the given value",
        description: "The inverse hyperbolic cosine.";
    ASIN, AsinOp, "math.asin", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::asin, f64::asin)),
        summary: "arcus sine of the given value",
        description: "The arc sine, in radians.";
    ASINH, AsinhOp, "math.asinh", traits: PURE, fold: None,
        summary: "hyperbolic arcus sine of the given value",
        description: "The inverse hyperbolic sine.";
    ATAN, AtanOp, "math.atan", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::atan, f64::atan)),
        summary: "arcus tangent of the given value",
        description: "The arc tangent, in radians.";
    ATANH, AtanhOp, "math.atanh", traits: PURE, fold: None,
        summary: "hyperbolic arcus tangent of the given value",
        description: "The inverse hyperbolic tangent.";
    CBRT, CbrtOp, "math.cbrt", traits: PURE, fold: None,
        summary: "cube root of the specified value",
        description: "The cube root.";
    CEIL, CeilOp, "math.ceil", traits: PURE, fold: Some(|ctx, op, c| fold::exact(ctx, op, c, f64::ceil)),
        summary: "ceiling of the specified value",
        description: "The smallest integral value not less than the operand.";
    COS, CosOp, "math.cos", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::cos, f64::cos)),
        summary: "cosine of the specified value",
        description: "The cosine of an angle in radians.";
    COSH, CoshOp, "math.cosh", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::cosh, f64::cosh)),
        summary: "hyperbolic cosine of the specified value",
        description: "The hyperbolic cosine.";
    ERF, ErfOp, "math.erf", traits: PURE, fold: None,
        summary: "error function of the specified value",
        description: "The Gauss error function. (Not folded: Rust's standard library has no `erf`.)";
    ERFC, ErfcOp, "math.erfc", traits: PURE, fold: None,
        summary: "complementary error function of the specified value",
        description: "`1 - erf(x)`.";
    EXP, ExpOp, "math.exp", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::exp, f64::exp)),
        summary: "base-e exponential of the specified value",
        description: "`e^x`.";
    EXP2, Exp2Op, "math.exp2", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::exp2, f64::exp2)),
        summary: "base-2 exponential of the specified value",
        description: "`2^x`.";
    EXPM1, ExpM1Op, "math.expm1", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::exp_m1, f64::exp_m1)),
        summary: "base-e exponential of the specified value minus 1",
        description: "`e^x - 1`, accurate near zero.";
    FLOOR, FloorOp, "math.floor", traits: PURE, fold: Some(|ctx, op, c| fold::exact(ctx, op, c, f64::floor)),
        summary: "floor of the specified value",
        description: "The largest integral value not greater than the operand.";
    LOG, LogOp, "math.log", traits: PURE, fold: Some(|ctx, op, c| fold::libm_nonneg(ctx, op, c, f32::ln, f64::ln)),
        summary: "base-e logarithm of the specified value",
        description: "The natural logarithm.";
    LOG10, Log10Op, "math.log10", traits: PURE, fold: Some(|ctx, op, c| fold::libm_nonneg(ctx, op, c, f32::log10, f64::log10)),
        summary: "base-10 logarithm of the specified value",
        description: "The decimal logarithm.";
    LOG1P, Log1pOp, "math.log1p", traits: PURE, fold: None,
        summary: "Computes the natural logarithm of one plus the given value",
        description: "`log(1 + x)`, accurate near zero.";
    LOG2, Log2Op, "math.log2", traits: PURE, fold: Some(|ctx, op, c| fold::libm_nonneg(ctx, op, c, f32::log2, f64::log2)),
        summary: "base-2 logarithm of the specified value",
        description: "The binary logarithm.";
    ROUND, RoundOp, "math.round", traits: PURE, fold: Some(fold::round),
        summary: "round of the specified value",
        description: "Rounds to the nearest integral value, halfway cases away from zero.";
    ROUNDEVEN, RoundEvenOp, "math.roundeven", traits: PURE, fold: Some(|ctx, op, c| fold::exact(ctx, op, c, f64::round_ties_even)),
        summary: "round of the specified value with halfway cases to even",
        description: "Rounds to the nearest integral value, halfway cases to even.";
    RSQRT, RsqrtOp, "math.rsqrt", traits: PURE, fold: None,
        summary: "reciprocal of sqrt (1 / sqrt of the specified value)",
        description: "`1 / sqrt(x)`.";
    SIN, SinOp, "math.sin", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::sin, f64::sin)),
        summary: "sine of the specified value",
        description: "The sine of an angle in radians.";
    SINH, SinhOp, "math.sinh", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::sinh, f64::sinh)),
        summary: "hyperbolic sine of the specified value",
        description: "The hyperbolic sine.";
    SQRT, SqrtOp, "math.sqrt", traits: PURE, fold: Some(|ctx, op, c| fold::libm_nonneg(ctx, op, c, f32::sqrt, f64::sqrt)),
        summary: "sqrt of the specified value",
        description: "The square root.";
    TAN, TanOp, "math.tan", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::tan, f64::tan)),
        summary: "tangent of the specified value",
        description: "The tangent of an angle in radians.";
    TANH, TanhOp, "math.tanh", traits: PURE, fold: Some(|ctx, op, c| fold::libm(ctx, op, c, f32::tanh, f64::tanh)),
        summary: "hyperbolic tangent of the specified value",
        description: "The hyperbolic tangent.";
    TRUNC, TruncOp, "math.trunc", traits: PURE, fold: Some(|ctx, op, c| fold::exact(ctx, op, c, f64::trunc)),
        summary: "trunc of the specified value",
        description: "Rounds toward zero to an integral value.";
}

elementwise_ops! {
    signature: FLOAT_BINARY,
    syntax: " %lhs, %rhs [fastmath<flags>] attr-dict : type",
    example: " %x, %y : f64",
    accessors: [lhs, rhs],
    ATAN2, Atan2Op, "math.atan2", traits: PURE, fold: Some(fold::atan2),
        summary: "2-argument arcus tangent of the given values",
        description: "The angle of the point (`rhs`, `lhs`), in radians, using both signs to pick \
                      the quadrant.";
    COPYSIGN, CopySignOp, "math.copysign", traits: PURE, fold: Some(fold::copysign),
        summary: "A copysign operation",
        description: "`lhs` with the sign of `rhs`.";
    POWF, PowFOp, "math.powf", traits: PURE, fold: Some(|ctx, op, c| fold::libm2(ctx, op, c, f32::powf, f64::powf)),
        summary: "floating point raised to the power of operation",
        description: "`lhs` raised to the power `rhs`.";
}

elementwise_ops! {
    signature: FLOAT_TERNARY,
    syntax: " %a, %b, %c [fastmath<flags>] attr-dict : type",
    example: " %a, %b, %c : vector<4xf32>",
    accessors: [a, b, c],
    FMA, FmaOp, "math.fma", traits: PURE, fold: Some(fold::fma),
        summary: "floating point fused multipy-add operation",
        description: "`a * b + c` with a single rounding.";
}

elementwise_ops! {
    signature: INT_UNARY,
    syntax: " %operand attr-dict : type",
    example: " %i : i32",
    accessors: [operand],
    ABSI, AbsIOp, "math.absi", traits: PURE, fold: Some(fold::absi),
        summary: "integer absolute-value operation",
        description: "The absolute value as a signed integer (`abs(MIN) = MIN`).";
    CTLZ, CountLeadingZerosOp, "math.ctlz", traits: PURE, fold: Some(fold::ctlz),
        summary: "counts the leading zeros an integer value",
        description: "The number of leading zero bits (the width for zero).";
    CTTZ, CountTrailingZerosOp, "math.cttz", traits: PURE, fold: Some(fold::cttz),
        summary: "counts the trailing zeros an integer value",
        description: "The number of trailing zero bits (the width for zero).";
    CTPOP, CtPopOp, "math.ctpop", traits: PURE, fold: Some(fold::ctpop),
        summary: "counts the number of set bits of an integer value",
        description: "The number of one bits.";
}

elementwise_ops! {
    signature: INT_BINARY,
    syntax: " %lhs, %rhs attr-dict : type",
    example: " %b, %p : i32",
    accessors: [lhs, rhs],
    IPOWI, IPowIOp, "math.ipowi", traits: PURE, fold: Some(fold::ipowi),
        summary: "signed integer raised to the power of operation",
        description: "`lhs` raised to the (signed) power `rhs`, wrapping; negative powers give \
                      0 except for bases 1 and -1.";
}
