//! The bank cost of a shared buffer: the shared-memory wavefronts one thread block spends on
//! it, over all its accesses, weighted by how often each runs, over every warp of the block.
//!
//! Why one analysis: the bank-conflict pass (`sharc-bank-conflicts`) chooses a layout by this
//! cost and `sharc-bank-report` prints it; both must agree with each other and with the
//! simulator's `shared_bank_wavefronts`. Gao: "intra-padding of an array impacts all accesses of
//! this array" — padding that fixes a column read can break the cooperative copy, so the copies
//! are costed with the loads and stores (design study §1.2, pitfalls §1.7).
//!
//! How: the band (or kernel) body is walked once per buffer as the hardware runs it, with every
//! index evaluated numerically on every thread ([`LaneEvaluator`]) for a block in the middle of
//! a large problem: every index value defined outside the band is [`CostEnv::symbols`], the
//! band's origins are the middle block's. Then
//! - an `affine.if` splits the active threads by its condition, evaluated per thread (a branch
//!   no thread takes weighs nothing);
//! - an `affine.for`/`scf.for` multiplies the weight by its trip count; when its induction
//!   variable reaches a subscript, a guard or a bound of a loop around an access, its iterations
//!   are enumerated (all of them while the loop nest has at most [`MAX_COMBINATIONS`]; else
//!   evenly spaced samples, each weighted by the iterations it stands for, inner loops served
//!   first), since the conflict degree may depend on it (XOR layouts, Kepler's layers);
//! - a load or store is one request per warp (linear thread id `x + X·(y + Y·z)`, warps of
//!   `warp_size`); a vector load or store of `N` lanes is one `N × element`-byte access per
//!   thread (8-byte accesses are served in 16-lane phases), its lanes adjacent under the layout
//!   or the cost is an error; `memplace.copy_in`/`copy_out` run as `sharc-run` runs them: thread `t` moves
//!   flattened tile element `t + k·T` in round `k`, one shared store (copy_in) or load
//!   (copy_out) request per warp and round, without the elements past a `copy_out`'s valid
//!   extent (evaluated for the middle block: the whole tile in a large problem);
//! - each lane's element goes through the buffer's type (padding included) and its layout
//!   (`SharedLayout::physical_offset`) to a byte address, and each request is costed by
//!   `sharc_machine::bank::shared_request_cost`, the simulator's model.
//!
//! Invariants: everything is read from the IR (type, layout, subscripts), so a clone of a band
//! with a changed buffer is costed as it stands; costs are per block, for a full block (copies
//! assume the whole tile lies inside the global array); what cannot be evaluated is a
//! [`CostError`] naming the op, never a guess.

use super::lane_index::{element_bytes, IndexError, KernelScope, LaneEvaluator, Lanes};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, CopyOp, Direction};
use sharc_dialects::{affine, memref, scf, vector};
use sharc_ir::affine::AffineMap;
use sharc_ir::{BlockId, Context, OpId, Value};
use sharc_machine::bank::{self, BankGeometry};
use sharc_machine::layout::SharedLayout;
use sharc_machine::Target;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// The most iteration combinations of the loops around one access that are costed one by one;
/// beyond it, iterations are sampled evenly and scaled.
pub const MAX_COMBINATIONS: u64 = 64;

/// The environment of the static full-block cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CostEnv {
    /// The value of every index value defined outside the band (the problem size `n`).
    pub symbols: i64,
}

impl Default for CostEnv {
    fn default() -> Self {
        CostEnv { symbols: 1 << 16 }
    }
}

/// Shared-memory wavefronts of one block, weighted by executions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BankCost {
    /// Serialized bank accesses (the simulator's `shared_bank_wavefronts`).
    pub wavefronts: f64,
    /// The conflict-free minimum: one per non-empty phase of every request.
    pub ideal: f64,
}

impl BankCost {
    /// Wavefronts beyond the conflict-free minimum.
    pub fn conflicts(&self) -> f64 {
        self.wavefronts - self.ideal
    }

    fn add(&mut self, other: BankCost) {
        self.wavefronts += other.wavefronts;
        self.ideal += other.ideal;
    }
}

/// What an access does to the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// `affine.load` / `memref.load`.
    Load,
    /// `affine.store` / `memref.store`.
    Store,
    /// `memplace.copy_in`: shared stores.
    CopyIn,
    /// `memplace.copy_out`: shared loads.
    CopyOut,
}

