//! The [`Context`]: owner of all IR, and the structural API (create, insert, erase, walk, RAUW).

use crate::attrs::{Attr, AttrKind, NamedAttr};
use crate::builder::{InsertPoint, OperationState};
use crate::entity::{BlockId, OpId, RegionId, Value};
use crate::location::Location;
use crate::op::{self, BlockData, OpData, RegionData, Use, ValueData, ValueDef};
use crate::registry::{DialectRegistry, OpSpec, OpTraits};
use crate::types::{Type, TypeKind};
use indexmap::IndexSet;
use rustc_hash::{FxBuildHasher, FxHashMap};
use smallvec::SmallVec;
use std::sync::Arc;

type Interner<T> = IndexSet<T, FxBuildHasher>;

/// Owns all IR: ops, blocks, regions, values, and the uniqued types and attributes.
#[derive(Debug)]
pub struct Context {
    ops: Vec<OpData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    values: Vec<ValueData>,
    pub(crate) types: Interner<TypeKind>,
    pub(crate) attrs: Interner<AttrKind>,
    /// Names of unregistered ops, shared by all ops of one name.
    unregistered_names: FxHashMap<String, Arc<str>>,
    /// The ids of scalar types already interned (`index`, the floats, `none`, signless `iN` of
    /// the usual widths), by [`scalar_slot`]; `u32::MAX` until first used. Parsers ask for
    /// `index` and `f32` tens of thousands of times, and hashing and probing the interner each
    /// time was a visible share of parse time.
    pub(crate) scalar_types: [u32; crate::types::SCALAR_SLOTS],
    /// Attributes built once per context from a fixed key (see [`Context::memo_attr`]).
    attr_memo: FxHashMap<&'static str, crate::attrs::Attr>,
    registry: Arc<DialectRegistry>,
    /// Whether ops of unregistered dialects may be created (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
}

impl Context {
    /// An empty context over a registry.
    pub fn new(registry: Arc<DialectRegistry>) -> Self {
        Context {
            ops: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            values: Vec::new(),
            types: Interner::default(),
            attrs: Interner::default(),
            unregistered_names: FxHashMap::default(),
            scalar_types: [u32::MAX; crate::types::SCALAR_SLOTS],
            attr_memo: FxHashMap::default(),
            registry,
            allow_unregistered: false,
        }
    }

    /// The registry.
    pub fn registry(&self) -> &Arc<DialectRegistry> {
        &self.registry
    }

    /// Reserves room for this many more ops, values, blocks and regions (a parser that knows its
    /// input's size calls it, so the arenas do not double, and copy themselves, while it runs).
    /// A hint only: where the memory cannot be had up front (a huge input), the arenas grow as
    /// before.
    pub fn reserve(&mut self, ops: usize, values: usize, blocks: usize, regions: usize) {
        let _ = self.ops.try_reserve(ops);
        let _ = self.values.try_reserve(values);
        let _ = self.blocks.try_reserve(blocks);
        let _ = self.regions.try_reserve(regions);
    }

    /// The attribute `build` makes, built and interned once per context under `key` and
    /// returned from a table afterwards. For attributes a dialect adds to most of its ops, such
    /// as arith's default `#arith.fastmath<none>`, whose construction formats and hashes
    /// strings. `build` must always make the same attribute for the same key.
    pub fn memo_attr(
        &mut self,
        key: &'static str,
        build: impl FnOnce(&mut Context) -> crate::attrs::Attr,
    ) -> crate::attrs::Attr {
        if let Some(&a) = self.attr_memo.get(key) {
            return a;
        }
        let a = build(self);
        self.attr_memo.insert(key, a);
        a
    }

    // ----- creation -------------------------------------------------------------------------

