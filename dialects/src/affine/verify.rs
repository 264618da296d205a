//! The affine ops' verifiers, with upstream's messages: the constraints MLIR's ODS generates
//! (required properties, operand kinds, segment sizes), then each op's rules, among them the
//! affine validity of map operands (see `validity.rs`).
//!
//! One rule is sharc's own: the operands of every bound map must match the map's dimension and
//! symbol count (upstream only checks this in the custom parsers, so a generic-form loop could
//! silently lose operands when printed).

use super::ops::{dense_tensor_ints, int_array};
use super::ops::{
    ForOp, IfOp, ParallelOp, ReductionKind, CONDITION, LOWER_BOUNDS_GROUPS, LOWER_BOUNDS_MAP, LOWER_BOUND_MAP, MAP,
    REDUCTIONS, STEP, STEPS, UPPER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP, UPPER_BOUND_MAP,
};
use super::ops::{FOR, IF, PARALLEL};
use super::validity::{affine_scope, is_valid_dim, is_valid_symbol};
use crate::memref::verify::{
    check_index_operands, check_segments, expect_min_operands, expect_regions, expect_results, operand_must_be,
    plain_error, quoted, requires_attr, result_must_be,
};
use sharc_ir::affine::AffineMap;
use sharc_ir::attrs::AttrKind;
use sharc_ir::types::{Signedness, TypeKind};
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId, Type, Value};

/// Checks that property `name` is an affine map and returns it.
fn required_map<'c>(ctx: &'c Context, op: OpId, name: &str) -> Result<&'c AffineMap, Diagnostic> {
    let Some(a) = ctx.attr_of(op, name) else { return Err(requires_attr(ctx, op, name)) };
    ctx.attr_affine_map(a).ok_or_else(|| {
        op_error(ctx, op, format!("attribute '{name}' failed to satisfy constraint: AffineMap attribute"))
    })
}

/// MLIR's `verifyDimAndSymbolIdentifiers`: the first `num_dims` operands must be valid dims,
/// the rest valid symbols, in the op's affine scope.
fn check_dims_and_symbols(ctx: &Context, op: OpId, operands: &[Value], num_dims: usize) -> Result<(), Diagnostic> {
    let scope = affine_scope(ctx, op);
    for (i, &v) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim(ctx, v, scope) {
                return Err(op_error(ctx, op, "operand cannot be used as a dimension id"));
            }
        } else if !is_valid_symbol(ctx, v, scope) {
            return Err(op_error(ctx, op, "operand cannot be used as a symbol"));
        }
    }
    Ok(())
}

/// The single block of region `i`, or the ODS `SizedRegion<1>` error.
fn single_block(ctx: &Context, op: OpId, i: usize, name: &str) -> Result<sharc_ir::BlockId, Diagnostic> {
    ctx.regions(op).get(i).and_then(|&r| ctx.entry_block(r)).ok_or_else(|| {
        op_error(ctx, op, format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"))
    })
}

/// `affine.for`.
pub(crate) fn for_op(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let lb_map = required_map(ctx, op, LOWER_BOUND_MAP)?;
    match ctx.attr_of(op, STEP) {
        None => return Err(requires_attr(ctx, op, STEP)),
        Some(a) if !matches!(ctx.attr_kind(a), AttrKind::Integer { ty, .. } if ctx.is_index(*ty)) => {
            return Err(op_error(ctx, op, format!("attribute '{STEP}' failed to satisfy constraint: index attribute")))
        }
        _ => {}
    }
    let ub_map = required_map(ctx, op, UPPER_BOUND_MAP)?;
    let seg = check_segments(ctx, op, 3)?;
    check_index_operands(ctx, op, 0, seg[0] + seg[1])?;
    expect_regions(ctx, op, 1)?;
    let body = single_block(ctx, op, 0, "region")?;
    let view = ForOp(op);
    verify_loop_like(
        ctx,
        op,
        view.inits(ctx),
        view.region_iter_args(ctx),
        view.yield_op(ctx).map(|y| y.operands(ctx)),
    )?;
    let args = ctx.block_args(body);
    if args.first().is_none_or(|&iv| !ctx.is_index(ctx.value_type(iv))) {
        return Err(op_error(ctx, op, "expected body to have a single index argument for the induction variable"));
    }
    for (which, map, operands) in
        [("lower", lb_map, view.lower_bound_operands(ctx)), ("upper", ub_map, view.upper_bound_operands(ctx))]
    {
        if map.num_inputs() != operands.len() {
            return Err(op_error(
                ctx,
                op,
                format!("{which} bound operand count and affine map dimension and symbol count must match"),
            ));
        }
        if map.num_inputs() > 0 {
            check_dims_and_symbols(ctx, op, operands, map.num_dims() as usize)?;
        }
    }
    if lb_map.num_results() < 1 {
        return Err(op_error(ctx, op, "expected lower bound map to have at least one result"));
    }
    if ub_map.num_results() < 1 {
        return Err(op_error(ctx, op, "expected upper bound map to have at least one result"));
    }
    let results = ctx.results(op).len();
    if results > 0 {
        if view.inits(ctx).len() != results {
            return Err(op_error(ctx, op, "mismatch between the number of loop-carried values and results"));
        }
        if view.region_iter_args(ctx).len() != results {
            return Err(op_error(ctx, op, "mismatch between the number of basic block args and results"));
        }
    }
    Ok(())
}

/// MLIR's `verifyLoopLikeOpInterface`: inits, region iter_args, yielded values and results agree
/// in number and type.
fn verify_loop_like(
    ctx: &Context,
    op: OpId,
    inits: &[Value],
    iter_args: &[Value],
    yielded: Option<&[Value]>,
) -> Result<(), Diagnostic> {
    let yielded = yielded.unwrap_or(&[]);
    let results = ctx.results(op);
    if inits.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()),
        ));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    if results.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!("different number of loop results and region iter_args: {} != {}", results.len(), iter_args.len()),
        ));
    }
    let ty = |v: Value| ctx.value_type(v);
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        if ty(init) != ty(arg) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    quoted(ctx, ty(init)),
                    quoted(ctx, ty(arg))
                ),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            if ty(arg) != ty(y) {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                        quoted(ctx, ty(arg)),
                        quoted(ctx, ty(y))
                    ),
                ));
            }
        }
    }
    for (i, (&arg, &res)) in iter_args.iter().zip(results).enumerate() {
        if ty(arg) != ty(res) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                    quoted(ctx, ty(arg)),
                    quoted(ctx, ty(res))
                ),
            ));
        }
    }
    Ok(())
}

