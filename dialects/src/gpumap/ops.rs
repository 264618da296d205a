//! The gpumap ops: `gpumap.band` and its terminator `gpumap.yield`, one
//! [`OpSpec`](sharc_ir::OpSpec) each and a typed view whose accessors are the only place the
//! band's property names are spelled.
//!
//! The views assume verified IR; the builder creates a detached band whose body block holds the
//! induction variables, the block origins and the `gpumap.yield`.

use crate::gpu::Dimension;
use crate::gpumap::{syntax, verify};
use sharc_ir::affine::AffineMap;
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{BlockId, Context, Location, OpId, OpSpec, OpTraits, Value};
pub use sharc_machine::channels::BlockOrder;

/// `lowerBoundsMap`: one lower-bound expression per loop.
pub(crate) const LOWER_BOUNDS_MAP: &str = "lowerBoundsMap";
/// `upperBoundsMap`: one (exclusive) upper-bound expression per loop.
pub(crate) const UPPER_BOUNDS_MAP: &str = "upperBoundsMap";
/// `blockSizes`: threads per block along each loop (`array<i64: ...>`).
pub(crate) const BLOCK_SIZES: &str = "blockSizes";
/// `mapping`: the hardware dimension of each loop (`[#gpu<dim y>, #gpu<dim x>]`).
pub(crate) const MAPPING: &str = "mapping";
/// `lowerBoundsGroups` (optional): how many lower-bound results each loop takes the maximum of
/// (`dense<...> : tensor<Nxi32>`, as `affine.parallel`); absent when every loop has one.
pub(crate) const LOWER_BOUNDS_GROUPS: &str = "lowerBoundsGroups";
/// `upperBoundsGroups` (optional): how many upper-bound results each loop takes the minimum of.
pub(crate) const UPPER_BOUNDS_GROUPS: &str = "upperBoundsGroups";
/// `steps` (optional): the step of each loop (`[2, 1]`); absent when every step is 1.
pub(crate) const STEPS: &str = "steps";
/// `tileSizes` (optional): iterations per block along each loop (`array<i64: ...>`), each a
/// multiple of the loop's block size; absent when every tile equals its block.
pub(crate) const TILE_SIZES: &str = "tileSizes";
/// `blockOrder` (optional): which tile each thread block runs (`"diagonal"`); absent when block
/// `b` runs tile `b`.
pub(crate) const BLOCK_ORDER: &str = "blockOrder";
/// `distributions` (optional): how each loop's tile is dealt to its threads when the tile is
/// larger than the block (`["cyclic", "blocked"]`); absent when every loop is cyclic.
pub(crate) const DISTRIBUTIONS: &str = "distributions";

/// How a loop whose tile holds `f = tile / block` iterations per thread deals them out: thread
/// `t`'s induction variable is the first of its `f` iterations (replica 0), and replica `u`
/// handles the iteration `u * block` (cyclic) or `u` (blocked) steps further.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Distribution {
    /// Thread `t` runs iterations `t, t + block, ..., t + (f-1)·block` of its tile (seed 000's
    /// Algorithm 1: the tile is kept and the block shrinks; a warp's replicas stay contiguous).
    Cyclic,
    /// Thread `t` runs iterations `t·f, ..., t·f + f - 1` of its tile (seed 001's thread merge).
    Blocked,
}

impl Distribution {
    /// Every spelling, as the syntax and the properties write them.
    pub const CHOICES: [(&'static str, Distribution); 2] =
        [("cyclic", Distribution::Cyclic), ("blocked", Distribution::Blocked)];

    /// The keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Distribution::Cyclic => "cyclic",
            Distribution::Blocked => "blocked",
        }
    }

    /// The distribution spelled `text`.
    pub fn from_keyword(text: &str) -> Option<Distribution> {
        Self::CHOICES.iter().find(|c| c.0 == text).map(|c| c.1)
    }

    /// How far apart, in iterations (multiples of the step), replica `u` and replica 0 of one
    /// thread are, for a loop of `block` threads.
    pub fn replica_offset(self, block: i64, u: i64) -> i64 {
        match self {
            Distribution::Cyclic => u * block,
            Distribution::Blocked => u,
        }
    }

