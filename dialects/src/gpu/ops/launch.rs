//! Kernel launches: `gpu.launch` (kernel body inline, with its terminator `gpu.terminator`) and
//! `gpu.launch_func` (launch of a `gpu.func` kernel of a `gpu.module`).

use super::module::{FuncOp, NUM_WORKGROUP_ATTRIBUTIONS};
use crate::gpu::{syntax, verify};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{Attr, AttrKind, BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// The operand-group sizes of `gpu.launch` (11 groups) and `gpu.launch_func` (13 groups).
pub(crate) const SEGMENTS: &str = "operandSegmentSizes";
/// `gpu.launch_func`'s kernel symbol (`@module::@kernel`).
pub(crate) const KERNEL: &str = "kernel";
/// `gpu.launch`'s optional name of the module to outline the kernel into.
pub(crate) const MODULE: &str = "module";
/// `gpu.launch`'s optional name of the outlined kernel.
pub(crate) const FUNCTION: &str = "function";

/// The unit attribute marking a `builtin.module` whose `gpu.module`s are launched by
/// `gpu.launch_func` (required on the closest module around every `gpu.launch_func`).
pub const CONTAINER_MODULE_ATTR: &str = "gpu.container_module";

/// Whether `module` (a `builtin.module`) carries `gpu.container_module`.
pub fn is_container_module(ctx: &Context, module: OpId) -> bool {
    ctx.attr_of(module, CONTAINER_MODULE_ATTR).is_some()
}

/// Marks `module` (a `builtin.module`) with `gpu.container_module`.
pub fn set_container_module(ctx: &mut Context, module: OpId) {
    let unit = ctx.unit_attr();
    ctx.set_attr(module, CONTAINER_MODULE_ATTR, unit);
}

/// Number of region arguments of `gpu.launch` before the attributions: block ids, thread ids,
/// grid sizes, block sizes (x, y, z each).
pub const NUM_CONFIG_REGION_ARGS: usize = 12;

/// `gpu.launch`.
pub static LAUNCH: OpSpec = OpSpec {
    summary: "GPU kernel launch operation",
    description: "Launches a kernel whose body is the op's region, on a grid of `blocks` thread \
        blocks of `threads` threads each (x, y, z sizes, `index`). The region's first twelve \
        arguments are the block ids, thread ids, grid sizes and block sizes; workgroup and private \
        attributions follow. `dynamic_shared_memory_size` (an `i32`) sets the bytes of dynamic \
        workgroup memory per block. The body ends in `gpu.terminator`.\n\n\
        ```mlir\n\
        gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)\n\
        \x20          threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {\n\
        \x20 gpu.terminator\n\
        }\n\
        ```",
    traits: OpTraits::AFFINE_SCOPE.with(OpTraits::RECURSIVE_MEMORY_EFFECTS).with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[SEGMENTS, MODULE, FUNCTION],
    verify: Some(verify::verify_launch),
    parse: Some(syntax::parse_launch),
    print: Some(syntax::print_launch),
    ..OpSpec::new("gpu.launch")
};

/// `gpu.launch_func`.
pub static LAUNCH_FUNC: OpSpec = OpSpec {
    summary: "Launches a function as a GPU kernel",
    description: "Launches the kernel `@module::@kernel` (a `gpu.func` with the `gpu.kernel` \
        attribute in a `gpu.module`) on a grid of `blocks` thread blocks of `threads` threads, \
        passing the `args`. The sizes are `index` unless a type follows them (`: i32`). The \
        closest enclosing `builtin.module` must carry `gpu.container_module`.\n\n\
        ```mlir\n\
        gpu.launch_func  @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)  \
        dynamic_shared_memory_size %s args(%a : memref<?xf32>)\n\
        ```",
    traits: OpTraits::MEMORY_EFFECTS,
    inherent_attrs: &[KERNEL, SEGMENTS],
    verify: Some(verify::verify_launch_func),
    parse: Some(syntax::parse_launch_func),
    print: Some(syntax::print_launch_func),
    ..OpSpec::new("gpu.launch_func")
};

/// `gpu.terminator`.
pub static TERMINATOR: OpSpec = OpSpec {
    summary: "Terminator for GPU launch regions.",
    description: "Ends the body of a `gpu.launch`.\n\n```mlir\ngpu.terminator\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE).with(OpTraits::RETURN_LIKE),
    verify: Some(verify::verify_terminator),
    parse: Some(syntax::parse_attr_dict_only),
    print: Some(syntax::print_attr_dict_only),
    ..OpSpec::new("gpu.terminator")
};

/// Three consecutive values from `start`, on verified IR.
fn three(values: &[Value], start: usize, what: &str) -> [Value; 3] {
    match values.get(start..start + 3) {
        Some(&[x, y, z]) => [x, y, z],
        _ => panic!("{what}: the verifier guarantees three values at {start}"),
    }
}

/// The operand-group sizes of `op` from its `operandSegmentSizes`, if there are `N` of them and
/// they add up to the operand count.
fn segment_sizes<const N: usize>(ctx: &Context, op: OpId) -> Option<[usize; N]> {
    let sizes = declared_segment_sizes(ctx, op);
    let sizes: Vec<usize> = sizes.iter().map(|&s| usize::try_from(s).ok()).collect::<Option<_>>()?;
    let sizes: [usize; N] = sizes.try_into().ok()?;
    (sizes.iter().sum::<usize>() == ctx.operands(op).len()).then_some(sizes)
}

/// The `operandSegmentSizes` property as written (empty if absent).
pub(crate) fn declared_segment_sizes(ctx: &Context, op: OpId) -> &[i128] {
    ctx.attr_of(op, SEGMENTS).and_then(|a| ctx.attr_dense_ints(a)).unwrap_or(&[])
}

/// Operand group `index` of `op` per its (valid) segment sizes.
fn group<const N: usize>(ctx: &Context, op: OpId, index: usize) -> &[Value] {
    let Some(sizes) = segment_sizes::<N>(ctx, op) else { return &[] };
    let start: usize = sizes[..index].iter().sum();
    &ctx.operands(op)[start..start + sizes[index]]
}

/// A typed view of `gpu.launch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchOp(pub OpId);

impl LaunchOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.launch";
    /// Number of operand groups.
    pub(crate) const NUM_SEGMENTS: usize = 11;

    /// The view, if `op` is a `gpu.launch`.
    pub fn view(ctx: &Context, op: OpId) -> Option<LaunchOp> {
        ctx.op_is(op, Self::NAME).then_some(LaunchOp(op))
    }

    /// Creates a detached launch of a `grid` of `block`-sized thread blocks. Its body block holds
    /// the twelve configuration arguments and ends in `gpu.terminator`; insert the kernel's ops
    /// before it.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        grid: [Value; 3],
        block: [Value; 3],
        dynamic_shared_memory_size: Option<Value>,
    ) -> LaunchOp {
        let index = ctx.index_type();
        let (region, body) = ctx.new_region_with_block(&[index; NUM_CONFIG_REGION_ARGS]);
        let term = ctx.create_op(TerminatorOp::state(loc.clone()));
        ctx.insert_op(InsertPoint::BlockEnd(body), term);
        let mut sizes = [1i32; Self::NUM_SEGMENTS];
        sizes[0] = 0;
        sizes[7..10].fill(0);
        sizes[10] = i32::from(dynamic_shared_memory_size.is_some());
        let segments = ctx.dense_i32_array(&sizes);
        let zero = ctx.i64_attr(0);
        let mut state = OperationState::new(Self::NAME, loc)
            .operands(grid.into_iter().chain(block).chain(dynamic_shared_memory_size))
            .prop(SEGMENTS, segments)
            .region(region);
        state.add_attr(NUM_WORKGROUP_ATTRIBUTIONS, zero);
        LaunchOp(ctx.create_op(state))
    }

    /// The operand-group sizes: async dependencies, grid x/y/z, block x/y/z, cluster x/y/z,
    /// dynamic shared memory size.
    pub fn segment_sizes(self, ctx: &Context) -> Option<[usize; 11]> {
        segment_sizes::<11>(ctx, self.0)
    }

    /// Whether the launch has a cluster size (not supported by sharc's custom syntax).
    pub fn has_cluster_size(self, ctx: &Context) -> bool {
        self.segment_sizes(ctx).is_some_and(|s| s[7..10].iter().any(|&n| n > 0))
    }

    /// The grid size operands (number of blocks along x, y, z).
    pub fn grid_size_operands(self, ctx: &Context) -> [Value; 3] {
        let start = self.segment_sizes(ctx).map_or(0, |s| s[0]);
        three(ctx.operands(self.0), start, "gpu.launch grid sizes")
    }

    /// The block size operands (threads per block along x, y, z).
    pub fn block_size_operands(self, ctx: &Context) -> [Value; 3] {
        let start = self.segment_sizes(ctx).map_or(0, |s| s[0]) + 3;
        three(ctx.operands(self.0), start, "gpu.launch block sizes")
    }

    /// The dynamic workgroup memory size in bytes (an `i32`), if given.
    pub fn dynamic_shared_memory_size(self, ctx: &Context) -> Option<Value> {
        group::<11>(ctx, self.0, 10).first().copied()
    }

    /// The body region.
    pub fn body(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The entry block of the body.
    pub fn entry_block(self, ctx: &Context) -> BlockId {
        ctx.entry_block(self.body(ctx)).expect("a verified gpu.launch has a body")
    }

    fn config_args(self, ctx: &Context, start: usize, what: &str) -> [Value; 3] {
        three(ctx.block_args(self.entry_block(ctx)), start, what)
    }

    /// The block ids (region arguments 0-2).
    pub fn block_ids(self, ctx: &Context) -> [Value; 3] {
        self.config_args(ctx, 0, "gpu.launch block ids")
    }

    /// The thread ids (region arguments 3-5).
    pub fn thread_ids(self, ctx: &Context) -> [Value; 3] {
        self.config_args(ctx, 3, "gpu.launch thread ids")
    }

    /// The grid sizes as seen inside the body (region arguments 6-8).
    pub fn grid_size(self, ctx: &Context) -> [Value; 3] {
        self.config_args(ctx, 6, "gpu.launch grid sizes")
    }

    /// The block sizes as seen inside the body (region arguments 9-11).
    pub fn block_size(self, ctx: &Context) -> [Value; 3] {
        self.config_args(ctx, 9, "gpu.launch block sizes")
    }

    /// The number of workgroup attributions.
    pub fn num_workgroup_attributions(self, ctx: &Context) -> usize {
        ctx.attr_of(self.0, NUM_WORKGROUP_ATTRIBUTIONS)
            .and_then(|a| ctx.attr_int(a))
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0)
    }

    /// The number of region arguments before the attributions (12, or 18 with clusters).
    pub fn num_config_region_args(self, ctx: &Context) -> usize {
        NUM_CONFIG_REGION_ARGS + if self.has_cluster_size(ctx) { 6 } else { 0 }
    }

    /// The workgroup attributions.
    pub fn workgroup_attributions(self, ctx: &Context) -> &[Value] {
        let args = ctx.block_args(self.entry_block(ctx));
        let start = self.num_config_region_args(ctx).min(args.len());
        let end = (start + self.num_workgroup_attributions(ctx)).min(args.len());
        &args[start..end]
    }

    /// The private attributions.
    pub fn private_attributions(self, ctx: &Context) -> &[Value] {
        let args = ctx.block_args(self.entry_block(ctx));
        let start = (self.num_config_region_args(ctx) + self.num_workgroup_attributions(ctx)).min(args.len());
        &args[start..]
    }

    /// The name of the module to outline the kernel into, if given.
    pub fn module_name(self, ctx: &Context) -> Option<&str> {
        ctx.attr_of(self.0, MODULE).and_then(|a| ctx.attr_symbol(a))
    }

    /// The name of the outlined kernel, if given.
    pub fn function_name(self, ctx: &Context) -> Option<&str> {
        ctx.attr_of(self.0, FUNCTION).and_then(|a| ctx.attr_symbol(a))
    }
}

