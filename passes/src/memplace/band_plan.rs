//! What `sharc-map` and `sharc-promote` share besides the plan (`crate::plan`): the markers
//! `sharc-map` leaves on the sequential loops so that `sharc-promote` finds the plan's loop
//! numbers again, and the in-bounds conditions of a band.

use sharc_dialects::gpumap::BandOp;
use sharc_ir::affine::{AffineExpr, IntegerSet};
use sharc_ir::{Context, Value};

/// On an `affine.for` inside a band: the plan's number of the section loop whose induction
/// variable it carries (for a strip-mined loop, the inner loop).
pub const LOOP_ATTR: &str = "sharc.loop";
/// On the outer loop of a strip-mined pair: the plan's number of the loop it strips.
pub const STRIP_ATTR: &str = "sharc.strip";

/// The loop each result of a band's upper bounds belongs to (its groups, in order).
fn upper_bound_loops(ctx: &Context, band: BandOp) -> Vec<usize> {
    band.upper_bounds_groups(ctx)
        .iter()
        .enumerate()
        .flat_map(|(d, &g)| std::iter::repeat_n(d, usize::try_from(g).unwrap_or(0)))
        .collect()
}

/// The condition that a thread of `band` runs an iteration of the band (its induction
/// variables below every upper bound; they never fall below the lower bounds) as an integer set
/// and its operands: dims are the induction variables, then the upper bounds' dims; symbols the
/// upper bounds' symbols. `None` when every thread does: constant bounds whose trip counts are
/// multiples of `step × tile`.
pub fn in_bounds_condition(ctx: &Context, band: BandOp) -> Option<(IntegerSet, Vec<Value>)> {
    let ub = band.upper_bounds_map(ctx)?.clone();
    let sizes = band.tile_sizes(ctx);
    let steps = band.steps(ctx);
    let ivs = band.ivs(ctx).to_vec();
    let exact = (0..ivs.len()).all(|d| {
        let (Some(l), Some(u)) = (band.lower_bound_map(ctx, d), band.upper_bound_map(ctx, d)) else { return false };
        let (Some(l), Some(u)) = (l.single_constant_result(), u.single_constant_result()) else { return false };
        let per_block = sizes.get(d).zip(steps.get(d)).map_or(0, |(&b, &s)| b.saturating_mul(s));
        per_block > 0 && (u - l) % per_block == 0
    });
    if exact {
        return None;
    }
    let nd = ivs.len() as u32;
    let loops = upper_bound_loops(ctx, band);
    let constraints: Vec<AffineExpr> = ub
        .results()
        .iter()
        .zip(&loops)
        .map(|(u, &d)| {
            (u.shift_dims(ub.num_dims(), nd, 0) - AffineExpr::dim(d as u32) - 1)
                .simplify(nd + ub.num_dims(), ub.num_symbols())
        })
        .collect();
    let n = constraints.len();
    let set = IntegerSet::new(nd + ub.num_dims(), ub.num_symbols(), constraints, vec![false; n]).ok()?;
    let operands = ivs.into_iter().chain(band.upper_bound_operands(ctx).iter().copied()).collect();
    Some((set, operands))
}

/// The condition that the block of the thread is full (every thread runs an iteration): per
/// loop `origin + step × tile <= ub`, over the block origins (dims), then as
/// [`in_bounds_condition`].
pub fn full_block_condition(ctx: &Context, band: BandOp) -> Option<(IntegerSet, Vec<Value>)> {
    let ub = band.upper_bounds_map(ctx)?.clone();
    let sizes = band.tile_sizes(ctx);
    let steps = band.steps(ctx);
    let origins = band.origins(ctx).to_vec();
    let nd = origins.len() as u32;
    let loops = upper_bound_loops(ctx, band);
    let constraints: Vec<AffineExpr> = ub
        .results()
        .iter()
        .zip(&loops)
        .map(|(u, &d)| {
            let span = sizes.get(d).copied().unwrap_or(1).saturating_mul(steps.get(d).copied().unwrap_or(1));
            let slack = u.shift_dims(ub.num_dims(), nd, 0) - AffineExpr::dim(d as u32) - span;
            slack.simplify(nd + ub.num_dims(), ub.num_symbols())
        })
        .collect();
    let n = constraints.len();
    let set = IntegerSet::new(nd + ub.num_dims(), ub.num_symbols(), constraints, vec![false; n]).ok()?;
    let operands = origins.into_iter().chain(band.upper_bound_operands(ctx).iter().copied()).collect();
    Some((set, operands))
}
