//! Deciding how one section maps, without touching the IR: the chain of perfectly nested
//! bands, which of their loops become x, y and z, the iteration hull each mapped loop covers,
//! the block shape, and the values the kernel needs from the host.
//!
//! Everything that can make a section unmappable is found here, so that the rewrite in
//! `outline` never fails half-way: a section either becomes a kernel whole or stays as it is.

use super::space::{coefficient, Space};
use crate::analysis::affine::access_of;
use sharc_dialects::affine::{self, ParallelOp};
use sharc_dialects::gpu::Dimension;
use sharc_dialects::{arith, func, math, memref, scf};
use sharc_ir::affine::AffineExpr;
use sharc_ir::op::ValueDef;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::{Context, OpId, OpTraits, TypeKind, Value};
use sharc_machine::Target;

/// The dialects whose ops a baseline kernel body may hold (the simulator and `lower-affine`
/// handle them; everything else may refer to host symbols or host-only runtime calls).
const KERNEL_DIALECTS: &[&str] =
    &[affine::DIALECT.name, arith::DIALECT.name, math::DIALECT.name, memref::DIALECT.name, scf::DIALECT.name];

/// At most this many bound expressions per mapped loop after taking the hull (the hull of a
/// loop bounded by other mapped loops multiplies their bound counts).
const MAX_HULL_EXPRS: usize = 16;

/// Why a section stays on the host.
#[derive(Debug, thiserror::Error)]
pub(super) enum Unmappable {
    #[error("the parallel loop has reductions, which the baseline mapping does not implement")]
    Reduction,
    #[error("'{0}' cannot run in a baseline kernel")]
    UnsupportedOp(String),
    #[error("a value of type {0} used in the section cannot be passed to a kernel")]
    ArgumentType(String),
    #[error("a memref allocated on the host stack (memref.alloca) cannot be accessed by a kernel")]
    HostStack,
    #[error("the loop bounds are malformed")]
    Malformed,
}

/// One loop (one induction variable of a band) of the chain.
#[derive(Clone, Debug)]
pub(super) struct Dim {
    pub band: ParallelOp,
    pub pos: usize,
    pub iv: Value,
    pub step: i64,
    /// The lower bounds (the loop starts at their maximum), in the plan's space.
    pub lbs: Vec<AffineExpr>,
    /// The upper bounds (exclusive; the loop ends at their minimum).
    pub ubs: Vec<AffineExpr>,
    /// The chain loops whose induction variables the bounds use.
    pub deps: Vec<usize>,
}

/// A loop bound to a grid dimension.
#[derive(Clone, Debug)]
pub(super) struct Mapped {
    /// Index into [`Plan::dims`].
    pub dim: usize,
    pub role: Dimension,
    /// A superset of the loop's iterations, `[max(lbs), min(ubs))`, in host values only.
    pub hull_lbs: Vec<AffineExpr>,
    pub hull_ubs: Vec<AffineExpr>,
    /// Whether the kernel must check the upper bounds (partial tiles, or a hull wider than
    /// the loop), and the lower bounds (only when they depend on other mapped loops).
    pub guard_upper: bool,
    pub guard_lower: bool,
}

/// How a section maps.
#[derive(Debug)]
pub(super) struct Plan {
    pub section: ParallelOp,
    /// The perfectly nested bands, outermost first; the last one's body is the kernel body.
    pub chain: Vec<ParallelOp>,
    pub dims: Vec<Dim>,
    pub space: Space,
    /// x, then y, then z.
    pub mapped: Vec<Mapped>,
    pub block: [i64; 3],
    /// Values defined outside the section and used in it: the kernel arguments.
    pub captured: Vec<Value>,
    /// Constants defined outside the section and used in it: copied into the kernel.
    pub constants: Vec<OpId>,
}

impl Plan {
    /// Whether chain loop `d` is bound to a grid dimension.
    pub fn mapped_index(&self, d: usize) -> Option<usize> {
        self.mapped.iter().position(|m| m.dim == d)
    }
}

