//! The custom syntax of the gpumap ops, parser beside printer:
//!
//! ```text
//! gpumap.band (%i, ...) = (lb, ...) to (ub, ...) [step (s, ...)] block [size, ...]
//!     [tile [size, ...] [distribution [cyclic|blocked, ...]]]
//!     dims [x|y|z, ...] [order diagonal] origin (%o, ...) { ... } attr-dict
//! gpumap.yield attr-dict
//! ```
//!
//! Bounds are written as `affine.parallel`'s: affine expressions of SSA ids, dims bare and
//! symbols as `symbol(%n)`, one per loop or a `max(...)` (lower) / `min(...)` (upper) group;
//! steps are constants, printed only when one is not 1; tiles only when one is not its block,
//! distributions only when one is blocked, the block order only when it is not the identity.

use super::ops::{
    BandOp, BlockOrder, Distribution, BAND_PROPERTIES, BLOCK_ORDER, BLOCK_SIZES, DISTRIBUTIONS, LOWER_BOUNDS_GROUPS,
    LOWER_BOUNDS_MAP, MAPPING, STEPS, TILE_SIZES, UPPER_BOUNDS_GROUPS, UPPER_BOUNDS_MAP,
};
use crate::affine::{
    i32_tensor_attr, i64_array_attr, parse_bounds_with_min_max, parse_optional_steps, print_min_max_bound, print_steps,
};
use crate::gpu::Dimension;
use crate::memref::custom_error_at;
use sharc_ir::builder::OperationState;
use sharc_ir::syntax::parser::Delimiter;
use sharc_ir::syntax::{OpAsmParser, OpAsmPrinter, ParseResult};
use sharc_ir::OpId;

/// `gpumap.band (%i, ...) = (lbs) to (ubs) block [sizes] dims [dims] origin (%o, ...) {...}`.
pub(crate) fn parse_band(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    let index = p.ctx().index_type();
    let mut args = Vec::new();
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        args.push(p.parse_argument_name(index)?);
        Ok(())
    })?;
    let num_ivs = args.len();
    p.parse_punct("=")?;
    let (lb_map, lb_groups, lb_operands) = parse_bounds_with_min_max(p, "max")?;
    keyword(p, state, "to")?;
    let (ub_map, ub_groups, ub_operands) = parse_bounds_with_min_max(p, "min")?;
    let steps = parse_optional_steps(p, state)?.unwrap_or_default();
    keyword(p, state, "block")?;
    let mut sizes = Vec::new();
    p.parse_comma_separated_list(Delimiter::Square, |p| {
        sizes.push(p.parse_integer()?);
        Ok(())
    })?;
    let mut tiles = Vec::new();
    let mut distributions = Vec::new();
    if p.parse_optional_keyword("tile") {
        p.parse_comma_separated_list(Delimiter::Square, |p| {
            tiles.push(p.parse_integer()?);
            Ok(())
        })?;
        if p.parse_optional_keyword("distribution") {
            p.parse_comma_separated_list(Delimiter::Square, |p| {
                let off = p.offset();
                match p.parse_optional_any_keyword().and_then(Distribution::from_keyword) {
                    Some(d) => {
                        distributions.push(d);
                        Ok(())
                    }
                    None => Err(custom_error_at(p, state, off, "expected a distribution: cyclic or blocked")),
                }
            })?;
        }
    }
    keyword(p, state, "dims")?;
    let mut dims = Vec::new();
    p.parse_comma_separated_list(Delimiter::Square, |p| {
        let off = p.offset();
        match p.parse_optional_any_keyword().and_then(Dimension::from_keyword) {
            Some(d) => {
                let attr = d.attr(p.ctx());
                dims.push(attr);
                Ok(())
            }
            None => Err(custom_error_at(p, state, off, "expected a dimension: x, y or z")),
        }
    })?;
    let mut order = BlockOrder::Identity;
    if p.parse_optional_keyword("order") {
        let off = p.offset();
        order = match p.parse_optional_any_keyword().and_then(BlockOrder::from_keyword) {
            Some(o) => o,
            None => return Err(custom_error_at(p, state, off, "expected a block order: identity or diagonal")),
        };
    }
    keyword(p, state, "origin")?;
    let start = p.offset();
    p.parse_comma_separated_list(Delimiter::Paren, |p| {
        args.push(p.parse_argument_name(index)?);
        Ok(())
    })?;
    if args.len() != 2 * num_ivs {
        let msg = format!("expected {num_ivs} block origins, one per induction variable, got {}", args.len() - num_ivs);
        return Err(custom_error_at(p, state, start, msg));
    }
    let ctx = p.ctx();
    let mut props = vec![
        (LOWER_BOUNDS_MAP, ctx.affine_map_attr(lb_map)),
        (UPPER_BOUNDS_MAP, ctx.affine_map_attr(ub_map)),
        (BLOCK_SIZES, ctx.dense_i64_array(&sizes)),
        (MAPPING, ctx.array_attr(dims)),
    ];
    // Groups of one and unit steps stay implicit, as the builder leaves them.
    if lb_groups.iter().any(|&g| g != 1) {
        props.push((LOWER_BOUNDS_GROUPS, i32_tensor_attr(ctx, &lb_groups)));
    }
    if ub_groups.iter().any(|&g| g != 1) {
        props.push((UPPER_BOUNDS_GROUPS, i32_tensor_attr(ctx, &ub_groups)));
    }
    if steps.iter().any(|&s| s != 1) {
        props.push((STEPS, i64_array_attr(ctx, &steps)));
    }
    // Tiles equal to their blocks and all-cyclic distributions stay implicit too, so that a band
    // prints the same whichever way it was written.
    if !tiles.is_empty() && tiles != sizes {
        props.push((TILE_SIZES, ctx.dense_i64_array(&tiles)));
    }
    if distributions.iter().any(|&d| d != Distribution::Cyclic) {
        let names: Vec<_> = distributions.iter().map(|d| ctx.string_attr(d.keyword())).collect();
        props.push((DISTRIBUTIONS, ctx.array_attr(names)));
    }
    if order != BlockOrder::Identity {
        props.push((BLOCK_ORDER, ctx.string_attr(order.keyword())));
    }
    for (name, attr) in props {
        state.add_prop(name, attr);
    }
    state.operands = [lb_operands, ub_operands].concat();
    let body = p.parse_region(&args)?;
    state.regions.push(body);
    p.parse_optional_attr_dict(state)
}

