//! Loops: `scf.for`, `scf.parallel` (with its terminator `scf.reduce` and `scf.reduce.return`),
//! `scf.while` (with its terminator `scf.condition`).

use super::{entry_block_of, region_terminator, terminator_operands, YieldOp};
use crate::scf::{fold, syntax, verify};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// Name of the property holding the sizes of `scf.parallel`'s operand groups.
pub(crate) const SEGMENTS: &str = "operandSegmentSizes";

/// `scf.for`.
pub static FOR: OpSpec = OpSpec {
    summary: "for operation",
    description: "A counted loop: the induction variable runs from the lower bound (inclusive) to the \
        upper bound (exclusive) by the step. Bounds, step and induction variable share one type: \
        `index` by default, or a signless integer written after a colon. `iter_args` carry values \
        from one iteration to the next: the region receives the induction variable then one \
        argument per init value, `scf.yield` passes the next values, and the op returns the last \
        ones. Without `iter_args` the `scf.yield` terminator is implicit.\n\n\
        ```mlir\n\
        %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {\n\
        \x20 %x = memref.load %A[%i] : memref<?xf32>\n\
        \x20 %next = arith.addf %acc, %x : f32\n\
        \x20 scf.yield %next : f32\n\
        }\n\
        scf.for %i = %lb to %ub step %s  : i32 {\n\
        }\n\
        ```",
    traits: OpTraits::SINGLE_BLOCK
        .with(OpTraits::LOOP_LIKE)
        .with(OpTraits::RECURSIVE_MEMORY_EFFECTS)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    implicit_terminator: Some("scf.yield"),
    verify: Some(verify::verify_for),
    canonicalize: &[fold::for_trivial_trip_count],
    parse: Some(syntax::parse_for),
    print: Some(syntax::print_for),
    ..OpSpec::new("scf.for")
};

/// `scf.parallel`.
pub static PARALLEL: OpSpec = OpSpec {
    summary: "parallel for operation",
    description: "A multi-dimensional loop whose iterations may run in any order or in parallel. \
        Each dimension has a lower bound, an upper bound and a step (all `index`); the region \
        receives one induction variable per dimension. Optional `init` values seed reductions: the \
        body ends in `scf.reduce`, which has one operand and one reduction region per result. \
        Without results the terminator is an operand-less `scf.reduce`, implicit in the syntax.\n\n\
        ```mlir\n\
        %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%zero) -> f32 {\n\
        \x20 %x = memref.load %A[%i, %j] : memref<?x?xf32>\n\
        \x20 scf.reduce(%x : f32) {\n\
        \x20 ^bb0(%lhs: f32, %rhs: f32):\n\
        \x20   %s = arith.addf %lhs, %rhs : f32\n\
        \x20   scf.reduce.return %s : f32\n\
        \x20 }\n\
        }\n\
        ```",
    traits: OpTraits::SINGLE_BLOCK
        .with(OpTraits::LOOP_LIKE)
        .with(OpTraits::RECURSIVE_MEMORY_EFFECTS)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[SEGMENTS],
    implicit_terminator: Some("scf.reduce"),
    verify: Some(verify::verify_parallel),
    parse: Some(syntax::parse_parallel),
    print: Some(syntax::print_parallel),
    ..OpSpec::new("scf.parallel")
};

/// `scf.reduce`.
pub static REDUCE: OpSpec = OpSpec {
    summary: "reduce operation for scf.parallel",
    description: "The terminator of `scf.parallel`. Its i-th operand is this iteration's \
        contribution to the i-th reduction; its i-th region combines two partial values (two block \
        arguments of the operand's type) and ends in `scf.reduce.return`. The combination order is \
        unspecified.\n\n\
        ```mlir\n\
        scf.reduce(%x : f32) {\n\
        ^bb0(%lhs: f32, %rhs: f32):\n\
        \x20 %s = arith.addf %lhs, %rhs : f32\n\
        \x20 scf.reduce.return %s : f32\n\
        }\n\
        scf.reduce \n\
        ```",
    traits: OpTraits::TERMINATOR.with(OpTraits::RECURSIVE_MEMORY_EFFECTS),
    verify: Some(verify::verify_reduce),
    parse: Some(syntax::parse_reduce),
    print: Some(syntax::print_reduce),
    ..OpSpec::new("scf.reduce")
};

