//! `sharc-run` semantics of the memplace ops.
//!
//! `memplace.alloc_shared` does nothing when executed: the enclosing `gpumap.band` gives each
//! thread block its buffer before the block starts (see `gpumap/interp.rs`). A barrier is
//! `gpu.barrier`'s. A copy is executed exactly as its lowering runs: in rounds, round `k`
//! moving element `t + k*B` of the flattened tile for each thread `t` of the `B` threads of the
//! block, all threads in lockstep; each round is one load request and one store request per
//! warp, so the metrics (sectors, bank conflicts) and the race checks see the same accesses as
//! they would in the lowered kernel. A `copy_out` with a valid extent skips the elements at or
//! past it, in both the shared load and the global store, as the lowered guard does.

use super::ops::{AllocSharedOp, CopyOp, Direction, ALLOC_SHARED, BARRIER, COPY_IN, COPY_OUT};
use crate::memref::interp::memref_info;
use sharc_ir::{Diagnostic, OpId};
use sharc_sim::affine::Map;
use sharc_sim::interp::unflatten;
use sharc_sim::memory::MAX_RANK;
use sharc_sim::{Exec, Prep, Scalar, Semantics, SimError, Slot, Val};

/// A copy, decoded once.
struct Copy {
    direction: Direction,
    global: Slot,
    shared: Slot,
    origin: Map,
    origin_operands: Box<[Slot]>,
    /// The valid extent's operands (`copy_out` only; empty: the whole tile).
    valid: Box<[Slot]>,
    sizes: Vec<i64>,
    /// Elements in the tile.
    count: u64,
    elem: Scalar,
}

fn prepare_copy(p: &mut Prep<'_>, op: OpId) -> Result<Copy, Diagnostic> {
    let ctx = p.ctx();
    let copy = CopyOp::view(ctx, op).ok_or_else(|| p.error(op, "malformed memplace copy"))?;
    let map = copy.origin_map(ctx).ok_or_else(|| p.error(op, "memplace copy without its origin"))?;
    let (elem, shape, _) = memref_info(p, op, ctx.value_type(copy.global(ctx)))?;
    let sizes = copy.sizes(ctx);
    let bad_valid = !copy.valid(ctx).is_empty() && copy.valid(ctx).len() != sizes.len();
    let bad_rank =
        sizes.len() != shape.len() || map.num_results() != sizes.len() || shape.len() > MAX_RANK || bad_valid;
    if bad_rank || sizes.iter().any(|&s| s < 1) {
        return Err(p.error(op, "malformed memplace copy sizes"));
    }
    let count = sizes.iter().try_fold(1u64, |acc, &s| acc.checked_mul(s as u64));
    let count = count.ok_or_else(|| p.error(op, "tile too large"))?;
    Ok(Copy {
        direction: copy.direction(ctx),
        global: p.slot(copy.global(ctx)),
        shared: p.slot(copy.shared(ctx)),
        origin: Map::compile(map),
        origin_operands: p.slots(copy.origin_operands(ctx)).into(),
        valid: p.slots(copy.valid(ctx)).into(),
        sizes,
        count,
        elem,
    })
}

/// The tile origin, which every thread of the block must agree on.
fn origin(x: &Exec<'_, '_>, c: &Copy) -> Result<Vec<i64>, SimError> {
    uniform(x, ("copy origin", "origin"), |lane| {
        let inputs: Vec<i64> = c.origin_operands.iter().map(|&s| x.get(s, lane).i()).collect();
        let mut o = vec![0; c.sizes.len()];
        c.origin.eval_into(&inputs, &mut o).map_err(|t| x.trap(lane, t))?;
        Ok(o)
    })
}

/// The tile's valid extent (its sizes without one), which every thread must agree on.
fn valid_extent(x: &Exec<'_, '_>, c: &Copy) -> Result<Vec<i64>, SimError> {
    if c.valid.is_empty() {
        return Ok(c.sizes.clone());
    }
    uniform(x, ("valid extent", "valid extent"), |lane| Ok(c.valid.iter().map(|&s| x.get(s, lane).i()).collect()))
}

/// `what` (its name in the message, then its shorter name) computed per thread by `of`: the
/// same in every thread of the block, or a trap naming the first thread that differs.
fn uniform(
    x: &Exec<'_, '_>,
    (what, short): (&str, &str),
    mut of: impl FnMut(u32) -> Result<Vec<i64>, SimError>,
) -> Result<Vec<i64>, SimError> {
    let mut first: Option<Vec<i64>> = None;
    for &lane in x.lanes() {
        let o = of(lane)?;
        match &first {
            None => first = Some(o),
            Some(f) if *f != o => {
                return Err(
                    x.trap(lane, format!("{what} {o:?} differs from {f:?}, the {short} of the block's first thread,"))
                )
            }
            Some(_) => {}
        }
    }
    first.ok_or_else(|| x.error("a memplace copy executed by no thread"))
}