    /// Creates a detached op from a state; results get fresh values, regions become owned.
    pub fn create_op(&mut self, mut state: OperationState) -> OpId {
        let spec = self.registry.op(&state.name);
        if let Some(defaults) = spec.and_then(|s| s.default_props) {
            defaults(self, &mut state);
        }
        let id = OpId(self.ops.len() as u32);
        let name = match spec {
            Some(_) => None,
            None => Some(
                self.unregistered_names
                    .entry(state.name.clone())
                    .or_insert_with(|| Arc::from(state.name.as_str()))
                    .clone(),
            ),
        };
        let results = state
            .result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| self.new_value(ty, ValueDef::OpResult { op: id, index: i as u32 }))
            .collect();
        for &r in &state.regions {
            self.regions[r.index()].parent = Some(id);
        }
        for (i, &v) in state.operands.iter().enumerate() {
            self.values[v.index()].uses.push(Use { op: id, operand: i as u32 });
        }
        self.ops.push(OpData {
            name,
            spec,
            operands: state.operands,
            results,
            props: state.props,
            attrs: state.attrs,
            regions: state.regions,
            successors: state.successors,
            parent: None,
            prev: None,
            next: None,
            loc: state.loc,
            erased: false,
        });
        id
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        let v = Value(self.values.len() as u32);
        self.values.push(ValueData { ty, def, uses: SmallVec::new(), loc: None });
        v
    }

    /// Creates a detached, empty region.
    pub fn new_region(&mut self) -> RegionId {
        let r = RegionId(self.regions.len() as u32);
        self.regions.push(RegionData::default());
        r
    }

    /// Creates a detached, empty block.
    pub fn new_block(&mut self) -> BlockId {
        let b = BlockId(self.blocks.len() as u32);
        self.blocks.push(BlockData::default());
        b
    }

    /// Appends an argument of type `ty` to `block`.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> Value {
        let index = self.blocks[block.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockArg { block, index });
        self.blocks[block.index()].args.push(v);
        v
    }

    /// Inserts an argument of type `ty` at position `index` of `block`; later arguments shift
    /// right (a gpu.func workgroup attribution goes before the private ones).
    pub fn insert_block_arg(&mut self, block: BlockId, index: usize, ty: Type) -> Value {
        let index = index.min(self.blocks[block.index()].args.len());
        let v = self.new_value(ty, ValueDef::BlockArg { block, index: index as u32 });
        self.blocks[block.index()].args.insert(index, v);
        let args = self.blocks[block.index()].args.clone();
        for (i, a) in args.into_iter().enumerate().skip(index + 1) {
            self.values[a.index()].def = ValueDef::BlockArg { block, index: i as u32 };
        }
        v
    }

    /// Sets the location of a block argument (printed with `--mlir-print-debuginfo`).
    pub fn set_value_loc(&mut self, value: Value, loc: Location) {
        self.values[value.index()].loc = Some(loc);
    }

    /// The location attached to a block argument, if any.
    pub fn value_loc(&self, value: Value) -> Option<&Location> {
        self.values[value.index()].loc.as_ref()
    }

    /// Appends `block` to `region`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        self.blocks[block.index()].parent = Some(region);
        self.regions[region.index()].blocks.push(block);
    }

    /// Creates a region holding one new block with arguments of `arg_types`.
    pub fn new_region_with_block(&mut self, arg_types: &[Type]) -> (RegionId, BlockId) {
        let region = self.new_region();
        let block = self.new_block();
        for &t in arg_types {
            self.add_block_arg(block, t);
        }
        self.append_block(region, block);
        (region, block)
    }

    // ----- op accessors ---------------------------------------------------------------------

    #[inline]
    fn op_data(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }

    /// The op's full name (`arith.addi`).
    pub fn op_name(&self, op: OpId) -> &str {
        let d = self.op_data(op);
        match (d.spec, &d.name) {
            (Some(s), _) => s.name,
            (None, Some(n)) => n,
            (None, None) => "<unnamed>",
        }
    }

    /// The op's spec, `None` for unregistered ops.
    #[inline]
    pub fn op_spec(&self, op: OpId) -> Option<&'static OpSpec> {
        self.op_data(op).spec
    }

    /// Whether the op is registered and has all of `traits`.
    #[inline]
    pub fn op_has(&self, op: OpId, traits: OpTraits) -> bool {
        self.op_data(op).spec.is_some_and(|s| s.has(traits))
    }

    /// Whether the op is the registered op `name`.
    #[inline]
    pub fn op_is(&self, op: OpId, name: &str) -> bool {
        self.op_data(op).spec.is_some_and(|s| s.name == name)
    }

    /// Operands.
    #[inline]
    pub fn operands(&self, op: OpId) -> &[Value] {
        &self.op_data(op).operands
    }

    /// Operand `i`.
    #[inline]
    pub fn operand(&self, op: OpId, i: usize) -> Value {
        self.op_data(op).operands[i]
    }

    /// Results.
    #[inline]
    pub fn results(&self, op: OpId) -> &[Value] {
        &self.op_data(op).results
    }

    /// Result `i`.
    #[inline]
    pub fn result(&self, op: OpId, i: usize) -> Value {
        self.op_data(op).results[i]
    }

    /// Result types.
    pub fn result_types(&self, op: OpId) -> Vec<Type> {
        self.results(op).iter().map(|&v| self.value_type(v)).collect()
    }

    /// Operand types.
    pub fn operand_types(&self, op: OpId) -> Vec<Type> {
        self.operands(op).iter().map(|&v| self.value_type(v)).collect()
    }

    /// Regions.
    #[inline]
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        &self.op_data(op).regions
    }

    /// Region `i`.
    #[inline]
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.op_data(op).regions[i]
    }

    /// Successor blocks.
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        &self.op_data(op).successors
    }

    /// Location.
    #[inline]
    pub fn loc(&self, op: OpId) -> &Location {
        &self.op_data(op).loc
    }

    /// Replaces the location.
    pub fn set_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op.index()].loc = loc;
    }

    /// Inherent attributes (properties), sorted by name.
    #[inline]
    pub fn props(&self, op: OpId) -> &[NamedAttr] {
        &self.op_data(op).props
    }

    /// Discardable attributes, sorted by name.
    #[inline]
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        &self.op_data(op).attrs
    }

    /// An attribute by name: properties first, then discardable attributes.
    #[inline]
    pub fn attr_of(&self, op: OpId, name: &str) -> Option<Attr> {
        let d = self.op_data(op);
        op::find_attr(&d.props, name).or_else(|| op::find_attr(&d.attrs, name))
    }

    /// Sets an inherent attribute.
    pub fn set_prop(&mut self, op: OpId, name: &str, attr: Attr) {
        op::set_attr(&mut self.ops[op.index()].props, name, attr);
    }

    /// Sets a discardable attribute.
    pub fn set_attr(&mut self, op: OpId, name: &str, attr: Attr) {
        op::set_attr(&mut self.ops[op.index()].attrs, name, attr);
    }

    /// Removes an attribute (property or discardable).
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attr> {
        let d = &mut self.ops[op.index()];
        op::remove_attr(&mut d.props, name).or_else(|| op::remove_attr(&mut d.attrs, name))
    }

    /// The block holding the op.
    #[inline]
    pub fn parent_block(&self, op: OpId) -> Option<BlockId> {
        self.op_data(op).parent
    }

    /// The op whose region holds the op.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let block = self.parent_block(op)?;
        self.block_parent_op(block)
    }

    /// The nearest ancestor (excluding `op`) satisfying `pred`.
    pub fn ancestor(&self, op: OpId, mut pred: impl FnMut(&Context, OpId) -> bool) -> Option<OpId> {
        let mut cur = self.parent_op(op);
        while let Some(p) = cur {
            if pred(self, p) {
                return Some(p);
            }
            cur = self.parent_op(p);
        }
        None
    }

    /// Whether `ancestor` is `op` or contains it.
    pub fn is_ancestor(&self, ancestor: OpId, op: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(c) = cur {
            if c == ancestor {
                return true;
            }
            cur = self.parent_op(c);
        }
        false
    }

    /// The next op in the block.
    #[inline]
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.op_data(op).next
    }

    /// The previous op in the block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.op_data(op).prev
    }

    /// Whether the op has been erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.op_data(op).erased
    }

    // ----- block and region accessors -------------------------------------------------------

    /// Block arguments.
    #[inline]
    pub fn block_args(&self, block: BlockId) -> &[Value] {
        &self.blocks[block.index()].args
    }

    /// The ops of a block, in order (collected, so the IR may be changed while iterating).
    pub fn block_ops(&self, block: BlockId) -> Vec<OpId> {
        self.block_ops_iter(block).collect()
    }

    /// Iterates the ops of a block without collecting them.
    pub fn block_ops_iter(&self, block: BlockId) -> impl Iterator<Item = OpId> + '_ {
        let mut cur = self.blocks[block.index()].first;
        std::iter::from_fn(move || {
            let op = cur?;
            cur = self.ops[op.index()].next;
            Some(op)
        })
    }

    /// The first op of a block.
    #[inline]
    pub fn block_first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].first
    }

    /// The last op of a block (its terminator, if it has one).
    #[inline]
    pub fn block_last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].last
    }

    /// The region holding the block.
    #[inline]
    pub fn block_parent(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block.index()].parent
    }

    /// The op whose region holds the block.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.block_parent(block).and_then(|r| self.region_parent(r))
    }

    /// The blocks of a region.
    #[inline]
    pub fn region_blocks(&self, region: RegionId) -> &[BlockId] {
        &self.regions[region.index()].blocks
    }

    /// The first block of a region.
    #[inline]
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region.index()].blocks.first().copied()
    }

    /// The op owning the region.
    #[inline]
    pub fn region_parent(&self, region: RegionId) -> Option<OpId> {
        self.regions[region.index()].parent
    }

    /// Whether the region has no block.
    pub fn region_is_empty(&self, region: RegionId) -> bool {
        self.regions[region.index()].blocks.is_empty()
    }

    // ----- value accessors ------------------------------------------------------------------

    /// The type of a value.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v.index()].ty
    }

    /// Changes the type of a value (used when lowering types in place).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v.index()].ty = ty;
    }

    /// What defines a value.
    #[inline]
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v.index()].def
    }

    /// The defining op of an op result, `None` for block arguments.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.value_def(v) {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::BlockArg { .. } => None,
        }
    }

    /// The block that defines a value: its owner for arguments, its op's block for results.
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.value_def(v) {
            ValueDef::OpResult { op, .. } => self.parent_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
        }
    }

    /// The uses of a value.
    #[inline]
    pub fn uses(&self, v: Value) -> &[Use] {
        &self.values[v.index()].uses
    }

    /// Whether the value is used.
    #[inline]
    pub fn has_uses(&self, v: Value) -> bool {
        !self.values[v.index()].uses.is_empty()
    }

    /// Whether every result of the op is unused.
    pub fn op_results_unused(&self, op: OpId) -> bool {
        self.results(op).iter().all(|&r| !self.has_uses(r))
    }

    // ----- mutation ---------------------------------------------------------------------------

    /// Sets operand `i` of `op` to `v`, keeping use lists right.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        let old = self.ops[op.index()].operands[i];
        self.drop_use(old, op, i as u32);
        self.ops[op.index()].operands[i] = v;
        self.values[v.index()].uses.push(Use { op, operand: i as u32 });
    }

    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: OpId, operands: Vec<Value>) {
        let old = std::mem::take(&mut self.ops[op.index()].operands);
        for (i, v) in old.into_iter().enumerate() {
            self.drop_use(v, op, i as u32);
        }
        for (i, &v) in operands.iter().enumerate() {
            self.values[v.index()].uses.push(Use { op, operand: i as u32 });
        }
        self.ops[op.index()].operands = operands;
    }

    fn drop_use(&mut self, v: Value, op: OpId, operand: u32) {
        let uses = &mut self.values[v.index()].uses;
        if let Some(pos) = uses.iter().position(|u| u.op == op && u.operand == operand) {
            uses.swap_remove(pos);
        }
    }

    /// Replaces every use of `from` with `to`.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from.index()].uses);
        for u in &uses {
            self.ops[u.op.index()].operands[u.operand as usize] = to;
        }
        self.values[to.index()].uses.extend(uses);
    }

    /// Replaces each result of `op` with the matching value of `with`, then erases `op`.
    pub fn replace_op(&mut self, op: OpId, with: &[Value]) {
        let results = self.results(op).to_vec();
        for (r, &w) in results.into_iter().zip(with) {
            self.replace_all_uses(r, w);
        }
        self.erase_op(op);
    }

    /// Inserts a detached op at `ip`.
    pub fn insert_op(&mut self, ip: InsertPoint, op: OpId) {
        let (block, prev, next) = match ip {
            InsertPoint::BlockEnd(b) => (b, self.blocks[b.index()].last, None),
            InsertPoint::BlockStart(b) => (b, None, self.blocks[b.index()].first),
            InsertPoint::Before(o) => {
                let b = self.parent_block(o).expect("insertion anchor is in a block");
                (b, self.ops[o.index()].prev, Some(o))
            }
            InsertPoint::After(o) => {
                let b = self.parent_block(o).expect("insertion anchor is in a block");
                (b, Some(o), self.ops[o.index()].next)
            }
        };
        let d = &mut self.ops[op.index()];
        debug_assert!(d.parent.is_none(), "op is already in a block");
        d.parent = Some(block);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op),
            None => self.blocks[block.index()].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op),
            None => self.blocks[block.index()].last = Some(op),
        }
    }

    /// Removes an op from its block without erasing it.
    pub fn unlink_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op.index()].parent.take() else { return };
        let prev = self.ops[op.index()].prev.take();
        let next = self.ops[op.index()].next.take();
        match prev {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[block.index()].first = next,
        }
        match next {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[block.index()].last = prev,
        }
    }

    /// Moves an op (linked or not) to `ip`.
    pub fn move_op(&mut self, op: OpId, ip: InsertPoint) {
        self.unlink_op(op);
        self.insert_op(ip, op);
    }

    /// Erases an op and everything in its regions. Its results must be unused (uses left in
    /// erased ops do not count).
    pub fn erase_op(&mut self, op: OpId) {
        self.unlink_op(op);
        for region in self.ops[op.index()].regions.clone() {
            self.erase_region_contents(region);
        }
        let operands = std::mem::take(&mut self.ops[op.index()].operands);
        for (i, v) in operands.into_iter().enumerate() {
            self.drop_use(v, op, i as u32);
        }
        self.ops[op.index()].erased = true;
    }

    /// Erases all blocks of a region.
    pub fn erase_region_contents(&mut self, region: RegionId) {
        let blocks = std::mem::take(&mut self.regions[region.index()].blocks);
        // Drop all operand uses first so that ops using each other across blocks can go in any
        // order.
        for &b in &blocks {
            for o in self.block_ops(b) {
                self.drop_all_uses_within(o);
            }
        }
        for b in blocks {
            for o in self.block_ops(b) {
                self.erase_op(o);
            }
            self.blocks[b.index()].erased = true;
            self.blocks[b.index()].parent = None;
        }
    }

    /// Erases one block of its region with everything in it. Its arguments must be unused
    /// outside the block.
    pub fn erase_block(&mut self, block: BlockId) {
        let ops = self.block_ops(block);
        for &o in &ops {
            self.drop_all_uses_within(o);
        }
        for o in ops {
            self.erase_op(o);
        }
        if let Some(region) = self.blocks[block.index()].parent.take() {
            self.regions[region.index()].blocks.retain(|&b| b != block);
        }
        self.blocks[block.index()].erased = true;
    }

    fn drop_all_uses_within(&mut self, op: OpId) {
        let operands = std::mem::take(&mut self.ops[op.index()].operands);
        for (i, v) in operands.into_iter().enumerate() {
            self.drop_use(v, op, i as u32);
        }
        for region in self.ops[op.index()].regions.clone() {
            for b in self.region_blocks(region).to_vec() {
                for o in self.block_ops(b) {
                    self.drop_all_uses_within(o);
                }
            }
        }
    }

    /// Moves all blocks of `from` to the end of `to`.
    pub fn take_region_blocks(&mut self, from: RegionId, to: RegionId) {
        let blocks = std::mem::take(&mut self.regions[from.index()].blocks);
        for b in blocks {
            self.append_block(to, b);
        }
    }

    /// Moves the ops of `from` (all of them) to `ip`, e.g. to inline a single-block body.
    pub fn move_block_ops(&mut self, from: BlockId, ip: InsertPoint) {
        let mut builder = crate::builder::Builder::at(ip);
        for o in self.block_ops(from) {
            self.unlink_op(o);
            match builder.ip {
                InsertPoint::BlockEnd(_) | InsertPoint::Before(_) => self.insert_op(builder.ip, o),
                InsertPoint::BlockStart(_) | InsertPoint::After(_) => {
                    self.insert_op(builder.ip, o);
                    builder.ip = InsertPoint::After(o);
                }
            }
        }
    }

    // ----- traversal --------------------------------------------------------------------------

    /// Visits `op` and every op nested in it, parents before children.
    pub fn walk_pre(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        f(op);
        for &r in self.regions(op) {
            for &b in self.region_blocks(r) {
                for o in self.block_ops_iter(b) {
                    self.walk_pre(o, f);
                }
            }
        }
    }

    /// All ops nested in `op` (including it), parents before children.
    pub fn collect_ops(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_pre(op, &mut |o| out.push(o));
        out
    }

    /// All ops nested in `op` (including it), children before parents: safe to erase in order.
    pub fn collect_ops_post(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_post(op, &mut |o| out.push(o));
        out
    }

    fn walk_post(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        for &r in self.regions(op) {
            for &b in self.region_blocks(r) {
                for o in self.block_ops_iter(b) {
                    self.walk_post(o, f);
                }
            }
        }
        f(op);
    }

    /// Deep-copies `op` (with its regions), mapping operands through `map` (values not in the map
    /// are used as they are) and recording the copies of results and block arguments in `map`.
    /// The clone is detached.
    pub fn clone_op(&mut self, op: OpId, map: &mut std::collections::HashMap<Value, Value>) -> OpId {
        let d = self.ops[op.index()].clone();
        let mut state = OperationState::new(self.op_name(op).to_string(), d.loc.clone());
        state.operands = d.operands.iter().map(|v| *map.get(v).unwrap_or(v)).collect();
        state.result_types = d.results.iter().map(|&r| self.value_type(r)).collect();
        state.props = d.props.clone();
        state.attrs = d.attrs.clone();
        state.successors = d.successors.clone();
        for &r in &d.regions {
            let nr = self.clone_region(r, map);
            state.regions.push(nr);
        }
        let new = self.create_op(state);
        for (i, &r) in d.results.iter().enumerate() {
            map.insert(r, self.result(new, i));
        }
        new
    }

    /// Deep-copies a region (see [`Context::clone_op`]).
    pub fn clone_region(&mut self, region: RegionId, map: &mut std::collections::HashMap<Value, Value>) -> RegionId {
        let new_region = self.new_region();
        let blocks = self.region_blocks(region).to_vec();
        let mut new_blocks = Vec::new();
        for &b in &blocks {
            let nb = self.new_block();
            for a in self.block_args(b).to_vec() {
                let ty = self.value_type(a);
                let na = self.add_block_arg(nb, ty);
                map.insert(a, na);
            }
            self.append_block(new_region, nb);
            new_blocks.push(nb);
        }
        for (&b, &nb) in blocks.iter().zip(&new_blocks) {
            for o in self.block_ops(b) {
                let c = self.clone_op(o, map);
                let succs: Vec<BlockId> = self.ops[c.index()]
                    .successors
                    .iter()
                    .map(|s| blocks.iter().position(|x| x == s).map_or(*s, |i| new_blocks[i]))
                    .collect();
                self.ops[c.index()].successors = succs;
                self.insert_op(InsertPoint::BlockEnd(nb), c);
            }
        }
        new_region
    }

    /// Number of ops ever created (including erased ones); an upper bound for dense side tables.
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// The ops created since `mark` (an earlier [`Context::num_ops`]), in creation order, erased
    /// ones included: lets a rewrite driver find what a pattern built.
    pub fn ops_created_since(&self, mark: usize) -> impl Iterator<Item = OpId> {
        (mark..self.ops.len()).map(|i| OpId(i as u32))
    }

    /// Number of values ever created.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }
}