/// `scf.reduce.return`.
pub static REDUCE_RETURN: OpSpec = OpSpec {
    summary: "terminator for reduce operation",
    description: "Ends a reduction region of `scf.reduce` with the combined value, of the type of \
        the reduced operand.\n\n```mlir\nscf.reduce.return %s : f32\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE),
    verify: Some(verify::verify_reduce_return),
    parse: Some(syntax::parse_reduce_return),
    print: Some(syntax::print_reduce_return),
    ..OpSpec::new("scf.reduce.return")
};

/// `scf.while`.
pub static WHILE: OpSpec = OpSpec {
    summary: "a generic 'while' loop",
    description: "A loop of two single-block regions. The \"before\" region receives the loop-carried \
        values (first the init operands) and ends in `scf.condition`: if the condition is false the \
        loop ends and the op returns the condition's other operands; else they go to the \"after\" \
        region, which ends in `scf.yield` with the values for the next \"before\" iteration.\n\n\
        ```mlir\n\
        %r = scf.while (%a = %init) : (i32) -> i32 {\n\
        \x20 %c = arith.cmpi slt, %a, %n : i32\n\
        \x20 scf.condition(%c) %a : i32\n\
        } do {\n\
        ^bb0(%b: i32):\n\
        \x20 %next = arith.addi %b, %one : i32\n\
        \x20 scf.yield %next : i32\n\
        }\n\
        ```",
    traits: OpTraits::SINGLE_BLOCK.with(OpTraits::LOOP_LIKE).with(OpTraits::RECURSIVE_MEMORY_EFFECTS),
    verify: Some(verify::verify_while),
    parse: Some(syntax::parse_while),
    print: Some(syntax::print_while),
    ..OpSpec::new("scf.while")
};

/// `scf.condition`.
pub static CONDITION: OpSpec = OpSpec {
    summary: "loop continuation condition",
    description: "The terminator of the \"before\" region of `scf.while`: if the `i1` condition is \
        true, the other operands go to the \"after\" region; else the loop ends and they become the \
        results of the `scf.while`.\n\n```mlir\nscf.condition(%c) %a, %b : i32, f32\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE),
    verify: Some(verify::verify_condition),
    parse: Some(syntax::parse_condition),
    print: Some(syntax::print_condition),
    ..OpSpec::new("scf.condition")
};

/// A typed view of `scf.for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForOp(pub OpId);

impl ForOp {
    /// The op name.
    pub const NAME: &'static str = "scf.for";

    /// The view, if `op` is an `scf.for`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ForOp> {
        ctx.op_is(op, Self::NAME).then_some(ForOp(op))
    }

    /// Creates a detached loop over `[lb, ub)` by `step` carrying `inits`. Its body block holds the
    /// induction variable and one argument per init; without inits it already ends in the empty
    /// `scf.yield`, with inits the caller appends the `scf.yield` of the next values.
    pub fn build(ctx: &mut Context, loc: Location, lb: Value, ub: Value, step: Value, inits: &[Value]) -> ForOp {
        let iv_type = ctx.value_type(lb);
        let init_types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
        let mut arg_types = vec![iv_type];
        arg_types.extend(&init_types);
        let (region, block) = ctx.new_region_with_block(&arg_types);
        if inits.is_empty() {
            let y = ctx.create_op(YieldOp::state(loc.clone(), &[]));
            ctx.insert_op(InsertPoint::BlockEnd(block), y);
        }
        let state = OperationState::new(Self::NAME, loc)
            .operands([lb, ub, step])
            .operands(inits.iter().copied())
            .results(init_types)
            .region(region);
        ForOp(ctx.create_op(state))
    }

    /// The lower bound.
    pub fn lower_bound(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The upper bound.
    pub fn upper_bound(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 1)
    }

    /// The step.
    pub fn step(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 2)
    }

    /// The initial values of the loop-carried values.
    pub fn init_args(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(3..).unwrap_or(&[])
    }

    /// The body region.
    pub fn region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        entry_block_of(ctx, self.0, 0).expect("a verified scf.for has a body block")
    }

    /// The induction variable.
    pub fn induction_var(self, ctx: &Context) -> Value {
        ctx.block_args(self.body(ctx))[0]
    }

    /// The region arguments of the loop-carried values.
    pub fn region_iter_args(self, ctx: &Context) -> &[Value] {
        ctx.block_args(self.body(ctx)).get(1..).unwrap_or(&[])
    }

    /// The `scf.yield` ending the body.
    pub fn yield_op(self, ctx: &Context) -> Option<OpId> {
        region_terminator(ctx, self.region(ctx)).filter(|&t| ctx.op_is(t, YieldOp::NAME))
    }

    /// The values yielded to the next iteration.
    pub fn yielded_values(self, ctx: &Context) -> &[Value] {
        terminator_operands(ctx, self.0, 0, YieldOp::NAME)
    }

    /// The type of the induction variable, bounds and step (`index` or a signless integer).
    pub fn iv_type(self, ctx: &Context) -> Type {
        ctx.value_type(self.lower_bound(ctx))
    }
}

