//! The baseline plan of one section, without touching the IR: which loops of its chain become
//! x, y and z (those a hull can bound, best-coalescing first) and the block shape; and
//! everything that keeps a section on the host, so that `sharc-map` never fails on a baseline
//! plan half-way.

use crate::analysis::affine::access_of;
use crate::analysis::lane_index::element_bytes;
use crate::gpumap::nest::{Hull, Nest};
use sharc_dialects::affine::{self, ParallelOp};
use sharc_dialects::gpu::Dimension;
use sharc_dialects::{arith, math, memref, scf, vector};
use sharc_ir::affine::AffineExpr;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::{Context, OpId, OpTraits, TypeKind, Value};
use sharc_machine::Target;

/// The dialects whose ops a baseline kernel body may hold (the simulator and `lower-affine`
/// handle them; everything else may refer to host symbols or host-only runtime calls).
const KERNEL_DIALECTS: &[&str] = &[
    affine::DIALECT.name,
    arith::DIALECT.name,
    math::DIALECT.name,
    memref::DIALECT.name,
    scf::DIALECT.name,
    vector::DIALECT.name,
];

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

/// The baseline plan of a section.
#[derive(Debug)]
pub(super) struct Baseline {
    /// The loops bound to x, then y, then z (section loop numbers).
    pub mapped: Vec<usize>,
    /// Threads per block along x, y, z.
    pub block: [i64; 3],
    /// The section's loops (to name them in remarks).
    pub ivs: Vec<Value>,
    /// Whether a thread can fall outside the iteration space (partial tiles, hulls).
    pub guarded: bool,
    /// Where the x loop starts when it is moved below its own bound ([`aligned_x_lower`]).
    pub x_lower: Option<i64>,
}

impl Baseline {
    /// The plan attribute's form.
    pub fn plan(&self) -> crate::plan::Plan {
        let mut loops = vec![None; self.ivs.len()];
        for (&d, role) in self.mapped.iter().zip(Dimension::ALL) {
            loops[d] = Some(role);
        }
        crate::plan::Plan { x_lower: self.x_lower, ..crate::plan::Plan::baseline(self.block, loops) }
    }
}

/// Plans `section` (an outermost `affine.parallel`) for `target`, with an optional block-shape
/// override (1 to 3 sizes, already checked).
pub(super) fn plan(
    ctx: &Context,
    section: ParallelOp,
    target: &Target,
    block: Option<&[i64]>,
) -> Result<Baseline, Unmappable> {
    if !section.reductions(ctx).is_empty() || !section.reduction_codes(ctx).is_empty() {
        return Err(Unmappable::Reduction);
    }
    let nest = Nest::of(ctx, section).ok_or(Unmappable::Malformed)?;
    check_ops(ctx, section.0, &nest.chain)?;
    check_captures(ctx, section.0)?;
    let innermost = nest.chain.last().map_or(section.0, |b| b.0);
    let scores = coalescing_scores(ctx, innermost, &nest);
    let mapped = select(&nest, &scores);
    let block = block_shape(target, block, mapped.len());
    let guarded =
        mapped.iter().zip(block).any(|(&d, size)| !nest.dims[d].deps.is_empty() || !nest.exact_tiles(d, size));
    let ivs = nest.dims.iter().map(|d| d.iv).collect();
    Ok(Baseline { mapped, block, ivs, guarded, x_lower: None })
}

/// The induction variable the baseline maps to x in `section` (the best-coalescing chain loop,
/// see [`select`]), without deciding anything else; `None` for a malformed nest.
pub(super) fn x_loop(ctx: &Context, section: ParallelOp) -> Option<Value> {
    let nest = Nest::of(ctx, section)?;
    let innermost = nest.chain.last().map_or(section.0, |b| b.0);
    let scores = coalescing_scores(ctx, innermost, &nest);
    let mapped = select(&nest, &scores);
    Some(nest.dims.get(*mapped.first()?)?.iv)
}

