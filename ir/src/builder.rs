//! Building operations: [`OperationState`] describes an op before it exists; [`Builder`] creates
//! ops at an insertion point.

use crate::attrs::{Attr, NamedAttr};
use crate::context::Context;
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::location::Location;
use crate::op::set_attr;
use crate::types::Type;

/// Everything needed to create an op.
#[derive(Debug, Clone)]
pub struct OperationState {
    /// Full op name.
    pub name: String,
    /// Operands.
    pub operands: Vec<Value>,
    /// Result types.
    pub result_types: Vec<Type>,
    /// Inherent attributes (properties).
    pub props: Vec<NamedAttr>,
    /// Discardable attributes.
    pub attrs: Vec<NamedAttr>,
    /// Regions, already built (unattached).
    pub regions: Vec<RegionId>,
    /// Successor blocks.
    pub successors: Vec<BlockId>,
    /// Location.
    pub loc: Location,
}

impl OperationState {
    /// An empty state for op `name`.
    pub fn new(name: impl Into<String>, loc: Location) -> Self {
        OperationState {
            name: name.into(),
            operands: Vec::new(),
            result_types: Vec::new(),
            props: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc,
        }
    }

    /// Adds operands.
    pub fn operands(mut self, values: impl IntoIterator<Item = Value>) -> Self {
        self.operands.extend(values);
        self
    }

    /// Adds result types.
    pub fn results(mut self, types: impl IntoIterator<Item = Type>) -> Self {
        self.result_types.extend(types);
        self
    }

    /// Sets an inherent attribute.
    pub fn prop(mut self, name: &str, attr: Attr) -> Self {
        self.add_prop(name, attr);
        self
    }

    /// Sets an inherent attribute in place.
    pub fn add_prop(&mut self, name: &str, attr: Attr) {
        set_attr(&mut self.props, name, attr);
    }

    /// Sets a discardable attribute in place.
    pub fn add_attr(&mut self, name: &str, attr: Attr) {
        set_attr(&mut self.attrs, name, attr);
    }

    /// Adds a region.
    pub fn region(mut self, region: RegionId) -> Self {
        self.regions.push(region);
        self
    }
}

/// Where a builder inserts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InsertPoint {
    /// At the end of a block.
    BlockEnd(BlockId),
    /// At the start of a block.
    BlockStart(BlockId),
    /// Before an op.
    Before(OpId),
    /// After an op.
    After(OpId),
}

/// Creates ops at an insertion point; each inserted op moves the point past it.
#[derive(Debug, Clone, Copy)]
pub struct Builder {
    /// Where the next op goes.
    pub ip: InsertPoint,
}

impl Builder {
    /// A builder at `ip`.
    pub fn at(ip: InsertPoint) -> Self {
        Builder { ip }
    }

    /// A builder inserting before `op`.
    pub fn before(op: OpId) -> Self {
        Builder { ip: InsertPoint::Before(op) }
    }

    /// A builder inserting at the end of `block`.
    pub fn at_end(block: BlockId) -> Self {
        Builder { ip: InsertPoint::BlockEnd(block) }
    }

    /// Creates and inserts an op.
    pub fn insert(&mut self, ctx: &mut Context, state: OperationState) -> OpId {
        let op = ctx.create_op(state);
        ctx.insert_op(self.ip, op);
        if let InsertPoint::After(_) | InsertPoint::BlockStart(_) = self.ip {
            self.ip = InsertPoint::After(op);
        }
        op
    }

    /// Creates and inserts an op with exactly one result and returns that result.
    pub fn insert_value(&mut self, ctx: &mut Context, state: OperationState) -> Value {
        let op = self.insert(ctx, state);
        ctx.result(op, 0)
    }
}