/// A typed view of `scf.parallel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParallelOp(pub OpId);

impl ParallelOp {
    /// The op name.
    pub const NAME: &'static str = "scf.parallel";

    /// The view, if `op` is an `scf.parallel`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ParallelOp> {
        ctx.op_is(op, Self::NAME).then_some(ParallelOp(op))
    }

    /// Creates a detached loop nest without reductions; its body block holds one `index` induction
    /// variable per dimension and ends in the operand-less `scf.reduce`.
    pub fn build(ctx: &mut Context, loc: Location, lbs: &[Value], ubs: &[Value], steps: &[Value]) -> ParallelOp {
        let index = ctx.index_type();
        let (region, block) = ctx.new_region_with_block(&vec![index; steps.len()]);
        let reduce = ctx.create_op(OperationState::new(ReduceOp::NAME, loc.clone()));
        ctx.insert_op(InsertPoint::BlockEnd(block), reduce);
        let sizes = [lbs.len(), ubs.len(), steps.len(), 0].map(|n| n as i32);
        let segments = ctx.dense_i32_array(&sizes);
        let state = OperationState::new(Self::NAME, loc)
            .operands(lbs.iter().chain(ubs).chain(steps).copied())
            .prop(SEGMENTS, segments)
            .region(region);
        ParallelOp(ctx.create_op(state))
    }

    /// The sizes of the operand groups (lower bounds, upper bounds, steps, inits), if the
    /// `operandSegmentSizes` property is well formed and adds up to the operand count.
    pub fn segment_sizes(self, ctx: &Context) -> Option<[usize; 4]> {
        let sizes = self.declared_segment_sizes(ctx);
        let sizes: Vec<usize> = sizes.iter().map(|&s| usize::try_from(s).ok()).collect::<Option<_>>()?;
        let sizes: [usize; 4] = sizes.try_into().ok()?;
        (sizes.iter().sum::<usize>() == ctx.operands(self.0).len()).then_some(sizes)
    }

    /// The `operandSegmentSizes` property as written (empty if absent or not an `i32` array).
    pub fn declared_segment_sizes(self, ctx: &Context) -> &[i128] {
        ctx.attr_of(self.0, SEGMENTS).and_then(|a| ctx.attr_dense_ints(a)).unwrap_or(&[])
    }

    fn group(self, ctx: &Context, index: usize) -> &[Value] {
        let Some(sizes) = self.segment_sizes(ctx) else { return &[] };
        let start: usize = sizes[..index].iter().sum();
        &ctx.operands(self.0)[start..start + sizes[index]]
    }

    /// The lower bounds, one per dimension.
    pub fn lower_bounds(self, ctx: &Context) -> &[Value] {
        self.group(ctx, 0)
    }

    /// The upper bounds.
    pub fn upper_bounds(self, ctx: &Context) -> &[Value] {
        self.group(ctx, 1)
    }

    /// The steps.
    pub fn steps(self, ctx: &Context) -> &[Value] {
        self.group(ctx, 2)
    }

    /// The initial values of the reductions.
    pub fn init_vals(self, ctx: &Context) -> &[Value] {
        self.group(ctx, 3)
    }

    /// The body region.
    pub fn region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        entry_block_of(ctx, self.0, 0).expect("a verified scf.parallel has a body block")
    }

    /// The induction variables, one per dimension.
    pub fn induction_vars(self, ctx: &Context) -> &[Value] {
        ctx.block_args(self.body(ctx))
    }

    /// The `scf.reduce` ending the body.
    pub fn reduce_op(self, ctx: &Context) -> Option<ReduceOp> {
        region_terminator(ctx, self.region(ctx)).and_then(|t| ReduceOp::view(ctx, t))
    }
}

