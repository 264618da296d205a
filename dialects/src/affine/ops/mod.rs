//! The affine ops: one [`OpSpec`](sharc_ir::OpSpec) each (summary, syntax, example) and a
//! typed view whose accessors are the only place the ops' attribute names are spelled.
//!
//! - `loops.rs`: `affine.for`, `affine.if`, `affine.yield`;
//! - `parallel.rs`: `affine.parallel`;
//! - `memory.rs`: `affine.load`, `affine.store`, `affine.vector_load`, `affine.vector_store`;
//! - `apply.rs`: `affine.apply`, `affine.min`, `affine.max`.

mod apply;
mod loops;
mod memory;
mod parallel;

pub(crate) use apply::{is_min, APPLY, MAX, MIN};
pub use apply::{ApplyOp, MaxOp, MinOp};
pub use loops::{ForOp, IfOp, YieldOp};
pub(crate) use loops::{FOR, IF, YIELD};
pub use memory::{LoadOp, StoreOp, VectorLoadOp, VectorStoreOp, VECTOR_ALIGNMENT};
pub(crate) use memory::{LOAD, STORE, VECTOR_LOAD, VECTOR_STORE};
pub(crate) use parallel::{dense_tensor_ints, group_map, i32_tensor_attr, i64_array_attr, int_array, PARALLEL};
pub use parallel::{split_bound_operands, ParallelOp, ReductionKind};

use sharc_ir::affine::{AffineMap, IntegerSet};
use sharc_ir::{Context, OpId};

/// `map`: the affine map of `affine.apply`, `affine.min`, `affine.max`, `affine.load` and
/// `affine.store`.
pub(crate) const MAP: &str = "map";
/// `operandSegmentSizes` of `affine.for`.
pub(crate) const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";
/// `lowerBoundMap` of `affine.for`.
pub(crate) const LOWER_BOUND_MAP: &str = "lowerBoundMap";
/// `upperBoundMap` of `affine.for`.
pub(crate) const UPPER_BOUND_MAP: &str = "upperBoundMap";
/// `step` of `affine.for`.
pub(crate) const STEP: &str = "step";
/// `lowerBoundsMap` of `affine.parallel`: all lower-bound expressions, flattened.
pub(crate) const LOWER_BOUNDS_MAP: &str = "lowerBoundsMap";
/// `lowerBoundsGroups` of `affine.parallel`: how many expressions each dimension's `max` takes.
pub(crate) const LOWER_BOUNDS_GROUPS: &str = "lowerBoundsGroups";
/// `upperBoundsMap` of `affine.parallel`.
pub(crate) const UPPER_BOUNDS_MAP: &str = "upperBoundsMap";
/// `upperBoundsGroups` of `affine.parallel`.
pub(crate) const UPPER_BOUNDS_GROUPS: &str = "upperBoundsGroups";
/// `steps` of `affine.parallel`.
pub(crate) const STEPS: &str = "steps";
/// `reductions` of `affine.parallel`.
pub(crate) const REDUCTIONS: &str = "reductions";
/// `condition` of `affine.if`.
pub(crate) const CONDITION: &str = "condition";

/// The affine map held by attribute `name` of `op`.
pub(crate) fn map_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c AffineMap> {
    ctx.attr_of(op, name).and_then(|a| ctx.attr_affine_map(a))
}

/// The integer set held by attribute `name` of `op`.
pub(crate) fn set_attr<'c>(ctx: &'c Context, op: OpId, name: &str) -> Option<&'c IntegerSet> {
    ctx.attr_of(op, name).and_then(|a| ctx.attr_integer_set(a))
}
