//! `sharc-map`: every section carrying a `sharc.plan` (from `sharc-partition` or
//! `sharc-map-baseline`) becomes a `gpumap.band` with the plan's block and dimensions: the one
//! road from a plan to the GPU level. The loops the plan runs inside the thread become
//! `affine.for` loops in the body, the plan's strip loops are strip-mined ([`strips`]), and the
//! threads past the iteration space are kept idle by guards ([`guards`]). The user-facing
//! description is [`INFO`]'s.

mod guards;
mod strips;

use crate::conversion::lower_affine;
use crate::gpumap::nest::{Hull, Nest};
use crate::memplace::band_plan::{LOOP_ATTR, STRIP_ATTR};
use crate::plan::Plan;
use crate::section::is_section;
use sharc_dialects::affine::{self, ForOp, IfOp, ParallelOp};
use sharc_dialects::gpu::Dimension;
use sharc_dialects::gpumap::{BandBounds, BandOp};
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Builder, Context, Diagnostic, InsertPoint, OpId, Value};

/// The declaration of `sharc-map`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-map",
    title: "SharcMap",
    summary: "Map every section with a sharc.plan to a gpumap.band: block shape, loops inside the thread, strip-mining, bound guards",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Binds the plan of a section (an outermost `affine.parallel`
carrying `sharc.plan`, chosen by `sharc-partition` or `sharc-map-baseline`) to a `gpumap.band`
(seed 000 §3.2, digest 000 §7.2 steps 1 and 3): every kernel sharc generates goes through
here, so the passes after it (promotion, bank conflicts, ILP) transform bands only.

1. **Band.** The section and the `affine.parallel` ops perfectly nested in it (its *chain*)
   become one `gpumap.band` in the section's place, keeping its discardable attributes
   (`sharc.plan`, `sharc.share`). The band's loops are the chain loops the plan maps (`"x"`,
   `"y"`, `"z"` in `loops`), in chain order, with the plan's block size along their dimension
   and their step. A loop whose bounds use other mapped loops (a triangular nest) runs over a
   *hull* of its iterations, computed on the host by substituting the ends of those loops'
   own ranges (linear bounds and step 1 only); several bounds become `max`/`min` groups.
2. **Inside the thread.** The chain loops the plan runs inside the thread (`"seq"`) become
   `affine.for` loops around the body, in their original order. When the plan stages arrays,
   each such loop is *streamed*: it is its own strip loop of one iteration (`sharc.strip = L`
   and `sharc.loop = L`), so that `sharc-promote` copies the tiles following it at the top of
   its body, step by step (docs/partition.md, "Streamed band loops"). Every other
   `affine.parallel` of the body becomes one `affine.for` per dimension, run by the thread; its
   reductions become values the loops carry from the reduction's identity, combined in iteration
   order.
3. **Strips.** Each sequential loop listed in `strips` (`{loop = L, size = S}`) whose constant
   trip count is not already at most `S` is strip-mined:
   `affine.for %kk = lb to ub step S { affine.for %k = %kk to min(%kk + S, ub) { ... } }`.
   A strip loop must run the same iterations in every thread of a block (copies and barriers
   are block-wide): a loop whose bounds depend on the band's induction variables, or that sits
   under a condition or such a loop, is not strip-mined and a remark says so;
   `sharc-promote` then drops the staging that needs it.
4. **Guards.** The body runs for every thread of every block, also past the upper bounds.
   When the plan stages arrays or strips loops, every `affine.load`/`affine.store` (and
   `memref.load`/`memref.store`) whose subscripts depend on the band's induction variables is
   guarded by the band's in-bounds condition (an `affine.if` around a store, an `affine.if`
   yielding the loaded value or zero around a load), so that loops, and the copies and barriers
   `sharc-promote` places in them, stay outside the guards. In a triangular band (a loop
   bounded by another band loop, syrk's `j <= i`) the band runs over the hull and the guard is
   the section's own bounds (`j <= i` as well as `i < n`), which the hull no longer says. Otherwise nothing block-wide will
   be placed in the body, and one `affine.if` around it checks the loops' upper bounds (and the
   lower bounds of loops bounded by other mapped loops, or of the x loop when the plan starts
   it below its bound, `x_lower`, see `sharc-map-baseline`). No check is needed for a loop
   whose constant trip count is a multiple of `step × block`.