/// Whether a reduction of kind `kind` can produce a value of type `ty` (upstream's
/// `isResultTypeMatchAtomicRMWKind`).
fn reduction_matches(ctx: &Context, kind: ReductionKind, ty: Type) -> bool {
    let signedness = match ctx.type_kind(ty) {
        TypeKind::Integer { signedness, .. } => Some(*signedness),
        _ => None,
    };
    match kind {
        ReductionKind::AddF | ReductionKind::MulF | ReductionKind::MaximumF | ReductionKind::MinimumF => {
            ctx.is_float(ty)
        }
        ReductionKind::AddI | ReductionKind::MulI | ReductionKind::OrI | ReductionKind::AndI => signedness.is_some(),
        ReductionKind::Assign => true,
        ReductionKind::MaxS | ReductionKind::MinS => signedness == Some(Signedness::Signed),
        ReductionKind::MaxU | ReductionKind::MinU => signedness == Some(Signedness::Unsigned),
        ReductionKind::MaxNumF | ReductionKind::MinNumF | ReductionKind::XOrI => false,
    }
}

/// `affine.parallel`.
pub(crate) fn parallel(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let lb_map = required_map(ctx, op, LOWER_BOUNDS_MAP)?;
    let ub_map = required_map(ctx, op, UPPER_BOUNDS_MAP)?;
    let mut groups = Vec::new();
    for name in [LOWER_BOUNDS_GROUPS, UPPER_BOUNDS_GROUPS] {
        let Some(a) = ctx.attr_of(op, name) else { return Err(requires_attr(ctx, op, name)) };
        let g = dense_tensor_ints(ctx, a).filter(|_| {
            matches!(ctx.attr_kind(a), AttrKind::DenseElements { ty, .. } if ctx.is_signless_int(ctx.element_type_or_self(*ty), 32))
        });
        let Some(g) = g else {
            return Err(op_error(
                ctx,
                op,
                format!("attribute '{name}' failed to satisfy constraint: 32-bit signless integer elements attribute"),
            ));
        };
        groups.push(g);
    }
    let Some(steps) = ctx.attr_of(op, STEPS).map(|a| int_array(ctx, a)) else {
        return Err(requires_attr(ctx, op, STEPS));
    };
    let Some(steps) = steps else {
        return Err(op_error(
            ctx,
            op,
            format!("attribute '{STEPS}' failed to satisfy constraint: 64-bit integer array attribute"),
        ));
    };
    let Some(codes) = ctx.attr_of(op, REDUCTIONS).map(|a| int_array(ctx, a)) else {
        return Err(requires_attr(ctx, op, REDUCTIONS));
    };
    let Some(codes) = codes.filter(|c| c.iter().all(|&k| ReductionKind::from_code(k as i128).is_some())) else {
        return Err(op_error(ctx, op, format!("attribute '{REDUCTIONS}' failed to satisfy constraint: Reduction ops")));
    };
    check_index_operands(ctx, op, 0, ctx.operands(op).len())?;
    expect_regions(ctx, op, 1)?;
    let body = single_block(ctx, op, 0, "region")?;
    let num_dims = steps.len();
    let num_args = ctx.block_args(body).len();
    if groups[0].len() != num_dims || groups[1].len() != num_dims || num_args != num_dims {
        return Err(op_error(
            ctx,
            op,
            format!(
                "the number of region arguments ({num_args}) and the number of map groups for lower ({}) and upper bound ({}), and the number of steps ({num_dims}) must all match",
                groups[0].len(),
                groups[1].len()
            ),
        ));
    }
    for (which, g, map) in [("lower", &groups[0], lb_map), ("upper", &groups[1], ub_map)] {
        let expected: i64 = g.iter().sum();
        if expected != map.num_results() as i64 {
            return Err(op_error(ctx, op, format!("expected {which} bounds map to have {expected} results")));
        }
    }
    let results = ctx.results(op);
    if codes.len() != results.len() {
        return Err(op_error(ctx, op, "a reduction must be specified for each output"));
    }
    for (&code, &r) in codes.iter().zip(results) {
        let Some(kind) = ReductionKind::from_code(code as i128) else {
            return Err(op_error(ctx, op, "invalid reduction attribute"));
        };
        if !reduction_matches(ctx, kind, ctx.value_type(r)) {
            return Err(op_error(ctx, op, "result type cannot match reduction attribute"));
        }
    }
    if ctx.operands(op).len() != lb_map.num_inputs() + ub_map.num_inputs() {
        return Err(op_error(ctx, op, "operand count and bound maps dimension and symbol count must match"));
    }
    let view = ParallelOp(op);
    check_dims_and_symbols(ctx, op, view.lower_bound_operands(ctx), lb_map.num_dims() as usize)?;
    check_dims_and_symbols(ctx, op, view.upper_bound_operands(ctx), ub_map.num_dims() as usize)
}

