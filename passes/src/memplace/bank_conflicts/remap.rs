//! Thread remap, the "diagonal remapping" of seed 000 §3.3.1: a placement matrix permutes which
//! thread of a block runs which iteration of the block's tile, so that the threads of one warp
//! reach different banks.
//!
//! ```mlir
//! gpumap.band (%y, %x) = ... block [32, 32] dims [y, x] origin (%oy, %ox) {
//!   %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
//!   affine.store %v, %s[%x - %ox, %y - %oy]          // a warp (one %y) hits one bank
//! ```
//! becomes, under [`Placement::SkewY`],
//! ```mlir
//!   %s = memplace.alloc_shared : ...
//!   %y2 = affine.apply affine_map<(d0, d1, d2, d3) -> (d2 + (d0 - d2 + d1 - d3) mod 32)>(%y, %x, %oy, %ox)
//!   affine.store %v, %s[%x - %ox, %y2 - %oy]         // bank (y + x) mod 32: one per lane
//! ```
//! Every use of the skewed induction variable in the band body (guards, shared and global
//! accesses, loop bounds) reads the remapped one. This is legal because the band's iterations
//! are independent and the remap is a bijection of each block's iterations onto themselves: for
//! a fixed coordinate along the other dimension, `t -> (t + u) mod B` permutes `[0, B)`. In a
//! partial block the in-bounds guards test the remapped variable, so exactly the iterations of
//! the original run, on other threads. Cooperative copies and barriers do not name the
//! induction variables and are untouched.
//!
//! The remap changes which global element a thread touches, so a band whose non-workgroup
//! accesses depend on the skewed variable (through their subscripts or the conditions around
//! them) is refused: the pass only remaps when every global access is staged (design study
//! §1.2, §1.7 "ThreadRemap changes which global element a thread touches").

use sharc_dialects::affine::{ApplyOp, LoadOp as AffineLoad, StoreOp as AffineStore};
use sharc_dialects::gpu::{AddressSpace, Dimension};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, CopyOp};
use sharc_dialects::memref::{LoadOp as MemrefLoad, StoreOp as MemrefStore};
use sharc_ir::affine::{AffineExpr, AffineMap};
use sharc_ir::builder::{Builder, InsertPoint};
use sharc_ir::{Context, OpId, OpTraits, Value};
use std::collections::HashSet;

/// Which band induction variable a remap rewrites, as seed 000's placement matrix Q acting on
/// the thread coordinates `(x, y)` of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Placement {
    /// Thread `(x, y)` runs iteration `y' = (y + x) mod B_y` (Q transposed): a warp, which is
    /// one row of threads, spreads over a diagonal of the tile. Removes the conflicts of a
    /// column-wise access `s[x][y]` while keeping `s[y][x]` conflict-free.
    SkewY,
    /// Thread `(x, y)` runs iteration `x' = (x + y) mod B_x`, seed 000's diagonal
    /// `Q = [[1, 0], [1, 1]]`.
    SkewX,
}

impl Placement {
    /// Every placement, in the order the pass tries them.
    pub(super) const ALL: [Placement; 2] = [Placement::SkewY, Placement::SkewX];

    /// How a remark or the plan names the placement.
    pub(super) fn label(self) -> &'static str {
        match self {
            Placement::SkewY => "remap y' = (y + x) mod By",
            Placement::SkewX => "remap x' = (x + y) mod Bx",
        }
    }

    /// The hardware dimension whose induction variable is rewritten, and the one added to it.
    fn dims(self) -> (Dimension, Dimension) {
        match self {
            Placement::SkewY => (Dimension::Y, Dimension::X),
            Placement::SkewX => (Dimension::X, Dimension::Y),
        }
    }
}

/// The loop of `band` mapped to hardware dimension `dim`.
fn loop_of(ctx: &Context, band: BandOp, dim: Dimension) -> Option<usize> {
    band.mapping(ctx).iter().position(|&d| d == Some(dim))
}

