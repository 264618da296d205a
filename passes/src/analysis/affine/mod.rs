//! Affine analysis: the facts about `affine.for`/`affine.parallel` nests that every later
//! pass (partition search, promotion, GPU mapping) builds on.
//!
//! - [`loops`]: the loops enclosing an op, outermost first, and a statement's iteration
//!   [`Domain`] (bounds as affine expressions of outer induction variables and symbols).
//! - [`access`]: the access function of every `affine.load`/`affine.store` as an
//!   [`AffineMap`](sharc_ir::affine::AffineMap) `(loop ivs...)[symbols...]`, seed 000 §3's
//!   `F(I)`; accesses that are not affine are reported, never dropped.
//! - [`dependence`]: flow, anti, output and input dependences between two accesses with
//!   distance and direction vectors and the carrying loop; exact for uniformly generated
//!   references, conservative otherwise (GCD and Banerjee-style bounds tests prove
//!   independence where they can). [`parallel`] answers "is this loop parallel" and finds
//!   simple reductions (the legality check of DESIGN §3 and seed 000 §1: the target section
//!   must be free of loop-carried dependences).
//! - [`carried`]: which values carried by `affine.for`/`affine.if`/`scf.if` the program
//!   observes; the others are private to an iteration and do not keep a loop sequential.
//! - [`tile_image`](mod@tile_image): the image of a rectangular iteration tile under an access function:
//!   bounding box, distinct points and duplicates, the quantities of seed 000 eq. (1)–(7);
//!   [`tile_union`]: several references over one tile (`RectHull`, `ReuseSize`).
//!
//! Internals: `linear` (linear forms of affine expressions), `lattice` (exact integer
//! solutions of linear systems, the distance sets of uniformly generated pairs),
//! `banerjee` (independence tests for the other pairs, subscript by subscript) and
//! `feasible` (the polyhedral test on the whole system, where bounds relate the loops). `docs/analysis.md` states what each
//! analysis guarantees.
//!
//! # Conventions
//!
//! - Loops are numbered outermost first; loop `l` of an access is dimension `dl` of its map.
//!   An `affine.parallel` contributes one loop per induction variable, in order.
//! - Symbols are SSA values that are valid affine symbols (function arguments, values defined
//!   at the top of the function, `memref.dim` results, pure functions of symbols); integer
//!   constants and `affine.apply` results are folded into the expressions. A collection of
//!   accesses ([`AccessSet`]) numbers its symbols once, so all its maps share one symbol list.
//! - Distinct memref values are assumed not to alias (as upstream's affine analysis does).
//! - Nothing here panics on malformed IR: partial answers are `Option`/`Result`, and an
//!   access the analysis cannot describe depends on every access it may touch, in every
//!   direction (`exact == false`).

pub mod access;
mod banerjee;
pub mod carried;
pub mod dependence;
mod feasible;
mod lattice;
mod linear;
pub mod loops;
pub mod parallel;
pub mod tile_image;
pub mod tile_union;

#[cfg(test)]
pub(crate) mod tests;

pub use access::{
    access_of, collect_accesses, memref_array, memref_origin, Access, AccessKind, AccessSet, NonAffineAccess,
};
pub use dependence::{
    dependences, dependences_between, uniform_distances, DepKind, Dependence, Direction, UniformDistances,
};
pub use lattice::Lattice;
pub use linear::LinearExpr;
pub use loops::{domain, enclosing_loops, Condition, Domain, Loop, LoopRef};
pub use parallel::{is_parallel, parallel_report, reductions, ParallelReport, Reduction};
pub use tile_image::{tile_image, Progression, Tile, TileImage, TileRange};
pub use tile_union::{image_union, reuse_size, UnionImage};

use sharc_ir::{OpId, Value};
use std::fmt;

/// Why the analysis could not describe an op affinely.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// An op lacks an attribute or operand its dialect requires (the IR does not verify).
    Malformed {
        /// The op.
        op: OpId,
        /// What is missing.
        what: &'static str,
    },
    /// A map operand is neither an enclosing loop's induction variable, a constant, an
    /// `affine.apply` of such values, nor a valid affine symbol.
    NonAffineOperand {
        /// The op using the value.
        op: OpId,
        /// The value.
        value: Value,
    },
    /// A subscript or bound is not linear (`mod`, `floordiv`, `ceildiv` of induction
    /// variables) where a linear form is required.
    NonLinear {
        /// The op.
        op: OpId,
    },
    /// The op accesses memory but is not an `affine.load` or `affine.store`.
    NotAffineAccess {
        /// The op.
        op: OpId,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Malformed { op, what } => write!(f, "malformed {op:?}: missing {what}"),
            Self::NonAffineOperand { op, value } => {
                write!(f, "operand {value:?} of {op:?} is not an affine dimension or symbol")
            }
            Self::NonLinear { op } => write!(f, "{op:?} has a non-linear subscript or bound"),
            Self::NotAffineAccess { op } => {
                write!(f, "{op:?} accesses memory outside the affine dialect")
            }
        }
    }
}

impl std::error::Error for AnalysisError {}
