//! Conditionals and regions run once: `scf.if`, `scf.execute_region`, and the terminator they
//! share with the loops, `scf.yield`.

use super::{entry_block_of, region_terminator, terminator_operands};
use crate::scf::{fold, syntax, verify};
use sharc_ir::builder::{InsertPoint, OperationState};
use sharc_ir::{BlockId, Context, Location, OpId, OpSpec, OpTraits, RegionId, Type, Value};

/// Name of `scf.execute_region`'s unit property asking passes not to inline it.
pub(crate) const NO_INLINE: &str = "no_inline";

/// `scf.if`.
pub static IF: OpSpec = OpSpec {
    summary: "if-then-else operation",
    description: "Runs the \"then\" region if the `i1` condition holds, else the \"else\" region (which \
        may be absent when the op has no results). Each region is one block ending in `scf.yield`, \
        which passes the op's results; without results the `scf.yield` is implicit.\n\n\
        ```mlir\n\
        %r = scf.if %c -> (f32) {\n\
        \x20 scf.yield %a : f32\n\
        } else {\n\
        \x20 scf.yield %b : f32\n\
        }\n\
        scf.if %c {\n\
        \x20 memref.store %x, %A[%i] : memref<?xf32>\n\
        }\n\
        ```",
    traits: OpTraits::SINGLE_BLOCK.with(OpTraits::RECURSIVE_MEMORY_EFFECTS),
    implicit_terminator: Some("scf.yield"),
    verify: Some(verify::verify_if),
    canonicalize: &[fold::if_static_condition, fold::if_remove_empty_else],
    parse: Some(syntax::parse_if),
    print: Some(syntax::print_if),
    ..OpSpec::new("scf.if")
};

/// `scf.execute_region`.
pub static EXECUTE_REGION: OpSpec = OpSpec {
    summary: "operation that executes its region exactly once",
    description: "Runs its region once. The region may have several blocks (so unstructured control \
        flow can sit inside structured ops); blocks leaving the region end in `scf.yield`, whose \
        operands are the op's results. `no_inline` asks passes to keep the op.\n\n\
        ```mlir\n\
        %y = scf.execute_region -> i32 {\n\
        \x20 %x = memref.load %A[%i] : memref<128xi32>\n\
        \x20 scf.yield %x : i32\n\
        }\n\
        ```",
    traits: OpTraits::RECURSIVE_MEMORY_EFFECTS,
    inherent_attrs: &[NO_INLINE],
    verify: Some(verify::verify_execute_region),
    canonicalize: &[fold::inline_single_block_execute_region],
    parse: Some(syntax::parse_execute_region),
    print: Some(syntax::print_execute_region),
    ..OpSpec::new("scf.execute_region")
};

/// `scf.yield`.
pub static YIELD: OpSpec = OpSpec {
    summary: "loop yield and termination operation",
    description: "Ends a region of `scf.for`, `scf.if`, `scf.while` (\"after\" region) or \
        `scf.execute_region`, passing its operands to the parent: the next iteration's values or \
        the op's results. Without operands it may be left out in the custom syntax of `scf.for` \
        and `scf.if`.\n\n```mlir\nscf.yield %a, %b : f32, index\n```",
    traits: OpTraits::TERMINATOR.with(OpTraits::PURE).with(OpTraits::RETURN_LIKE),
    verify: Some(verify::verify_yield),
    parse: Some(syntax::parse_yield),
    print: Some(syntax::print_yield),
    ..OpSpec::new("scf.yield")
};

/// A typed view of `scf.if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfOp(pub OpId);

impl IfOp {
    /// The op name.
    pub const NAME: &'static str = "scf.if";

    /// The view, if `op` is an `scf.if`.
    pub fn view(ctx: &Context, op: OpId) -> Option<IfOp> {
        ctx.op_is(op, Self::NAME).then_some(IfOp(op))
    }

    /// Creates a detached `scf.if` on `cond` with results of `result_types`. The then block (and
    /// the else block if `with_else`) is created; without results each ends in the empty
    /// `scf.yield`, with results the caller appends the yields.
    pub fn build(ctx: &mut Context, loc: Location, cond: Value, result_types: &[Type], with_else: bool) -> IfOp {
        let mut regions = Vec::new();
        for present in [true, with_else] {
            let region = ctx.new_region();
            if present {
                let block = ctx.new_block();
                ctx.append_block(region, block);
                if result_types.is_empty() {
                    let y = ctx.create_op(YieldOp::state(loc.clone(), &[]));
                    ctx.insert_op(InsertPoint::BlockEnd(block), y);
                }
            }
            regions.push(region);
        }
        let mut state = OperationState::new(Self::NAME, loc).operands([cond]).results(result_types.iter().copied());
        state.regions = regions;
        IfOp(ctx.create_op(state))
    }

    /// The `i1` condition.
    pub fn condition(self, ctx: &Context) -> Value {
        ctx.operand(self.0, 0)
    }

    /// The "then" region.
    pub fn then_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The "else" region (empty when absent).
    pub fn else_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 1)
    }

    /// The block of the "then" region.
    pub fn then_block(self, ctx: &Context) -> BlockId {
        entry_block_of(ctx, self.0, 0).expect("a verified scf.if has a then block")
    }

    /// The block of the "else" region, if present.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        entry_block_of(ctx, self.0, 1)
    }

    /// The values the "then" region yields.
    pub fn then_yielded(self, ctx: &Context) -> &[Value] {
        terminator_operands(ctx, self.0, 0, YieldOp::NAME)
    }

    /// The values the "else" region yields.
    pub fn else_yielded(self, ctx: &Context) -> &[Value] {
        terminator_operands(ctx, self.0, 1, YieldOp::NAME)
    }
}

/// A typed view of `scf.execute_region`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecuteRegionOp(pub OpId);

impl ExecuteRegionOp {
    /// The op name.
    pub const NAME: &'static str = "scf.execute_region";

    /// The view, if `op` is an `scf.execute_region`.
    pub fn view(ctx: &Context, op: OpId) -> Option<ExecuteRegionOp> {
        ctx.op_is(op, Self::NAME).then_some(ExecuteRegionOp(op))
    }

    /// The region.
    pub fn region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// Whether passes are asked not to inline the op.
    pub fn no_inline(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, NO_INLINE).is_some()
    }
}

/// A typed view of `scf.yield`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct YieldOp(pub OpId);

impl YieldOp {
    /// The op name.
    pub const NAME: &'static str = "scf.yield";

    /// The view, if `op` is an `scf.yield`.
    pub fn view(ctx: &Context, op: OpId) -> Option<YieldOp> {
        ctx.op_is(op, Self::NAME).then_some(YieldOp(op))
    }

    /// The state of an `scf.yield` of `values`.
    pub fn state(loc: Location, values: &[Value]) -> OperationState {
        OperationState::new(Self::NAME, loc).operands(values.iter().copied())
    }

    /// The yielded values.
    pub fn values(self, ctx: &Context) -> &[Value] {
        ctx.operands(self.0)
    }

    /// The terminator of `region` if it is an `scf.yield`.
    pub fn of_region(ctx: &Context, region: RegionId) -> Option<YieldOp> {
        region_terminator(ctx, region).and_then(|t| YieldOp::view(ctx, t))
    }
}