/// What a remap of `band` under `placement` needs: the skewed loop, the loop added to it.
struct Plan {
    skewed: usize,
    other: usize,
    block: i64,
}

fn plan(ctx: &Context, band: OpId, placement: Placement) -> Result<(BandOp, Plan), String> {
    let band = BandOp::view(ctx, band).ok_or("not a gpumap.band")?;
    let (skewed_dim, other_dim) = placement.dims();
    let (Some(skewed), Some(other)) = (loop_of(ctx, band, skewed_dim), loop_of(ctx, band, other_dim)) else {
        return Err(format!(
            "the band maps no loop to {} or to {}: a thread remap needs both",
            skewed_dim.keyword(),
            other_dim.keyword()
        ));
    };
    let sizes = band.block_sizes(ctx);
    let block = sizes.get(skewed).copied().unwrap_or(1);
    if block <= 1 || sizes.get(other).copied().unwrap_or(1) <= 1 {
        return Err(format!(
            "the block has one thread along {} or {}: nothing to permute",
            skewed_dim.keyword(),
            other_dim.keyword()
        ));
    }
    if band.steps(ctx).iter().any(|&s| s <= 0) {
        return Err("the band has a non-positive step".to_string());
    }
    let iv = band.ivs(ctx).get(skewed).copied().ok_or("the band has no induction variables")?;
    check_uses(ctx, band, iv)?;
    Ok((band, Plan { skewed, other, block }))
}

/// Whether `placement` can remap `band`, with the reason when it cannot; nothing changes.
pub(super) fn check(ctx: &Context, band: OpId, placement: Placement) -> Result<(), String> {
    plan(ctx, band, placement).map(|_| ())
}

/// Rewrites `band` so that each thread runs the iteration `placement` assigns it (see the
/// module docs). Returns the number of ops added to the body (each thread runs them once).
/// On `Err` (a reason for a remark) the band is unchanged.
pub(super) fn remap(ctx: &mut Context, band: OpId, placement: Placement) -> Result<usize, String> {
    let (band, Plan { skewed, other, block }) = plan(ctx, band, placement)?;
    let body = band.body(ctx).ok_or("the band has no body")?;
    let (ivs, origins, steps) = (band.ivs(ctx), band.origins(ctx), band.steps(ctx));
    let per_loop = |d: usize| Some((*ivs.get(d)?, *origins.get(d)?, *steps.get(d)?));
    let (Some((iv, origin, step)), Some((other_iv, other_origin, other_step))) = (per_loop(skewed), per_loop(other))
    else {
        return Err("the band's induction variables, origins and steps disagree".to_string());
    };
    // Thread t of a block runs `origin + step * t`; the remapped variable is
    // origin + step * ((t_skewed + t_other) mod block).
    let (d0, d1, d2, d3) = (AffineExpr::dim(0), AffineExpr::dim(1), AffineExpr::dim(2), AffineExpr::dim(3));
    let thread = |iv: &AffineExpr, origin: &AffineExpr, step: i64| (iv - origin).floor_div(step);
    let lane = thread(&d0, &d2, step) + thread(&d1, &d3, other_step);
    let expr = &d2 + lane.modulo(block) * step;
    let map = AffineMap::new(4, 0, vec![expr]).map_err(|e| format!("remap map: {e:?}"))?;
    // After the buffers, so that the body still opens with its allocations.
    let first = ctx.block_ops_iter(body).find(|&o| AllocSharedOp::view(ctx, o).is_none());
    let ip = first.map_or(InsertPoint::BlockEnd(body), InsertPoint::Before);
    let loc = ctx.loc(band.0).clone();
    let state = ApplyOp::build(ctx, loc, map, &[iv, other_iv, origin, other_origin]);
    let apply = Builder::at(ip).insert(ctx, state);
    let remapped = ctx.result(apply, 0);
    for u in ctx.uses(iv).to_vec() {
        if u.op != apply {
            ctx.set_operand(u.op, u.operand as usize, remapped);
        }
    }
    Ok(1)
}