/// Plans `section` (an outermost `affine.parallel`) for `target`, with an optional block-shape
/// override (1 to 3 sizes, already checked).
pub(super) fn plan(
    ctx: &Context,
    section: ParallelOp,
    target: &Target,
    block: Option<&[i64]>,
) -> Result<Plan, Unmappable> {
    if !section.reductions(ctx).is_empty() || !section.reduction_codes(ctx).is_empty() {
        return Err(Unmappable::Reduction);
    }
    let chain = chain_of(ctx, section);
    let mut space = Space::default();
    let dims = dims_of(ctx, &chain, &mut space)?;
    check_ops(ctx, section.0, &chain)?;
    let (captured, constants) = captures(ctx, section.0)?;
    let scores = coalescing_scores(ctx, chain.last().map_or(section.0, |b| b.0), &dims);
    let mut mapped = select(&dims, &space, &scores);
    let block = block_shape(target, block, mapped.len());
    for (m, role) in mapped.iter_mut().zip(Dimension::ALL) {
        m.role = role;
        let d = &dims[m.dim];
        m.guard_lower = !d.deps.is_empty();
        m.guard_upper = !exact_tiles(d, block[role.index()], &space);
    }
    Ok(Plan { section, chain, dims, space, mapped, block, captured, constants })
}

/// The section and the bands perfectly nested in it without reductions: each band's body
/// holds only the next band (and the terminator).
fn chain_of(ctx: &Context, section: ParallelOp) -> Vec<ParallelOp> {
    let mut chain = vec![section];
    while let Some(body) = chain.last().and_then(|b| b.body(ctx)) {
        let ops = ctx.block_ops(body);
        let next = match ops.as_slice() {
            [only, term] if affine::YieldOp::view(ctx, *term).is_some() => ParallelOp::view(ctx, *only),
            _ => None,
        };
        match next {
            Some(p) if p.reduction_codes(ctx).is_empty() && p.body(ctx).is_some() => chain.push(p),
            _ => break,
        }
    }
    chain
}

fn dims_of(ctx: &Context, chain: &[ParallelOp], space: &mut Space) -> Result<Vec<Dim>, Unmappable> {
    let mut dims = Vec::new();
    // Every induction variable is a dimension of the space first, so bounds refer to it by
    // the same position whichever band they come from.
    for band in chain {
        for &iv in band.ivs(ctx) {
            space.dim(iv);
        }
    }
    for &band in chain {
        let steps = band.steps(ctx);
        let (lb_operands, ub_operands) = (band.lower_bound_operands(ctx), band.upper_bound_operands(ctx));
        for (pos, (&iv, &step)) in band.ivs(ctx).iter().zip(&steps).enumerate() {
            let lb_map = band.lower_bound_map(ctx, pos).ok_or(Unmappable::Malformed)?;
            let ub_map = band.upper_bound_map(ctx, pos).ok_or(Unmappable::Malformed)?;
            let lbs = space.import(&lb_map, lb_operands).ok_or(Unmappable::Malformed)?;
            let ubs = space.import(&ub_map, ub_operands).ok_or(Unmappable::Malformed)?;
            if step <= 0 || lbs.is_empty() || ubs.is_empty() {
                return Err(Unmappable::Malformed);
            }
            dims.push(Dim { band, pos, iv, step, lbs, ubs, deps: Vec::new() });
        }
    }
    for d in 0..dims.len() {
        let used: Vec<Value> = dims[d].lbs.iter().chain(&dims[d].ubs).flat_map(|e| space.values_of(e)).collect();
        dims[d].deps = (0..dims.len()).filter(|&e| used.contains(&dims[e].iv)).collect();
    }
    Ok(dims)
}

/// Rejects ops that cannot run in a kernel: other dialects (calls, nested launches), heap
/// allocation and globals (host symbols).
fn check_ops(ctx: &Context, section: OpId, chain: &[ParallelOp]) -> Result<(), Unmappable> {
    for op in ctx.collect_ops(section) {
        if chain.iter().any(|b| b.0 == op) {
            continue;
        }
        let known = ctx.op_spec(op).is_some_and(|s| KERNEL_DIALECTS.contains(&s.dialect()));
        let heap = memref::AllocOp::view(ctx, op).is_some_and(|a| !a.is_stack(ctx))
            || memref::DeallocOp::view(ctx, op).is_some()
            || memref::GetGlobalOp::view(ctx, op).is_some()
            || memref::GlobalOp::view(ctx, op).is_some();
        if !known || heap {
            return Err(Unmappable::UnsupportedOp(ctx.op_name(op).to_string()));
        }
    }
    Ok(())
}

