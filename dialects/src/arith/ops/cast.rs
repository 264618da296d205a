//! Casts: `: T to U` between types of the same shape (scalars, or vectors/tensors with equal
//! shapes).

use super::elementwise_ops;
use crate::arith::fold::cast as fold;
use crate::arith::signature::{
    BITCAST, FLOAT_TO_INT, INDEX_CAST, INT_TO_FLOAT, NARROW_FLOAT, NARROW_INT, WIDEN_FLOAT, WIDEN_INT,
};
use sharc_ir::OpTraits;

const PURE: OpTraits = OpTraits::PURE;

elementwise_ops! {
    signature: WIDEN_INT,
    syntax: " %in attr-dict : type to type",
    example: " %a : i32 to i64",
    accessors: [input],
    EXTSI, ExtSIOp, "arith.extsi", traits: PURE, fold: Some(fold::sext_or_trunc),
        summary: "integer sign extension operation",
        description: "Extends an integer to a strictly wider type, copying the sign bit.";
    EXTUI, ExtUIOp, "arith.extui", traits: PURE, fold: Some(fold::zext_or_trunc),
        summary: "integer zero extension operation",
        description: "Extends an integer to a strictly wider type, filling with zeros.";
}

elementwise_ops! {
    signature: NARROW_INT,
    syntax: " %in [overflow<nsw, nuw>] attr-dict : type to type",
    example: " %a overflow<nuw> : i32 to i16",
    accessors: [input],
    TRUNCI, TruncIOp, "arith.trunci", traits: PURE, fold: Some(fold::trunci),
        summary: "integer truncation operation",
        description: "Truncates an integer to a strictly narrower type, dropping the high bits. \
                      With `nuw`/`nsw`, dropping bits that change the unsigned/signed value is \
                      poison.";
}

elementwise_ops! {
    signature: WIDEN_FLOAT,
    syntax: " %in [fastmath<flags>] attr-dict : type to type",
    example: " %x : f32 to f64",
    accessors: [input],
    EXTF, ExtFOp, "arith.extf", traits: PURE, fold: Some(fold::float_cast),
        summary: "cast from floating-point to wider floating-point",
        description: "Converts a float to a strictly wider float type (exactly). The optional \
                      `fastmath` attribute is printed whenever present.";
}

elementwise_ops! {
    signature: NARROW_FLOAT,
    syntax: " %in [rounding-mode] [fastmath<flags>] attr-dict : type to type",
    example: " %x to_nearest_even : f64 to f32",
    accessors: [input],
    TRUNCF, TruncFOp, "arith.truncf", traits: PURE, fold: Some(fold::float_cast),
        summary: "cast from floating-point to narrower floating-point",
        description: "Converts a float to a strictly narrower float type, rounding with the given \
                      mode (`to_nearest_even`, `downward`, `upward`, `toward_zero`, \
                      `to_nearest_away`) or the default one.";
}

elementwise_ops! {
    signature: INT_TO_FLOAT,
    syntax: " %in attr-dict : type to type",
    example: " %a : i32 to f32",
    accessors: [input],
    SITOFP, SIToFPOp, "arith.sitofp", traits: PURE, fold: Some(fold::sitofp),
        summary: "cast from integer type to floating-point",
        description: "Converts a signed integer to the nearest float (ties to even).";
    UITOFP, UIToFPOp, "arith.uitofp", traits: PURE, fold: Some(fold::uitofp),
        summary: "cast from unsigned integer type to floating-point",
        description: "Converts an unsigned integer to the nearest float (ties to even).";
}

elementwise_ops! {
    signature: FLOAT_TO_INT,
    syntax: " %in attr-dict : type to type",
    example: " %x : f32 to i32",
    accessors: [input],
    FPTOSI, FPToSIOp, "arith.fptosi", traits: PURE, fold: Some(fold::fptosi),
        summary: "cast from floating-point type to integer type",
        description: "Converts a float to a signed integer, rounding toward zero.";
    FPTOUI, FPToUIOp, "arith.fptoui", traits: PURE, fold: Some(fold::fptoui),
        summary: "cast from floating-point type to integer type",
        description: "Converts a float to an unsigned integer, rounding toward zero.";
}

elementwise_ops! {
    signature: INDEX_CAST,
    syntax: " %in attr-dict : type to type",
    example: " %a : i32 to index",
    accessors: [input],
    INDEX_CAST_OP, IndexCastOp, "arith.index_cast", traits: PURE, fold: Some(fold::sext_or_trunc),
        summary: "cast between index and integer types",
        description: "Casts between `index` and a signless integer (or vectors, tensors, memrefs \
                      of them); widening sign-extends, narrowing truncates.";
    INDEX_CASTUI, IndexCastUIOp, "arith.index_castui", traits: PURE, fold: Some(fold::zext_or_trunc),
        summary: "unsigned cast between index and integer types",
        description: "Casts between `index` and a signless integer (or vectors, tensors, memrefs \
                      of them); widening zero-extends, narrowing truncates.";
}

elementwise_ops! {
    signature: BITCAST,
    syntax: " %in attr-dict : type to type",
    example: " %x : f32 to i32",
    accessors: [input],
    BITCAST_OP, BitcastOp, "arith.bitcast", traits: PURE, fold: Some(fold::bitcast),
        summary: "bitcast between values of equal bit width",
        description: "Reinterprets the bits of an integer or float as another integer or float \
                      type of the same width.";
}
