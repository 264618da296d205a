//! Analyses shared by passes.

pub mod affine;
pub mod dominance;
pub mod equivalence;