/// The values the section uses but does not define: constants to copy, and the rest, which
/// become kernel arguments.
fn captures(ctx: &Context, section: OpId) -> Result<(Vec<Value>, Vec<OpId>), Unmappable> {
    let (mut captured, mut constants) = (Vec::new(), Vec::new());
    let inside =
        |v: Value| ctx.value_block(v).and_then(|b| ctx.block_parent_op(b)).is_some_and(|p| ctx.is_ancestor(section, p));
    for op in ctx.collect_ops(section) {
        for &v in ctx.operands(op) {
            if inside(v) || captured.contains(&v) {
                continue;
            }
            match ctx.defining_op(v) {
                Some(def) if ctx.op_has(def, OpTraits::CONSTANT_LIKE) && ctx.operands(def).is_empty() => {
                    if !constants.contains(&def) {
                        constants.push(def);
                    }
                }
                def => {
                    if def.and_then(|d| memref::AllocOp::view(ctx, d)).is_some_and(|a| a.is_stack(ctx)) {
                        return Err(Unmappable::HostStack);
                    }
                    let ty = ctx.value_type(v);
                    let passable = matches!(
                        ctx.type_kind(ty),
                        TypeKind::Index | TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::MemRef { .. }
                    );
                    if !passable {
                        return Err(Unmappable::ArgumentType(type_to_string(ctx, ty)));
                    }
                    captured.push(v);
                }
            }
        }
    }
    // Function arguments first, in their order, so the kernel's signature reads like the
    // function's; other values (computed on the host) after them, in order of first use.
    let func_arg_index = |v: Value| match ctx.value_def(v) {
        ValueDef::BlockArg { block, index } => {
            ctx.block_parent_op(block).and_then(|p| func::FuncOp::view(ctx, p)).map(|_| index)
        }
        _ => None,
    };
    // A stable sort: the other values keep their order.
    captured.sort_by_key(|&v| func_arg_index(v).map_or((1, 0), |i| (0, i)));
    Ok((captured, constants))
}

/// For each chain loop, how many accesses in the kernel body use its induction variable in
/// their last (fastest-varying) subscript: the loop that does is the one whose consecutive
/// iterations touch consecutive addresses, so giving it to consecutive threads (x) coalesces
/// (seed 001 §3.2: "the higher-order indices should remain the same for all the threads").
fn coalescing_scores(ctx: &Context, innermost: OpId, dims: &[Dim]) -> Vec<usize> {
    let mut scores = vec![0; dims.len()];
    for op in ctx.collect_ops(innermost) {
        if affine::LoadOp::view(ctx, op).is_none() && affine::StoreOp::view(ctx, op).is_none() {
            continue;
        }
        let Ok(access) = access_of(ctx, op) else { continue };
        let Some(last) = access.map.results().last() else { continue };
        for (l, lp) in access.domain.loops.iter().enumerate() {
            if last.is_function_of_dim(l as u32) {
                if let Some(d) = dims.iter().position(|d| d.iv == lp.iv) {
                    scores[d] += 1;
                }
            }
        }
    }
    scores
}

/// Chooses up to three loops, x first: the best-coalescing loop (ties to the innermost), then
/// the others innermost first. A loop whose bounds use other chain loops is taken only with
/// them (the hull of its iterations is computed from theirs), and only with step 1.
fn select(dims: &[Dim], space: &Space, scores: &[usize]) -> Vec<Mapped> {
    let mut order: Vec<usize> = (0..dims.len()).rev().collect();
    if let Some(best) = (0..dims.len()).rev().max_by_key(|&d| (scores[d], d)) {
        order.retain(|&d| d != best);
        order.insert(0, best);
    }
    let mut chosen: Vec<usize> = Vec::new();
    let mut hulls: Vec<Option<(Vec<AffineExpr>, Vec<AffineExpr>)>> = vec![None; dims.len()];
    for &candidate in &order {
        let mut closure = vec![candidate];
        let mut i = 0;
        while i < closure.len() {
            for &d in &dims[closure[i]].deps {
                if !closure.contains(&d) {
                    closure.push(d);
                }
            }
            i += 1;
        }
        closure.retain(|d| !chosen.contains(d));
        if chosen.len() + closure.len() > 3 {
            continue;
        }
        // Outer loops first: a loop's hull needs the hulls of the loops its bounds use.
        closure.sort_unstable();
        let mut trial = hulls.clone();
        let ok = closure.iter().all(|&d| {
            trial[d] = hull(&dims[d], dims, space, &trial);
            trial[d].is_some()
        });
        if ok {
            hulls = trial;
            chosen.extend(closure);
        }
    }
    // Roles follow the preference order.
    order
        .iter()
        .filter(|d| chosen.contains(d))
        .filter_map(|&d| {
            let (hull_lbs, hull_ubs) = hulls[d].clone()?;
            Some(Mapped { dim: d, role: Dimension::X, hull_lbs, hull_ubs, guard_upper: true, guard_lower: false })
        })
        .collect()
}