    /// The distance in iterations between neighbouring threads' first iterations, for a tile
    /// of `factor` iterations per thread.
    pub fn thread_stride(self, factor: i64) -> i64 {
        match self {
            Distribution::Cyclic => 1,
            Distribution::Blocked => factor,
        }
    }
}

/// Every property of `gpumap.band`, sorted (the inherent attributes, which the custom form
/// spells in its own syntax rather than in the attribute dictionary).
pub(crate) const BAND_PROPERTIES: &[&str] = &[
    BLOCK_ORDER,
    BLOCK_SIZES,
    DISTRIBUTIONS,
    LOWER_BOUNDS_GROUPS,
    LOWER_BOUNDS_MAP,
    MAPPING,
    STEPS,
    TILE_SIZES,
    UPPER_BOUNDS_GROUPS,
    UPPER_BOUNDS_MAP,
];

/// At most this many loops in a band: one per hardware dimension.
pub const MAX_LOOPS: usize = 3;

/// `gpumap.band`.
pub static BAND: OpSpec = OpSpec {
    summary: "A band of parallel loops bound to the grid and block dimensions of a kernel",
    description: "A band of parallel loops mapped onto a grid of thread blocks, before the kernel \
        is outlined. Each loop has affine bounds (dims and `symbol(...)` operands, as \
        `affine.parallel`), a block extent and a hardware dimension (`x`, `y` or `z`, distinct). \
        Loop `d` runs on `ceildiv(ub_d - lb_d, block_d)` thread blocks along its hardware \
        dimension (no block at all when a loop is empty); thread `t` of block `b` gets the \
        induction variable `lb_d + b * block_d + t` and the block origin `lb_d + b * block_d` \
        (the first iteration of its block, the same for every thread of the block: tile origins \
        of `memplace` copies are written with it). Steps multiply every term.\n\n\
        The **block order** (`order diagonal`, property `blockOrder`) changes which tile a block \
        runs, never what a tile computes: with grid `g_x × g_y` (the loops on `x` and `y`, which \
        it requires) block `(b_x, b_y)` runs tile `(x', y')` with `t = b_x + g_x·b_y`, \
        `y' = t mod g_y`, `x' = (⌊t / g_y⌋ + y') mod g_x` (diagonal block reordering, a \
        bijection for every grid shape; `(b_x + b_y) mod g, b_x` on a square grid), and `b` \
        above is that tile's index. Blocks that run at the same time then write tiles on \
        different diagonals, which spreads a transpose's stores over the memory channels \
        (`sharc-block-remap`). Without it block `b` runs tile `b`.\n\n\
        A loop may run more iterations per block than the block has threads: its **tile** \
        (`tile_d`, a multiple of `block_d`; `f = tile_d / block_d` iterations per thread) sets the \
        blocks to `ceildiv(ub_d - lb_d, tile_d)` and the origin to `lb_d + b * tile_d`, and its \
        **distribution** deals the tile to the threads: `cyclic` (thread `t` runs `t`, \
        `t + block_d`, ..., seed 000's Algorithm 1) or `blocked` (thread `t` runs `t * f` to \
        `t * f + f - 1`, seed 001's thread merge). The induction variable is the thread's first \
        iteration, `lb_d + b * tile_d + t` (cyclic) or `lb_d + b * tile_d + t * f` (blocked); the \
        op runs the body once per thread and never replicates it: a body written for such a loop \
        (`sharc-ilp`'s output) runs the other `f - 1` iterations itself, at `iv + u * block_d` \
        (cyclic) or `iv + u` (blocked), each under its own bounds guard.\n\n\
        The body runs for **every** thread of every block, including threads past the upper \
        bound of a partial block, so that cooperative copies (`memplace.copy_in`) and barriers \
        are reached by the whole block; the body guards its own computation (an `affine.if` on \
        the induction variables), which the verifier cannot check and `sharc-run` reports as an \
        out-of-bounds access when it is missing. Barriers in the body synchronize the thread \
        block. Shared buffers (`memplace.alloc_shared`) are allocated at the top of the body, \
        one per thread block.\n\n\
        The band is an affine scope: its induction variables and origins are valid affine \
        symbols of the ops inside it. Discardable attributes (`sharc.share`, `sharc.plan`) are \
        carried through to the kernel by `sharc-lower-gpumap`.\n\n\
        ```mlir\n\
        gpumap.band (%i, %j) = (0, 0) to (symbol(%n), 64) block [8, 32] dims [y, x] origin (%bi, %bj) {\n\
        \x20 affine.if #set(%i)[%n] {\n\
        \x20   %v = affine.load %A[%i, %j] : memref<?x64xf32>\n\
        \x20   affine.store %v, %B[%i, %j] : memref<?x64xf32>\n\
        \x20 }\n\
        }\n\
        ```\n\n\
        ```mlir\n\
        gpumap.band (%i) = (max(0, symbol(%a))) to (min(symbol(%n), 100)) step (2) block [256] dims [x] origin (%bi) {\n\
        \x20 ...\n\
        }\n\
        ```\n\n\
        ```mlir\n\
        // 4 x 32 threads cover a 32 x 32 tile: thread (ty, tx) runs rows ty, ty + 4, ..., ty + 28.\n\
        gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [4, 32] tile [32, 32] dims [y, x] origin (%bi, %bj) {\n\
        \x20 ...\n\
        }\n\
        ```\n\n\
        ```mlir\n\
        // Block (bx, by) runs the tile on the diagonal order's position instead of tile (bx, by).\n\
        gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [32, 32] dims [y, x] order diagonal origin (%bi, %bj) {\n\
        \x20 ...\n\
        }\n\
        ```\n\n\
        Properties: `lowerBoundsMap`/`upperBoundsMap` (operands are the lower-bound operands, \
        then the upper-bound ones), `lowerBoundsGroups`/`upperBoundsGroups` (results per loop, \
        `dense<...> : tensor<Nxi32>`; absent when each loop has one), `steps` (`[2, 1]`; absent \
        when all are 1), `blockSizes` (`array<i64: ...>`), `tileSizes` (`array<i64: ...>`; absent \
        when every tile is its block), `distributions` (`[\"cyclic\", \"blocked\"]`; absent when \
        all are cyclic), `blockOrder` (`\"diagonal\"`; absent for the identity) and `mapping` \
        (`[#gpu<dim y>, ...]`). \
        The body block's arguments are the induction variables, then the block origins.",
    traits: OpTraits::SINGLE_BLOCK
        .with(OpTraits::AFFINE_SCOPE)
        .with(OpTraits::RECURSIVE_MEMORY_EFFECTS)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: BAND_PROPERTIES,
    implicit_terminator: Some("gpumap.yield"),
    verify: Some(verify::verify_band),
    parse: Some(syntax::parse_band),
    print: Some(syntax::print_band),
    ..OpSpec::new("gpumap.band")
};

