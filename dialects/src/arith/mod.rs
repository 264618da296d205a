//! The arith dialect: integer and float arithmetic, comparisons, `select`, casts and constants
//! on scalars, vectors and tensors — upstream MLIR's `arith`, with the same syntax, properties
//! and folding.
//!
//! ```mlir
//! %c1 = arith.constant 1 : index
//! %0 = arith.addi %i, %c1 overflow<nsw> : index
//! %1 = arith.mulf %x, %y fastmath<contract> : f32
//! %2 = arith.cmpi slt, %0, %n : index
//! %3 = arith.select %2, %x, %y : f32
//! %4 = arith.index_cast %0 : index to i32
//! ```
//!
//! Layout: `signature.rs` describes the shapes of elementwise ops (operand/result type classes,
//! flags, cast kinds); `ops/` declares one spec and view per op from it; `verify.rs` and
//! `syntax.rs` hold the shared verifier, parser and printer; `flags.rs` the enum attributes;
//! `fold/` the folders. The math dialect reuses the signatures, verifier and syntax.

pub mod flags;
pub mod fold;
pub(crate) mod interp;
pub(crate) mod ops;
pub mod signature;
pub mod syntax;
pub mod verify;

pub use ops::*;

use sharc_ir::builder::OperationState;
use sharc_ir::registry::Dialect;
use sharc_ir::{Attr, Context, Location, Type};

/// Builds `arith.constant` for a folded constant (upstream `ArithDialect::materializeConstant`).
fn materialize(ctx: &mut Context, value: Attr, ty: Type, loc: Location) -> Option<OperationState> {
    ConstantOp::state(ctx, value, ty, loc)
}

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "arith",
    description: "Basic integer and floating-point arithmetic, comparisons, selection, casts and \
                  constants, elementwise on scalars, vectors and tensors. Integer types are \
                  signless; operations decide signedness. Flags (`overflow<nsw, nuw>`, \
                  `fastmath<...>`, `exact`) are inherent attributes.",
    ops: &[
        &CONSTANT,
        &ADDI,
        &SUBI,
        &MULI,
        &DIVSI,
        &DIVUI,
        &CEILDIVSI,
        &CEILDIVUI,
        &FLOORDIVSI,
        &REMSI,
        &REMUI,
        &ANDI,
        &ORI,
        &XORI,
        &SHLI,
        &SHRSI,
        &SHRUI,
        &MAXSI,
        &MAXUI,
        &MINSI,
        &MINUI,
        &ADDF,
        &SUBF,
        &MULF,
        &DIVF,
        &REMF,
        &NEGF,
        &MAXIMUMF,
        &MINIMUMF,
        &MAXNUMF,
        &MINNUMF,
        &CMPI,
        &CMPF,
        &SELECT,
        &EXTSI,
        &EXTUI,
        &TRUNCI,
        &EXTF,
        &TRUNCF,
        &SITOFP,
        &UITOFP,
        &FPTOSI,
        &FPTOUI,
        &INDEX_CAST_OP,
        &INDEX_CASTUI,
        &BITCAST_OP,
    ],
    materialize_constant: Some(materialize),
};
