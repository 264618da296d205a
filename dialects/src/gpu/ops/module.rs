//! Device code containers: `gpu.module`, `gpu.func` and its terminator `gpu.return`.

use crate::gpu::{syntax, verify};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::symbol::SYM_NAME;
use sharc_ir::{Attr, BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// `gpu.module`'s optional list of target attributes.
pub(crate) const TARGETS: &str = "targets";
/// `gpu.module`'s optional offloading handler attribute.
pub(crate) const OFFLOADING_HANDLER: &str = "offloadingHandler";
/// `gpu.func`'s signature (a type attribute of function type).
pub(crate) const FUNCTION_TYPE: &str = "function_type";
/// `gpu.func`'s argument attribute dictionaries.
pub(crate) const ARG_ATTRS: &str = "arg_attrs";
/// `gpu.func`'s result attribute dictionaries.
pub(crate) const RES_ATTRS: &str = "res_attrs";
/// `gpu.func`'s workgroup attribution attribute dictionaries.
pub(crate) const WORKGROUP_ATTRIB_ATTRS: &str = "workgroup_attrib_attrs";
/// `gpu.func`'s private attribution attribute dictionaries.
pub(crate) const PRIVATE_ATTRIB_ATTRS: &str = "private_attrib_attrs";
/// The number of workgroup attributions of `gpu.func` and `gpu.launch` (a discardable `i64`).
pub(crate) const NUM_WORKGROUP_ATTRIBUTIONS: &str = "workgroup_attributions";
/// The unit attribute marking a `gpu.func` as a kernel.
pub(crate) const KERNEL_ATTR: &str = "gpu.kernel";
/// `gpu.func`'s optional launch bound on the block size (`array<i32: x, y, z>`).
const KNOWN_BLOCK_SIZE: &str = "known_block_size";

/// `gpu.module`.
pub static MODULE: OpSpec = OpSpec {
    summary: "A top level compilation unit containing code to be run on a GPU.",
    description: "Holds the device code of a program: `gpu.func` kernels and device functions, \
        compiled apart from the host code. Its name and the kernel's name form the symbol \
        reference `@module::@kernel` that `gpu.launch_func` launches. One block, no terminator.\n\n\
        ```mlir\n\
        gpu.module @kernels {\n\
        \x20 gpu.func @k(%arg0: memref<?xf32>) kernel {\n\
        \x20   gpu.return\n\
        \x20 }\n\
        }\n\
        ```",
    traits: OpTraits::ISOLATED_FROM_ABOVE
        .with(OpTraits::SYMBOL)
        .with(OpTraits::SYMBOL_TABLE)
        .with(OpTraits::NO_TERMINATOR)
        .with(OpTraits::SINGLE_BLOCK)
        .with(OpTraits::GRAPH_REGION),
    inherent_attrs: &[SYM_NAME, TARGETS, OFFLOADING_HANDLER],
    verify: Some(verify::verify_module),
    parse: Some(syntax::parse_module),
    print: Some(syntax::print_module),
    ..OpSpec::new("gpu.module")
};

/// `gpu.func`.
pub static FUNC: OpSpec = OpSpec {
    summary: "Function executable on a GPU",
    description: "A function in a `gpu.module`: a kernel (keyword `kernel`, attribute `gpu.kernel`), \
        launched from the host by `gpu.launch_func`, or a device function. The entry block's \
        arguments are the function arguments, then the workgroup attributions (buffers shared by \
        the threads of a block, in the workgroup address space), then the private attributions \
        (per-thread buffers); the `workgroup_attributions` attribute counts the former. A kernel \
        returns nothing.\n\n\
        ```mlir\n\
        gpu.func @k(%arg0: memref<?xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) \
        private(%arg2 : memref<1xf32, #gpu.address_space<private>>) kernel attributes {foo.tag} {\n\
        \x20 gpu.return\n\
        }\n\
        ```",
    traits: OpTraits::ISOLATED_FROM_ABOVE
        .with(OpTraits::SYMBOL)
        .with(OpTraits::AFFINE_SCOPE)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[
        FUNCTION_TYPE,
        ARG_ATTRS,
        RES_ATTRS,
        WORKGROUP_ATTRIB_ATTRS,
        PRIVATE_ATTRIB_ATTRS,
        KNOWN_BLOCK_SIZE,
        "known_grid_size",
        "known_cluster_size",
    ],
    verify: Some(verify::verify_func),
    parse: Some(syntax::parse_func),
    print: Some(syntax::print_func),
    ..OpSpec::new("gpu.func")
};

/// `gpu.return`.
pub static RETURN: OpSpec = OpSpec {
    summary: "Terminator for GPU functions.",
    description: "Ends a `gpu.func`, returning its operands (none for a kernel).\n\n\
        ```mlir\ngpu.return %x : f32\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE).with(OpTraits::RETURN_LIKE),
    verify: Some(verify::verify_return),
    parse: Some(syntax::parse_return),
    print: Some(syntax::print_return),
    ..OpSpec::new("gpu.return")
};

/// A typed view of `gpu.module`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModuleOp(pub OpId);

impl ModuleOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.module";

    /// The view, if `op` is a `gpu.module`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ModuleOp> {
        ctx.op_is(op, Self::NAME).then_some(ModuleOp(op))
    }

    /// Creates a detached, empty `gpu.module @name`.
    pub fn build(ctx: &mut Context, loc: Location, name: &str) -> ModuleOp {
        let (region, _) = ctx.new_region_with_block(&[]);
        let name = ctx.string_attr(name);
        let state = OperationState::new(Self::NAME, loc).prop(SYM_NAME, name).region(region);
        ModuleOp(ctx.create_op(state))
    }

    /// The symbol name.
    pub fn name(self, ctx: &Context) -> &str {
        ctx.symbol_name(self.0).unwrap_or("")
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0)).expect("a verified gpu.module has a body block")
    }

    /// The `gpu.func`s of the module, in order.
    pub fn funcs(self, ctx: &Context) -> Vec<FuncOp> {
        ctx.block_ops_iter(self.body(ctx)).filter_map(|o| FuncOp::view(ctx, o)).collect()
    }

    /// The `gpu.func` named `name`.
    pub fn lookup_func(self, ctx: &Context, name: &str) -> Option<FuncOp> {
        ctx.lookup_symbol_in(self.0, name).and_then(|o| FuncOp::view(ctx, o))
    }
}