/// `gpumap.yield`.
pub static YIELD: OpSpec = OpSpec {
    summary: "Terminates the body of a gpumap.band",
    description: "Ends the body of a `gpumap.band`; it has no operands and is implied in the \
        custom form.\n\n```mlir\ngpumap.yield\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE).with(OpTraits::RETURN_LIKE),
    verify: Some(verify::verify_yield),
    parse: Some(syntax::parse_yield),
    print: Some(syntax::print_yield),
    ..OpSpec::new("gpumap.yield")
};

/// One side of a band's bounds for [`BandOp::build_general`]: a map over `operands` (dims,
/// then symbols) and the number of its results each loop combines.
pub struct BandBounds<'a> {
    /// The map's operands.
    pub operands: &'a [Value],
    /// All bound expressions, loop after loop.
    pub map: AffineMap,
    /// Results per loop.
    pub groups: Vec<i32>,
}

/// A typed view of `gpumap.band`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BandOp(pub OpId);

impl BandOp {
    /// The op name.
    pub const NAME: &'static str = "gpumap.band";

    /// The view, if `op` is a `gpumap.band`.
    pub fn view(ctx: &Context, op: OpId) -> Option<BandOp> {
        ctx.op_is(op, Self::NAME).then_some(BandOp(op))
    }

