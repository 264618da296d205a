//! Partition (channel) camping of a `gpumap.band`, statically: the global accesses of the
//! blocks of the first window of co-resident blocks, evaluated at concrete sizes, scored
//! exactly as `sharc-run --metrics` scores a launch (`sharc_machine::channels`).
//!
//! Seed 001 §3.3.7's detection rule (the byte stride between neighbouring blocks along x is a
//! multiple of `channel_interleave × memory_channels`) is the trigger; it looks only at the first
//! address of each block and misses the row pitch inside a block (gtx690's 1536 B rows alternate
//! over two channels), so the decision is the window's imbalance (next-round spec §3.4).
//!
//! Sizes: a band's bounds and memrefs are usually `symbol(%n)` and `memref<?x?xf32>`, so the
//! analysis runs per *instance*: the function's own static values, completed by the constants
//! and static memref types a `func.call` passes to it. A band without a concrete instance has no
//! number.
//!
//! Addresses are offsets from each memref's base. The simulator's bases are 256-byte aligned,
//! which only rotates one buffer's channels; accesses to several buffers share a histogram
//! unrotated here, a model of their mix. Global accesses: `memplace.copy_in`/`copy_out`
//! (one request per warp-sized run of the flattened tile, the lowered copy loop's order,
//! elements outside the memref skipped) and `affine.load`/`affine.store` (one request per warp
//! over every thread of the block); an access under an `affine.if` counts only where the
//! condition, evaluated for the block (and thread), takes its branch; an access inside an
//! `affine.for` counts at the loop's first iteration (the tail of a reduction loop
//! `sharc-block-remap` rotated, [`ROTATED_TAIL_ATTR`], not at all: it runs after the head). Accesses whose indices depend on values
//! the analysis cannot evaluate are left out.

use sharc_dialects::affine::{ApplyOp, ForOp, IfOp, LoadOp, StoreOp};
use sharc_dialects::arith::ConstantOp;
use sharc_dialects::func::{CallOp, FuncOp};
use sharc_dialects::gpumap::{BandOp, BlockOrder};
use sharc_dialects::memplace::{AllocSharedOp, CopyOp};
use sharc_dialects::memref::CastOp;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, OpId, Value};
use sharc_machine::channels::{window_blocks, window_score};
use sharc_machine::Target;
use std::collections::{BTreeSet, HashMap};

/// Marks the tail of a reduction loop that `sharc-block-remap` rotated (the iterations before
/// the block's offset, run after the head): the first window's accesses are the head's, so the
/// tail's are not scored.
pub const ROTATED_TAIL_ATTR: &str = "sharc.rotated_tail";

/// At most this many element addresses are evaluated per instance (the first window of a large
/// tile stays far below it; beyond it the analysis gives up rather than stall the compiler).
const MAX_ADDRESSES: usize = 1 << 22;

/// Concrete values for a band's function: integers for index values, shapes for memrefs.
#[derive(Clone, Debug, Default)]
pub struct Instance {
    ints: HashMap<Value, i64>,
    shapes: HashMap<Value, Vec<i64>>,
    /// `name = value` of the integer arguments, for remarks.
    pub label: String,
}

/// The camping numbers of one instance of a band.
#[derive(Clone, Debug, PartialEq)]
pub struct Camping {
    /// Blocks per grid dimension (x, y, z).
    pub grid: [u64; 3],
    /// Co-resident blocks (the window).
    pub window: u64,
    /// Seed 001's rule fired: some access's stride between blocks `(0, 0)` and `(1, 0)` is a
    /// nonzero multiple of `channel_interleave × memory_channels`.
    pub yang: bool,
    /// Imbalance of the first window, loads and stores, under the identity order.
    pub before: (f64, f64),
    /// The same under the diagonal order (`None` without x and y loops).
    pub diagonal: Option<(f64, f64)>,
    /// Global accesses scored, and left out (not evaluable).
    pub accesses: (usize, usize),
}

impl Camping {
    /// The larger of the load and store imbalance before the remap.
    pub fn worst_before(&self) -> f64 {
        self.before.0.max(self.before.1)
    }
}