/// The bounds of a box containing every iteration of `d`, over host values only: each
/// induction variable of another mapped loop in `d`'s bounds is replaced by the end of its own
/// hull that makes the bound loosest (linear bounds only).
fn hull(
    d: &Dim,
    dims: &[Dim],
    space: &Space,
    hulls: &[Option<(Vec<AffineExpr>, Vec<AffineExpr>)>],
) -> Option<(Vec<AffineExpr>, Vec<AffineExpr>)> {
    if d.deps.is_empty() {
        return Some((d.lbs.clone(), d.ubs.clone()));
    }
    if d.step != 1 {
        return None;
    }
    let loosen = |exprs: &[AffineExpr], lower: bool| -> Option<Vec<AffineExpr>> {
        let mut out = Vec::new();
        for e in exprs {
            let mut current = vec![e.clone()];
            for &dep in &d.deps {
                let p = space.dim_position(dims[dep].iv)?;
                let (lbs, ubs) = hulls[dep].as_ref()?;
                let mut next = Vec::new();
                for x in &current {
                    let a = coefficient(x, p)?;
                    // A lower bound is loosest where the term is smallest: at the other loop's
                    // start for a positive coefficient, at its last iteration otherwise.
                    let at_start = (a >= 0) == lower;
                    let ends: Vec<AffineExpr> =
                        if at_start { lbs.clone() } else { ubs.iter().map(|u| u.clone() - 1).collect() };
                    for end in ends {
                        let mut subst: Vec<AffineExpr> = (0..space.dims.len() as u32).map(AffineExpr::dim).collect();
                        subst[p as usize] = end;
                        let (nd, ns) = space.sizes();
                        next.push(x.replace_dims(&subst).simplify(nd, ns));
                    }
                }
                current = next;
            }
            out.extend(current);
        }
        (out.len() <= MAX_HULL_EXPRS).then_some(out)
    };
    let (lbs, ubs) = (loosen(&d.lbs, true)?, loosen(&d.ubs, false)?);
    // The hull must be computable on the host: no chain induction variable may remain.
    let host_only = lbs.iter().chain(&ubs).all(|e| dims.iter().all(|x| !space.values_of(e).contains(&x.iv)));
    host_only.then_some((lbs, ubs))
}

/// Whether the blocks tile `d` exactly (constant trip count, a multiple of the block size),
/// so that no thread falls outside it and the kernel needs no bound check.
fn exact_tiles(d: &Dim, block: i64, space: &Space) -> bool {
    let ([lb], [ub]) = (d.lbs.as_slice(), d.ubs.as_slice()) else { return false };
    let (nd, ns) = space.sizes();
    let Some(extent) = (ub.clone() - lb.clone()).simplify(nd, ns).as_constant() else { return false };
    let per_block = d.step.saturating_mul(block);
    d.deps.is_empty() && extent > 0 && per_block > 0 && extent % per_block == 0
}

/// The block shape: the override (sizes past the mapped loops forced to 1, since extra
/// threads there would repeat iterations), or the target's default for one or more loops.
fn block_shape(target: &Target, block: Option<&[i64]>, mapped: usize) -> [i64; 3] {
    // A band without dimensions runs its body once: one thread.
    if mapped == 0 {
        return [1, 1, 1];
    }
    let mut shape = match block {
        Some(b) => [0, 1, 2].map(|i| b.get(i).copied().unwrap_or(1)),
        None if mapped <= 1 => [i64::from(target.default_block_1d), 1, 1],
        None => [i64::from(target.default_block_2d[0]), i64::from(target.default_block_2d[1]), 1],
    };
    for s in shape.iter_mut().skip(mapped) {
        *s = 1;
    }
    shape
}