/// One thread's element of a copy round: the lane, the tile index, the global index if it is
/// inside the global memref (and the tile index inside the valid extent), and the value moved.
type Move = (u32, Vec<i64>, Option<Vec<i64>>, Val);

fn exec_copy(x: &mut Exec<'_, '_>, c: &Copy) -> Result<(), SimError> {
    let group = x.group().clone();
    if !group.kernel {
        return Err(x.error("memplace copies run inside a gpumap.band, by all threads of a block"));
    }
    if x.lanes().len() as u32 != group.width {
        let missing = (0..group.width).find(|l| x.lanes().binary_search(l).is_err()).unwrap_or(0);
        let [tx, ty, tz] = group.thread(missing);
        let [bx, by, bz] = group.block_id;
        return Err(x.error(format!(
            "copy not reached by all threads of block ({bx}, {by}, {bz}): {} of {} threads arrive here, thread ({tx}, {ty}, {tz}) does not",
            x.lanes().len(),
            group.width
        )));
    }
    let origin = origin(x, c)?;
    let valid = valid_extent(x, c)?;
    let lanes = x.lanes();
    let Some(&lane0) = lanes.first() else { return Ok(()) };
    let (global, shared) = (x.get(c.global, lane0), x.get(c.shared, lane0));
    let extents: Vec<i64> = x.lane_cx(lane0).desc(global).map_err(|t| x.trap(lane0, t))?.sizes().to_vec();
    let zero = if c.elem.is_float() { c.elem.float(0.0) } else { c.elem.int(0) };
    let width = u64::from(group.width);
    let mut moves: Vec<Move> = Vec::with_capacity(lanes.len());
    let mut round = 0u64;
    while round * width < c.count {
        moves.clear();
        for &lane in lanes {
            let e = round * width + u64::from(lane);
            if e >= c.count {
                continue;
            }
            let tile = unflatten(e, &c.sizes);
            let g: Vec<i64> = tile.iter().zip(&origin).map(|(t, o)| t + o).collect();
            let inside = g.iter().zip(&extents).all(|(&i, &n)| (0..n).contains(&i))
                && tile.iter().zip(&valid).all(|(&t, &v)| t < v);
            moves.push((lane, tile, inside.then_some(g), zero));
        }
        // The loads of the round (global for copy_in, shared for copy_out; only for elements
        // inside the global memref), then its stores, each one request per warp.
        for (lane, tile, g, v) in &mut moves {
            let loaded = match (c.direction, g.as_ref()) {
                (Direction::In, Some(g)) => x.lane_cx(*lane).load(global, g),
                (Direction::Out, Some(_)) => x.lane_cx(*lane).load(shared, tile),
                (_, None) => continue,
            };
            *v = loaded.map_err(|t| x.trap(*lane, t))?;
        }
        x.flush_requests()?;
        for (lane, tile, g, v) in &moves {
            let stored = match (c.direction, g.as_ref()) {
                (Direction::In, _) => x.lane_cx(*lane).store(shared, tile, *v),
                (Direction::Out, Some(g)) => x.lane_cx(*lane).store(global, g, *v),
                (Direction::Out, None) => continue,
            };
            stored.map_err(|t| x.trap(*lane, t))?;
        }
        x.flush_requests()?;
        round += 1;
    }
    Ok(())
}

/// Checks that an allocation has a type the simulator can hold; the band allocates it.
fn prepare_alloc(p: &mut Prep<'_>, op: OpId) -> Result<(), Diagnostic> {
    let alloc = AllocSharedOp::view(p.ctx(), op).ok_or_else(|| p.error(op, "malformed memplace.alloc_shared"))?;
    memref_info(p, op, p.ctx().value_type(alloc.result(p.ctx()))).map(|_| ())
}

pub(crate) fn register(s: &mut Semantics) {
    s.region(&ALLOC_SHARED, prepare_alloc, |_, _| Ok(()));
    s.region(&COPY_IN, prepare_copy, exec_copy);
    s.region(&COPY_OUT, prepare_copy, exec_copy);
    s.region(&BARRIER, |_, _| Ok(()), |x, _| x.barrier());
}
