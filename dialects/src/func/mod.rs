//! The func dialect: functions (`func.func`), returns and direct calls — upstream MLIR's `func`
//! (without `call_indirect` and `constant`).
//!
//! ```mlir
//! func.func @scale(%arg0: f32, %arg1: f32) -> f32 {
//!   %0 = arith.mulf %arg0, %arg1 : f32
//!   return %0 : f32
//! }
//! func.func private @ext(i32) -> i32
//! func.func @caller(%arg0: i32) -> i32 {
//!   %0 = call @ext(%arg0) : (i32) -> i32
//!   return %0 : i32
//! }
//! ```
//!
//! A `func.func` is a symbol, isolated from above, and an affine scope; `func.` may be omitted
//! from op names in its body. `ops.rs` holds specs and views, `verify.rs` the rules, `syntax.rs`
//! the custom forms.

pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::*;

use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "func",
    description: "Functions, returns and direct calls. A `func.func` is a symbol with a \
                  signature and an optional body; declarations (no body) must be private or \
                  nested.",
    ops: &[&FUNC, &RETURN, &CALL],
    materialize_constant: None,
};
