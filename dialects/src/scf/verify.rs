//! The scf verifiers, with upstream MLIR's messages.
//!
//! Each verifier checks, in MLIR's order: the ODS constraints (operand/region counts, operand
//! types, region sizes), the op's own rules, then the rules MLIR derives from interfaces:
//! `LoopLikeOpInterface` (inits, region iter_args, yielded values, results agree) and
//! `RegionBranchOpInterface` (every control-flow edge between the op and its regions passes as
//! many values as the target receives, of the same types), and the implicit-terminator trait.
//! Generic-form input can have any shape, so nothing is indexed before its count is checked.

use super::ops::{
    entry_block_of, ConditionOp, ForOp, IfOp, ReduceOp, WhileOp, YieldOp, EXECUTE_REGION, FOR, IF, PARALLEL,
};
use crate::arith::ConstantOp;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, Type, Value};

type Result = std::result::Result<(), Diagnostic>;

/// `'f32'`, as MLIR quotes types in diagnostics.
fn quoted(ctx: &Context, ty: Type) -> String {
    format!("'{}'", type_to_string(ctx, ty))
}

/// `HasParent` / `ParentOneOf`.
fn check_parent(ctx: &Context, op: OpId, allowed: &[&str]) -> Result {
    if ctx.parent_op(op).is_some_and(|p| allowed.iter().any(|&n| ctx.op_is(p, n))) {
        return Ok(());
    }
    let msg = match allowed {
        [one] => format!("expects parent op '{one}'"),
        _ => format!("expects parent op to be one of '{}'", allowed.join(", ")),
    };
    Err(op_error(ctx, op, msg))
}

/// ODS region count: `requires one region` / `expected N regions`.
fn check_num_regions(ctx: &Context, op: OpId, n: usize) -> Result {
    let found = ctx.regions(op).len();
    match (n, found) {
        (a, b) if a == b => Ok(()),
        (1, _) => Err(op_error(ctx, op, "requires one region")),
        _ => Err(op_error(ctx, op, format!("expected {n} regions"))),
    }
}

/// ODS `SizedRegion<1>` on region `index` named `name`.
fn check_one_block(ctx: &Context, op: OpId, index: usize, name: &str) -> Result {
    match ctx.regions(op).get(index) {
        Some(&r) if ctx.region_blocks(r).len() == 1 => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!("region #{index} ('{name}') failed to verify constraint: region with 1 blocks"),
        )),
    }
}

/// ODS `requires zero results`.
fn check_no_results(ctx: &Context, op: OpId) -> Result {
    if ctx.results(op).is_empty() {
        Ok(())
    } else {
        Err(op_error(ctx, op, "requires zero results"))
    }
}

/// ODS: operand `index` of type `ty` satisfies `ok`, described as `what`.
fn check_operand_type(ctx: &Context, op: OpId, index: usize, ok: bool, what: &str) -> Result {
    if ok {
        return Ok(());
    }
    let ty = quoted(ctx, ctx.value_type(ctx.operand(op, index)));
    Err(op_error(ctx, op, format!("operand #{index} must be {what}, but got {ty}")))
}

fn check_i1_operand(ctx: &Context, op: OpId, index: usize) -> Result {
    let ty = ctx.value_type(ctx.operand(op, index));
    check_operand_type(ctx, op, index, ctx.is_signless_int(ty, 1), "1-bit signless integer")
}

/// Where control comes from along a region-branch edge.
#[derive(Clone, Copy)]
enum From {
    /// The op itself (entering a region).
    Parent,
    /// A terminator in one of the op's regions.
    Terminator(OpId),
}

/// Where control goes along a region-branch edge.
#[derive(Clone, Copy)]
enum To {
    /// Region `n` of the op.
    Region(usize),
    /// Back to the op (its results).
    Parent,
}