The sequential loops are marked for `sharc-promote`: `sharc.loop = L` on the loop carrying
section loop `L`'s induction variable, `sharc.strip = L` on the outer loop of a strip-mined pair.

A section is left as it is, with a warning, when its plan does not fit it: a plan whose loop
count differs from the section's, that maps no loop or more than three, or the same dimension
twice, a mapped loop whose bounds use a loop run inside the thread, a hull that cannot be
computed, reductions on the section; and for a plan that stages arrays or strips loops, a step
other than 1, several bounds, or an `affine.parallel` nested in the body. `sharc-map-baseline`
runs the same checks and
replaces such a plan by the baseline's. A malformed `sharc.plan` is an error.

Each mapped section gets a remark:

```text
remark: section mapped to a gpumap.band: block 32x32x1, y = loop 0, x = loop 1, strip loop 2 by 32, 2 access(es) guarded
remark: section mapped to a gpumap.band: block 32x8x1, y = loop 0, x = loop 1, loop 2 inside the thread, body guarded
```

Pipelines: `--sharc-partition="target=a100" --sharc-map-baseline="target=a100" --sharc-map
--sharc-promote --sharc-lower-gpumap` (shared memory), `--sharc-map-baseline --sharc-map
--sharc-lower-gpumap` (the baseline).
"#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(Map)
}

struct Map;

impl Pass for Map {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        for section in crate::section::sections(ctx, module) {
            let loc = ctx.loc(section.0).clone();
            let Some(plan) = Plan::of(ctx, section.0) else { continue };
            let plan = plan.map_err(|m| Diagnostic::error(loc.clone(), format!("malformed sharc.plan: {m}")))?;
            match Layout::of(ctx, section, &plan) {
                Ok(layout) => {
                    let summary = layout.rewrite(ctx, section, &plan);
                    diags.push(Diagnostic::remark(loc, format!("section mapped to a gpumap.band: {summary}")));
                }
                Err(why) => diags.push(Diagnostic::warning(loc, format!("section not mapped by its plan: {why}"))),
            }
        }
        Ok(())
    }
}

/// Whether `sharc-map` can carry `plan` out on `section`; the error says why not.
pub(crate) fn check(ctx: &Context, section: ParallelOp, plan: &Plan) -> Result<(), String> {
    debug_assert!(is_section(ctx, section.0));
    Layout::of(ctx, section, plan).map(|_| ())
}

/// How a plan lays a section out, found before anything changes: a section is mapped whole or
/// left as it is.
struct Layout {
    nest: Nest,
    /// The mapped loops (section loop numbers) with their dimensions, in chain order.
    mapped: Vec<(usize, Dimension)>,
    /// The band's bounds: the hulls of the mapped loops, over host values.
    lower: Bounds,
    upper: Bounds,
    /// Whether the plan stages arrays or strips loops: `sharc-promote` will place block-wide
    /// copies and barriers in the body.
    promoted: bool,
    /// The x loop when the band starts it below its own lower bound (the plan's `x_lower`):
    /// the body's guard then checks that bound too.
    lowered: Option<usize>,
}

/// One side of the band's bounds: a map, its operands and the results per loop.
struct Bounds {
    map: AffineMap,
    operands: Vec<Value>,
    groups: Vec<i32>,
}

impl Bounds {
    /// The lower (or upper) ends of `hulls`, one group per hull, as one map over host values.
    fn of(nest: &Nest, hulls: &[&Hull], lower: bool) -> Option<Bounds> {
        let per_loop: Vec<&Vec<AffineExpr>> = hulls.iter().map(|(l, u)| if lower { l } else { u }).collect();
        let groups = per_loop.iter().map(|e| i32::try_from(e.len()).ok()).collect::<Option<Vec<_>>>()?;
        let exprs: Vec<AffineExpr> = per_loop.into_iter().flatten().cloned().collect();
        let (nd, ns, exprs, operands) = nest.space.compact(&exprs, Some)?;
        Some(Bounds { map: AffineMap::new(nd, ns, exprs).ok()?, operands, groups })
    }
}

