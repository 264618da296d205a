//! The index ops (`gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim`) and
//! `gpu.barrier`.

use super::Dimension;
use crate::gpu::{fold, syntax, verify};
use sharc_ir::builder::OperationState;
use sharc_ir::{Context, Location, OpId, OpSpec, OpTraits, Value};

/// Name of the index ops' dimension property (`#gpu<dim x>`).
pub(crate) const DIMENSION: &str = "dimension";
/// Name of the index ops' optional bound property (an `index` attribute).
pub(crate) const UPPER_BOUND: &str = "upper_bound";

const INDEX_TRAITS: OpTraits = OpTraits::PURE;
const INDEX_ATTRS: &[&str] = &[DIMENSION, UPPER_BOUND];

/// `gpu.thread_id`.
pub static THREAD_ID: OpSpec = OpSpec {
    summary: "Returns the thread id",
    description: "The id of the current thread within its thread block along a dimension, an \
        `index` in `[0, gpu.block_dim)` (or below the optional `upper_bound`).\n\n\
        ```mlir\n%thread_id_x = gpu.thread_id  x\n%t = gpu.thread_id  y upper_bound 32\n```",
    traits: INDEX_TRAITS,
    inherent_attrs: INDEX_ATTRS,
    verify: Some(verify::verify_index_op),
    parse: Some(syntax::parse_index_op),
    print: Some(syntax::print_index_op),
    asm_names: Some(syntax::index_op_names),
    ..OpSpec::new("gpu.thread_id")
};

/// `gpu.block_id`.
pub static BLOCK_ID: OpSpec = OpSpec {
    summary: "Returns the block id, i.e. the index of the current block within the grid along the x, y, or z dimension",
    description: "The id of the current thread block within the grid along a dimension, an \
        `index` in `[0, gpu.grid_dim)`.\n\n```mlir\n%block_id_y = gpu.block_id  y\n```",
    traits: INDEX_TRAITS,
    inherent_attrs: INDEX_ATTRS,
    verify: Some(verify::verify_index_op),
    parse: Some(syntax::parse_index_op),
    print: Some(syntax::print_index_op),
    asm_names: Some(syntax::index_op_names),
    ..OpSpec::new("gpu.block_id")
};

/// `gpu.block_dim`.
pub static BLOCK_DIM: OpSpec = OpSpec {
    summary: "Returns the number of threads in the thread block (aka the block size) along the x, y, or z dimension",
    description: "The number of threads of a thread block along a dimension.\n\n\
        ```mlir\n%block_dim_x = gpu.block_dim  x\n```",
    traits: INDEX_TRAITS,
    inherent_attrs: INDEX_ATTRS,
    verify: Some(verify::verify_index_op),
    parse: Some(syntax::parse_index_op),
    print: Some(syntax::print_index_op),
    asm_names: Some(syntax::index_op_names),
    ..OpSpec::new("gpu.block_dim")
};

/// `gpu.grid_dim`.
pub static GRID_DIM: OpSpec = OpSpec {
    summary: "Returns the number of thread blocks in the grid along the x, y, or z dimension",
    description: "The number of thread blocks of the grid along a dimension.\n\n\
        ```mlir\n%grid_dim_z = gpu.grid_dim  z\n```",
    traits: INDEX_TRAITS,
    inherent_attrs: INDEX_ATTRS,
    verify: Some(verify::verify_index_op),
    parse: Some(syntax::parse_index_op),
    print: Some(syntax::print_index_op),
    asm_names: Some(syntax::index_op_names),
    ..OpSpec::new("gpu.grid_dim")
};

/// `gpu.barrier`.
pub static BARRIER: OpSpec = OpSpec {
    summary: "Synchronizes all work items of a workgroup.",
    description: "Waits until every thread of the thread block has reached it; memory accesses \
        made before it by these threads are then visible to all of them. Either all or none of \
        the threads of a block must execute it.\n\n```mlir\ngpu.barrier\n```",
    traits: OpTraits::MEMORY_EFFECTS,
    canonicalize: &[fold::erase_redundant_barrier],
    parse: Some(syntax::parse_attr_dict_only),
    print: Some(syntax::print_attr_dict_only),
    ..OpSpec::new("gpu.barrier")
};

/// Which index op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexKind {
    /// `gpu.thread_id`: thread within its block.
    ThreadId,
    /// `gpu.block_id`: block within the grid.
    BlockId,
    /// `gpu.block_dim`: threads per block.
    BlockDim,
    /// `gpu.grid_dim`: blocks per grid.
    GridDim,
}

impl IndexKind {
    /// All kinds.
    pub const ALL: [IndexKind; 4] = [IndexKind::ThreadId, IndexKind::BlockId, IndexKind::BlockDim, IndexKind::GridDim];

    /// The op of this kind.
    pub fn spec(self) -> &'static OpSpec {
        match self {
            IndexKind::ThreadId => &THREAD_ID,
            IndexKind::BlockId => &BLOCK_ID,
            IndexKind::BlockDim => &BLOCK_DIM,
            IndexKind::GridDim => &GRID_DIM,
        }
    }

    /// The op name without the dialect (`thread_id`), the stem of the result names.
    pub fn mnemonic(self) -> &'static str {
        let name = self.spec().name;
        name.strip_prefix("gpu.").unwrap_or(name)
    }
}

/// A typed view of the four index ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexOp(pub OpId);

impl IndexOp {
    /// The view, if `op` is one of the index ops.
    pub fn view(ctx: &Context, op: OpId) -> Option<IndexOp> {
        IndexKind::ALL.iter().any(|k| ctx.op_is(op, k.spec().name)).then_some(IndexOp(op))
    }

    /// The state of an index op of `kind` along `dim` (result type `index`).
    pub fn state(ctx: &mut Context, loc: Location, kind: IndexKind, dim: Dimension) -> OperationState {
        let index = ctx.index_type();
        let dim = dim.attr(ctx);
        OperationState::new(kind.spec().name, loc).results([index]).prop(DIMENSION, dim)
    }

    /// Which index op.
    pub fn kind(self, ctx: &Context) -> IndexKind {
        IndexKind::ALL
            .into_iter()
            .find(|k| ctx.op_is(self.0, k.spec().name))
            .expect("the view was made from an index op")
    }

    /// The dimension (`None` only in unverified IR).
    pub fn dimension(self, ctx: &Context) -> Option<Dimension> {
        ctx.attr_of(self.0, DIMENSION).and_then(|a| Dimension::from_attr(ctx, a))
    }

    /// The optional exclusive upper bound of the value.
    pub fn upper_bound(self, ctx: &Context) -> Option<i64> {
        ctx.attr_of(self.0, UPPER_BOUND).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok())
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.result(self.0, 0)
    }
}

/// A typed view of `gpu.barrier`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierOp(pub OpId);

impl BarrierOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.barrier";

    /// The view, if `op` is a `gpu.barrier`.
    pub fn view(ctx: &Context, op: OpId) -> Option<BarrierOp> {
        ctx.op_is(op, Self::NAME).then_some(BarrierOp(op))
    }

    /// The state of a `gpu.barrier`.
    pub fn state(loc: Location) -> OperationState {
        OperationState::new(Self::NAME, loc)
    }
}