/// `RegionBranchOpInterface` verification of one edge: `operands` flow into `inputs`.
fn check_edge(ctx: &Context, op: OpId, from: From, to: To, operands: &[Value], inputs: &[Value]) -> Result {
    let edge_error = |detail: String| {
        let (from_text, note_loc) = match from {
            From::Parent => ("parent".to_string(), ctx.loc(op).clone()),
            From::Terminator(t) => (format!("Operation {}", ctx.op_name(t)), ctx.loc(t).clone()),
        };
        let to_text = match to {
            To::Region(n) => format!("Region #{n}"),
            To::Parent => "parent".to_string(),
        };
        op_error(ctx, op, format!("along control flow edge from {from_text} to {to_text}: {detail}"))
            .with_note(note_loc, "region branch point")
    };
    if operands.len() != inputs.len() {
        return Err(edge_error(format!(
            "region branch point has {} operands, but region successor needs {} inputs",
            operands.len(),
            inputs.len()
        )));
    }
    for (i, (&a, &b)) in operands.iter().zip(inputs).enumerate() {
        let (ta, tb) = (ctx.value_type(a), ctx.value_type(b));
        if ta != tb {
            return Err(edge_error(format!(
                "successor operand type #{i} {} should match successor input type #{i} {}",
                quoted(ctx, ta),
                quoted(ctx, tb)
            )));
        }
    }
    Ok(())
}

/// The terminator of region `index` if it is an `scf.yield`.
fn yield_of(ctx: &Context, op: OpId, index: usize) -> Option<OpId> {
    let block = entry_block_of(ctx, op, index)?;
    ctx.block_last_op(block).filter(|&t| YieldOp::view(ctx, t).is_some())
}

/// `SingleBlockImplicitTerminator<name>`: every non-empty region ends in `name`.
fn check_implicit_terminator(ctx: &Context, op: OpId, name: &str) -> Result {
    for &r in ctx.regions(op) {
        let Some(block) = ctx.entry_block(r) else { continue };
        let Some(last) = ctx.block_last_op(block) else { continue };
        if !ctx.op_is(last, name) {
            let found = ctx.op_name(last).to_string();
            return Err(op_error(ctx, op, format!("expects regions to end with '{name}', found '{found}'")).with_note(
                ctx.loc(op).clone(),
                format!("in custom textual format, the absence of terminator implies '{name}'"),
            ));
        }
    }
    Ok(())
}

/// `verifyAndGetTerminator`: region `index` ends in the op `name`, else `msg` with a note at the
/// terminator found.
fn expect_terminator(
    ctx: &Context,
    op: OpId,
    index: usize,
    name: &str,
    msg: &str,
) -> std::result::Result<OpId, Diagnostic> {
    let last = entry_block_of(ctx, op, index).and_then(|b| ctx.block_last_op(b));
    match last {
        Some(t) if ctx.op_is(t, name) => Ok(t),
        Some(t) => Err(op_error(ctx, op, msg).with_note(ctx.loc(t).clone(), "terminator here")),
        None => Err(op_error(ctx, op, msg)),
    }
}

/// `scf.for`.
pub(crate) fn verify_for(ctx: &Context, op: OpId) -> Result {
    let operands = ctx.operands(op);
    if operands.len() < 3 {
        return Err(op_error(ctx, op, format!("expected 3 or more operands, but found {}", operands.len())));
    }
    for (i, &v) in operands[..3].iter().enumerate() {
        let ty = ctx.value_type(v);
        check_operand_type(ctx, op, i, ctx.is_signless_int_or_index(ty), "signless integer or index")?;
    }
    check_num_regions(ctx, op, 1)?;
    check_one_block(ctx, op, 0, "region")?;
    let bound_type = ctx.value_type(operands[0]);
    if operands[..3].iter().any(|&v| ctx.value_type(v) != bound_type) {
        return Err(op_error(ctx, op, "failed to verify that all of {lowerBound, upperBound, step} have same type"));
    }
    let for_op = ForOp(op);
    let inits = for_op.init_args(ctx);
    let results = ctx.results(op);
    if inits.len() != results.len() {
        return Err(op_error(ctx, op, "mismatch in number of loop-carried values and defined values"));
    }
    let body = for_op.body(ctx);
    let args = ctx.block_args(body);
    let iter_args = args.get(1..).unwrap_or(&[]);
    let yielded = yield_of(ctx, op, 0).map_or(&[][..], |y| ctx.operands(y));
    verify_loop_like(ctx, op, inits, iter_args, yielded, Some(results))?;
    check_edge(ctx, op, From::Parent, To::Region(0), inits, iter_args)?;
    check_edge(ctx, op, From::Parent, To::Parent, inits, results)?;
    if let Some(y) = yield_of(ctx, op, 0) {
        check_edge(ctx, op, From::Terminator(y), To::Region(0), yielded, iter_args)?;
        check_edge(ctx, op, From::Terminator(y), To::Parent, yielded, results)?;
    }
    check_implicit_terminator(ctx, op, YieldOp::NAME)?;
    if args.first().is_none_or(|&iv| ctx.value_type(iv) != bound_type) {
        return Err(op_error(ctx, op, "expected induction variable to be same type as bounds and step"));
    }
    Ok(())
}

