//! Analyses shared by passes.

pub mod dominance;
pub mod equivalence;