impl fmt::Display for AccessKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AccessKind::Load => "load",
            AccessKind::Store => "store",
            AccessKind::CopyIn => "copy_in",
            AccessKind::CopyOut => "copy_out",
        })
    }
}

/// The cost of one access op of a buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct AccessCost {
    /// The load, store or copy.
    pub op: OpId,
    /// What it does.
    pub kind: AccessKind,
    /// Executions per block (a copy: times its rounds).
    pub weight: f64,
    /// Its wavefronts per block, weighted.
    pub cost: BankCost,
    /// The largest phase degree of any of its requests (1: conflict-free).
    pub worst_degree: u32,
}

/// The cost of one shared buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferCost {
    /// The buffer (a `memplace.alloc_shared` result or a workgroup memref).
    pub buffer: Value,
    /// The sum over its accesses.
    pub total: BankCost,
    /// Every access that executes, in program order of first execution.
    pub accesses: Vec<AccessCost>,
}

/// Why a buffer has no cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CostError {
    /// Where the analysis stopped.
    pub op: OpId,
    /// `cannot analyze: ...`.
    pub message: String,
}

impl CostError {
    fn new(op: OpId, why: impl fmt::Display) -> CostError {
        CostError { op, message: format!("cannot analyze: {why}") }
    }
}

impl fmt::Display for CostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The cost of every `memplace.alloc_shared` buffer of `band`, in program order.
pub fn band_costs(
    ctx: &Context,
    band: OpId,
    target: &Target,
    env: &CostEnv,
) -> Vec<(Value, Result<BufferCost, CostError>)> {
    let Some(body) = BandOp::view(ctx, band).and_then(|b| b.body(ctx)) else { return Vec::new() };
    let buffers: Vec<Value> =
        ctx.block_ops_iter(body).filter_map(|o| AllocSharedOp::view(ctx, o)).map(|a| a.result(ctx)).collect();
    buffers.into_iter().map(|b| (b, buffer_cost(ctx, band, b, target, env))).collect()
}

/// The cost of `buffer` in `band` (a `gpumap.band`, or a `gpu.func`/`gpu.launch` whose block
/// size is known) for one block.
pub fn buffer_cost(
    ctx: &Context,
    band: OpId,
    buffer: Value,
    target: &Target,
    env: &CostEnv,
) -> Result<BufferCost, CostError> {
    let geometry = Buffer::of(ctx, band, buffer)?;
    let trace = buffer_trace(ctx, band, buffer, target, env)?;
    trace.cost(&geometry.shape, geometry.layout, target)
}

/// Every shared-memory request `buffer`'s accesses make in one block, as the subscripts each
/// thread uses, with the requests' weights: everything of [`buffer_cost`] but the buffer's
/// geometry, so that [`Trace::cost`] can price other shapes (padding) and layouts of the same
/// accesses without walking the band again.
pub fn buffer_trace(
    ctx: &Context,
    band: OpId,
    buffer: Value,
    target: &Target,
    env: &CostEnv,
) -> Result<Trace, CostError> {
    let scope = KernelScope::of(ctx, band).map_err(|m| CostError::new(band, m))?;
    let block = scope.known_shape().ok_or_else(|| CostError::new(band, "the block size is unknown"))?;
    let eval = LaneEvaluator::new(ctx, &scope, block, env.symbols).map_err(|e| CostError::new(band, e))?;
    let buf = Buffer::of(ctx, band, buffer)?;
    let users = users(ctx, band, buffer)?;
    let relevant = relevant_values(ctx, band, buffer, &users);
    let trace = Trace {
        band,
        buffer,
        elem_bytes: buf.elem_bytes,
        warp: target.warp_size.max(1) as usize,
        block,
        accesses: Vec::new(),
    };
    let mut costing = Costing { ctx, rank: buf.shape.len(), eval, users, relevant, trace, index: HashMap::new() };
    let body = match BandOp::view(ctx, band) {
        Some(b) => b.body(ctx),
        None => ctx.regions(band).first().and_then(|&r| ctx.entry_block(r)),
    };
    let body = body.ok_or_else(|| CostError::new(band, "the kernel has no body"))?;
    let mask = vec![true; costing.eval.threads()];
    costing.walk_block(body, &mask, 1.0, MAX_COMBINATIONS)?;
    Ok(costing.trace)
}

