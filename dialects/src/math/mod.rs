//! The math dialect: elementary functions on floats (`sqrt`, `exp`, `sin`, `powf`, `fma`, ...)
//! and a few integer ones (`absi`, `ctpop`, `ipowi`), elementwise on scalars, vectors and
//! tensors — upstream MLIR's `math`.
//!
//! ```mlir
//! %0 = math.sqrt %x fastmath<afn> : f32
//! %1 = math.fma %a, %b, %c : vector<4xf32>
//! %2 = math.absi %i : i32
//! ```
//!
//! Every op has one of arith's elementwise shapes, so the ops are table entries over arith's
//! signatures, verifier and syntax (`ops.rs`); `fold.rs` holds the constant folders.

mod fold;
mod hyperbolic;
pub(crate) mod interp;
mod ops;

pub use ops::*;

use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "math",
    description: "Elementary mathematical functions on floats and integers, elementwise on \
                  scalars, vectors and tensors. Float ops carry `fastmath<...>` flags.",
    ops: &[
        &ABSF, &ABSI, &ACOS, &ACOSH, &ASIN, &ASINH, &ATAN, &ATAN2, &ATANH, &CBRT, &CEIL, &COPYSIGN, &COS, &COSH, &CTLZ,
        &CTPOP, &CTTZ, &ERF, &ERFC, &EXP, &EXP2, &EXPM1, &FLOOR, &FMA, &IPOWI, &LOG, &LOG10, &LOG1P, &LOG2, &POWF,
        &ROUND, &ROUNDEVEN, &RSQRT, &SIN, &SINH, &SQRT, &TAN, &TANH, &TRUNC,
    ],
    materialize_constant: Some(crate::arith::ConstantOp::state),
};