impl Layout {
    fn of(ctx: &Context, section: ParallelOp, plan: &Plan) -> Result<Layout, String> {
        if !section.reduction_codes(ctx).is_empty() {
            return Err("the parallel loop has reductions".into());
        }
        let nest = Nest::of(ctx, section).ok_or("malformed bounds")?;
        if nest.dims.len() != plan.loops.len() {
            return Err(format!("the plan has {} band loop(s), the section {}", plan.loops.len(), nest.dims.len()));
        }
        let mapped: Vec<(usize, Dimension)> =
            plan.loops.iter().enumerate().filter_map(|(l, d)| d.map(|d| (l, d))).collect();
        if mapped.is_empty() || mapped.len() > 3 {
            return Err(format!("the plan maps {} loop(s) to the grid; a band takes 1 to 3", mapped.len()));
        }
        for (i, (_, d)) in mapped.iter().enumerate() {
            if mapped[..i].iter().any(|(_, e)| e == d) {
                return Err(format!("the plan maps two loops to {}", d.keyword()));
            }
        }
        let promoted = !plan.staged.is_empty() || !plan.strips.is_empty();
        if promoted {
            if nest.dims.iter().any(|d| d.step != 1 || d.lbs.len() != 1 || d.ubs.len() != 1) {
                return Err("a band loop has a step other than 1 or several bounds".into());
            }
            let innermost = nest.chain.last().and_then(|b| b.body(ctx)).ok_or("no body")?;
            let nested = ctx
                .block_ops(innermost)
                .into_iter()
                .any(|op| ctx.collect_ops(op).into_iter().any(|o| ParallelOp::view(ctx, o).is_some()));
            if nested {
                return Err("an affine.parallel is nested in the body".into());
            }
        }
        let mut hulls: Vec<Option<Hull>> = vec![None; nest.dims.len()];
        for &(d, _) in &mapped {
            if let Some(&dep) = nest.dims[d].deps.iter().find(|&&e| plan.loops[e].is_none()) {
                return Err(format!("the bounds of loop {d} use loop {dep}, which runs inside the thread"));
            }
            let hull =
                nest.hull(d, &hulls).ok_or(format!("the iterations of loop {d} cannot be bounded on the host"))?;
            hulls[d] = Some(hull);
        }
        // A plan that places nothing may start x below its loop's constant lower bound (sector
        // alignment, `sharc-map-baseline{align-x=true}`); the body's guard keeps that bound.
        let mut lowered = None;
        if let (Some(start), false) = (plan.x_lower, promoted) {
            let x = mapped.iter().find(|(_, dim)| *dim == Dimension::X).map(|&(d, _)| d);
            if let Some(hull) = x.and_then(|d| hulls[d].as_mut()) {
                if let [lb] = hull.0.as_slice() {
                    if lb.as_constant().is_some_and(|c| start < c) {
                        hull.0 = vec![AffineExpr::constant(start)];
                        lowered = x;
                    }
                }
            }
        }
        let mapped_hulls: Vec<&Hull> = mapped.iter().filter_map(|&(d, _)| hulls[d].as_ref()).collect();
        let (Some(lower), Some(upper)) =
            (Bounds::of(&nest, &mapped_hulls, true), Bounds::of(&nest, &mapped_hulls, false))
        else {
            return Err("the band's bounds cannot be built from the loops' bounds".into());
        };
        Ok(Layout { nest, mapped, lower, upper, promoted, lowered })
    }

