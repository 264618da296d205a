//! Float arithmetic: `addf` ... `minnumf`, `negf`. Operands and result share one float type (or
//! a vector/tensor of it); fast-math flags are printed as `fastmath<...>` unless `none`.

use super::elementwise_ops;
use crate::arith::fold::float as fold;
use crate::arith::signature::{FLOAT_BINARY, FLOAT_UNARY};
use sharc_ir::OpTraits;

const PURE: OpTraits = OpTraits::PURE;
const PURE_COMMUTATIVE: OpTraits = OpTraits::PURE.with(OpTraits::COMMUTATIVE);

elementwise_ops! {
    signature: FLOAT_BINARY,
    syntax: " %lhs, %rhs [fastmath<flags>] attr-dict : type",
    example: " %a, %b fastmath<fast> : f32",
    accessors: [lhs, rhs],
    ADDF, AddFOp, "arith.addf", traits: PURE_COMMUTATIVE, fold: Some(fold::addf),
        summary: "floating point addition operation",
        description: "IEEE addition, rounding to nearest even.";
    SUBF, SubFOp, "arith.subf", traits: PURE, fold: Some(fold::subf),
        summary: "floating point subtraction operation",
        description: "IEEE subtraction, rounding to nearest even.";
    MULF, MulFOp, "arith.mulf", traits: PURE_COMMUTATIVE, fold: Some(fold::mulf),
        summary: "floating point multiplication operation",
        description: "IEEE multiplication, rounding to nearest even.";
    DIVF, DivFOp, "arith.divf", traits: PURE, fold: Some(fold::divf),
        summary: "floating point division operation",
        description: "IEEE division, rounding to nearest even.";
    REMF, RemFOp, "arith.remf", traits: PURE, fold: Some(fold::remf),
        summary: "floating point division remainder operation",
        description: "The remainder of the division, with the sign of the dividend (C's `fmod`).";
    MAXIMUMF, MaximumFOp, "arith.maximumf", traits: PURE_COMMUTATIVE, fold: Some(fold::maximumf),
        summary: "floating-point maximum operation",
        description: "The maximum, treating -0.0 as less than +0.0; a NaN operand gives NaN.";
    MINIMUMF, MinimumFOp, "arith.minimumf", traits: PURE_COMMUTATIVE, fold: Some(fold::minimumf),
        summary: "floating-point minimum operation",
        description: "The minimum, treating -0.0 as less than +0.0; a NaN operand gives NaN.";
    MAXNUMF, MaxNumFOp, "arith.maxnumf", traits: PURE_COMMUTATIVE, fold: Some(fold::maxnumf),
        summary: "floating-point maximum operation",
        description: "The maximum; a NaN operand gives the other operand.";
    MINNUMF, MinNumFOp, "arith.minnumf", traits: PURE_COMMUTATIVE, fold: Some(fold::minnumf),
        summary: "floating-point minimum operation",
        description: "The minimum; a NaN operand gives the other operand.";
}

elementwise_ops! {
    signature: FLOAT_UNARY,
    syntax: " %operand [fastmath<flags>] attr-dict : type",
    example: " %x : f64",
    accessors: [operand],
    NEGF, NegFOp, "arith.negf", traits: PURE, fold: Some(fold::negf),
        summary: "floating point negation",
        description: "Flips the sign bit.";
}
