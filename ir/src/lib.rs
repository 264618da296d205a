//! sharc-ir: the IR core of sharc.
//!
//! The model is MLIR's: an [`Operation`](op::OpData) has operands, results, attributes, regions and
//! successors; a region holds blocks; a block holds an ordered list of operations and has arguments;
//! every SSA [`Value`] is either an op result or a block argument and keeps its list of uses.
//!
//! All IR lives in one [`Context`], which owns arenas of operations, blocks, regions and values and
//! the uniqued tables of [`Type`]s and [`Attr`]s. IR entities are reached through small typed ids
//! (`OpId`, `BlockId`, ...), never through references, so that passes can mutate the IR through
//! `&mut Context` without interior mutability (the approach of Cranelift's entities and pliron's
//! arenas, minus the `RefCell`s).
//!
//! What an op *means* — its verifier, its custom syntax, its folding — comes from its
//! [`OpSpec`](registry::OpSpec), registered by a dialect crate in a [`DialectRegistry`].
//! The textual syntax (parser and printer) lives in [`syntax`]; it depends on the IR, never the
//! reverse.

#![warn(missing_docs)]

pub mod affine;
pub mod attrs;
pub mod builder;
pub mod context;
pub mod diag;
pub mod entity;
pub mod float;
pub mod location;
mod minifloat;
pub mod op;
pub mod pass;
pub mod registry;
pub mod symbol;
pub mod syntax;
pub mod types;
pub mod verifier;

pub use attrs::{Attr, AttrKind, NamedAttr};
pub use builder::{Builder, InsertPoint, OperationState};
pub use context::Context;
pub use diag::{Diagnostic, Severity, SourceMap};
pub use entity::{BlockId, OpId, RegionId, Value};
pub use location::Location;
pub use registry::{DialectRegistry, OpSpec, OpTraits};
pub use types::{Type, TypeKind};