/// The instances of `band`'s function: one per `func.call` of it (arguments that are index
/// constants or memrefs of static shape, possibly through `memref.cast`); without a call, the
/// function with every index argument and every dynamic memref extent `assumed` (a C kernel's
/// `n` of `float a[n][n]`, when the caller names a size), or else the function alone.
pub fn instances(ctx: &Context, band: BandOp, assumed: Option<i64>) -> Vec<Instance> {
    let Some(func) = ctx.ancestor(band.0, |c, a| FuncOp::view(c, a).is_some()).map(FuncOp) else {
        return vec![Instance::default()];
    };
    let args = func.arguments(ctx).to_vec();
    let Some(name) = func.name(ctx).map(str::to_string) else { return vec![Instance::default()] };
    let module = ctx.ancestor(func.0, |c, a| c.parent_op(a).is_none()).unwrap_or(func.0);
    let mut out = Vec::new();
    for call in ctx.collect_ops(module).into_iter().filter_map(|op| CallOp::view(ctx, op)) {
        if call.callee(ctx) != Some(name.as_str()) {
            continue;
        }
        let mut inst = Instance::default();
        let mut label = Vec::new();
        for (i, (&arg, &v)) in args.iter().zip(ctx.operands(call.0)).enumerate() {
            if let Some(c) = constant(ctx, v) {
                inst.ints.insert(arg, c);
                label.push(format!("{} = {c}", arg_name(ctx, func, i)));
            } else if let Some(shape) = static_shape(ctx, v) {
                inst.shapes.insert(arg, shape);
            }
        }
        inst.label = label.join(", ");
        out.push(inst);
    }
    if out.is_empty() {
        let mut inst = Instance::default();
        if let Some(size) = assumed {
            let mut label = Vec::new();
            for (i, &arg) in args.iter().enumerate() {
                let ty = ctx.value_type(arg);
                if ctx.is_index(ty) {
                    inst.ints.insert(arg, size);
                    label.push(format!("{} = {size}", arg_name(ctx, func, i)));
                } else if let Some(parts) = ctx.memref_parts(ty) {
                    let shape = parts.shape.iter().map(|&d| if d == DYNAMIC { size } else { d }).collect();
                    inst.shapes.insert(arg, shape);
                }
            }
            inst.label = format!("{} (assumed)", label.join(", "));
        }
        out.push(inst);
    }
    out
}

fn arg_name(ctx: &Context, func: FuncOp, i: usize) -> String {
    let named = func.arg_attr_dict(ctx, i).and_then(|d| {
        let entry = ctx.attr_dict(d)?.iter().find(|(k, _)| k == sharc_dialects::sharc::NAME_ATTR)?;
        ctx.attr_str(entry.1).map(str::to_string)
    });
    named.unwrap_or_else(|| format!("arg{i}"))
}

fn constant(ctx: &Context, v: Value) -> Option<i64> {
    let op = ctx.defining_op(v)?;
    i64::try_from(ConstantOp::view(ctx, op)?.int_value(ctx)?).ok()
}

/// The static shape of memref `v`, looking through `memref.cast`.
fn static_shape(ctx: &Context, v: Value) -> Option<Vec<i64>> {
    let shape = ctx.memref_parts(ctx.value_type(v))?.shape;
    if !shape.contains(&DYNAMIC) {
        return Some(shape.to_vec());
    }
    let op = ctx.defining_op(v)?;
    CastOp::view(ctx, op).and_then(|c| static_shape(ctx, c.source(ctx)))
}

/// Values of one thread of one block.
struct Eval<'a> {
    ctx: &'a Context,
    inst: &'a Instance,
    /// The band's induction variables and origins for the current thread.
    local: HashMap<Value, i64>,
}

impl Eval<'_> {
    fn int(&self, v: Value) -> Option<i64> {
        if let Some(&x) = self.local.get(&v).or_else(|| self.inst.ints.get(&v)) {
            return Some(x);
        }
        let Some(op) = self.ctx.defining_op(v) else {
            // An `affine.for` induction variable: its first iteration (a strip loop's first
            // strip stands for the others, which the window does not reach in lockstep anyway).
            let owner = self.ctx.block_parent_op(self.ctx.value_block(v)?)?;
            let f = ForOp::view(self.ctx, owner).filter(|f| f.induction_var(self.ctx) == Some(v))?;
            return self.map(f.lower_bound_map(self.ctx)?, f.lower_bound_operands(self.ctx))?.into_iter().max();
        };
        if let Some(c) = ConstantOp::view(self.ctx, op) {
            return i64::try_from(c.int_value(self.ctx)?).ok();
        }
        let apply = ApplyOp::view(self.ctx, op)?;
        let map = apply.map(self.ctx)?;
        let vals: Vec<i64> = apply.operands(self.ctx).iter().map(|&o| self.int(o)).collect::<Option<_>>()?;
        let nd = (map.num_dims() as usize).min(vals.len());
        map.eval(&vals[..nd], &vals[nd..])?.first().copied()
    }

    fn shape(&self, v: Value) -> Option<Vec<i64>> {
        if let Some(s) = self.inst.shapes.get(&v) {
            return Some(s.clone());
        }
        static_shape(self.ctx, v)
    }

    /// The results of `map` over `operands`.
    fn map(&self, map: &sharc_ir::affine::AffineMap, operands: &[Value]) -> Option<Vec<i64>> {
        let vals: Vec<i64> = operands.iter().map(|&o| self.int(o)).collect::<Option<_>>()?;
        let nd = (map.num_dims() as usize).min(vals.len());
        map.eval(&vals[..nd], &vals[nd..])
    }
}