/// Where the x loop of `baseline` should start so that the most accesses begin each warp's row
/// on a sector boundary: a loop `for j = 1 to n - 1` over `B[i][j] = A[i][j]` gives every warp
/// of 32 `f32` threads a 128-byte row that straddles five 32-byte sectors; started at 0 (the
/// thread of `j = 0` idle behind the guard), it touches four. Only for a constant lower bound;
/// the start is at most one sector's elements below it. An access counts when its last
/// subscript is the x loop plus a constant; `None` when no start below the bound aligns more of
/// them than the bound itself. The row pitch of a dynamic memref is unknown: alignment holds for
/// rows whose byte pitch is a multiple of the sector.
pub(super) fn aligned_x_lower(ctx: &Context, section: ParallelOp, baseline: &Baseline, target: &Target) -> Option<i64> {
    let nest = Nest::of(ctx, section)?;
    let x = nest.dims.get(*baseline.mapped.first()?)?;
    let ([lb], 1) = (x.lbs.as_slice(), x.step) else { return None };
    let lb = lb.as_constant()?;
    let sector = i64::from(target.sector_size);
    let innermost = nest.chain.last().map_or(section.0, |b| b.0);
    // (offset of the x loop in the last subscript, elements per sector) of every access.
    let mut rows: Vec<(i64, i64)> = Vec::new();
    for op in ctx.collect_ops(innermost) {
        let Ok(access) = access_of(ctx, op) else { continue };
        let Some(last) = access.map.results().last() else { continue };
        let Some(l) = access.domain.loops.iter().position(|lp| lp.iv == x.iv) else { continue };
        let (nd, ns) = (access.map.num_dims(), access.map.num_symbols());
        let Some(offset) = (last.clone() - AffineExpr::dim(l as u32)).simplify(nd, ns).as_constant() else {
            continue;
        };
        let TypeKind::MemRef { elem, .. } = ctx.type_kind(ctx.value_type(access.memref)) else { continue };
        let Some(bytes) = element_bytes(ctx, *elem).map(i64::from).filter(|&b| b > 0 && sector % b == 0) else {
            continue;
        };
        rows.push((offset, sector / bytes));
    }
    // Checked: the C front-end accepts bounds and offsets anywhere in i64 (`i = LONG_MIN + 1`).
    let aligned = |start: i64| {
        rows.iter().filter(|&&(offset, per)| start.checked_add(offset).is_some_and(|a| a.rem_euclid(per) == 0)).count()
    };
    let widest = rows.iter().map(|&(_, per)| per).max()?;
    // The nearest start wins ties: fewer idle threads.
    let best = (lb.checked_sub(widest - 1)?..=lb).rev().max_by_key(|&s| (aligned(s), s))?;
    (best < lb && aligned(best) > aligned(lb)).then_some(best)
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

/// Checks the values the section uses but does not define, which become kernel arguments
/// (constants are copied instead): a kernel cannot reach the host stack, and takes only
/// scalars and memrefs.
fn check_captures(ctx: &Context, section: OpId) -> Result<(), Unmappable> {
    let inside =
        |v: Value| ctx.value_block(v).and_then(|b| ctx.block_parent_op(b)).is_some_and(|p| ctx.is_ancestor(section, p));
    for op in ctx.collect_ops(section) {
        for &v in ctx.operands(op) {
            if inside(v) {
                continue;
            }
            let def = ctx.defining_op(v);
            if def.is_some_and(|d| ctx.op_has(d, OpTraits::CONSTANT_LIKE) && ctx.operands(d).is_empty()) {
                continue;
            }
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
        }
    }
    Ok(())
}

/// For each chain loop, how many accesses in the kernel body use its induction variable in
/// their last (fastest-varying) subscript: the loop that does is the one whose consecutive
/// iterations touch consecutive addresses, so giving it to consecutive threads (x) coalesces
/// (seed 001 §3.2: "the higher-order indices should remain the same for all the threads").
fn coalescing_scores(ctx: &Context, innermost: OpId, nest: &Nest) -> Vec<usize> {
    let dims = &nest.dims;
    let mut scores = vec![0; dims.len()];
    for op in ctx.collect_ops(innermost) {
        let is_access = affine::LoadOp::view(ctx, op).is_some()
            || affine::StoreOp::view(ctx, op).is_some()
            || affine::VectorLoadOp::view(ctx, op).is_some()
            || affine::VectorStoreOp::view(ctx, op).is_some();
        if !is_access {
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
fn select(nest: &Nest, scores: &[usize]) -> Vec<usize> {
    let dims = &nest.dims;
    let mut order: Vec<usize> = (0..dims.len()).rev().collect();
    if let Some(best) = (0..dims.len()).rev().max_by_key(|&d| (scores[d], d)) {
        order.retain(|&d| d != best);
        order.insert(0, best);
    }
    let mut chosen: Vec<usize> = Vec::new();
    let mut hulls: Vec<Option<Hull>> = vec![None; dims.len()];
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
            trial[d] = nest.hull(d, &trial);
            trial[d].is_some()
        });
        if ok {
            hulls = trial;
            chosen.extend(closure);
        }
    }
    // Roles follow the preference order.
    order.into_iter().filter(|d| chosen.contains(d)).collect()
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
