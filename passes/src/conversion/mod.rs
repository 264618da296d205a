//! Conversions between dialects, named as upstream's (`mlir/lib/Conversion`), and the partial
//! conversion driver they share.

pub mod lower_affine;
pub mod partial;