/// The values computed from `roots`: results of their users, and the block arguments of the
/// regions of those users (a loop bounded by a root has a dependent induction variable); a
/// terminator passes its operands to its parent's results and region arguments.
pub(super) fn forward_slice(ctx: &Context, roots: &[Value]) -> HashSet<Value> {
    let mut seen: HashSet<Value> = roots.iter().copied().collect();
    let mut work = roots.to_vec();
    let mut push = |v: Value, work: &mut Vec<Value>| {
        if seen.insert(v) {
            work.push(v);
        }
    };
    while let Some(v) = work.pop() {
        for u in ctx.uses(v) {
            let owner = if ctx.op_has(u.op, OpTraits::TERMINATOR) { ctx.parent_op(u.op) } else { Some(u.op) };
            let Some(owner) = owner else { continue };
            for &r in ctx.results(owner) {
                push(r, &mut work);
            }
            for &region in ctx.regions(owner) {
                for &b in ctx.region_blocks(region) {
                    for &a in ctx.block_args(b) {
                        push(a, &mut work);
                    }
                }
            }
        }
    }
    seen
}

/// Whether `memref` lives outside shared memory.
fn is_unstaged(ctx: &Context, memref: Value) -> bool {
    AddressSpace::of_type(ctx, ctx.value_type(memref)) != Some(AddressSpace::Workgroup)
}

/// For an access op: its memref and the operand positions of its subscripts.
fn access(ctx: &Context, op: OpId) -> Option<(Value, std::ops::Range<usize>)> {
    let n = ctx.operands(op).len();
    if let Some(l) = AffineLoad::view(ctx, op) {
        Some((l.memref(ctx), 1..n))
    } else if let Some(s) = AffineStore::view(ctx, op) {
        Some((s.memref(ctx), 2..n))
    } else if let Some(l) = MemrefLoad::view(ctx, op) {
        Some((l.memref(ctx), 1..n))
    } else {
        MemrefStore::view(ctx, op).map(|s| (s.memref(ctx), 2..n))
    }
}

/// Refuses a remap of `iv` that would change a global access or a cooperative copy: one whose
/// subscripts depend on `iv`, or that runs under a condition or loop that does.
fn check_uses(ctx: &Context, band: BandOp, iv: Value) -> Result<(), String> {
    let slice = forward_slice(ctx, &[iv]);
    let Some(body) = band.body(ctx) else { return Ok(()) };
    let ops: Vec<OpId> = ctx.block_ops_iter(body).collect();
    ops.into_iter().try_for_each(|op| check_op(ctx, op, &slice, false))
}

fn check_op(ctx: &Context, op: OpId, slice: &HashSet<Value>, controlled: bool) -> Result<(), String> {
    let operands = ctx.operands(op);
    let tainted = |range: std::ops::Range<usize>| operands.get(range).unwrap_or(&[]).iter().any(|v| slice.contains(v));
    let uses_iv = tainted(0..operands.len());
    if let Some((memref, subscripts)) = access(ctx, op) {
        if is_unstaged(ctx, memref) && (controlled || tainted(subscripts)) {
            return Err(format!(
                "{} of an unstaged array depends on the remapped induction variable: its coalescing would change",
                ctx.op_name(op)
            ));
        }
    } else if CopyOp::view(ctx, op).is_some() {
        if controlled || uses_iv {
            return Err("a cooperative copy depends on the remapped induction variable".to_string());
        }
    } else if uses_iv && ctx.regions(op).is_empty() && crate::effects::may_write(ctx, op) {
        return Err(format!("{} may write memory and depends on the remapped induction variable", ctx.op_name(op)));
    }
    for &region in ctx.regions(op) {
        for &b in ctx.region_blocks(region) {
            for o in ctx.block_ops_iter(b) {
                check_op(ctx, o, slice, controlled || uses_iv)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
pub(super) mod tests;