/// The requests of one buffer's accesses (see [`buffer_trace`]).
#[derive(Clone, Debug)]
pub struct Trace {
    /// The band (or kernel) traced: where geometry errors are reported.
    band: OpId,
    buffer: Value,
    elem_bytes: u32,
    warp: usize,
    block: [i64; 3],
    accesses: Vec<TracedAccess>,
}

/// One access op's requests.
#[derive(Clone, Debug)]
struct TracedAccess {
    op: OpId,
    kind: AccessKind,
    /// Elements per thread (a vector access's lanes; 1 otherwise).
    lanes: u32,
    requests: Vec<TracedRequest>,
}

/// One execution of an access by the threads of a block (every warp's request at once).
#[derive(Clone, Debug)]
struct TracedRequest {
    weight: f64,
    /// Per thread of the block, whether it takes part.
    active: Vec<bool>,
    /// Per thread, its `rank` subscripts (zeros for inactive threads).
    index: Vec<i64>,
}

impl Trace {
    /// The cost of the traced accesses on a buffer of `shape` (padding included) placed by
    /// `layout`. Errors name a thread whose subscripts fall outside `shape`.
    pub fn cost(&self, shape: &[i64], layout: SharedLayout, target: &Target) -> Result<BufferCost, CostError> {
        let buf = Buffer { shape: shape.to_vec(), layout, elem_bytes: self.elem_bytes };
        layout.check(shape).map_err(|e| CostError::new(self.band, e))?;
        let geometry = BankGeometry::of(target);
        let mut accesses = Vec::with_capacity(self.accesses.len());
        let mut total = BankCost::default();
        let mut bytes: Vec<Option<u64>> = Vec::new();
        let rank = shape.len();
        for a in &self.accesses {
            let mut access =
                AccessCost { op: a.op, kind: a.kind, weight: 0.0, cost: BankCost::default(), worst_degree: 0 };
            for r in &a.requests {
                let weight = &r.weight;
                bytes.clear();
                for (t, &active) in r.active.iter().enumerate() {
                    if !active {
                        bytes.push(None);
                        continue;
                    }
                    let index = &r.index[t * rank..(t + 1) * rank];
                    let Some(byte) = buf.byte(index.iter().copied()) else {
                        let [x, y, z] = self.thread(t);
                        return Err(CostError::new(
                            a.op,
                            format!("thread ({x}, {y}, {z}) indexes {index:?}, outside the buffer's shape {shape:?}"),
                        ));
                    };
                    // A vector access is one access of adjacent bytes: its last lane must
                    // follow its first under the layout, as the simulator requires.
                    if a.lanes > 1 {
                        let n = i64::from(a.lanes) - 1;
                        let last = index.iter().enumerate().map(|(d, &i)| if d + 1 == rank { i + n } else { i });
                        let expected = byte + n as u64 * u64::from(self.elem_bytes);
                        if buf.byte(last) != Some(expected) {
                            let [x, y, z] = self.thread(t);
                            return Err(CostError::new(
                                a.op,
                                format!(
                                    "the {} lanes of thread ({x}, {y}, {z})'s vector access at {index:?} are not adjacent under layout {layout}",
                                    a.lanes
                                ),
                            ));
                        }
                    }
                    bytes.push(Some(byte));
                }
                let mut executed = false;
                for w in bytes.chunks(self.warp) {
                    if w.iter().all(Option::is_none) {
                        continue;
                    }
                    executed = true;
                    let access_bytes = self.elem_bytes * a.lanes;
                    let c = bank::shared_request_cost(w, access_bytes, target);
                    access.cost.wavefronts += f64::from(c.wavefronts) * weight;
                    access.cost.ideal += f64::from(c.ideal_wavefronts) * weight;
                    let degrees = bank::phase_degrees(w, access_bytes, geometry, target.shared_request_lanes);
                    access.worst_degree = access.worst_degree.max(degrees.into_iter().max().unwrap_or(0));
                }
                if executed {
                    access.weight += weight;
                }
            }
            if access.weight > 0.0 {
                total.add(access.cost);
                accesses.push(access);
            }
        }
        Ok(BufferCost { buffer: self.buffer, total, accesses })
    }