/// `affine.if`.
pub(crate) fn if_op(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(cond) = ctx.attr_of(op, CONDITION) else { return Err(requires_attr(ctx, op, CONDITION)) };
    let Some(set) = ctx.attr_integer_set(cond) else {
        return Err(op_error(ctx, op, "requires an integer set attribute named 'condition'"));
    };
    expect_regions(ctx, op, 2)?;
    single_block(ctx, op, 0, "thenRegion")?;
    // Upstream's `NoRegionArguments` trait.
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if ctx.entry_block(r).is_some_and(|b| !ctx.block_args(b).is_empty()) {
            return Err(op_error(ctx, op, format!("region #{i} should have no arguments")));
        }
    }
    if ctx.operands(op).len() != set.num_inputs() {
        return Err(op_error(ctx, op, "operand count and condition integer set dimension and symbol count must match"));
    }
    check_dims_and_symbols(ctx, op, ctx.operands(op), set.num_dims() as usize)?;
    let results = ctx.results(op).len();
    if results > 0 && !IfOp(op).has_else(ctx) {
        return Err(op_error(
            ctx,
            op,
            format!("along control flow edge from parent to parent: region branch point has 0 operands, but region successor needs {results} inputs"),
        )
        .with_note(ctx.loc(op).clone(), "region branch point"));
    }
    Ok(())
}

/// `affine.yield`: its parent is an affine loop or `affine.if` whose results it matches.
pub(crate) fn yield_op(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_results(ctx, op, 0)?;
    let parent = ctx.parent_op(op).filter(|&p| [FOR.name, IF.name, PARALLEL.name].iter().any(|n| ctx.op_is(p, n)));
    let Some(parent) = parent else {
        return Err(op_error(ctx, op, "only terminates affine.if/for/parallel regions"));
    };
    let (results, operands) = (ctx.results(parent), ctx.operands(op));
    if results.len() != operands.len() {
        return Err(op_error(ctx, op, "parent of yield must have same number of results as the yield operands"));
    }
    if results.iter().zip(operands).any(|(&r, &o)| ctx.value_type(r) != ctx.value_type(o)) {
        return Err(op_error(ctx, op, "types mismatch between yield op and its parent"));
    }
    Ok(())
}

/// The checks `affine.load` and `affine.store` share (MLIR's `verifyMemoryOpIndexing` and
/// the ODS constraints): `first_index` is the position of the first map operand.
fn verify_access(ctx: &Context, op: OpId, memref_pos: usize) -> Result<(AffineMap, usize), Diagnostic> {
    let map = required_map(ctx, op, MAP)?.clone();
    let mty = ctx.value_type(ctx.operand(op, memref_pos));
    let Some(rank) = ctx.memref_parts(mty).map(|p| p.rank()) else {
        return Err(operand_must_be(ctx, op, memref_pos, "memref of any type values"));
    };
    check_index_operands(ctx, op, memref_pos + 1, ctx.operands(op).len())?;
    Ok((map, rank))
}