/// Whether the thread whose values `e` holds reaches `op`: every `affine.if` between `op` and
/// the band that can be evaluated takes the branch `op` is in (one that cannot is assumed
/// taken).
fn reached(e: &Eval<'_>, op: OpId, band: BandOp) -> bool {
    let ctx = e.ctx;
    let mut child = op;
    while let Some(parent) = ctx.parent_op(child) {
        if parent == band.0 {
            return true;
        }
        if let Some(cond) = IfOp::view(ctx, parent) {
            let in_then = ctx.parent_block(child) == cond.then_block(ctx);
            let vals: Option<Vec<i64>> = ctx.operands(parent).iter().map(|&v| e.int(v)).collect();
            if let (Some(set), Some(vals)) = (cond.condition(ctx), vals) {
                let nd = (set.num_dims() as usize).min(vals.len());
                if set.contains(&vals[..nd], &vals[nd..]).is_some_and(|holds| holds != in_then) {
                    return false;
                }
            }
        }
        child = parent;
    }
    true
}

/// Row-major element offset of `index` in `shape`, `None` when outside.
fn linear(index: &[i64], shape: &[i64]) -> Option<i64> {
    if index.len() != shape.len() {
        return None;
    }
    let mut off = 0i64;
    for (&i, &s) in index.iter().zip(shape) {
        if i < 0 || i >= s {
            return None;
        }
        off = off.checked_mul(s)?.checked_add(i)?;
    }
    Some(off)
}

/// One global access of the band body.
enum Access {
    Copy(CopyOp),
    Load(LoadOp),
    Store(StoreOp),
}

impl Access {
    fn memref(&self, ctx: &Context) -> Value {
        match self {
            Access::Copy(c) => c.global(ctx),
            Access::Load(l) => l.memref(ctx),
            Access::Store(s) => s.memref(ctx),
        }
    }

    fn op(&self) -> OpId {
        match self {
            Access::Copy(c) => c.0,
            Access::Load(l) => l.0,
            Access::Store(s) => s.0,
        }
    }

    fn is_store(&self, ctx: &Context) -> bool {
        match self {
            Access::Copy(c) => c.direction(ctx) == sharc_dialects::memplace::Direction::Out,
            Access::Load(_) => false,
            Access::Store(_) => true,
        }
    }
}

fn is_global(ctx: &Context, v: Value) -> bool {
    ctx.memref_parts(ctx.value_type(v)).is_some_and(|p| p.memory_space.is_none())
}

/// The global accesses of the band (those of a rotated reduction's tail aside).
fn accesses(ctx: &Context, band: BandOp) -> Vec<Access> {
    let mut found = Vec::new();
    for op in ctx.collect_ops(band.0) {
        if ctx.ancestor(op, |c, a| a != band.0 && c.attr_of(a, ROTATED_TAIL_ATTR).is_some()).is_some() {
            continue;
        }
        let access = if let Some(c) = CopyOp::view(ctx, op) {
            Access::Copy(c)
        } else if let Some(l) = LoadOp::view(ctx, op) {
            Access::Load(l)
        } else if let Some(s) = StoreOp::view(ctx, op) {
            Access::Store(s)
        } else {
            continue;
        };
        if is_global(ctx, access.memref(ctx)) {
            found.push(access);
        }
    }
    found
}

