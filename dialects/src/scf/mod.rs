//! The scf dialect: structured control flow — loops (`scf.for`, `scf.parallel`, `scf.while`),
//! conditionals (`scf.if`) and single-entry regions (`scf.execute_region`), with their
//! terminators (`scf.yield`, `scf.reduce`, `scf.reduce.return`, `scf.condition`).
//!
//! The subset, names, syntax, generic form and verifier messages are upstream MLIR 22's. Values
//! flow into and out of regions only through region arguments and terminator operands, so every
//! op's verifier checks the region-branch edges MLIR's `RegionBranchOpInterface` checks.
//!
//! ```mlir
//! %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
//!   %x = memref.load %A[%i] : memref<?xf32>
//!   %next = arith.addf %acc, %x : f32
//!   scf.yield %next : f32
//! }
//! ```

mod fold;
pub(crate) mod interp;
mod ops;
mod syntax;
mod verify;

pub use ops::{ConditionOp, ExecuteRegionOp, ForOp, IfOp, ParallelOp, ReduceOp, ReduceReturnOp, WhileOp, YieldOp};
use sharc_ir::registry::Dialect;

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "scf",
    description: "Structured control flow: `scf.for`, `scf.parallel`, `scf.while`, `scf.if` and \
                  `scf.execute_region`, whose regions exchange values only through region \
                  arguments and terminator operands.",
    ops: &[
        &ops::FOR,
        &ops::PARALLEL,
        &ops::REDUCE,
        &ops::REDUCE_RETURN,
        &ops::WHILE,
        &ops::CONDITION,
        &ops::IF,
        &ops::EXECUTE_REGION,
        &ops::YIELD,
    ],
    materialize_constant: None,
};

#[cfg(test)]
pub(crate) mod tests;