    fn thread(&self, t: usize) -> [i64; 3] {
        let [x, y, _] = self.block;
        let t = t as i64;
        [t % x, (t / x) % y, t / (x * y)]
    }
}

/// The layout of a shared buffer, read from its `memplace.alloc_shared` (row-major for other
/// workgroup buffers). The one place that converts the dialect's layout attribute.
fn buffer_layout(ctx: &Context, buffer: Value) -> Result<SharedLayout, String> {
    let Some(alloc) = ctx.defining_op(buffer).and_then(|o| AllocSharedOp::view(ctx, o)) else {
        return Ok(SharedLayout::RowMajor);
    };
    alloc.layout(ctx).ok_or_else(|| "the buffer's layout attribute is not a known layout".to_string())
}

/// A shared buffer's geometry: where element `[i, j, ...]` lives, in bytes.
struct Buffer {
    shape: Vec<i64>,
    layout: SharedLayout,
    elem_bytes: u32,
}

impl Buffer {
    fn of(ctx: &Context, at: OpId, value: Value) -> Result<Buffer, CostError> {
        let err = |m: String| CostError::new(ctx.defining_op(value).unwrap_or(at), m);
        let parts = ctx.memref_parts(ctx.value_type(value)).ok_or_else(|| err("the buffer is not a memref".into()))?;
        if parts.shape.iter().any(|&d| d < 1) {
            return Err(err("the buffer's shape is not static".into()));
        }
        if parts.layout.is_some() {
            return Err(err("the buffer's memref type has a non-identity layout".into()));
        }
        let elem_bytes =
            element_bytes(ctx, parts.elem).ok_or_else(|| err("the element type has no size in memory".into()))?;
        let shape = parts.shape.to_vec();
        let layout = buffer_layout(ctx, value).map_err(err)?;
        layout.check(&shape).map_err(|e| err(e.to_string()))?;
        Ok(Buffer { shape, layout, elem_bytes })
    }

    /// The byte address of element `index`, `None` outside the buffer.
    fn byte(&self, index: impl Iterator<Item = i64>) -> Option<u64> {
        let mut flat = 0u64;
        let mut dims = 0;
        for (i, &d) in index.zip(&self.shape) {
            if !(0..d).contains(&i) {
                return None;
            }
            flat = flat * d as u64 + i as u64;
            dims += 1;
        }
        (dims == self.shape.len()).then(|| self.layout.physical_offset(&self.shape, flat) * u64::from(self.elem_bytes))
    }
}

/// How an op touches the buffer.
enum Use {
    /// An element access: its kind, the first element's subscripts, and its lanes (1 for a
    /// scalar access; `N` for a vector access of `N` adjacent elements, one `N × element`-byte
    /// access per thread).
    Access(AccessKind, Subscripts, u32),
    /// A copy: its direction, sizes and valid extent (empty: the whole tile).
    Copy(Direction, Vec<i64>, Vec<Value>),
}

enum Subscripts {
    Values(Vec<Value>),
    Map(AffineMap, Vec<Value>),
}

