//! General-purpose transformations, named as upstream's (`mlir/lib/Transforms`).

pub mod canonicalize;
pub mod cse;
pub mod symbol_dce;