/// `LoopLikeOpInterface` verification (`verifyLoopLikeOpInterface`).
fn verify_loop_like(
    ctx: &Context,
    op: OpId,
    inits: &[Value],
    iter_args: &[Value],
    yielded: &[Value],
    results: Option<&[Value]>,
) -> Result {
    if inits.len() != iter_args.len() {
        let msg = format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len());
        return Err(op_error(ctx, op, msg));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        let msg = format!(
            "different number of region iter_args and yielded values: {} != {}",
            iter_args.len(),
            yielded.len()
        );
        return Err(op_error(ctx, op, msg));
    }
    if let Some(results) = results {
        if results.len() != iter_args.len() {
            let msg = format!(
                "different number of loop results and region iter_args: {} != {}",
                results.len(),
                iter_args.len()
            );
            return Err(op_error(ctx, op, msg));
        }
    }
    let ty = |v: Value| ctx.value_type(v);
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        if ty(init) != ty(arg) {
            let (a, b) = (quoted(ctx, ty(init)), quoted(ctx, ty(arg)));
            return Err(op_error(
                ctx,
                op,
                format!("{i}-th init and {i}-th region iter_arg have different type: {a} != {b}"),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            if ty(arg) != ty(y) {
                let (a, b) = (quoted(ctx, ty(arg)), quoted(ctx, ty(y)));
                return Err(op_error(
                    ctx,
                    op,
                    format!("{i}-th region iter_arg and {i}-th yielded value have different type: {a} != {b}"),
                ));
            }
        }
    }
    for (i, (&arg, &r)) in iter_args.iter().zip(results.unwrap_or(&[])).enumerate() {
        if ty(arg) != ty(r) {
            let (a, b) = (quoted(ctx, ty(arg)), quoted(ctx, ty(r)));
            return Err(op_error(
                ctx,
                op,
                format!("{i}-th region iter_arg and {i}-th loop result have different type: {a} != {b}"),
            ));
        }
    }
    Ok(())
}

/// `scf.if`.
pub(crate) fn verify_if(ctx: &Context, op: OpId) -> Result {
    if ctx.operands(op).len() != 1 {
        return Err(op_error(ctx, op, "requires a single operand"));
    }
    check_i1_operand(ctx, op, 0)?;
    check_num_regions(ctx, op, 2)?;
    check_one_block(ctx, op, 0, "thenRegion")?;
    if ctx.region_blocks(ctx.region(op, 1)).len() > 1 {
        return Err(op_error(
            ctx,
            op,
            "region #1 ('elseRegion') failed to verify constraint: region with at most 1 blocks",
        ));
    }
    for i in 0..2 {
        if entry_block_of(ctx, op, i).is_some_and(|b| !ctx.block_args(b).is_empty()) {
            return Err(op_error(ctx, op, format!("region #{i} should have no arguments")));
        }
    }
    let if_op = IfOp(op);
    let results = ctx.results(op);
    if !results.is_empty() && if_op.else_block(ctx).is_none() {
        return Err(op_error(ctx, op, "must have an else block if defining values"));
    }
    if if_op.else_block(ctx).is_none() {
        check_edge(ctx, op, From::Parent, To::Parent, &[], results)?;
    }
    for i in 0..2 {
        if let Some(y) = yield_of(ctx, op, i) {
            check_edge(ctx, op, From::Terminator(y), To::Parent, ctx.operands(y), results)?;
        }
    }
    check_implicit_terminator(ctx, op, YieldOp::NAME)
}