    /// Replaces the section by its band; returns the remark's summary.
    fn rewrite(self, ctx: &mut Context, section: ParallelOp, plan: &Plan) -> String {
        let Layout { nest, mapped, lower, upper, promoted, lowered } = self;
        let dims = &nest.dims;
        let loc = ctx.loc(section.0).clone();
        // The plan's loop numbers of the sequential loops: a pre-order walk, each loop
        // contributing its induction variables (docs/partition.md).
        let mut numbered: Vec<OpId> = Vec::new();
        if promoted {
            let mut next = dims.len();
            for op in ctx.collect_ops(section.0) {
                if ForOp::view(ctx, op).is_some() {
                    let n = ctx.i64_attr(next as i64);
                    ctx.set_attr(op, LOOP_ATTR, n);
                    numbered.push(op);
                    next += 1;
                }
            }
        }
        // The band, in the section's place, over the hulls of the mapped loops.
        let steps: Vec<i64> = mapped.iter().map(|&(d, _)| dims[d].step).collect();
        let block: Vec<i64> = mapped.iter().map(|&(_, dim)| plan.block[dim.index()]).collect();
        let roles: Vec<Dimension> = mapped.iter().map(|&(_, dim)| dim).collect();
        let band = BandOp::build_general(
            ctx,
            loc.clone(),
            BandBounds { operands: &lower.operands, map: lower.map, groups: lower.groups },
            BandBounds { operands: &upper.operands, map: upper.map, groups: upper.groups },
            &steps,
            &block,
            &roles,
        );
        ctx.insert_op(InsertPoint::Before(section.0), band.0);
        // The discardable attributes (`sharc.plan`, `sharc.share`, ...) go with the band.
        for (name, attr) in ctx.attrs(section.0).to_vec() {
            ctx.set_attr(band.0, &name, attr);
        }
        let band_ivs = band.ivs(ctx).to_vec();
        let mut replaced: Vec<(Value, Value)> =
            mapped.iter().zip(&band_ivs).map(|(&(d, _), &new)| (dims[d].iv, new)).collect();
        let mut parts = vec![format!("block {}x{}x{}", plan.block[0], plan.block[1], plan.block[2])];
        for (l, d) in plan.loops.iter().enumerate() {
            parts.push(match d {
                Some(d) => format!("{} = loop {l}", d.keyword()),
                None => format!("loop {l} inside the thread"),
            });
        }
        // The builder gives every band a body ending in gpumap.yield.
        let Some(mut ip) = band.yield_op(ctx) else { return parts.join(", ") };
        let mut body_guarded = false;
        if !promoted {
            if let Some(then_end) = guard_body(ctx, &nest, &mapped, &block, lowered, &replaced, ip) {
                ip = then_end;
                body_guarded = true;
            }
        }
        // The loops run inside the thread, in chain order; their bounds may use the mapped
        // loops and each other, whose uses are replaced below. With staging they are uniform
        // over the block (checked above) and each is its own strip loop of one iteration
        // (a streamed band loop): `sharc-promote` copies the tiles that follow it at the top of
        // its body.
        for (d, dim) in dims.iter().enumerate().filter(|(d, _)| plan.loops[*d].is_none()) {
            let (Some(lb), Some(ub)) = (dim.band.lower_bound_map(ctx, dim.pos), dim.band.upper_bound_map(ctx, dim.pos))
            else {
                continue;
            };
            let (lbs, ubs) = (dim.band.lower_bound_operands(ctx).to_vec(), dim.band.upper_bound_operands(ctx).to_vec());
            let state = ForOp::build(ctx, loc.clone(), &lbs, lb, &ubs, ub, dim.step, &[]);
            let l = ForOp(Builder::before(ip).insert(ctx, state));
            if promoted {
                let n = ctx.i64_attr(d as i64);
                ctx.set_attr(l.0, LOOP_ATTR, n);
                ctx.set_attr(l.0, STRIP_ATTR, n);
            }
            if let (Some(iv), Some(term)) = (l.induction_var(ctx), l.yield_op(ctx)) {
                replaced.push((dims[d].iv, iv));
                ip = term.0;
            }
        }
        if let Some(innermost) = nest.chain.last().and_then(|b| b.body(ctx)) {
            for op in ctx.block_ops(innermost) {
                if affine::YieldOp::view(ctx, op).is_none() {
                    ctx.move_op(op, InsertPoint::Before(ip));
                }
            }
        }
        let triangular = dims.iter().any(|d| !d.deps.is_empty());
        let replaced_ivs = replaced.clone();
        for (old, new) in replaced {
            ctx.replace_all_uses(old, new);
        }
        ctx.erase_op(section.0);
        if promoted {
            for &(l, size) in &plan.strips {
                if l < dims.len() && plan.loops[l].is_none() {
                    parts.push(format!("loop {l} streamed (a strip of 1)"));
                    continue;
                }
                let Some(&op) = l.checked_sub(dims.len()).and_then(|i| numbered.get(i)) else {
                    parts.push(format!("strip loop {l} is not a sequential loop of the section, not strip-mined"));
                    continue;
                };
                match strips::strip_mine(ctx, band, ForOp(op), l, size) {
                    Ok(true) => parts.push(format!("strip loop {l} by {size}")),
                    Ok(false) => parts.push(format!("loop {l} runs at most {size} iterations: one strip")),
                    Err(why) => parts.push(format!("loop {l} not strip-mined ({why}): its staging is dropped")),
                }
            }
            // A triangular band's hull runs threads past the triangle that the band's own
            // bounds cannot tell: its accesses are guarded by the section's loop bounds.
            let domain = triangular.then(|| domain_condition(&nest, &mapped, &block, None, &replaced_ivs)).flatten();
            let guarded = guards::guard_accesses(ctx, band, domain);
            parts.push(if guarded > 0 {
                format!("{guarded} access(es) guarded")
            } else {
                "no guard needed".to_string()
            });
        } else {
            sequentialize_nested(ctx, band.0);
            parts.push(if body_guarded { "body guarded".to_string() } else { "no guard needed".to_string() });
        }
        parts.join(", ")
    }
}