/// A typed view of `scf.reduce`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReduceOp(pub OpId);

impl ReduceOp {
    /// The op name.
    pub const NAME: &'static str = "scf.reduce";

    /// The view, if `op` is an `scf.reduce`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ReduceOp> {
        ctx.op_is(op, Self::NAME).then_some(ReduceOp(op))
    }

    /// The values reduced, one per reduction.
    pub fn operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// The reduction regions, one per operand.
    pub fn reductions(self, ctx: &Context) -> &[RegionId] {
        ctx.regions(self.0)
    }
}

/// A typed view of `scf.reduce.return`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReduceReturnOp(pub OpId);

impl ReduceReturnOp {
    /// The op name.
    pub const NAME: &'static str = "scf.reduce.return";

    /// The view, if `op` is an `scf.reduce.return`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ReduceReturnOp> {
        ctx.op_is(op, Self::NAME).then_some(ReduceReturnOp(op))
    }

    /// The combined value.
    pub fn result(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }
}

/// A typed view of `scf.while`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WhileOp(pub OpId);

impl WhileOp {
    /// The op name.
    pub const NAME: &'static str = "scf.while";

    /// The view, if `op` is an `scf.while`.
    pub fn view(ctx: &Context, op: OpId) -> Option<WhileOp> {
        ctx.op_is(op, Self::NAME).then_some(WhileOp(op))
    }

    /// The initial values of the "before" region's arguments.
    pub fn inits(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// The "before" region (ends in `scf.condition`).
    pub fn before(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The "after" region (ends in `scf.yield`).
    pub fn after(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 1)
    }

    /// The block of the "before" region.
    pub fn before_body(self, ctx: &Context) -> BlockId {
        entry_block_of(ctx, self.0, 0).expect("a verified scf.while has a before block")
    }

    /// The block of the "after" region.
    pub fn after_body(self, ctx: &Context) -> BlockId {
        entry_block_of(ctx, self.0, 1).expect("a verified scf.while has an after block")
    }

    /// The arguments of the "before" block.
    pub fn before_arguments(self, ctx: &Context) -> &[Value] {
        ctx.block_args(self.before_body(ctx))
    }

    /// The arguments of the "after" block.
    pub fn after_arguments(self, ctx: &Context) -> &[Value] {
        ctx.block_args(self.after_body(ctx))
    }

    /// The `scf.condition` ending the "before" region.
    pub fn condition_op(self, ctx: &Context) -> Option<ConditionOp> {
        region_terminator(ctx, self.before(ctx)).and_then(|t| ConditionOp::view(ctx, t))
    }

    /// The `scf.yield` ending the "after" region.
    pub fn yield_op(self, ctx: &Context) -> Option<OpId> {
        region_terminator(ctx, self.after(ctx)).filter(|&t| ctx.op_is(t, YieldOp::NAME))
    }
}

/// A typed view of `scf.condition`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConditionOp(pub OpId);

impl ConditionOp {
    /// The op name.
    pub const NAME: &'static str = "scf.condition";

    /// The view, if `op` is an `scf.condition`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ConditionOp> {
        ctx.op_is(op, Self::NAME).then_some(ConditionOp(op))
    }

    /// The `i1` continuation condition.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The values forwarded to the "after" region or to the results.
    pub fn args(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0).get(1..).unwrap_or(&[])
    }
}