/// Every op that uses the buffer, as an access; `Err` for any other use (a view, a call).
fn users(ctx: &Context, band: OpId, buffer: Value) -> Result<HashMap<OpId, Use>, CostError> {
    let mut out = HashMap::new();
    for u in ctx.uses(buffer) {
        let op = u.op;
        if !ctx.is_ancestor(band, op) {
            continue;
        }
        let map = |m: &AffineMap, operands: &[Value]| Subscripts::Map(m.clone(), operands.to_vec());
        let lanes_of = |ty| vector_lanes(ctx, ty);
        let access = if let Some(l) = affine::LoadOp::view(ctx, op).filter(|l| l.memref(ctx) == buffer) {
            l.map(ctx).map(|m| Use::Access(AccessKind::Load, map(m, l.map_operands(ctx)), 1))
        } else if let Some(s) = affine::StoreOp::view(ctx, op).filter(|s| s.memref(ctx) == buffer) {
            s.map(ctx).map(|m| Use::Access(AccessKind::Store, map(m, s.map_operands(ctx)), 1))
        } else if let Some(l) = memref::LoadOp::view(ctx, op).filter(|l| l.memref(ctx) == buffer) {
            Some(Use::Access(AccessKind::Load, Subscripts::Values(l.indices(ctx).to_vec()), 1))
        } else if let Some(s) = memref::StoreOp::view(ctx, op).filter(|s| s.memref(ctx) == buffer) {
            Some(Use::Access(AccessKind::Store, Subscripts::Values(s.indices(ctx).to_vec()), 1))
        } else if let Some(l) = affine::VectorLoadOp::view(ctx, op).filter(|l| l.memref(ctx) == buffer) {
            let lanes = lanes_of(ctx.value_type(l.result(ctx)));
            l.map(ctx).zip(lanes).map(|(m, n)| Use::Access(AccessKind::Load, map(m, l.map_operands(ctx)), n))
        } else if let Some(s) = affine::VectorStoreOp::view(ctx, op).filter(|s| s.memref(ctx) == buffer) {
            let lanes = lanes_of(ctx.value_type(s.value(ctx)));
            s.map(ctx).zip(lanes).map(|(m, n)| Use::Access(AccessKind::Store, map(m, s.map_operands(ctx)), n))
        } else if let Some(l) = vector::LoadOp::view(ctx, op).filter(|l| l.memref(ctx) == buffer) {
            let lanes = lanes_of(ctx.value_type(l.result(ctx)));
            lanes.map(|n| Use::Access(AccessKind::Load, Subscripts::Values(l.indices(ctx).to_vec()), n))
        } else if let Some(s) = vector::StoreOp::view(ctx, op).filter(|s| s.memref(ctx) == buffer) {
            let lanes = lanes_of(ctx.value_type(s.value(ctx)));
            lanes.map(|n| Use::Access(AccessKind::Store, Subscripts::Values(s.indices(ctx).to_vec()), n))
        } else {
            CopyOp::view(ctx, op)
                .filter(|c| c.shared(ctx) == buffer)
                .map(|c| Use::Copy(c.direction(ctx), c.sizes(ctx), c.valid(ctx).to_vec()))
        };
        let access =
            access.ok_or_else(|| CostError::new(op, format!("the buffer is used by `{}`", ctx.op_name(op))))?;
        out.insert(op, access);
    }
    Ok(out)
}

/// The lanes of a 1-d vector type.
fn vector_lanes(ctx: &Context, ty: sharc_ir::Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        sharc_ir::TypeKind::Vector { shape, .. } if shape.len() == 1 => u32::try_from(shape[0]).ok().filter(|&n| n > 0),
        _ => None,
    }
}

/// The values whose value can change a cost: subscripts of the buffer's accesses, and the
/// conditions and bounds of the ops around them, with everything they are computed from.
fn relevant_values(ctx: &Context, band: OpId, buffer: Value, users: &HashMap<OpId, Use>) -> HashSet<Value> {
    let mut work: Vec<Value> = Vec::new();
    for (&op, u) in users {
        match u {
            Use::Access(_, Subscripts::Values(v) | Subscripts::Map(_, v), _) => work.extend(v),
            Use::Copy(_, _, valid) => work.extend(valid),
        }
        let mut p = ctx.parent_op(op);
        while let Some(a) = p.filter(|&a| a != band && ctx.is_ancestor(band, a)) {
            work.extend(ctx.operands(a).iter().copied().filter(|&v| v != buffer));
            p = ctx.parent_op(a);
        }
    }
    let mut seen = HashSet::new();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        if let Some(op) = ctx.defining_op(v).filter(|&o| ctx.is_ancestor(band, o) && ctx.regions(o).is_empty()) {
            work.extend(ctx.operands(op));
        }
    }
    seen
}

struct Costing<'a> {
    ctx: &'a Context,
    /// The buffer's rank: what every subscript list must have.
    rank: usize,
    eval: LaneEvaluator<'a>,
    users: HashMap<OpId, Use>,
    relevant: HashSet<Value>,
    trace: Trace,
    /// Position of each op in `trace.accesses`.
    index: HashMap<OpId, usize>,
}

/// A loop's iterations for the walk: per thread, its induction variable at iteration 0 and its
/// trip count.
pub(crate) struct Iterations {
    pub(crate) iv: Value,
    pub(crate) first: Lanes,
    pub(crate) step: i64,
    pub(crate) trips: Vec<i64>,
    pub(crate) body: BlockId,
}

