//! Constant uniquing and hoisting: upstream's `OperationFolder::insertKnownConstant`
//! (`mlir/lib/Transforms/Utils/FoldUtils.cpp`), as the greedy driver uses it when it fills
//! its worklist.
//!
//! Every constant belongs to an *insertion region*: the nearest enclosing region whose op is
//! isolated from above (a `func.func` body) or has no parent. The first constant of a given
//! (dialect, value, type) seen in a region is kept and moved to the start of the region's
//! entry block, unless it is already in the leading run of kept constants there; later equal
//! constants are replaced by it. Because each moved constant goes to the very front, the
//! constants that had to move end up in reverse order of discovery, which is exactly the
//! order `mlir-opt --canonicalize` prints.
//!
//! Locations follow MLIR 22: a constant moved in from another block, or kept in place of a
//! duplicate, gets `loc(unknown)` (it no longer stands for one source position).

use sharc_ir::{Attr, BlockId, Context, InsertPoint, Location, OpId, OpTraits, RegionId, Type};
use std::collections::HashMap;

/// What [`ConstantUniquer::insert_known_constant`] decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Known {
    /// The constant is kept (possibly moved to the front of its insertion block).
    Kept,
    /// An equal constant already exists: the caller replaces `op` by this one.
    Duplicate(OpId),
}

/// The constants kept in one pass over the IR, per insertion region.
#[derive(Default, Debug)]
pub struct ConstantUniquer {
    kept: HashMap<Key, OpId>,
    /// The key each kept constant is kept under.
    owned: HashMap<OpId, Key>,
}

/// Insertion region, dialect, value and type of a constant.
type Key = (RegionId, &'static str, Attr, Type);

impl ConstantUniquer {
    /// Records constant `op` of value `value`, hoisting it, or finds the equal constant that
    /// replaces it.
    pub fn insert_known_constant(&mut self, ctx: &mut Context, op: OpId, value: Attr) -> Known {
        let Some(block) = ctx.parent_block(op) else { return Known::Kept };
        if self.owned.contains_key(&op) {
            return Known::Kept;
        }
        let Some(region) = insertion_region(ctx, block) else { return Known::Kept };
        let Some(dialect) = ctx.op_spec(op).map(|s| s.dialect()) else { return Known::Kept };
        let ty = ctx.value_type(ctx.result(op, 0));
        let key = (region, dialect, value, ty);
        if let Some(&existing) = self.kept.get(&key) {
            ctx.set_loc(existing, Location::Unknown);
            return Known::Duplicate(existing);
        }
        let Some(entry) = ctx.entry_block(region) else { return Known::Kept };
        if block != entry {
            ctx.move_op(op, InsertPoint::BlockStart(entry));
            ctx.set_loc(op, Location::Unknown);
        } else if ctx.block_first_op(entry) != Some(op) && !ctx.prev_op(op).is_some_and(|p| self.owned.contains_key(&p))
        {
            ctx.move_op(op, InsertPoint::BlockStart(entry));
        }
        self.kept.insert(key, op);
        self.owned.insert(op, key);
        Known::Kept
    }

    /// Forgets an erased constant.
    pub fn notify_erased(&mut self, op: OpId) {
        if let Some(key) = self.owned.remove(&op) {
            self.kept.remove(&key);
        }
    }
}

/// The region folded constants of an op in `block` go to (upstream's `getInsertionRegion`):
/// the nearest enclosing region whose op is isolated from above, unregistered, or top-level.
pub fn insertion_region(ctx: &Context, mut block: BlockId) -> Option<RegionId> {
    loop {
        let region = ctx.block_parent(block)?;
        let Some(parent) = ctx.region_parent(region) else { return Some(region) };
        let stop = ctx.op_spec(parent).is_none_or(|s| s.has(OpTraits::ISOLATED_FROM_ABOVE));
        match ctx.parent_block(parent) {
            Some(b) if !stop => block = b,
            _ => return Some(region),
        }
    }
}
