//! Affine expressions, affine maps and integer sets, as in MLIR's `AffineExpr`,
//! `AffineMap` and `IntegerSet` (`mlir/lib/IR/{AffineExpr,AffineMap,IntegerSet}.cpp`).
//!
//! # Representation
//!
//! An [`AffineExpr`] is an immutable tree behind an [`Arc`](std::sync::Arc): cloning is a
//! reference-count bump, and `Eq`/`Hash` are structural, which is what MLIR's uniqued
//! (pointer-compared) expressions amount to. Leaves are dimensions `dN`, symbols `sN` and
//! `i64` constants; inner nodes are `+`, `*`, `mod`, `floordiv` and `ceildiv`. Subtraction
//! and negation are not node kinds: `a - b` is `a + b * -1`, exactly as upstream builds it.
//!
//! An [`AffineMap`] is `(d0, ..., dn)[s0, ..., sm] -> (e0, ..., ek)`; an [`IntegerSet`] is
//! `(d0, ..., dn)[s0, ..., sm] : (c0 >= 0, c1 == 0, ...)`.
//!
//! # Invariants
//!
//! - Every expression is built through the simplifying constructors ([`AffineExpr::dim`],
//!   [`AffineExpr::binary`], the `+ - *` operators, [`AffineExpr::floor_div`], ...), which
//!   apply upstream's construction-time rules (`simplifyAdd`, `simplifyMul`,
//!   `simplifyFloorDiv`, `simplifyCeilDiv`, `simplifyMod` and the commutative operand order).
//!   The same construction sequence therefore yields the same tree, and the same printed
//!   text, as `mlir-opt` (checked against MLIR 22).
//! - Constant folding is checked: an overflowing fold leaves the node unsimplified (upstream
//!   does the same for `+`, `*` and division). No function of this module panics on any
//!   input; partial operations return `Option` or `Result`.
//! - An [`AffineMap`] or [`IntegerSet`] only mentions dimensions and symbols below its
//!   counts (checked by the constructors), and an [`IntegerSet`] has at least one
//!   constraint: an empty list becomes the trivially true `0 == 0`, as upstream's parser
//!   does, since upstream cannot represent a set without constraints.
//!
//! # Semantics
//!
//! [`AffineExpr::eval`] follows upstream's constant folder (`AffineMap::constantFold`):
//! `floordiv` and `ceildiv` round toward minus and plus infinity and are undefined for a
//! zero divisor; `mod` is undefined for a divisor below 1 and otherwise lies in
//! `[0, divisor)`. Undefined results and `i64` overflow evaluate to `None`.
//!
//! Trees are processed recursively, so the stack depth grows with the depth of a tree;
//! expressions come from source text or passes and stay shallow in practice.

mod expr;
mod flatten;
mod map;
mod ops;
mod print;
mod semi_affine;
mod set;
mod simplify;

#[cfg(test)]
mod proptests;

pub use expr::{AffineBinaryOp, AffineExpr, AffineExprKind};
pub use map::AffineMap;
pub use print::print_expr_with_names;
pub use set::IntegerSet;

use std::fmt;

/// Why an affine map or integer set could not be built or transformed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AffineError {
    /// A result or constraint mentions a dimension at or beyond the declared count.
    DimOutOfRange {
        /// The offending dimension position.
        position: u32,
        /// The declared number of dimensions.
        num_dims: u32,
    },
    /// A result or constraint mentions a symbol at or beyond the declared count.
    SymbolOutOfRange {
        /// The offending symbol position.
        position: u32,
        /// The declared number of symbols.
        num_symbols: u32,
    },
    /// An integer set got a different number of constraints and equality flags.
    ConstraintCountMismatch {
        /// The number of constraint expressions.
        constraints: usize,
        /// The number of equality flags.
        eq_flags: usize,
    },
    /// `f.compose(g)` needs as many dimensions in `f` as `g` has results.
    ComposeMismatch {
        /// The number of dimensions of the outer map.
        num_dims: u32,
        /// The number of results of the inner map.
        num_results: usize,
    },
    /// A result position is past the end of the map's results.
    ResultOutOfRange {
        /// The requested position.
        position: usize,
        /// The number of results.
        num_results: usize,
    },
}

impl fmt::Display for AffineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DimOutOfRange { position, num_dims } => {
                write!(f, "dimension d{position} used, but only {num_dims} dimensions are declared")
            }
            Self::SymbolOutOfRange { position, num_symbols } => {
                write!(f, "symbol s{position} used, but only {num_symbols} symbols are declared")
            }
            Self::ConstraintCountMismatch { constraints, eq_flags } => {
                write!(
                    f,
                    "expected one equality flag per constraint, \
                     got {constraints} constraints and {eq_flags} flags"
                )
            }
            Self::ComposeMismatch { num_dims, num_results } => {
                write!(
                    f,
                    "cannot compose a map with {num_dims} dimensions \
                     with a map of {num_results} results"
                )
            }
            Self::ResultOutOfRange { position, num_results } => {
                write!(f, "result {position} requested, but the map has {num_results} results")
            }
        }
    }
}

impl std::error::Error for AffineError {}

/// Checks that `expr` only mentions dimensions below `num_dims` and symbols below
/// `num_symbols`.
fn check_positions(expr: &AffineExpr, num_dims: u32, num_symbols: u32) -> Result<(), AffineError> {
    let mut error = None;
    expr.walk(&mut |e: &AffineExpr| match *e.kind() {
        AffineExprKind::Dim(position) if position >= num_dims && error.is_none() => {
            error = Some(AffineError::DimOutOfRange { position, num_dims });
        }
        AffineExprKind::Symbol(position) if position >= num_symbols && error.is_none() => {
            error = Some(AffineError::SymbolOutOfRange { position, num_symbols });
        }
        _ => {}
    });
    error.map_or(Ok(()), Err)
}