impl Costing<'_> {
    fn err(&self, op: OpId, e: IndexError) -> CostError {
        CostError::new(op, e)
    }

    /// Whether `op` is or holds a use of the buffer.
    fn holds_use(&self, op: OpId) -> bool {
        self.users.keys().any(|&u| self.ctx.is_ancestor(op, u))
    }

    fn walk_block(&mut self, block: BlockId, mask: &[bool], weight: f64, budget: u64) -> Result<(), CostError> {
        let ctx = self.ctx;
        let ops: Vec<OpId> = ctx.block_ops_iter(block).collect();
        for op in ops {
            if !self.holds_use(op) {
                continue;
            }
            if self.users.contains_key(&op) {
                self.cost_use(op, mask, weight)?;
            } else if let Some(i) = affine::IfOp::view(ctx, op) {
                let set = i.condition(ctx).cloned().ok_or_else(|| CostError::new(op, "malformed affine.if"))?;
                let cond = self.eval.set(&set, ctx.operands(op)).map_err(|e| self.err(op, e))?;
                let then: Vec<bool> = mask.iter().zip(&cond).map(|(&m, &c)| m && c).collect();
                let other: Vec<bool> = mask.iter().zip(&cond).map(|(&m, &c)| m && !c).collect();
                if let Some(b) = i.then_block(ctx).filter(|_| then.contains(&true)) {
                    self.walk_block(b, &then, weight, budget)?;
                }
                if let Some(b) = i.else_block(ctx).filter(|_| other.contains(&true)) {
                    self.walk_block(b, &other, weight, budget)?;
                }
            } else if let Some(it) = self.iterations(op)? {
                self.walk_loop(it, mask, weight, budget)?;
            } else {
                return Err(CostError::new(op, format!("the buffer is accessed inside `{}`", ctx.op_name(op))));
            }
        }
        Ok(())
    }

    /// The iterations of an `affine.for` or `scf.for` (`None` for other ops).
    fn iterations(&mut self, op: OpId) -> Result<Option<Iterations>, CostError> {
        loop_iterations(self.ctx, &mut self.eval, op)
    }

    /// The induction variable's values at iteration `k`.
    fn iv_at(&self, it: &Iterations, k: i64) -> Lanes {
        let offset = k.saturating_mul(it.step);
        match &it.first {
            Lanes::Uniform(v) => Lanes::Uniform(v.saturating_add(offset)),
            Lanes::Threads(v) => Lanes::Threads(v.iter().map(|&x| x.saturating_add(offset)).collect()),
        }
    }

    fn walk_loop(&mut self, it: Iterations, mask: &[bool], weight: f64, budget: u64) -> Result<(), CostError> {
        let active_trips = it.trips.iter().zip(mask).filter(|(_, &m)| m).map(|(&t, _)| t);
        let max_trip = active_trips.clone().max().unwrap_or(0);
        if max_trip <= 0 {
            return Ok(());
        }
        let uniform = active_trips.clone().all(|t| t == max_trip);
        if uniform && !self.relevant.contains(&it.iv) {
            // No cost depends on the iteration: one pass stands for all of them.
            self.eval.bind(it.iv, it.first.clone());
            let r = self.walk_block(it.body, mask, weight * max_trip as f64, budget);
            self.eval.unbind(it.iv);
            return r;
        }
        self.eval.bind(it.iv, it.first.clone());
        let inner = self.demand(it.body).max(1);
        let samples = (max_trip as u64).min((budget / inner).max(1));
        let scale = max_trip as f64 / samples as f64;
        let mut result = Ok(());
        for j in 0..samples {
            let k = i64::try_from(u128::from(j) * max_trip as u128 / u128::from(samples)).unwrap_or(i64::MAX);
            let m: Vec<bool> = mask.iter().zip(&it.trips).map(|(&a, &t)| a && k < t).collect();
            if !m.contains(&true) {
                continue;
            }
            self.eval.bind(it.iv, self.iv_at(&it, k));
            result = self.walk_block(it.body, &m, weight * scale, (budget / samples).max(1));
            if result.is_err() {
                break;
            }
        }
        self.eval.unbind(it.iv);
        result
    }

    /// How many iteration combinations the relevant loops inside `block` have (at most
    /// [`MAX_COMBINATIONS`]), for the first iteration of everything around them: inner loops get
    /// their samples first.
    fn demand(&mut self, block: BlockId) -> u64 {
        let ctx = self.ctx;
        let mut most = 1u64;
        let ops: Vec<OpId> = ctx.block_ops_iter(block).collect();
        for op in ops {
            if !self.holds_use(op) || self.users.contains_key(&op) {
                continue;
            }
            let d = if let Some(i) = affine::IfOp::view(ctx, op) {
                let t = i.then_block(ctx).map_or(1, |b| self.demand(b));
                let e = i.else_block(ctx).map_or(1, |b| self.demand(b));
                t.max(e)
            } else if let Ok(Some(it)) = self.iterations(op) {
                let trips = it.trips.iter().copied().max().unwrap_or(0).max(1) as u64;
                let own = if self.relevant.contains(&it.iv) { trips } else { 1 };
                self.eval.bind(it.iv, it.first.clone());
                let inner = self.demand(it.body);
                self.eval.unbind(it.iv);
                own.saturating_mul(inner)
            } else {
                1
            };
            most = most.max(d.min(MAX_COMBINATIONS));
        }
        most
    }

    /// Records the requests of one execution of `op` (with weight `weight`) by the threads of
    /// `mask`.
    fn cost_use(&mut self, op: OpId, mask: &[bool], weight: f64) -> Result<(), CostError> {
        let threads = self.eval.threads();
        let rank = self.rank;
        let (kind, lanes, requests): (AccessKind, u32, Vec<TracedRequest>) = match &self.users[&op] {
            Use::Access(kind, subscripts, lanes) => {
                let (kind, lanes) = (*kind, *lanes);
                let index = match subscripts {
                    Subscripts::Values(v) => {
                        let v = v.clone();
                        v.iter().map(|&x| self.eval.value(x)).collect::<Result<Vec<_>, _>>()
                    }
                    Subscripts::Map(m, operands) => {
                        let (m, operands) = (m.clone(), operands.clone());
                        self.eval.map(&m, &operands)
                    }
                }
                .map_err(|e| self.err(op, e))?;
                if index.len() != self.rank {
                    return Err(CostError::new(op, "the subscripts do not match the buffer's rank"));
                }
                let active: Vec<bool> = mask.iter().take(threads).copied().collect();
                let mut flat = vec![0i64; active.len() * rank];
                for (t, _) in active.iter().enumerate().filter(|(_, &a)| a) {
                    for (d, l) in index.iter().enumerate() {
                        flat[t * rank + d] = l.get(t);
                    }
                }
                (kind, lanes, vec![TracedRequest { weight, active, index: flat }])
            }
            Use::Copy(direction, sizes, valid) => {
                let kind = match direction {
                    Direction::In => AccessKind::CopyIn,
                    Direction::Out => AccessKind::CopyOut,
                };
                let (sizes, valid) = (sizes.clone(), valid.clone());
                // The extent is the same in every thread (the simulator checks it); lane 0's.
                let extent: Vec<i64> = if valid.is_empty() {
                    sizes.clone()
                } else {
                    let lanes = valid.iter().map(|&v| self.eval.value(v)).collect::<Result<Vec<_>, _>>();
                    lanes.map_err(|e| self.err(op, e))?.iter().map(|l| l.get(0)).collect()
                };
                let count = sizes.iter().try_fold(1u64, |acc, &s| acc.checked_mul(u64::try_from(s).ok()?));
                let count = count.filter(|&c| c > 0).ok_or_else(|| CostError::new(op, "malformed copy sizes"))?;
                if sizes.len() != self.rank {
                    return Err(CostError::new(op, "the copy's tile does not match the buffer's rank"));
                }
                let width = threads as u64;
                let rounds = (0..count.div_ceil(width))
                    .map(|round| {
                        let in_extent = |e: u64| unflatten(e, &sizes).iter().zip(&extent).all(|(&i, &v)| i < v);
                        let active: Vec<bool> = mask
                            .iter()
                            .enumerate()
                            .map(|(t, &a)| {
                                let e = round * width + t as u64;
                                a && e < count && in_extent(e)
                            })
                            .collect();
                        let mut flat = vec![0i64; active.len() * rank];
                        for (t, _) in active.iter().enumerate().filter(|(_, &a)| a) {
                            let e = round * width + t as u64;
                            flat[t * rank..(t + 1) * rank].copy_from_slice(&unflatten(e, &sizes));
                        }
                        TracedRequest { weight, active, index: flat }
                    })
                    .collect();
                (kind, 1, rounds)
            }
        };
        let i = match self.index.get(&op) {
            Some(&i) => i,
            None => {
                self.trace.accesses.push(TracedAccess { op, kind, lanes, requests: Vec::new() });
                self.index.insert(op, self.trace.accesses.len() - 1);
                self.trace.accesses.len() - 1
            }
        };
        self.trace.accesses[i].requests.extend(requests);
        Ok(())
    }
}