/// Element addresses (bytes from the memref's base) of `access` for the thread whose values
/// `e` holds, grouped into requests; `None` when not evaluable.
fn requests(e: &Eval<'_>, access: &Access, warp: usize) -> Option<Vec<Vec<u64>>> {
    let ctx = e.ctx;
    let memref = access.memref(ctx);
    let shape = e.shape(memref)?;
    let elem =
        u64::from(crate::analysis::lane_index::element_bytes(ctx, ctx.memref_parts(ctx.value_type(memref))?.elem)?);
    match access {
        Access::Copy(c) => {
            let origin = e.map(c.origin_map(ctx)?, c.origin_operands(ctx))?;
            let sizes = c.sizes(ctx);
            if sizes.len() != origin.len() || sizes.iter().any(|&s| s < 1) {
                return None;
            }
            let total = sizes.iter().try_fold(1usize, |a, &s| a.checked_mul(usize::try_from(s).ok()?))?;
            if total > MAX_ADDRESSES {
                return None;
            }
            let mut out = Vec::new();
            let mut index = vec![0i64; sizes.len()];
            for chunk in (0..total).collect::<Vec<_>>().chunks(warp.max(1)) {
                let mut req = Vec::new();
                for &flat in chunk {
                    let mut rest = flat as i64;
                    for d in (0..sizes.len()).rev() {
                        index[d] = origin[d].checked_add(rest % sizes[d])?;
                        rest /= sizes[d];
                    }
                    if let Some(off) = linear(&index, &shape) {
                        req.push(u64::try_from(off).ok()?.checked_mul(elem)?);
                    }
                }
                out.push(req);
            }
            Some(out)
        }
        Access::Load(_) | Access::Store(_) => {
            let (map, operands) = match access {
                Access::Load(l) => (l.map(ctx)?, l.map_operands(ctx)),
                Access::Store(s) => (s.map(ctx)?, s.map_operands(ctx)),
                Access::Copy(_) => return None,
            };
            let idx = e.map(map, operands)?;
            // Outside the memref: no request (the guard the verifier cannot see keeps it out).
            let addr = linear(&idx, &shape).and_then(|o| u64::try_from(o).ok()?.checked_mul(elem));
            Some(vec![addr.into_iter().collect()])
        }
    }
}

/// The band's loops, evaluated: per loop its lower bound, step, tile, block, thread stride and
/// hardware dimension index; and the grid.
struct Shape {
    loops: Vec<(i64, i64, i64, i64, i64, usize)>,
    grid: [u64; 3],
    block: [i64; 3],
}

fn shape(ctx: &Context, band: BandOp, inst: &Instance) -> Option<Shape> {
    let e = Eval { ctx, inst, local: HashMap::new() };
    let (blocks, tiles, steps) = (band.block_sizes(ctx), band.tile_sizes(ctx), band.steps(ctx));
    let (dists, reps, mapping) = (band.distributions(ctx), band.replication(ctx), band.mapping(ctx));
    let mut grid = [1u64; 3];
    let mut block = [1i64; 3];
    let mut loops = Vec::new();
    for d in 0..blocks.len() {
        let lb = e.map(&band.lower_bound_map(ctx, d)?, band.lower_bound_operands(ctx))?.into_iter().max()?;
        let ub = e.map(&band.upper_bound_map(ctx, d)?, band.upper_bound_operands(ctx))?.into_iter().min()?;
        let (step, tile, b) = (*steps.get(d)?, *tiles.get(d)?, *blocks.get(d)?);
        let dim = (*mapping.get(d)?)?.index();
        let stride = (*dists.get(d)?)?.thread_stride(*reps.get(d)?);
        let per = step.checked_mul(tile)?;
        let trips = ub.checked_sub(lb)?;
        if trips <= 0 || per <= 0 {
            return None;
        }
        grid[dim] = u64::try_from(trips.div_euclid(per) + i64::from(trips.rem_euclid(per) != 0)).ok()?;
        block[dim] = b;
        loops.push((lb, step, tile, b, stride, dim));
    }
    Some(Shape { loops, grid, block })
}

/// One order's first window: (load, store) imbalance, the byte stride between blocks (0, 0) and
/// (1, 0) of each access, and how many accesses could not be evaluated.
type Score = ((f64, f64), Vec<i64>, usize);