/// `scf.parallel`.
pub(crate) fn verify_parallel(ctx: &Context, op: OpId) -> Result {
    let par = super::ops::ParallelOp(op);
    let n = ctx.operands(op).len();
    let Some(sizes) = par.segment_sizes(ctx) else {
        let declared = par.declared_segment_sizes(ctx);
        if !declared.is_empty() && declared.len() != 4 {
            let msg = format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have 4 elements, but got {}",
                declared.len()
            );
            return Err(op_error(ctx, op, msg));
        }
        let total: i128 = declared.iter().sum();
        let msg = format!("operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'");
        return Err(op_error(ctx, op, msg));
    };
    let num_index_operands = sizes[0] + sizes[1] + sizes[2];
    for i in 0..num_index_operands {
        let ty = ctx.value_type(ctx.operand(op, i));
        check_operand_type(ctx, op, i, ctx.is_index(ty), "variadic of index")?;
    }
    check_num_regions(ctx, op, 1)?;
    check_one_block(ctx, op, 0, "region")?;
    if sizes[0] != sizes[2] || sizes[1] != sizes[2] {
        return Err(op_error(ctx, op, "expects the same number of lower bounds, upper bounds and steps"));
    }
    let steps = par.steps(ctx);
    if steps.is_empty() {
        return Err(op_error(ctx, op, "needs at least one tuple element for lowerBound, upperBound and step"));
    }
    // Unlike scf.for, scf.parallel rejects a constant step that is not positive.
    let constant = |v| ctx.defining_op(v).and_then(|d| ConstantOp::view(ctx, d)).and_then(|c| c.int_value(ctx));
    if steps.iter().any(|&s| constant(s).is_some_and(|c| c <= 0)) {
        return Err(op_error(ctx, op, "constant step operand must be positive"));
    }
    let body = par.body(ctx);
    let ivs = ctx.block_args(body);
    if ivs.len() != steps.len() {
        let msg = format!(
            "expects the same number of induction variables: {} as bound and step values: {}",
            ivs.len(),
            steps.len()
        );
        return Err(op_error(ctx, op, msg));
    }
    if ivs.iter().any(|&v| !ctx.is_index(ctx.value_type(v))) {
        return Err(op_error(ctx, op, "expects arguments for the induction variable to be of index type"));
    }
    let reduce = expect_terminator(ctx, op, 0, ReduceOp::NAME, "expects body to terminate with 'scf.reduce'")?;
    let results = ctx.results(op);
    let reductions = ctx.regions(reduce).len();
    if results.len() != reductions {
        let msg = format!(
            "expects number of results: {} to be the same as number of reductions: {reductions}",
            results.len()
        );
        return Err(op_error(ctx, op, msg));
    }
    let inits = par.init_vals(ctx);
    if results.len() != inits.len() {
        let msg = format!(
            "expects number of results: {} to be the same as number of initial values: {}",
            results.len(),
            inits.len()
        );
        return Err(op_error(ctx, op, msg));
    }
    for (i, &r) in results.iter().enumerate() {
        let Some(&operand) = ctx.operands(reduce).get(i) else {
            return Err(op_error(ctx, reduce, format!("expects {} operands, one per reduction", results.len())));
        };
        let (rt, ot) = (ctx.value_type(r), ctx.value_type(operand));
        if rt != ot {
            let msg = format!(
                "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                quoted(ctx, ot),
                quoted(ctx, rt)
            );
            return Err(op_error(ctx, reduce, msg));
        }
    }
    for (i, (&init, &r)) in inits.iter().zip(results).enumerate() {
        if ctx.value_type(init) != ctx.value_type(r) {
            let msg = format!(
                "expects type of {i}-th initial value: {} to be the same as the {i}-th result type: {}",
                quoted(ctx, ctx.value_type(init)),
                quoted(ctx, ctx.value_type(r))
            );
            return Err(op_error(ctx, op, msg));
        }
    }
    Ok(())
}

