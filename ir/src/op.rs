//! The storage of operations, blocks, regions and values inside a [`Context`].
//!
//! Ops in a block form a doubly linked list (as in MLIR), so insertion and erasure are O(1) and
//! ids stay valid while the IR around them changes. Erased entities become tombstones in their
//! arena; their ids are never reused.

use crate::attrs::{Attr, NamedAttr};
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::location::Location;
use crate::registry::OpSpec;
use crate::types::Type;
use smallvec::SmallVec;
use std::sync::Arc;

/// An operation's storage.
#[derive(Debug, Clone)]
pub struct OpData {
    /// The name of an unregistered op; registered ops take theirs from `spec`.
    pub(crate) name: Option<Arc<str>>,
    pub(crate) spec: Option<&'static OpSpec>,
    pub(crate) operands: Vec<Value>,
    /// Inline up to two: nearly every op has at most one result, and a heap block per op was
    /// a visible share of parse time.
    pub(crate) results: SmallVec<[Value; 2]>,
    /// Inherent attributes (MLIR's properties, printed as `<{...}>` in generic form), sorted.
    pub(crate) props: Vec<NamedAttr>,
    /// Discardable attributes, sorted.
    pub(crate) attrs: Vec<NamedAttr>,
    pub(crate) regions: Vec<RegionId>,
    pub(crate) successors: Vec<BlockId>,
    pub(crate) parent: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
    pub(crate) loc: Location,
    pub(crate) erased: bool,
}

/// A block's storage.
#[derive(Debug, Clone, Default)]
pub struct BlockData {
    pub(crate) args: Vec<Value>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) parent: Option<RegionId>,
    pub(crate) erased: bool,
}

/// A region's storage.
#[derive(Debug, Clone, Default)]
pub struct RegionData {
    pub(crate) blocks: Vec<BlockId>,
    pub(crate) parent: Option<OpId>,
}

/// What defines a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of `op`.
    OpResult {
        /// The defining op.
        op: OpId,
        /// Result number.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The owning block.
        block: BlockId,
        /// Argument number.
        index: u32,
    },
}

/// One use of a value: operand `operand` of `op`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Use {
    /// The using op.
    pub op: OpId,
    /// The operand number.
    pub operand: u32,
}

/// A value's storage.
#[derive(Debug, Clone)]
pub struct ValueData {
    pub(crate) ty: Type,
    pub(crate) def: ValueDef,
    /// Inline up to two uses, the common case (a heap block per value otherwise).
    pub(crate) uses: SmallVec<[Use; 2]>,
    pub(crate) loc: Option<Location>,
}

/// Attribute lookup in a sorted named-attribute list.
pub(crate) fn find_attr(list: &[NamedAttr], name: &str) -> Option<Attr> {
    // An op has a handful of attributes: scanning them with `==`, which compares lengths
    // before bytes, is cheaper than a binary search's full three-way string compares (the
    // verifier and printers look attributes up by name for nearly every op).
    if list.len() <= 8 {
        return list.iter().find(|(n, _)| n == name).map(|(_, a)| *a);
    }
    list.binary_search_by(|(n, _)| n.as_str().cmp(name)).ok().map(|i| list[i].1)
}

/// Insert or replace in a sorted named-attribute list.
pub(crate) fn set_attr(list: &mut Vec<NamedAttr>, name: &str, attr: Attr) {
    match list.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
        Ok(i) => list[i].1 = attr,
        Err(i) => list.insert(i, (name.to_string(), attr)),
    }
}

/// Remove from a sorted named-attribute list.
pub(crate) fn remove_attr(list: &mut Vec<NamedAttr>, name: &str) -> Option<Attr> {
    match list.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
        Ok(i) => Some(list.remove(i).1),
        Err(_) => None,
    }
}