/// The `affine.if` around the body of a band whose plan places nothing block-wide: the upper
/// bounds of every mapped loop that blocks do not tile exactly (partial tiles, hulls wider than
/// the loop), and the lower bounds of the loops bounded by other mapped loops or started below
/// their bound (`lowered`). Returns the terminator of its `then` block, `None` when no check is
/// needed.
fn guard_body(
    ctx: &mut Context,
    nest: &Nest,
    mapped: &[(usize, Dimension)],
    block: &[i64],
    lowered: Option<usize>,
    ivs: &[(Value, Value)],
    before: OpId,
) -> Option<OpId> {
    let (set, operands) = domain_condition(nest, mapped, block, lowered, ivs)?;
    let loc = ctx.loc(before).clone();
    let state = IfOp::build(ctx, loc, set, &operands, &[], false);
    let guard = IfOp(Builder::before(before).insert(ctx, state));
    let then_block = guard.then_block(ctx)?;
    ctx.block_last_op(then_block)
}

/// The condition that a thread of the band runs an iteration of the section: the upper bounds
/// of every mapped loop that blocks do not tile exactly (partial tiles, hulls wider than the
/// loop), and the lower bounds of the loops bounded by other mapped loops (a triangle's `j <= i`
/// as well as its hull's `j < n`) or started below their bound (`lowered`), over the band's
/// induction variables (`ivs`: host value to band value) and host values. `None` when every
/// thread does.
fn domain_condition(
    nest: &Nest,
    mapped: &[(usize, Dimension)],
    block: &[i64],
    lowered: Option<usize>,
    ivs: &[(Value, Value)],
) -> Option<(IntegerSet, Vec<Value>)> {
    let mut constraints = Vec::new();
    for (&(d, _), &size) in mapped.iter().zip(block) {
        let dim = &nest.dims[d];
        let iv = AffineExpr::dim(nest.space.dim_position(dim.iv)?);
        if !nest.exact_tiles(d, size) || lowered == Some(d) {
            constraints.extend(dim.ubs.iter().map(|u| u.clone() - iv.clone() - 1));
        }
        if !dim.deps.is_empty() || lowered == Some(d) {
            constraints.extend(dim.lbs.iter().map(|l| iv.clone() - l.clone()));
        }
    }
    if constraints.is_empty() {
        return None;
    }
    let translate = |v: Value| Some(ivs.iter().find(|(old, _)| *old == v).map_or(v, |&(_, new)| new));
    let (nd, ns, exprs, operands) = nest.space.compact(&constraints, translate)?;
    let n = exprs.len();
    let set = IntegerSet::new(nd, ns, exprs, vec![false; n]).ok()?;
    Some((set, operands))
}

