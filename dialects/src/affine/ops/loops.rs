//! `affine.for`, `affine.if` and their terminator `affine.yield`.

use super::{map_attr, set_attr, CONDITION, LOWER_BOUND_MAP, OPERAND_SEGMENT_SIZES, STEP, UPPER_BOUND_MAP};
use crate::affine::{fold, syntax, verify};
use sharc_ir::affine::{AffineMap, IntegerSet};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// `affine.for`.
pub static FOR: OpSpec = OpSpec {
    summary: "for operation",
    description: "A loop from a lower to an upper bound by a positive constant step. Each bound \
                  is an affine map applied to dim `(...)` and symbol `[...]` operands: a \
                  constant, a single symbol written as an SSA value, or `#map(%d)[%s]`; a map \
                  with several results needs `max` (lower) or `min` (upper). `iter_args` carry \
                  values across iterations, yielded by `affine.yield`; without them the \
                  `affine.yield` is implicit.\n\n\
                  ```mlir\naffine.for %i = 0 to %n step 2 {\n  affine.for %j = max #lb(%i) to \
                  min #ub(%i)[%n] {\n  }\n}\n%sum = affine.for %i = 0 to 100 iter_args(%acc = \
                  %zero) -> (f32) {\n  %v = affine.load %A[%i] : memref<100xf32>\n  %s = \
                  arith.addf %acc, %v : f32\n  affine.yield %s : f32\n}\n```\n\n\
                  Properties: `lowerBoundMap`, `upperBoundMap`, `step` (an `index`) and \
                  `operandSegmentSizes` (lower-bound operands, upper-bound operands, inits).",
    traits: OpTraits::LOOP_LIKE
        .with(OpTraits::SINGLE_BLOCK)
        .with(OpTraits::RECURSIVE_MEMORY_EFFECTS)
        .with(OpTraits::AUTOMATIC_ALLOCATION_SCOPE),
    inherent_attrs: &[LOWER_BOUND_MAP, OPERAND_SEGMENT_SIZES, STEP, UPPER_BOUND_MAP],
    implicit_terminator: Some("affine.yield"),
    verify: Some(verify::for_op),
    parse: Some(syntax::parse_for),
    print: Some(syntax::print_for),
    canonicalize: &[fold::fold_constant_loop_bounds, fold::fold_empty_loop_results, fold::erase_empty_loop],
    ..OpSpec::new("affine.for")
};

/// `affine.if`.
pub static IF: OpSpec = OpSpec {
    summary: "if-then-else operation",
    description: "Runs the `then` region if the point given by the dim `(...)` and symbol \
                  `[...]` operands lies in the integer set, else the optional `else` region. \
                  With results, both regions end in `affine.yield` of the values.\n\n\
                  ```mlir\naffine.if #set(%i)[%n] {\n  affine.store %x, %A[%i] : memref<?xf32>\n\
                  } else {\n}\n%r = affine.if affine_set<(d0) : (d0 >= 0)>(%i) -> f32 {\n  \
                  affine.yield %a : f32\n} else {\n  affine.yield %b : f32\n}\n```",
    traits: OpTraits::SINGLE_BLOCK.with(OpTraits::RECURSIVE_MEMORY_EFFECTS),
    inherent_attrs: &[CONDITION],
    implicit_terminator: Some("affine.yield"),
    verify: Some(verify::if_op),
    parse: Some(syntax::parse_if),
    print: Some(syntax::print_if),
    canonicalize: &[fold::erase_dead_else, fold::inline_trivial_if, fold::erase_empty_loop],
    ..OpSpec::new("affine.if")
};

/// `affine.yield`.
pub static YIELD: OpSpec = OpSpec {
    summary: "Yield values to parent operation",
    description: "Ends the region of an `affine.for`, `affine.parallel` or `affine.if`, passing \
                  its operands to the next iteration or to the parent's results. Without \
                  operands it is implicit in the custom form.\n\n\
                  ```mlir\naffine.yield %sum : f32\n```",
    traits: OpTraits::PURE.with(OpTraits::TERMINATOR).with(OpTraits::RETURN_LIKE),
    verify: Some(verify::yield_op),
    parse: Some(syntax::parse_yield),
    print: Some(syntax::print_yield),
    ..OpSpec::new("affine.yield")
};

