//! The gpumap verifiers. What they cannot check: that the body guards its computation against
//! the threads past the upper bounds (`sharc-run` reports the out-of-bounds accesses), and that
//! barriers and copies are reached by every thread (`sharc-run` reports the divergence).

use super::ops::{
    BandOp, BlockOrder, BLOCK_ORDER, BLOCK_SIZES, DISTRIBUTIONS, LOWER_BOUNDS_GROUPS, LOWER_BOUNDS_MAP, MAPPING,
    MAX_LOOPS, STEPS, TILE_SIZES, UPPER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP,
};
use crate::affine::validity::{affine_scope, is_valid_dim};
use crate::gpu;
use sharc_ir::verifier::op_error;
use sharc_ir::{Context, Diagnostic, OpId};

type Result = std::result::Result<(), Diagnostic>;

/// The rules of `gpumap.band`.
pub(crate) fn verify_band(ctx: &Context, op: OpId) -> Result {
    let band = BandOp(op);
    for name in [LOWER_BOUNDS_MAP, UPPER_BOUNDS_MAP, BLOCK_SIZES, MAPPING] {
        if ctx.attr_of(op, name).is_none() {
            return Err(op_error(ctx, op, format!("requires attribute '{name}'")));
        }
    }
    let sizes = band.block_sizes(ctx);
    let n = sizes.len();
    if n == 0 || n > MAX_LOOPS {
        return Err(op_error(ctx, op, format!("expected 1 to {MAX_LOOPS} loops, got {n}")));
    }
    let (Some(lb), Some(ub)) = (band.lower_bounds_map(ctx), band.upper_bounds_map(ctx)) else {
        return Err(op_error(ctx, op, "expected affine maps as 'lowerBoundsMap' and 'upperBoundsMap'"));
    };
    for (side, name, groups, results) in [
        ("lower", LOWER_BOUNDS_GROUPS, band.lower_bounds_groups(ctx), lb.num_results()),
        ("upper", UPPER_BOUNDS_GROUPS, band.upper_bounds_groups(ctx), ub.num_results()),
    ] {
        if groups.len() != n || groups.iter().any(|&g| g < 1) {
            return Err(op_error(ctx, op, format!("expected '{name}' to hold {n} positive group sizes, one per loop")));
        }
        if groups.iter().sum::<i64>() != results as i64 {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected {} {side}-bound results (the sum of the groups, one per loop by default), got {results}",
                    groups.iter().sum::<i64>()
                ),
            ));
        }
    }
    let steps = band.steps(ctx);
    if steps.len() != n || steps.iter().any(|&s| s < 1) {
        return Err(op_error(ctx, op, format!("expected '{STEPS}' to hold {n} positive steps, one per loop")));
    }
    let operands = ctx.operands(op);
    if operands.len() != lb.num_inputs() + ub.num_inputs() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected {} bound operands (the maps' dims and symbols), got {}",
                lb.num_inputs() + ub.num_inputs(),
                operands.len()
            ),
        ));
    }
    if let Some(s) = sizes.iter().find(|&&s| s < 1) {
        return Err(op_error(ctx, op, format!("expected positive block sizes, got {s}")));
    }
    if sizes.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s).filter(|&t| t <= i64::from(i32::MAX))).is_none() {
        return Err(op_error(ctx, op, "block of more than 2^31 - 1 threads"));
    }
    let tiles = band.tile_sizes(ctx);
    if tiles.len() != n {
        return Err(op_error(ctx, op, format!("expected '{TILE_SIZES}' to hold {n} tile sizes, one per loop")));
    }
    for (d, (&tile, &block)) in tiles.iter().zip(&sizes).enumerate() {
        if tile < block || tile % block != 0 {
            return Err(op_error(
                ctx,
                op,
                format!("expected the tile size of loop {d} to be a positive multiple of its block size {block}, got {tile}"),
            ));
        }
    }
    let distributions = band.distributions(ctx);
    if distributions.len() != n || distributions.iter().any(Option::is_none) {
        return Err(op_error(
            ctx,
            op,
            format!("expected '{DISTRIBUTIONS}' to hold {n} distributions (\"cyclic\" or \"blocked\"), one per loop"),
        ));
    }
    let mapping = band.mapping(ctx);
    if mapping.len() != n || mapping.iter().any(Option::is_none) {
        return Err(op_error(ctx, op, format!("expected {n} hardware dimensions (x, y or z), one per loop")));
    }
    for (i, d) in mapping.iter().enumerate() {
        if mapping[..i].contains(d) {
            let kw = d.map_or("?", gpu::Dimension::keyword);
            return Err(op_error(ctx, op, format!("hardware dimension '{kw}' is mapped twice")));
        }
    }
    match band.block_order(ctx) {
        None => {
            return Err(op_error(ctx, op, format!("expected '{BLOCK_ORDER}' to be \"identity\" or \"diagonal\"")));
        }
        Some(BlockOrder::Diagonal) => {
            let has = |d: gpu::Dimension| mapping.contains(&Some(d));
            if !has(gpu::Dimension::X) || !has(gpu::Dimension::Y) {
                return Err(op_error(ctx, op, "the diagonal block order needs loops mapped to x and y"));
            }
        }
        Some(BlockOrder::Identity) => {}
    }
    let Some(body) = band.body(ctx) else { return Err(op_error(ctx, op, "requires a body")) };
    let args = ctx.block_args(body);
    if args.len() != 2 * n || args.iter().any(|&a| !ctx.is_index(ctx.value_type(a))) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected the body to take {} index arguments (induction variables, then block origins), got {}",
                2 * n,
                args.len()
            ),
        ));
    }
    let scope = affine_scope(ctx, op);
    if let Some(pos) = operands.iter().position(|&v| !is_valid_dim(ctx, v, scope)) {
        return Err(op_error(ctx, op, format!("operand #{pos} must be a valid affine dimension or symbol")));
    }
    let in_kernel = |c: &Context, a: OpId| {
        BandOp::view(c, a).is_some() || gpu::FuncOp::view(c, a).is_some() || gpu::LaunchOp::view(c, a).is_some()
    };
    if ctx.ancestor(op, in_kernel).is_some() {
        return Err(op_error(ctx, op, "cannot be nested in another gpumap.band or in a kernel"));
    }
    Ok(())
}

/// The rules of `gpumap.yield`.
pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> Result {
    if ctx.parent_op(op).is_none_or(|p| BandOp::view(ctx, p).is_none()) {
        return Err(op_error(ctx, op, "expects parent op 'gpumap.band'"));
    }
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "expects no operands"));
    }
    Ok(())
}