/// Every `affine.parallel` left in the band runs inside one thread: one `affine.for` per
/// dimension. A reduction becomes loop-carried values: every loop of the nest carries one
/// accumulator per reduction, starting at the reduction's identity, and the innermost body
/// combines what the parallel body yielded into it, in iteration order (as the simulator
/// evaluates a reduction, and as `lower-affine`'s `scf.reduce` would on one thread). A kind
/// without an identity or a combining op (`lower-affine` leaves those too) stays parallel.
fn sequentialize_nested(ctx: &mut Context, band: OpId) {
    for op in ctx.collect_ops(band) {
        if let Some(p) = ParallelOp::view(ctx, op) {
            sequentialize(ctx, p);
        }
    }
}

fn sequentialize(ctx: &mut Context, p: ParallelOp) -> Option<()> {
    let loc = ctx.loc(p.0).clone();
    let (body, ivs, steps) = (p.body(ctx)?, p.ivs(ctx).to_vec(), p.steps(ctx));
    let (lb_operands, ub_operands) = (p.lower_bound_operands(ctx).to_vec(), p.upper_bound_operands(ctx).to_vec());
    // Everything is read before anything changes, so a malformed band is left whole.
    let bounds = (0..ivs.len())
        .map(|pos| Some((p.lower_bound_map(ctx, pos)?, p.upper_bound_map(ctx, pos)?, *steps.get(pos)?)))
        .collect::<Option<Vec<_>>>()?;
    let kinds = p.reductions(ctx);
    let types = ctx.result_types(p.0);
    let yielded = p.yield_op(ctx).map(|y| ctx.operands(y.0).to_vec())?;
    if kinds.len() != types.len() || yielded.len() != kinds.len() || ivs.is_empty() {
        return None;
    }
    let identities = kinds
        .iter()
        .zip(&types)
        .map(|(&k, &t)| lower_affine::identity(ctx, k, t, &loc).filter(|_| lower_affine::has_reduction_op(k)))
        .collect::<Option<Vec<_>>>()?;
    let mut carried: Vec<Value> = identities.into_iter().map(|s| Builder::before(p.0).insert_value(ctx, s)).collect();
    let mut ip = p.0;
    let mut outer_results = None;
    for ((lb, ub, step), &iv) in bounds.into_iter().zip(&ivs) {
        let state = ForOp::build(ctx, loc.clone(), &lb_operands, lb, &ub_operands, ub, step, &carried);
        let l = ForOp(Builder::before(ip).insert(ctx, state));
        let results = ctx.results(l.0).to_vec();
        if outer_results.is_none() {
            outer_results = Some(results.clone());
        } else {
            // The enclosing loop yields what this one computed.
            ctx.set_operands(ip, results);
        }
        let (Some(new_iv), Some(inner)) = (l.induction_var(ctx), l.body(ctx)) else { return None };
        ctx.replace_all_uses(iv, new_iv);
        carried = l.region_iter_args(ctx).to_vec();
        // A loop built with inits has no terminator yet: it yields its accumulators until the
        // loop inside (or the combination) replaces them.
        ip = match l.yield_op(ctx) {
            Some(term) => term.0,
            None => Builder::at_end(inner).insert(ctx, affine::YieldOp::build(loc.clone(), &carried)),
        };
    }
    for op in ctx.block_ops(body) {
        if affine::YieldOp::view(ctx, op).is_none() {
            ctx.move_op(op, InsertPoint::Before(ip));
        }
    }
    let mut combined = Vec::with_capacity(kinds.len());
    for ((&kind, &ty), (&acc, &value)) in kinds.iter().zip(&types).zip(carried.iter().zip(&yielded)) {
        let state = lower_affine::reduction_op(kind, acc, value, ty, loc.clone())?;
        combined.push(Builder::before(ip).insert_value(ctx, state));
    }
    if !combined.is_empty() {
        ctx.set_operands(ip, combined);
    }
    for (old, new) in ctx.results(p.0).to_vec().into_iter().zip(outer_results.unwrap_or_default()) {
        ctx.replace_all_uses(old, new);
    }
    ctx.erase_op(p.0);
    Some(())
}