/// `scf.reduce`.
pub(crate) fn verify_reduce(ctx: &Context, op: OpId) -> Result {
    check_no_results(ctx, op)?;
    check_parent(ctx, op, &[PARALLEL.name])?;
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if ctx.region_blocks(r).len() != 1 {
            return Err(op_error(
                ctx,
                op,
                format!("region #{i} ('reductions') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    let operands = ctx.operands(op);
    if operands.len() != ctx.regions(op).len() {
        let msg = format!(
            "expects one reduction region per operand, got {} operands and {} regions",
            operands.len(),
            ctx.regions(op).len()
        );
        return Err(op_error(ctx, op, msg));
    }
    for (i, (&v, &r)) in operands.iter().zip(ctx.regions(op)).enumerate() {
        let ty = ctx.value_type(v);
        let Some(block) = ctx.entry_block(r) else { continue };
        if ctx.block_first_op(block).is_none() {
            return Err(op_error(ctx, op, format!("{i}-th reduction has an empty body")));
        }
        let args = ctx.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| ctx.value_type(a) != ty) {
            let msg =
                format!("expected two block arguments with type {} in the {i}-th reduction region", quoted(ctx, ty));
            return Err(op_error(ctx, op, msg));
        }
        if !ctx.block_last_op(block).is_some_and(|t| ctx.op_is(t, super::ops::REDUCE_RETURN.name)) {
            return Err(op_error(ctx, op, "reduction bodies must be terminated with an 'scf.reduce.return' op"));
        }
    }
    Ok(())
}

/// `scf.reduce.return`.
pub(crate) fn verify_reduce_return(ctx: &Context, op: OpId) -> Result {
    if ctx.operands(op).len() != 1 {
        return Err(op_error(ctx, op, "requires a single operand"));
    }
    check_no_results(ctx, op)?;
    check_parent(ctx, op, &[ReduceOp::NAME])?;
    let expected = ctx.parent_block(op).and_then(|b| ctx.block_args(b).first().copied()).map(|a| ctx.value_type(a));
    let actual = ctx.value_type(ctx.operand(op, 0));
    match expected {
        Some(t) if t == actual => Ok(()),
        Some(t) => {
            Err(op_error(ctx, op, format!("must have type {} (the type of the reduction inputs)", quoted(ctx, t))))
        }
        None => Err(op_error(ctx, op, "expects its block to have the reduction inputs as arguments")),
    }
}

/// `scf.while`.
pub(crate) fn verify_while(ctx: &Context, op: OpId) -> Result {
    check_num_regions(ctx, op, 2)?;
    check_one_block(ctx, op, 0, "before")?;
    check_one_block(ctx, op, 1, "after")?;
    let cond = expect_terminator(
        ctx,
        op,
        0,
        ConditionOp::NAME,
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    let yield_op =
        expect_terminator(ctx, op, 1, YieldOp::NAME, "expects the 'after' region to terminate with 'scf.yield'")?;
    let w = WhileOp(op);
    let before_args = w.before_arguments(ctx);
    let after_args = w.after_arguments(ctx);
    let results = ctx.results(op);
    check_edge(ctx, op, From::Parent, To::Region(0), w.inits(ctx), before_args)?;
    let forwarded = ConditionOp(cond).args(ctx);
    check_edge(ctx, op, From::Terminator(cond), To::Parent, forwarded, results)?;
    check_edge(ctx, op, From::Terminator(cond), To::Region(1), forwarded, after_args)?;
    check_edge(ctx, op, From::Terminator(yield_op), To::Region(0), ctx.operands(yield_op), before_args)
}

/// `scf.condition`.
pub(crate) fn verify_condition(ctx: &Context, op: OpId) -> Result {
    if ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "expected 1 or more operands, but found 0"));
    }
    check_i1_operand(ctx, op, 0)?;
    check_no_results(ctx, op)?;
    check_parent(ctx, op, &[WhileOp::NAME])
}

/// `scf.execute_region`.
pub(crate) fn verify_execute_region(ctx: &Context, op: OpId) -> Result {
    check_num_regions(ctx, op, 1)?;
    let region = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(region) else {
        return Err(op_error(ctx, op, "region needs to have at least one block"));
    };
    if !ctx.block_args(entry).is_empty() {
        return Err(op_error(ctx, op, "region cannot have any arguments"));
    }
    for &b in ctx.region_blocks(region) {
        if let Some(t) = ctx.block_last_op(b).filter(|&t| YieldOp::view(ctx, t).is_some()) {
            check_edge(ctx, op, From::Terminator(t), To::Parent, ctx.operands(t), ctx.results(op))?;
        }
    }
    Ok(())
}

/// `scf.yield`.
pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> Result {
    check_no_results(ctx, op)?;
    check_parent(ctx, op, &[EXECUTE_REGION.name, FOR.name, IF.name, "scf.index_switch", WhileOp::NAME])
}