    /// Creates a detached band of `block.len()` loops: loop `d` runs from result `d` of `lb_map`
    /// (over `lb_operands`) to result `d` of `ub_map` (over `ub_operands`) with step 1 on blocks
    /// of `block[d]` threads along hardware dimension `dims[d]`. Its body block holds the
    /// induction variables, then the block origins, and ends in `gpumap.yield`; insert the body's
    /// ops before it ([`BandOp::yield_op`]). The caller keeps the lengths equal (the verifier
    /// rejects a band whose maps, sizes and dimensions disagree).
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        lb_operands: &[Value],
        lb_map: AffineMap,
        ub_operands: &[Value],
        ub_map: AffineMap,
        block: &[i64],
        dims: &[Dimension],
    ) -> BandOp {
        let n = block.len();
        let lower = BandBounds { operands: lb_operands, map: lb_map, groups: vec![1; n] };
        let upper = BandBounds { operands: ub_operands, map: ub_map, groups: vec![1; n] };
        Self::build_general(ctx, loc, lower, upper, &vec![1; n], block, dims)
    }

    /// [`BandOp::build`] with `max`/`min` groups and steps: loop `d` starts at the maximum of
    /// its `lower.groups[d]` lower-bound results and ends at the minimum of its
    /// `upper.groups[d]` upper-bound results, with step `steps[d]`. Groups of one and steps of
    /// 1 are left implicit (the properties are omitted).
    pub fn build_general(
        ctx: &mut Context,
        loc: Location,
        lower: BandBounds<'_>,
        upper: BandBounds<'_>,
        steps: &[i64],
        block: &[i64],
        dims: &[Dimension],
    ) -> BandOp {
        let index = ctx.index_type();
        let (region, body) = ctx.new_region_with_block(&vec![index; 2 * block.len()]);
        let y = ctx.create_op(OperationState::new(YIELD.name, loc.clone()));
        ctx.insert_op(InsertPoint::BlockEnd(body), y);
        let mapping: Vec<_> = dims.iter().map(|d| d.attr(ctx)).collect();
        let mut props = vec![
            (LOWER_BOUNDS_MAP, ctx.affine_map_attr(lower.map)),
            (UPPER_BOUNDS_MAP, ctx.affine_map_attr(upper.map)),
            (BLOCK_SIZES, ctx.dense_i64_array(block)),
            (MAPPING, ctx.array_attr(mapping)),
        ];
        if lower.groups.iter().any(|&g| g != 1) {
            props.push((LOWER_BOUNDS_GROUPS, crate::affine::i32_tensor_attr(ctx, &lower.groups)));
        }
        if upper.groups.iter().any(|&g| g != 1) {
            props.push((UPPER_BOUNDS_GROUPS, crate::affine::i32_tensor_attr(ctx, &upper.groups)));
        }
        if steps.iter().any(|&s| s != 1) {
            props.push((STEPS, crate::affine::i64_array_attr(ctx, steps)));
        }
        let mut state = OperationState::new(Self::NAME, loc)
            .operands(lower.operands.iter().chain(upper.operands).copied())
            .region(region);
        for (name, attr) in props {
            state.add_prop(name, attr);
        }
        BandOp(ctx.create_op(state))
    }

    /// All lower-bound expressions, flattened over the loops (see [`BandOp::lower_bound_map`]).
    pub fn lower_bounds_map(self, ctx: &Context) -> Option<&AffineMap> {
        ctx.attr_of(self.0, LOWER_BOUNDS_MAP).and_then(|a| ctx.attr_affine_map(a))
    }

    /// All exclusive upper-bound expressions, flattened over the loops.
    pub fn upper_bounds_map(self, ctx: &Context) -> Option<&AffineMap> {
        ctx.attr_of(self.0, UPPER_BOUNDS_MAP).and_then(|a| ctx.attr_affine_map(a))
    }

    /// The operands of the lower bounds (dims, then symbols).
    pub fn lower_bound_operands(self, ctx: &Context) -> &[Value] {
        crate::affine::split_bound_operands(ctx.operands(self.0), self.lower_bounds_map(ctx)).0
    }

    /// The operands of the upper bounds.
    pub fn upper_bound_operands(self, ctx: &Context) -> &[Value] {
        crate::affine::split_bound_operands(ctx.operands(self.0), self.lower_bounds_map(ctx)).1
    }

    /// How many lower-bound results each loop takes the maximum of (1 each when absent).
    pub fn lower_bounds_groups(self, ctx: &Context) -> Vec<i64> {
        self.groups(ctx, LOWER_BOUNDS_GROUPS)
    }

    /// How many upper-bound results each loop takes the minimum of (1 each when absent).
    pub fn upper_bounds_groups(self, ctx: &Context) -> Vec<i64> {
        self.groups(ctx, UPPER_BOUNDS_GROUPS)
    }

    fn groups(self, ctx: &Context, name: &str) -> Vec<i64> {
        match ctx.attr_of(self.0, name) {
            Some(a) => crate::affine::dense_tensor_ints(ctx, a).unwrap_or_default(),
            None => vec![1; self.num_loops(ctx)],
        }
    }

    /// The step of each loop (1 each when absent).
    pub fn steps(self, ctx: &Context) -> Vec<i64> {
        match ctx.attr_of(self.0, STEPS) {
            Some(a) => crate::affine::int_array(ctx, a).unwrap_or_default(),
            None => vec![1; self.num_loops(ctx)],
        }
    }

    /// The lower-bound expressions of loop `pos` (its start is their maximum), as a map over
    /// the lower-bound operands.
    pub fn lower_bound_map(self, ctx: &Context, pos: usize) -> Option<AffineMap> {
        crate::affine::group_map(self.lower_bounds_map(ctx)?, &self.lower_bounds_groups(ctx), pos)
    }

    /// The upper-bound expressions of loop `pos` (its end is their minimum), as a map over the
    /// upper-bound operands.
    pub fn upper_bound_map(self, ctx: &Context, pos: usize) -> Option<AffineMap> {
        crate::affine::group_map(self.upper_bounds_map(ctx)?, &self.upper_bounds_groups(ctx), pos)
    }

    /// Threads per block along each loop (empty if malformed).
    pub fn block_sizes(self, ctx: &Context) -> Vec<i64> {
        ctx.attr_of(self.0, BLOCK_SIZES)
            .and_then(|a| ctx.attr_dense_ints(a))
            .map(|v| v.iter().map(|&x| i64::try_from(x).unwrap_or(0)).collect())
            .unwrap_or_default()
    }

    /// Iterations per block along each loop (the block sizes when absent).
    pub fn tile_sizes(self, ctx: &Context) -> Vec<i64> {
        match ctx.attr_of(self.0, TILE_SIZES) {
            Some(a) => ctx
                .attr_dense_ints(a)
                .map(|v| v.iter().map(|&x| i64::try_from(x).unwrap_or(0)).collect())
                .unwrap_or_default(),
            None => self.block_sizes(ctx),
        }
    }

    /// How each loop deals its tile to its threads (cyclic when absent; `None` entries only in
    /// unverified IR).
    pub fn distributions(self, ctx: &Context) -> Vec<Option<Distribution>> {
        match ctx.attr_of(self.0, DISTRIBUTIONS) {
            Some(a) => ctx
                .attr_array(a)
                .map(|v| v.iter().map(|&d| ctx.attr_str(d).and_then(Distribution::from_keyword)).collect())
                .unwrap_or_default(),
            None => vec![Some(Distribution::Cyclic); self.num_loops(ctx)],
        }
    }

    /// Iterations each thread runs along each loop: `tile / block` (1 when the tile is the
    /// block; 0 entries only in unverified IR).
    pub fn replication(self, ctx: &Context) -> Vec<i64> {
        self.block_sizes(ctx)
            .into_iter()
            .zip(self.tile_sizes(ctx))
            .map(|(b, t)| if b > 0 && t % b == 0 { t / b } else { 0 })
            .collect()
    }

    /// Sets loop `pos`'s block size, tile size and distribution. The properties stay implicit
    /// where they are the defaults (every tile its block, every loop cyclic).
    pub fn set_tiling(self, ctx: &mut Context, pos: usize, block: i64, tile: i64, distribution: Distribution) {
        let (mut blocks, mut tiles) = (self.block_sizes(ctx), self.tile_sizes(ctx));
        let mut dists: Vec<Distribution> =
            self.distributions(ctx).into_iter().map(|d| d.unwrap_or(Distribution::Cyclic)).collect();
        if pos >= blocks.len() || pos >= tiles.len() || pos >= dists.len() {
            return;
        }
        (blocks[pos], tiles[pos], dists[pos]) = (block, tile, distribution);
        let attr = ctx.dense_i64_array(&blocks);
        ctx.set_prop(self.0, BLOCK_SIZES, attr);
        if tiles == blocks {
            ctx.remove_attr(self.0, TILE_SIZES);
        } else {
            let attr = ctx.dense_i64_array(&tiles);
            ctx.set_prop(self.0, TILE_SIZES, attr);
        }
        if dists.iter().all(|&d| d == Distribution::Cyclic) {
            ctx.remove_attr(self.0, DISTRIBUTIONS);
        } else {
            let names: Vec<_> = dists.iter().map(|d| ctx.string_attr(d.keyword())).collect();
            let attr = ctx.array_attr(names);
            ctx.set_prop(self.0, DISTRIBUTIONS, attr);
        }
    }

    /// Which tile each block runs (the identity when absent; `None` only in unverified IR).
    pub fn block_order(self, ctx: &Context) -> Option<BlockOrder> {
        match ctx.attr_of(self.0, BLOCK_ORDER) {
            Some(a) => ctx.attr_str(a).and_then(BlockOrder::from_keyword),
            None => Some(BlockOrder::Identity),
        }
    }

    /// Sets the block order; the identity stays implicit.
    pub fn set_block_order(self, ctx: &mut Context, order: BlockOrder) {
        if order == BlockOrder::Identity {
            ctx.remove_attr(self.0, BLOCK_ORDER);
        } else {
            let attr = ctx.string_attr(order.keyword());
            ctx.set_prop(self.0, BLOCK_ORDER, attr);
        }
    }

    /// The hardware dimension of each loop (`None` entries only in unverified IR).
    pub fn mapping(self, ctx: &Context) -> Vec<Option<Dimension>> {
        ctx.attr_of(self.0, MAPPING)
            .and_then(|a| ctx.attr_array(a))
            .map(|v| v.iter().map(|&d| Dimension::from_attr(ctx, d)).collect())
            .unwrap_or_default()
    }

    /// The number of loops.
    pub fn num_loops(self, ctx: &Context) -> usize {
        self.block_sizes(ctx).len()
    }

    /// The threads of one block along x, y, z (1 along dimensions without a loop).
    pub fn block_shape(self, ctx: &Context) -> [i64; 3] {
        let mut shape = [1; 3];
        for (size, dim) in self.block_sizes(ctx).into_iter().zip(self.mapping(ctx)) {
            if let Some(d) = dim {
                shape[d.index()] = size;
            }
        }
        shape
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> Option<BlockId> {
        ctx.regions(self.0).first().and_then(|&r| ctx.entry_block(r))
    }

    /// The induction variables (the first half of the body's arguments).
    pub fn ivs(self, ctx: &Context) -> &[Value] {
        let args = self.body(ctx).map_or(&[][..], |b| ctx.block_args(b));
        &args[..args.len() / 2]
    }

    /// The block origins: per loop, the first iteration of the thread's block.
    pub fn origins(self, ctx: &Context) -> &[Value] {
        let args = self.body(ctx).map_or(&[][..], |b| ctx.block_args(b));
        &args[args.len() / 2..]
    }

    /// The body's `gpumap.yield`.
    pub fn yield_op(self, ctx: &Context) -> Option<OpId> {
        self.body(ctx).and_then(|b| ctx.block_last_op(b)).filter(|&t| ctx.op_is(t, YIELD.name))
    }

    /// The band around `op`, if any (the closest one).
    pub fn enclosing(ctx: &Context, op: OpId) -> Option<BandOp> {
        ctx.ancestor(op, |c, a| c.op_is(a, Self::NAME)).map(BandOp)
    }
}
