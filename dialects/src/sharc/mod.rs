//! The sharc dialect: sharc's own attributes at the affine level.
//!
//! It has no ops yet. It owns the `#sharc.share<...>` annotation ([`share`]) that each parallel
//! loop nest governed by a `share` pragma carries, the `sharc.claim` attribute ([`loop_claim`])
//! with which the C front-end records what an OpenACC directive claims about a loop (the pass
//! `sharc-parallelize` decides and consumes it), and the `sharc.name` / `sharc.acc` attributes
//! that keep the C names of arguments and the OpenACC clauses of a section.
//! Registering it lets `#sharc.*` attributes parse without `--allow-unregistered-dialect`
//! (upstream `mlir-opt` needs that flag for them).

pub mod loop_claim;
pub mod share;

use sharc_ir::registry::Dialect;

/// The argument attribute holding an argument's source name (`{sharc.name = "A"}`).
pub const NAME_ATTR: &str = "sharc.name";

/// The function attribute listing the groups of memref arguments that may overlap one another
/// (`sharc.may_alias = [array<i64: 3, 4, 5>]`, argument positions): the C front-end groups the
/// pointer and array parameters that are not `restrict` by element type (C lets `f(n, A, A)`
/// pass one array twice; accesses through pointers to different types may not overlap, C11
/// 6.5p7), unless `sharcc --assume-no-alias`. `sharc-parallelize` keeps a loop that writes one
/// argument of a group and accesses another sequential. Arguments in no group are distinct
/// arrays, as sharc has always read MLIR text.
pub const MAY_ALIAS_ATTR: &str = "sharc.may_alias";

/// The attribute recording a section's OpenACC directive and data clauses.
pub const ACC_ATTR: &str = "sharc.acc";

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "sharc",
    description: "sharc's own affine-level attributes: the `#sharc.share<...>` partition annotation of \
                  a parallel loop nest (seed 000's share pragma), argument source names (`sharc.name`), \
                  the groups of arguments that C lets overlap (`sharc.may_alias`, read by \
                  sharc-parallelize) and recorded OpenACC clauses (`sharc.acc`).",
    ops: &[],
    materialize_constant: None,
};