/// The first block of region `i` of `op`, if any.
pub(super) fn region_block(ctx: &Context, op: OpId, i: usize) -> Option<BlockId> {
    ctx.regions(op).get(i).and_then(|&r| ctx.entry_block(r))
}

/// The terminator of region `i` of `op`, if it has a block.
pub(super) fn region_terminator(ctx: &Context, op: OpId, i: usize) -> Option<OpId> {
    region_block(ctx, op, i).and_then(|b| ctx.block_last_op(b))
}

/// A region holding one block with `args`, ending in an operand-free `affine.yield` if
/// `with_yield`.
fn body_region(ctx: &mut Context, loc: &Location, args: &[Type], with_yield: bool) -> RegionId {
    let (region, block) = ctx.new_region_with_block(args);
    if with_yield {
        let y = ctx.create_op(YieldOp::build(loc.clone(), &[]));
        ctx.insert_op(InsertPoint::BlockEnd(block), y);
    }
    region
}

/// A typed view of `affine.for`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForOp(pub OpId);

impl ForOp {
    /// The view, if `op` is an `affine.for`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ForOp> {
        ctx.op_is(op, FOR.name).then_some(ForOp(op))
    }

    /// The lower bound map (its results' maximum is the bound).
    pub fn lower_bound_map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, LOWER_BOUND_MAP)
    }

    /// The upper bound map (its results' minimum is the exclusive bound).
    pub fn upper_bound_map(self, ctx: &Context) -> Option<&AffineMap> {
        map_attr(ctx, self.0, UPPER_BOUND_MAP)
    }

    /// The step (1 if the attribute is missing).
    pub fn step(self, ctx: &Context) -> i64 {
        ctx.attr_of(self.0, STEP).and_then(|a| ctx.attr_int(a)).and_then(|v| i64::try_from(v).ok()).unwrap_or(1)
    }

    /// The sizes of the lower-bound, upper-bound and init operand groups: from
    /// `operandSegmentSizes`, or from the maps' input counts if that is malformed.
    pub(crate) fn segment_sizes(self, ctx: &Context) -> [usize; 3] {
        let total = ctx.operands(self.0).len();
        let from_attr = ctx
            .attr_of(self.0, OPERAND_SEGMENT_SIZES)
            .and_then(|a| ctx.attr_dense_ints(a))
            .filter(|s| s.len() == 3 && s.iter().all(|&x| x >= 0))
            .map(|s| [s[0] as usize, s[1] as usize, s[2] as usize])
            .filter(|s| s.iter().sum::<usize>() == total);
        from_attr.unwrap_or_else(|| {
            let lb = self.lower_bound_map(ctx).map_or(0, AffineMap::num_inputs).min(total);
            let ub = self.upper_bound_map(ctx).map_or(0, AffineMap::num_inputs).min(total - lb);
            [lb, ub, total - lb - ub]
        })
    }

    /// The operands of the lower bound map (dims, then symbols).
    pub fn lower_bound_operands(self, ctx: &Context) -> &[Value] {
        let [lb, _, _] = self.segment_sizes(ctx);
        &ctx.operands(self.0)[..lb]
    }

    /// The operands of the upper bound map.
    pub fn upper_bound_operands(self, ctx: &Context) -> &[Value] {
        let [lb, ub, _] = self.segment_sizes(ctx);
        &ctx.operands(self.0)[lb..lb + ub]
    }

    /// The initial values of the loop-carried variables.
    pub fn inits(self, ctx: &Context) -> &[Value] {
        let [lb, ub, _] = self.segment_sizes(ctx);
        &ctx.operands(self.0)[lb + ub..]
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> Option<BlockId> {
        region_block(ctx, self.0, 0)
    }

    /// The body region.
    pub fn region(self, ctx: &Context) -> Option<RegionId> {
        ctx.regions(self.0).first().copied()
    }

    /// The induction variable (the body's first argument).
    pub fn induction_var(self, ctx: &Context) -> Option<Value> {
        self.body(ctx).and_then(|b| ctx.block_args(b).first().copied())
    }

    /// The loop-carried variables inside the body (the body's arguments after the induction
    /// variable).
    pub fn region_iter_args(self, ctx: &Context) -> &[Value] {
        self.body(ctx).map_or(&[], |b| ctx.block_args(b).get(1..).unwrap_or(&[]))
    }

    /// The body's `affine.yield`.
    pub fn yield_op(self, ctx: &Context) -> Option<YieldOp> {
        region_terminator(ctx, self.0, 0).and_then(|t| YieldOp::view(ctx, t))
    }

    /// Rebuilds the loop with `new_inits` appended to its `iter_args`: the body moves to the
    /// new loop, the attributes are kept, the old results are replaced by the new loop's first
    /// ones, and the old loop is erased. Returns the new loop and the body arguments of the new
    /// `iter_args`; the caller extends the `affine.yield` (and reads the new results). `None`
    /// (nothing changed) when a bound map is missing.
    pub fn with_iter_args(self, ctx: &mut Context, new_inits: &[Value]) -> Option<(ForOp, Vec<Value>)> {
        let (lb, ub) = (self.lower_bound_map(ctx).cloned()?, self.upper_bound_map(ctx).cloned()?);
        let loc = ctx.loc(self.0).clone();
        let mut inits = self.inits(ctx).to_vec();
        inits.extend_from_slice(new_inits);
        let (lo, uo) = (self.lower_bound_operands(ctx).to_vec(), self.upper_bound_operands(ctx).to_vec());
        let state = ForOp::build(ctx, loc, &lo, lb, &uo, ub, self.step(ctx), &inits);
        let new = sharc_ir::builder::Builder::at(InsertPoint::Before(self.0)).insert(ctx, state);
        let (old_region, new_region) = (ctx.region(self.0, 0), ctx.region(new, 0));
        ctx.erase_region_contents(new_region);
        ctx.take_region_blocks(old_region, new_region);
        for (name, value) in ctx.attrs(self.0).to_vec() {
            ctx.set_attr(new, &name, value);
        }
        let body = ForOp(new).body(ctx)?;
        let args = new_inits
            .iter()
            .map(|&i| {
                let ty = ctx.value_type(i);
                ctx.add_block_arg(body, ty)
            })
            .collect();
        for (i, r) in ctx.results(self.0).to_vec().into_iter().enumerate() {
            let to = ctx.result(new, i);
            ctx.replace_all_uses(r, to);
        }
        ctx.erase_op(self.0);
        Some((ForOp(new), args))
    }

    /// The lower bound, if it is a constant map.
    pub fn constant_lower_bound(self, ctx: &Context) -> Option<i64> {
        self.lower_bound_map(ctx).and_then(AffineMap::single_constant_result)
    }

    /// The upper bound, if it is a constant map.
    pub fn constant_upper_bound(self, ctx: &Context) -> Option<i64> {
        self.upper_bound_map(ctx).and_then(AffineMap::single_constant_result)
    }

    /// The number of iterations, if both bounds are constants and the step positive.
    pub fn constant_trip_count(self, ctx: &Context) -> Option<u64> {
        let (lb, ub, step) = (self.constant_lower_bound(ctx)?, self.constant_upper_bound(ctx)?, self.step(ctx));
        if step <= 0 {
            return None;
        }
        let span = (ub as i128) - (lb as i128);
        Some(if span <= 0 { 0 } else { ((span + step as i128 - 1) / step as i128) as u64 })
    }

    /// Replaces the lower bound (operands and map).
    pub fn set_lower_bound(self, ctx: &mut Context, operands: &[Value], map: AffineMap) {
        self.set_bound(ctx, 0, operands, map);
    }

    /// Replaces the upper bound (operands and map).
    pub fn set_upper_bound(self, ctx: &mut Context, operands: &[Value], map: AffineMap) {
        self.set_bound(ctx, 1, operands, map);
    }

    /// Replaces the step (positive, as the verifier requires).
    pub fn set_step(self, ctx: &mut Context, step: i64) {
        let a = ctx.index_attr(step);
        ctx.set_prop(self.0, STEP, a);
    }

    fn set_bound(self, ctx: &mut Context, which: usize, operands: &[Value], map: AffineMap) {
        let mut sizes = self.segment_sizes(ctx);
        let mut groups = [
            self.lower_bound_operands(ctx).to_vec(),
            self.upper_bound_operands(ctx).to_vec(),
            self.inits(ctx).to_vec(),
        ];
        groups[which] = operands.to_vec();
        sizes[which] = operands.len();
        ctx.set_operands(self.0, groups.concat());
        let seg = ctx.dense_i32_array(&sizes.map(|s| s as i32));
        ctx.set_prop(self.0, OPERAND_SEGMENT_SIZES, seg);
        let m = ctx.affine_map_attr(map);
        ctx.set_prop(self.0, if which == 0 { LOWER_BOUND_MAP } else { UPPER_BOUND_MAP }, m);
    }

    /// The state of a new `affine.for` with a body block (induction variable, then one argument
    /// per init); without inits the body already ends in `affine.yield`.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        lb_operands: &[Value],
        lb_map: AffineMap,
        ub_operands: &[Value],
        ub_map: AffineMap,
        step: i64,
        inits: &[Value],
    ) -> OperationState {
        let index = ctx.index_type();
        let init_types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
        let args: Vec<Type> = std::iter::once(index).chain(init_types.iter().copied()).collect();
        let region = body_region(ctx, &loc, &args, inits.is_empty());
        let seg = ctx.dense_i32_array(&[lb_operands.len() as i32, ub_operands.len() as i32, inits.len() as i32]);
        let (lb, ub) = (ctx.affine_map_attr(lb_map), ctx.affine_map_attr(ub_map));
        let step = ctx.index_attr(step);
        OperationState::new(FOR.name, loc)
            .operands(lb_operands.iter().chain(ub_operands).chain(inits).copied())
            .results(init_types)
            .prop(LOWER_BOUND_MAP, lb)
            .prop(UPPER_BOUND_MAP, ub)
            .prop(STEP, step)
            .prop(OPERAND_SEGMENT_SIZES, seg)
            .region(region)
    }
}

