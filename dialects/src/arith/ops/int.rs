//! Integer arithmetic: `addi` ... `minui`. Operands and result share one signless integer or
//! `index` type (or a vector/tensor of it); arithmetic wraps modulo 2^width.

use super::elementwise_ops;
use crate::arith::fold::int as fold;
use crate::arith::signature::{INT_BINARY, INT_BINARY_EXACT, INT_BINARY_OVERFLOW};
use sharc_ir::OpTraits;

const PURE: OpTraits = OpTraits::PURE;
const PURE_COMMUTATIVE: OpTraits = OpTraits::PURE.with(OpTraits::COMMUTATIVE);

elementwise_ops! {
    signature: INT_BINARY_OVERFLOW,
    syntax: " %lhs, %rhs [overflow<nsw, nuw>] attr-dict : type",
    example: " %a, %b overflow<nsw> : i32",
    accessors: [lhs, rhs],
    ADDI, AddIOp, "arith.addi", traits: PURE_COMMUTATIVE, fold: Some(fold::addi),
        summary: "integer addition operation",
        description: "Adds the operands modulo 2^n. With `nsw`/`nuw`, a signed/unsigned overflow \
                      makes the result poison.";
    SUBI, SubIOp, "arith.subi", traits: PURE, fold: Some(fold::subi),
        summary: "integer subtraction operation",
        description: "Subtracts `rhs` from `lhs` modulo 2^n. With `nsw`/`nuw`, a signed/unsigned \
                      overflow makes the result poison.";
    MULI, MulIOp, "arith.muli", traits: PURE_COMMUTATIVE, fold: Some(fold::muli),
        summary: "integer multiplication operation",
        description: "Multiplies the operands modulo 2^n. With `nsw`/`nuw`, a signed/unsigned \
                      overflow makes the result poison.";
    SHLI, ShLIOp, "arith.shli", traits: PURE, fold: Some(fold::shli),
        summary: "integer left-shift",
        description: "Shifts `lhs` left by `rhs` (unsigned), filling with zeros. A shift by the \
                      bit width or more is poison.";
}

elementwise_ops! {
    signature: INT_BINARY_EXACT,
    syntax: " %lhs, %rhs [exact] attr-dict : type",
    example: " %a, %b : i32",
    accessors: [lhs, rhs],
    DIVSI, DivSIOp, "arith.divsi", traits: PURE, fold: Some(fold::divsi),
        summary: "signed integer division operation",
        description: "Signed division rounding toward zero. Division by zero and `MIN / -1` are \
                      undefined behavior; with `exact`, a non-zero remainder is poison. (Upstream \
                      marks it conditionally speculatable; sharc treats it as side-effect free.)";
    DIVUI, DivUIOp, "arith.divui", traits: PURE, fold: Some(fold::divui),
        summary: "unsigned integer division operation",
        description: "Unsigned division rounding toward zero. Division by zero is undefined \
                      behavior; with `exact`, a non-zero remainder is poison.";
    SHRSI, ShRSIOp, "arith.shrsi", traits: PURE, fold: Some(fold::shrsi),
        summary: "signed integer right-shift",
        description: "Shifts `lhs` right by `rhs` (unsigned), filling with the sign bit. A shift \
                      by the bit width or more is poison; with `exact`, shifting out a non-zero \
                      bit is poison.";
    SHRUI, ShRUIOp, "arith.shrui", traits: PURE, fold: Some(fold::shrui),
        summary: "unsigned integer right-shift",
        description: "Shifts `lhs` right by `rhs` (unsigned), filling with zeros. A shift by the \
                      bit width or more is poison; with `exact`, shifting out a non-zero bit is \
                      poison.";
}

elementwise_ops! {
    signature: INT_BINARY,
    syntax: " %lhs, %rhs attr-dict : type",
    example: " %a, %b : index",
    accessors: [lhs, rhs],
    CEILDIVSI, CeilDivSIOp, "arith.ceildivsi", traits: PURE, fold: Some(fold::ceildivsi),
        summary: "signed ceil integer division operation",
        description: "Signed division rounding toward positive infinity (`7 / -2 = -3`).";
    CEILDIVUI, CeilDivUIOp, "arith.ceildivui", traits: PURE, fold: Some(fold::ceildivui),
        summary: "unsigned ceil integer division operation",
        description: "Unsigned division rounding toward positive infinity.";
    FLOORDIVSI, FloorDivSIOp, "arith.floordivsi", traits: PURE, fold: Some(fold::floordivsi),
        summary: "signed floor integer division operation",
        description: "Signed division rounding toward negative infinity (`5 / -2 = -3`).";
    REMSI, RemSIOp, "arith.remsi", traits: PURE, fold: Some(fold::remsi),
        summary: "signed integer division remainder operation",
        description: "Signed remainder; the result has the sign of the dividend (`-7 % 2 = -1`).";
    REMUI, RemUIOp, "arith.remui", traits: PURE, fold: Some(fold::remui),
        summary: "unsigned integer division remainder operation",
        description: "Unsigned remainder.";
    ANDI, AndIOp, "arith.andi", traits: PURE_COMMUTATIVE, fold: Some(fold::andi),
        summary: "integer binary and",
        description: "Bitwise and.";
    ORI, OrIOp, "arith.ori", traits: PURE_COMMUTATIVE, fold: Some(fold::ori),
        summary: "integer binary or",
        description: "Bitwise or.";
    XORI, XOrIOp, "arith.xori", traits: PURE_COMMUTATIVE, fold: Some(fold::xori),
        summary: "integer binary xor",
        description: "Bitwise exclusive or.";
    MAXSI, MaxSIOp, "arith.maxsi", traits: PURE_COMMUTATIVE, fold: Some(fold::maxsi),
        summary: "signed integer maximum operation",
        description: "The larger operand, as signed integers.";
    MAXUI, MaxUIOp, "arith.maxui", traits: PURE_COMMUTATIVE, fold: Some(fold::maxui),
        summary: "unsigned integer maximum operation",
        description: "The larger operand, as unsigned integers.";
    MINSI, MinSIOp, "arith.minsi", traits: PURE_COMMUTATIVE, fold: Some(fold::minsi),
        summary: "signed integer minimum operation",
        description: "The smaller operand, as signed integers.";
    MINUI, MinUIOp, "arith.minui", traits: PURE_COMMUTATIVE, fold: Some(fold::minui),
        summary: "unsigned integer minimum operation",
        description: "The smaller operand, as unsigned integers.";
}