/// A typed view of `gpu.launch_func`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaunchFuncOp(pub OpId);

impl LaunchFuncOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.launch_func";
    /// Number of operand groups.
    pub(crate) const NUM_SEGMENTS: usize = 13;

    /// The view, if `op` is a `gpu.launch_func`.
    pub fn view(ctx: &Context, op: OpId) -> Option<LaunchFuncOp> {
        ctx.op_is(op, Self::NAME).then_some(LaunchFuncOp(op))
    }

    /// Creates a detached launch of `@module::@kernel` on a `grid` of `block`-sized thread blocks
    /// with `args`.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        module: &str,
        kernel: &str,
        grid: [Value; 3],
        block: [Value; 3],
        dynamic_shared_memory_size: Option<Value>,
        args: &[Value],
    ) -> LaunchFuncOp {
        let symbol = ctx.attr(AttrKind::SymbolRef { root: module.to_string(), nested: vec![kernel.to_string()] });
        let mut sizes = [1i32; Self::NUM_SEGMENTS];
        sizes[0] = 0;
        sizes[7..10].fill(0);
        sizes[10] = i32::from(dynamic_shared_memory_size.is_some());
        sizes[11] = args.len() as i32;
        sizes[12] = 0;
        let segments = ctx.dense_i32_array(&sizes);
        let state = OperationState::new(Self::NAME, loc)
            .operands(grid.into_iter().chain(block).chain(dynamic_shared_memory_size).chain(args.iter().copied()))
            .prop(KERNEL, symbol)
            .prop(SEGMENTS, segments);
        LaunchFuncOp(ctx.create_op(state))
    }

    /// The operand-group sizes: async dependencies, grid x/y/z, block x/y/z, cluster x/y/z,
    /// dynamic shared memory size, kernel operands, async object.
    pub fn segment_sizes(self, ctx: &Context) -> Option<[usize; 13]> {
        segment_sizes::<13>(ctx, self.0)
    }

    /// The kernel symbol reference attribute (`@module::@kernel`).
    pub fn kernel(self, ctx: &Context) -> Option<Attr> {
        ctx.attr_of(self.0, KERNEL)
    }

    /// The names of the kernel's `gpu.module` and of the kernel.
    pub fn kernel_module_and_name(self, ctx: &Context) -> Option<(&str, &str)> {
        match ctx.attr_kind(self.kernel(ctx)?) {
            AttrKind::SymbolRef { root, nested } => {
                Some((root.as_str(), nested.last().map_or(root.as_str(), |s| s.as_str())))
            }
            _ => None,
        }
    }

    /// The launched `gpu.func`, found from the enclosing symbol tables.
    pub fn kernel_func(self, ctx: &Context) -> Option<FuncOp> {
        let sym = self.kernel(ctx)?;
        ctx.resolve_symbol_ref(self.0, sym).and_then(|f| FuncOp::view(ctx, f))
    }

    /// The grid size (number of blocks along x, y, z).
    pub fn grid_size(self, ctx: &Context) -> [Value; 3] {
        let start = self.segment_sizes(ctx).map_or(0, |s| s[0]);
        three(ctx.operands(self.0), start, "gpu.launch_func grid sizes")
    }

    /// The block size (threads per block along x, y, z).
    pub fn block_size(self, ctx: &Context) -> [Value; 3] {
        let start = self.segment_sizes(ctx).map_or(0, |s| s[0]) + 3;
        three(ctx.operands(self.0), start, "gpu.launch_func block sizes")
    }

    /// The type of the grid and block sizes (`index`, `i32` or `i64`).
    pub fn dim_type(self, ctx: &Context) -> Type {
        ctx.value_type(self.grid_size(ctx)[0])
    }

    /// The dynamic workgroup memory size in bytes (an `i32`), if given.
    pub fn dynamic_shared_memory_size(self, ctx: &Context) -> Option<Value> {
        group::<13>(ctx, self.0, 10).first().copied()
    }

    /// The arguments passed to the kernel.
    pub fn kernel_operands(self, ctx: &Context) -> &[Value] {
        group::<13>(ctx, self.0, 11)
    }
}

/// A typed view of `gpu.terminator`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TerminatorOp(pub OpId);

impl TerminatorOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.terminator";

    /// The view, if `op` is a `gpu.terminator`.
    pub fn view(ctx: &Context, op: OpId) -> Option<TerminatorOp> {
        ctx.op_is(op, Self::NAME).then_some(TerminatorOp(op))
    }

    /// The state of a `gpu.terminator`.
    pub fn state(loc: Location) -> OperationState {
        OperationState::new(Self::NAME, loc)
    }
}