fn keyword(p: &mut OpAsmParser<'_, '_>, state: &OperationState, kw: &str) -> ParseResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        Err(custom_error_at(p, state, p.offset(), format!("expected '{kw}'")))
    }
}

/// Prints `gpumap.band`.
pub(crate) fn print_band(p: &mut OpAsmPrinter<'_>, op: OpId) {
    let ctx = p.ctx();
    let band = BandOp(op);
    p.write(" (");
    p.operands(band.ivs(ctx));
    p.write(") = (");
    if let Some(map) = band.lower_bounds_map(ctx) {
        print_min_max_bound(p, map, &band.lower_bounds_groups(ctx), band.lower_bound_operands(ctx), "max");
    }
    p.write(") to (");
    if let Some(map) = band.upper_bounds_map(ctx) {
        print_min_max_bound(p, map, &band.upper_bounds_groups(ctx), band.upper_bound_operands(ctx), "min");
    }
    p.write(")");
    print_steps(p, &band.steps(ctx));
    let sizes: Vec<String> = band.block_sizes(ctx).iter().map(i64::to_string).collect();
    p.write(&format!(" block [{}]", sizes.join(", ")));
    let (tiles, distributions) = (band.tile_sizes(ctx), band.distributions(ctx));
    let blocked = distributions.iter().any(|&d| d != Some(Distribution::Cyclic));
    if tiles != band.block_sizes(ctx) || blocked {
        let tiles: Vec<String> = tiles.iter().map(i64::to_string).collect();
        p.write(&format!(" tile [{}]", tiles.join(", ")));
        if blocked {
            let names: Vec<&str> = distributions.iter().map(|d| d.map_or("?", Distribution::keyword)).collect();
            p.write(&format!(" distribution [{}]", names.join(", ")));
        }
    }
    p.write(" dims [");
    let dims: Vec<&str> = band.mapping(ctx).into_iter().map(|d| d.map_or("?", Dimension::keyword)).collect();
    p.write(&dims.join(", "));
    p.write("]");
    match band.block_order(ctx) {
        Some(BlockOrder::Identity) => {}
        Some(order) => p.write(&format!(" order {}", order.keyword())),
        // Unverified IR: the printer shows what is there rather than dropping it.
        None => p.write(" order ?"),
    }
    p.write(" origin (");
    p.operands(band.origins(ctx));
    p.write(")");
    if let Some(&region) = ctx.regions(op).first() {
        p.write(" ");
        p.region(region, false, false);
    }
    p.attr_dict(op, BAND_PROPERTIES);
}

/// `gpumap.yield attr-dict`.
pub(crate) fn parse_yield(p: &mut OpAsmParser<'_, '_>, state: &mut OperationState) -> ParseResult<()> {
    p.parse_optional_attr_dict(state)
}

/// Prints `gpumap.yield`.
pub(crate) fn print_yield(p: &mut OpAsmPrinter<'_>, op: OpId) {
    p.attr_dict(op, &[]);
}