/// A typed view of `affine.if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfOp(pub OpId);

impl IfOp {
    /// The view, if `op` is an `affine.if`.
    pub fn view(ctx: &Context, op: OpId) -> Option<IfOp> {
        ctx.op_is(op, IF.name).then_some(IfOp(op))
    }

    /// The condition.
    pub fn condition(self, ctx: &Context) -> Option<&IntegerSet> {
        set_attr(ctx, self.0, CONDITION)
    }

    /// The `then` block.
    pub fn then_block(self, ctx: &Context) -> Option<BlockId> {
        region_block(ctx, self.0, 0)
    }

    /// The `else` block, if the op has one.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        region_block(ctx, self.0, 1)
    }

    /// Whether the `else` region has a block.
    pub fn has_else(self, ctx: &Context) -> bool {
        self.else_block(ctx).is_some()
    }

    /// Replaces the condition and its operands.
    pub fn set_conditional(self, ctx: &mut Context, set: IntegerSet, operands: Vec<Value>) {
        let a = ctx.integer_set_attr(set);
        ctx.set_prop(self.0, CONDITION, a);
        ctx.set_operands(self.0, operands);
    }

    /// The state of a new `affine.if`; with `with_else` the `else` region gets a block too.
    /// Without results, blocks already end in `affine.yield`.
    pub fn build(
        ctx: &mut Context,
        loc: Location,
        set: IntegerSet,
        operands: &[Value],
        results: &[Type],
        with_else: bool,
    ) -> OperationState {
        let then_region = body_region(ctx, &loc, &[], results.is_empty());
        let else_region = if with_else { body_region(ctx, &loc, &[], results.is_empty()) } else { ctx.new_region() };
        let cond = ctx.integer_set_attr(set);
        OperationState::new(IF.name, loc)
            .operands(operands.iter().copied())
            .results(results.iter().copied())
            .prop(CONDITION, cond)
            .region(then_region)
            .region(else_region)
    }
}

/// A typed view of `affine.yield`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YieldOp(pub OpId);

impl YieldOp {
    /// The view, if `op` is an `affine.yield`.
    pub fn view(ctx: &Context, op: OpId) -> Option<YieldOp> {
        ctx.op_is(op, YIELD.name).then_some(YieldOp(op))
    }

    /// The yielded values.
    pub fn operands(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// The state of a new `affine.yield`.
    pub fn build(loc: Location, values: &[Value]) -> OperationState {
        OperationState::new(YIELD.name, loc).operands(values.iter().copied())
    }
}