fn verify_indexing(
    ctx: &Context,
    op: OpId,
    map: &AffineMap,
    rank: usize,
    map_operands: &[Value],
) -> Result<(), Diagnostic> {
    if map.num_results() != rank {
        return Err(op_error(ctx, op, "affine map num results must equal memref rank"));
    }
    if map.num_inputs() != map_operands.len() {
        return Err(op_error(ctx, op, "expects as many subscripts as affine map inputs"));
    }
    check_dims_and_symbols(ctx, op, map_operands, map.num_dims() as usize)
}

/// `affine.load`.
pub(crate) fn load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 1)?;
    let (map, rank) = verify_access(ctx, op, 0)?;
    expect_results(ctx, op, 1)?;
    let elem = ctx.element_type_or_self(ctx.value_type(ctx.operand(op, 0)));
    if ctx.value_type(ctx.result(op, 0)) != elem {
        return Err(op_error(ctx, op, "result type must match element type of memref"));
    }
    verify_indexing(ctx, op, &map, rank, &ctx.operands(op)[1..])
}

/// `affine.store`.
pub(crate) fn store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 2)?;
    let (map, rank) = verify_access(ctx, op, 1)?;
    expect_results(ctx, op, 0)?;
    let elem = ctx.element_type_or_self(ctx.value_type(ctx.operand(op, 1)));
    if ctx.value_type(ctx.operand(op, 0)) != elem {
        return Err(op_error(ctx, op, "value to store must have the same type as memref element type"));
    }
    verify_indexing(ctx, op, &map, rank, &ctx.operands(op)[2..])
}

/// The vector type of an `affine.vector_load`/`affine.vector_store` against its memref.
fn check_vector_type(ctx: &Context, op: OpId, memref: Value, vty: Type, value: bool) -> Result<(), Diagnostic> {
    let TypeKind::Vector { elem, .. } = ctx.type_kind(vty) else {
        return Err(if value {
            operand_must_be(ctx, op, 0, "vector of any type values")
        } else {
            result_must_be(ctx, op, 0, "vector of any type values")
        });
    };
    if *elem != ctx.element_type_or_self(ctx.value_type(memref)) {
        return Err(op_error(ctx, op, "requires memref and vector types of the same elemental type"));
    }
    Ok(())
}

/// `affine.vector_load`.
pub(crate) fn vector_load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 1)?;
    let (map, rank) = verify_access(ctx, op, 0)?;
    expect_results(ctx, op, 1)?;
    check_vector_type(ctx, op, ctx.operand(op, 0), ctx.value_type(ctx.result(op, 0)), false)?;
    verify_indexing(ctx, op, &map, rank, &ctx.operands(op)[1..])
}

/// `affine.vector_store`.
pub(crate) fn vector_store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    expect_min_operands(ctx, op, 2)?;
    let (map, rank) = verify_access(ctx, op, 1)?;
    expect_results(ctx, op, 0)?;
    check_vector_type(ctx, op, ctx.operand(op, 1), ctx.value_type(ctx.operand(op, 0)), true)?;
    verify_indexing(ctx, op, &map, rank, &ctx.operands(op)[2..])
}

/// The constraints `affine.apply`, `affine.min` and `affine.max` share: a map, `index`
/// operands, one `index` result, and as many operands as map inputs.
fn verify_map_op(ctx: &Context, op: OpId) -> Result<AffineMap, Diagnostic> {
    let map = required_map(ctx, op, MAP)?.clone();
    check_index_operands(ctx, op, 0, ctx.operands(op).len())?;
    expect_results(ctx, op, 1)?;
    if !ctx.is_index(ctx.value_type(ctx.result(op, 0))) {
        return Err(result_must_be(ctx, op, 0, "index"));
    }
    if ctx.operands(op).len() != map.num_inputs() {
        return Err(op_error(ctx, op, "operand count and affine map dimension and symbol count must match"));
    }
    Ok(map)
}

/// `affine.apply`.
pub(crate) fn apply(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let map = verify_map_op(ctx, op)?;
    if map.num_results() != 1 {
        return Err(op_error(ctx, op, "mapping must produce one value"));
    }
    // Valid dims may not be used as symbols; operands that are neither are allowed (affine.apply
    // is also used outside affine ops).
    let scope = affine_scope(ctx, op);
    for &v in &ctx.operands(op)[map.num_dims() as usize..] {
        if is_valid_dim(ctx, v, scope) && !is_valid_symbol(ctx, v, scope) {
            return Err(plain_error(ctx, op, "dimensional operand cannot be used as a symbol"));
        }
    }
    Ok(())
}

/// `affine.min` and `affine.max`.
pub(crate) fn min_max(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let map = verify_map_op(ctx, op)?;
    if map.num_results() == 0 {
        return Err(op_error(ctx, op, "affine map expect at least one result"));
    }
    Ok(())
}