/// The camping numbers of `band` at `inst` on `target`, or why there are none.
pub fn analyze(ctx: &Context, band: BandOp, inst: &Instance, target: &Target) -> Result<Camping, String> {
    let s = shape(ctx, band, inst).ok_or("the grid is not known at these sizes")?;
    let threads = s.block.iter().product::<i64>();
    let shared: u64 = ctx
        .collect_ops(band.0)
        .into_iter()
        .filter_map(|op| AllocSharedOp::view(ctx, op))
        .filter_map(|a| {
            let ty = ctx.value_type(a.result(ctx));
            let elem = crate::analysis::lane_index::element_bytes(ctx, ctx.memref_parts(ty)?.elem)?;
            let count = a.shape(ctx).iter().try_fold(1u64, |n, &d| n.checked_mul(u64::try_from(d).ok()?))?;
            count.checked_mul(u64::from(elem))
        })
        .fold(0u64, u64::saturating_add);
    let window = window_blocks(target, threads.max(0) as u64, shared)?;
    let found = accesses(ctx, band);
    if found.is_empty() {
        return Err("no global access".into());
    }
    let period = u64::from(target.channel_interleave) * u64::from(target.memory_channels);
    let warp = target.warp_size.max(1) as usize;
    let [gx, gy, gz] = s.grid;
    let blocks = window.min(gx.saturating_mul(gy).saturating_mul(gz));
    if (blocks as usize).saturating_mul(threads.max(1) as usize) > MAX_ADDRESSES {
        return Err("the first window is too large to evaluate".into());
    }
    // Per order, per access: the sectors of each request of each block of the window.
    let score = |order: BlockOrder| -> Result<Score, String> {
        let channels = target.memory_channels.max(1) as usize;
        let (mut load, mut store) = (vec![0u64; channels], vec![0u64; channels]);
        let mut strides = Vec::new();
        let mut unevaluated = 0;
        for access in &found {
            let mut firsts = Vec::new();
            let mut ok = true;
            for idx in 0..blocks {
                let (bx, by, bz) = (idx % gx, idx / gx % gy, idx / (gx * gy));
                let (tx, ty) = order.tile(bx, by, gx, gy);
                let tile_id = [tx, ty, bz];
                let per_thread = !matches!(access, Access::Copy(_));
                let lanes = if per_thread { threads.max(1) } else { 1 };
                let mut reqs: Vec<BTreeSet<u64>> = Vec::new();
                for lane in 0..lanes {
                    let tid = [lane % s.block[0], lane / s.block[0] % s.block[1], lane / (s.block[0] * s.block[1])];
                    let mut local = HashMap::new();
                    for (d, &(lb, step, tile, _, stride, dim)) in s.loops.iter().enumerate() {
                        // Wrapping: absurd bounds give absurd addresses, never a panic.
                        let origin = lb.wrapping_add(step.wrapping_mul(tile_id[dim] as i64).wrapping_mul(tile));
                        let iv = origin.wrapping_add(step.wrapping_mul(stride).wrapping_mul(tid[dim]));
                        local.insert(band.origins(ctx)[d], origin);
                        local.insert(band.ivs(ctx)[d], iv);
                    }
                    let e = Eval { ctx, inst, local };
                    if !reached(&e, access.op(), band) {
                        continue;
                    }
                    let Some(rs) = requests(&e, access, warp) else {
                        ok = false;
                        break;
                    };
                    let base = if per_thread { (lane as usize) / warp } else { 0 };
                    for (i, r) in rs.into_iter().enumerate() {
                        if reqs.len() <= base + i {
                            reqs.resize(base + i + 1, BTreeSet::new());
                        }
                        if idx <= 1 && lane == 0 && i == 0 {
                            firsts.push(r.first().copied());
                        }
                        let sector = u64::from(target.sector_size.max(1));
                        reqs[base + i].extend(r.iter().map(|a| a / sector));
                    }
                }
                if !ok {
                    break;
                }
                let hist = if access.is_store(ctx) { &mut store } else { &mut load };
                for sectors in &reqs {
                    for &sec in sectors {
                        if let Some(c) = target.channel_of(sec * u64::from(target.sector_size.max(1))) {
                            hist[c as usize] += 1;
                        }
                    }
                }
            }
            if !ok {
                unevaluated += 1;
                continue;
            }
            if let [Some(a), Some(b)] = firsts[..] {
                strides.push(b as i64 - a as i64);
            }
        }
        let ratio = |h: &[u64]| {
            let (p, n) = window_score(h);
            if n == 0 {
                1.0
            } else {
                p as f64 / n as f64
            }
        };
        Ok(((ratio(&load), ratio(&store)), strides, unevaluated))
    };
    let (before, strides, unevaluated) = score(BlockOrder::Identity)?;
    if unevaluated == found.len() {
        return Err("no global access evaluable at these sizes".into());
    }
    let yang = gx >= 2 && strides.iter().any(|&d| d != 0 && d.unsigned_abs() % period.max(1) == 0);
    let mapped = band.mapping(ctx);
    let has = |i: usize| mapped.iter().any(|m| m.is_some_and(|d| d.index() == i));
    let diagonal = if has(0) && has(1) { Some(score(BlockOrder::Diagonal)?.0) } else { None };
    Ok(Camping { grid: s.grid, window, yang, before, diagonal, accesses: (found.len() - unevaluated, unevaluated) })
}