/// The iterations of an `affine.for` or `scf.for` on every thread of `eval`'s block (`None` for
/// other ops): the loop weights of this cost, shared with the ILP model's work counts.
pub(crate) fn loop_iterations(
    ctx: &Context,
    eval: &mut LaneEvaluator<'_>,
    op: OpId,
) -> Result<Option<Iterations>, CostError> {
    let (iv, lb, ub, step, body) = if let Some(l) = affine::ForOp::view(ctx, op) {
        let malformed = || CostError::new(op, "malformed affine.for");
        let (lbm, ubm) = (l.lower_bound_map(ctx).cloned(), l.upper_bound_map(ctx).cloned());
        let (Some(lbm), Some(ubm), Some(iv), Some(body)) = (lbm, ubm, l.induction_var(ctx), l.body(ctx)) else {
            return Err(malformed());
        };
        let lb = loop_bound(eval, op, &lbm, l.lower_bound_operands(ctx), true)?;
        let ub = loop_bound(eval, op, &ubm, l.upper_bound_operands(ctx), false)?;
        (iv, lb, ub, l.step(ctx), body)
    } else if let Some(l) = scf::ForOp::view(ctx, op) {
        let lb = eval.value(l.lower_bound(ctx)).map_err(|e| CostError::new(op, e))?;
        let ub = eval.value(l.upper_bound(ctx)).map_err(|e| CostError::new(op, e))?;
        let step = eval.value(l.step(ctx)).map_err(|e| CostError::new(op, e))?;
        let step = step.as_uniform().ok_or_else(|| CostError::new(op, "the loop step differs between threads"))?;
        (l.induction_var(ctx), lb, ub, step, l.body(ctx))
    } else {
        return Ok(None);
    };
    if step < 1 {
        return Err(CostError::new(op, "the loop step is not positive"));
    }
    let trips = (0..eval.threads())
        .map(|t| {
            let span = ub.get(t).saturating_sub(lb.get(t)).max(0);
            span / step + i64::from(span % step != 0)
        })
        .collect();
    Ok(Some(Iterations { iv, first: lb, step, trips, body }))
}