/// A typed view of `gpu.func`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncOp(pub OpId);

impl FuncOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.func";

    /// The view, if `op` is a `gpu.func`.
    pub fn view(ctx: &Context, op: OpId) -> Option<FuncOp> {
        ctx.op_is(op, Self::NAME).then_some(FuncOp(op))
    }

    /// Creates a detached `gpu.func @name` of signature `inputs -> results` (a kernel if
    /// `kernel`). Its entry block holds the arguments and no op yet: the caller fills it and ends
    /// it with `gpu.return`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        name: &str,
        inputs: &[Type],
        results: &[Type],
        kernel: bool,
    ) -> FuncOp {
        let (region, _) = ctx.new_region_with_block(inputs);
        let fty = ctx.function_type(inputs.to_vec(), results.to_vec());
        let fty = ctx.type_attr(fty);
        let name = ctx.string_attr(name);
        let zero = ctx.i64_attr(0);
        let mut state = OperationState::new(Self::NAME, loc).prop(FUNCTION_TYPE, fty).region(region);
        state.add_attr(SYM_NAME, name);
        state.add_attr(NUM_WORKGROUP_ATTRIBUTIONS, zero);
        if kernel {
            let unit = ctx.unit_attr();
            state.add_attr(KERNEL_ATTR, unit);
        }
        FuncOp(ctx.create_op(state))
    }

    /// The symbol name.
    pub fn name(self, ctx: &Context) -> &str {
        ctx.symbol_name(self.0).unwrap_or("")
    }

    /// The signature (`None` only in unverified IR).
    pub fn function_type(self, ctx: &Context) -> Option<Type> {
        ctx.attr_of(self.0, FUNCTION_TYPE).and_then(|a| ctx.attr_type(a))
    }

    /// The argument types of the signature.
    pub fn argument_types(self, ctx: &Context) -> &[Type] {
        self.function_type(ctx).and_then(|t| ctx.function_parts(t)).map_or(&[], |(i, _)| i)
    }

    /// The result types of the signature.
    pub fn result_types(self, ctx: &Context) -> &[Type] {
        self.function_type(ctx).and_then(|t| ctx.function_parts(t)).map_or(&[], |(_, r)| r)
    }

    /// Whether the function is a kernel (has the `gpu.kernel` attribute).
    pub fn is_kernel(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, KERNEL_ATTR).is_some()
    }

    /// Marks the function as a kernel or not.
    pub fn set_kernel(self, ctx: &mut Context, kernel: bool) {
        if kernel {
            let unit = ctx.unit_attr();
            ctx.set_attr(self.0, KERNEL_ATTR, unit);
        } else {
            ctx.remove_attr(self.0, KERNEL_ATTR);
        }
    }

    /// The block size the function is known to be launched with (`known_block_size`), if given
    /// as three integers.
    pub fn known_block_size(self, ctx: &Context) -> Option<[i64; 3]> {
        let v = ctx.attr_dense_ints(ctx.attr_of(self.0, KNOWN_BLOCK_SIZE)?)?;
        match v {
            [x, y, z] => Some([i64::try_from(*x).ok()?, i64::try_from(*y).ok()?, i64::try_from(*z).ok()?]),
            _ => None,
        }
    }

    /// Declares the block size the function is launched with (`known_block_size`).
    pub fn set_known_block_size(self, ctx: &mut Context, size: [i32; 3]) {
        let a = ctx.dense_i32_array(&size);
        ctx.set_attr(self.0, KNOWN_BLOCK_SIZE, a);
    }

    /// Sets the argument attribute dictionaries (`arg_attrs`): one dictionary per argument, in
    /// order (an empty dictionary for an argument without attributes).
    pub fn set_arg_attrs(self, ctx: &mut Context, dicts: Vec<Attr>) {
        let a = ctx.array_attr(dicts);
        ctx.set_prop(self.0, ARG_ATTRS, a);
    }

    /// The body region.
    pub fn body(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The entry block.
    pub fn entry_block(self, ctx: &Context) -> BlockId {
        ctx.entry_block(self.body(ctx)).expect("a verified gpu.func has a body")
    }

    /// The function arguments (the leading entry-block arguments).
    pub fn arguments(self, ctx: &Context) -> &[Value] {
        let n = self.argument_types(ctx).len();
        let args = ctx.block_args(self.entry_block(ctx));
        &args[..n.min(args.len())]
    }

    /// The number of workgroup attributions.
    pub fn num_workgroup_attributions(self, ctx: &Context) -> usize {
        ctx.attr_of(self.0, NUM_WORKGROUP_ATTRIBUTIONS)
            .and_then(|a| ctx.attr_int(a))
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0)
    }

    /// The workgroup attributions: entry-block arguments after the function arguments.
    pub fn workgroup_attributions(self, ctx: &Context) -> &[Value] {
        let args = ctx.block_args(self.entry_block(ctx));
        let start = self.argument_types(ctx).len().min(args.len());
        let end = (start + self.num_workgroup_attributions(ctx)).min(args.len());
        &args[start..end]
    }

    /// The private attributions: the entry-block arguments after the workgroup attributions.
    pub fn private_attributions(self, ctx: &Context) -> &[Value] {
        let args = ctx.block_args(self.entry_block(ctx));
        let start = (self.argument_types(ctx).len() + self.num_workgroup_attributions(ctx)).min(args.len());
        &args[start..]
    }

    /// Adds a workgroup attribution of (memref) type `ty` after the existing ones.
    pub fn add_workgroup_attribution(self, ctx: &mut Context, ty: Type) -> Value {
        let n = self.num_workgroup_attributions(ctx);
        let index = self.argument_types(ctx).len() + n;
        let block = self.entry_block(ctx);
        let v = ctx.insert_block_arg(block, index, ty);
        let count = ctx.i64_attr(n as i64 + 1);
        ctx.set_attr(self.0, NUM_WORKGROUP_ATTRIBUTIONS, count);
        v
    }

    /// Adds a private attribution of (memref) type `ty` after the existing ones.
    pub fn add_private_attribution(self, ctx: &mut Context, ty: Type) -> Value {
        let block = self.entry_block(ctx);
        ctx.add_block_arg(block, ty)
    }

    /// The `gpu.module` holding the function.
    pub fn module(self, ctx: &Context) -> Option<ModuleOp> {
        ctx.parent_op(self.0).and_then(|m| ModuleOp::view(ctx, m))
    }

    /// Appends the function to the body of `module`.
    pub fn insert_into(self, ctx: &mut Context, module: ModuleOp) {
        let body = module.body(ctx);
        ctx.insert_op(InsertPoint::BlockEnd(body), self.0);
    }
}

/// A typed view of `gpu.return`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReturnOp(pub OpId);

impl ReturnOp {
    /// The op name.
    pub const NAME: &'static str = "gpu.return";

    /// The view, if `op` is a `gpu.return`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ReturnOp> {
        ctx.op_is(op, Self::NAME).then_some(ReturnOp(op))
    }

    /// The state of a `gpu.return` of `values`.
    pub fn state(loc: Location, values: &[Value]) -> OperationState {
        OperationState::new(Self::NAME, loc).operands(values.iter().copied())
    }

    /// The returned values.
    pub fn values(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }
}
