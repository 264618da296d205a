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

/// The attribute recording a section's OpenACC directive and data clauses.
pub const ACC_ATTR: &str = "sharc.acc";

/// The dialect.
pub static DIALECT: Dialect = Dialect {
    name: "sharc",
    description: "sharc's own affine-level attributes: the `#sharc.share<...>` partition annotation of \
                  a parallel loop nest (seed 000's share pragma), argument source names (`sharc.name`) \
                  and recorded OpenACC clauses (`sharc.acc`).",
    ops: &[],
    materialize_constant: None,
};