/// A loop bound: the maximum (lower) or minimum (upper) of a map's results, per thread.
fn loop_bound(
    eval: &mut LaneEvaluator<'_>,
    op: OpId,
    map: &AffineMap,
    operands: &[Value],
    lower: bool,
) -> Result<Lanes, CostError> {
    let results = eval.map(map, operands).map_err(|e| CostError::new(op, e))?;
    let threads = eval.threads();
    let mut acc = results.first().cloned().ok_or_else(|| CostError::new(op, "a loop bound without results"))?;
    for r in &results[1..] {
        acc = match (&acc, r) {
            (Lanes::Uniform(a), Lanes::Uniform(b)) => Lanes::Uniform(if lower { *a.max(b) } else { *a.min(b) }),
            _ => Lanes::Threads(
                (0..threads).map(|t| if lower { acc.get(t).max(r.get(t)) } else { acc.get(t).min(r.get(t)) }).collect(),
            ),
        };
    }
    Ok(acc)
}

/// Tile element `e` of a tile of extents `sizes`, row-major (the copies' order).
fn unflatten(mut e: u64, sizes: &[i64]) -> Vec<i64> {
    let mut out = vec![0i64; sizes.len()];
    for k in (0..sizes.len()).rev() {
        let d = sizes[k].max(1) as u64;
        out[k] = (e % d) as i64;
        e /= d;
    }
    out
}
