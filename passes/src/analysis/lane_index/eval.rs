//! Index values evaluated numerically on every thread of one block.
//!
//! [`IndexDeriver`](super::IndexDeriver) describes an index as an affine form in the thread ids;
//! an XOR swizzle (`arith.xori`), a diagonal remap (`(x + y) mod 32`) or a shift by a lane
//! bit is not affine, yet the bank cost of the access depends on exactly those bits. Here every
//! index value is computed per thread under a concrete environment instead: the thread ids of
//! the block, the values the caller binds (loop induction variables of the iteration being
//! costed), and one value, `symbols`, for every index value defined outside the kernel (the
//! problem size `n` of a typical large problem). Blocks sit in the middle of the grid
//! ([`MIDDLE_BLOCK`]): a `gpumap.band`'s block origin is `lb + b · block · step` with
//! `b = min(MIDDLE_BLOCK, full blocks − 1)` (the last full block of a grid too small for the
//! middle one),
//! `gpu.block_id` is `MIDDLE_BLOCK`.
//!
//! Invariants: a value is exact for the environment (no approximation); what cannot be
//! computed (a value carried by a loop, read from memory, an op the walk does not model, a
//! division by zero on some thread) is an [`IndexError`]. Nothing panics on unverified IR.

use super::derive::cast_input;
use super::{IndexError, KernelScope, MAX_DEPTH};
use sharc_dialects::gpu::{IndexKind, IndexOp, LaunchOp};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, arith, scf};
use sharc_ir::affine::{AffineMap, IntegerSet};
use sharc_ir::op::ValueDef;
use sharc_ir::{Context, OpId, Value};
use std::collections::HashMap;
use std::rc::Rc;

/// The block index a kernel's block is assumed to have along each dimension: a block in the
/// middle of a large grid, away from the first block's special cases (origin 0).
pub const MIDDLE_BLOCK: i64 = 2;

/// The most threads a block may have for the evaluation (the largest block any target allows).
pub const MAX_THREADS: i64 = 4096;

/// A value on every thread of a block: one number for all of them, or one per linear thread id
/// (`x + X·(y + Y·z)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lanes {
    /// The same on every thread.
    Uniform(i64),
    /// Thread `t`'s value at index `t`.
    Threads(Rc<[i64]>),
}

impl Lanes {
    /// Thread `t`'s value.
    pub fn get(&self, t: usize) -> i64 {
        match self {
            Lanes::Uniform(v) => *v,
            Lanes::Threads(v) => v.get(t).copied().unwrap_or(0),
        }
    }

    /// The value, if every thread has the same.
    pub fn as_uniform(&self) -> Option<i64> {
        match self {
            Lanes::Uniform(v) => Some(*v),
            Lanes::Threads(v) => {
                let first = *v.first()?;
                v.iter().all(|&x| x == first).then_some(first)
            }
        }
    }
}

/// Evaluates index values inside one [`KernelScope`] on every thread of its block, memoizing
/// each value until the next [`bind`](LaneEvaluator::bind).
pub struct LaneEvaluator<'a> {
    ctx: &'a Context,
    scope: OpId,
    block: [i64; 3],
    threads: usize,
    symbols: i64,
    tid: [Rc<[i64]>; 3],
    bound: HashMap<Value, Lanes>,
    memo: HashMap<Value, Result<Lanes, IndexError>>,
}

impl<'a> LaneEvaluator<'a> {
    /// An evaluator for the block of `scope` (its block size must be known: `block` gives it
    /// where the scope does not), with `symbols` for every index value defined outside it. For
    /// a `gpumap.band`, the origins are those of the middle block and each induction variable
    /// is `origin + step · thread id`.
    pub fn new(ctx: &'a Context, scope: &KernelScope, block: [i64; 3], symbols: i64) -> Result<Self, IndexError> {
        let shape = [0, 1, 2].map(|d| scope.block_size[d].unwrap_or(block[d]).max(1));
        let total = shape.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s)).filter(|&t| t <= MAX_THREADS);
        let threads = total.ok_or(IndexError::BlockTooLarge)? as usize;
        let [x, y, _] = shape;
        let ids = |f: &dyn Fn(i64) -> i64| -> Rc<[i64]> { (0..threads as i64).map(f).collect() };
        let tid = [ids(&|l| l % x), ids(&|l| (l / x) % y), ids(&|l| l / (x * y))];
        let mut eval = LaneEvaluator {
            ctx,
            scope: scope.op,
            block: shape,
            threads,
            symbols,
            tid,
            bound: HashMap::new(),
            memo: HashMap::new(),
        };
        if let Some(band) = BandOp::view(ctx, scope.op) {
            eval.bind_band(band)?;
        }
        Ok(eval)
    }

    /// Threads in the block.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The block size `X×Y×Z`.
    pub fn block(&self) -> [i64; 3] {
        self.block
    }

    /// Fixes `v` (a loop induction variable) to `lanes`; forgets every value computed so far.
    pub fn bind(&mut self, v: Value, lanes: Lanes) {
        self.bound.insert(v, lanes);
        self.memo.clear();
    }

    /// Forgets a binding made by [`bind`](Self::bind).
    pub fn unbind(&mut self, v: Value) {
        self.bound.remove(&v);
        self.memo.clear();
    }

    /// The value of `v` on every thread.
    pub fn value(&mut self, v: Value) -> Result<Lanes, IndexError> {
        self.value_at(v, 0)
    }

    /// The results of `map` on `operands` (dims, then symbols), on every thread.
    pub fn map(&mut self, map: &AffineMap, operands: &[Value]) -> Result<Vec<Lanes>, IndexError> {
        self.map_at(map, operands, 0)
    }

    /// Whether each thread satisfies `set` on `operands`.
    pub fn set(&mut self, set: &IntegerSet, operands: &[Value]) -> Result<Vec<bool>, IndexError> {
        if operands.len() != set.num_inputs() {
            return Err(IndexError::NotAffine("integer set".into()));
        }
        let inputs = operands.iter().map(|&o| self.value(o)).collect::<Result<Vec<_>, _>>()?;
        let nd = set.num_dims() as usize;
        let uniform = inputs.iter().all(|l| matches!(l, Lanes::Uniform(_)));
        let one = |t: usize| {
            let vals: Vec<i64> = inputs.iter().map(|l| l.get(t)).collect();
            set.contains(&vals[..nd], &vals[nd..]).ok_or_else(|| IndexError::Undefined("affine.if condition".into()))
        };
        if uniform {
            let c = one(0)?;
            return Ok(vec![c; self.threads]);
        }
        (0..self.threads).map(one).collect()
    }

    /// Binds a band's origins (middle block) and induction variables.
    fn bind_band(&mut self, band: BandOp) -> Result<(), IndexError> {
        let ctx = self.ctx;
        let (sizes, mapping, steps) = (band.tile_sizes(ctx), band.mapping(ctx), band.steps(ctx));
        let (replication, distributions) = (band.replication(ctx), band.distributions(ctx));
        let (ivs, origins) = (band.ivs(ctx).to_vec(), band.origins(ctx).to_vec());
        for (d, (&iv, &origin)) in ivs.iter().zip(&origins).enumerate() {
            let malformed = || IndexError::Opaque("malformed gpumap.band".into());
            let (Some(&size), Some(Some(dim)), Some(&step)) = (sizes.get(d), mapping.get(d), steps.get(d)) else {
                return Err(malformed());
            };
            let (Some(&f), Some(Some(dist))) = (replication.get(d), distributions.get(d)) else {
                return Err(malformed());
            };
            // Neighbouring threads' first iterations are `stride` iterations apart.
            let thread_step = step.checked_mul(dist.thread_stride(f)).ok_or(IndexError::Overflow)?;
            let map = band.lower_bound_map(ctx, d).ok_or_else(malformed)?;
            let lbs = self.map(&map, band.lower_bound_operands(ctx))?;
            let lb = lbs.iter().filter_map(Lanes::as_uniform).max().ok_or_else(malformed)?;
            let map = band.upper_bound_map(ctx, d).ok_or_else(malformed)?;
            let ubs = self.map(&map, band.upper_bound_operands(ctx))?;
            let ub = ubs.iter().filter_map(Lanes::as_uniform).min().ok_or_else(malformed)?;
            // The middle block, or the last full one of a grid too small to have it.
            let per_block = size.checked_mul(step).filter(|&b| b > 0).ok_or_else(malformed)?;
            let full = ub.saturating_sub(lb).max(0).div_euclid(per_block);
            let index = MIDDLE_BLOCK.min(full - 1).max(0);
            let o = index
                .checked_mul(size)
                .and_then(|b| b.checked_mul(step))
                .and_then(|b| b.checked_add(lb))
                .ok_or(IndexError::Overflow)?;
            let tid = self.tid[dim.index()].clone();
            let values = tid.iter().map(|&t| t.checked_mul(thread_step).and_then(|s| s.checked_add(o)));
            let values = values.collect::<Option<Rc<[i64]>>>().ok_or(IndexError::Overflow)?;
            self.bind(origin, Lanes::Uniform(o));
            self.bind(iv, Lanes::Threads(values));
        }
        Ok(())
    }

    fn value_at(&mut self, v: Value, depth: usize) -> Result<Lanes, IndexError> {
        if let Some(l) = self.bound.get(&v) {
            return Ok(l.clone());
        }
        if let Some(l) = self.memo.get(&v) {
            return l.clone();
        }
        if depth > MAX_DEPTH {
            return Err(IndexError::TooDeep);
        }
        let l = self.compute(v, depth + 1);
        self.memo.insert(v, l.clone());
        l
    }

    fn compute(&mut self, v: Value, depth: usize) -> Result<Lanes, IndexError> {
        let ctx = self.ctx;
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } => {
                let owner = ctx.block_parent_op(block);
                match owner.filter(|&o| ctx.is_ancestor(self.scope, o)) {
                    Some(owner) => self.block_arg(v, owner, index as usize, depth),
                    None => Ok(Lanes::Uniform(self.symbols)),
                }
            }
            ValueDef::OpResult { op, .. } => {
                if let Some(c) = arith::ConstantOp::view(ctx, op) {
                    return match c.int_value(ctx).map(i64::try_from) {
                        Some(Ok(c)) => Ok(Lanes::Uniform(c)),
                        Some(Err(_)) => Err(IndexError::Overflow),
                        None => Err(IndexError::Opaque(ctx.op_name(op).to_string())),
                    };
                }
                if !ctx.is_ancestor(self.scope, op) {
                    return Ok(Lanes::Uniform(self.symbols));
                }
                self.op_result(op, depth)
            }
        }
    }

    /// Thread ids and block sizes of a `gpu.launch`, kernel arguments (`symbols`), unbound
    /// loop ivs (their first iteration); anything else is carried.
    fn block_arg(&mut self, v: Value, owner: OpId, index: usize, depth: usize) -> Result<Lanes, IndexError> {
        let ctx = self.ctx;
        if owner == self.scope {
            if let Some(launch) = LaunchOp::view(ctx, owner) {
                if let Some(d) = launch.thread_ids(ctx).iter().position(|&t| t == v) {
                    return Ok(Lanes::Threads(self.tid[d].clone()));
                }
                if let Some(d) = launch.block_size(ctx).iter().position(|&t| t == v) {
                    return Ok(Lanes::Uniform(self.block[d]));
                }
                if launch.block_ids(ctx).contains(&v) {
                    return Ok(Lanes::Uniform(MIDDLE_BLOCK));
                }
            }
            return Ok(Lanes::Uniform(self.symbols));
        }
        if let Some(l) = affine::ForOp::view(ctx, owner).filter(|_| index == 0) {
            if let Some(map) = l.lower_bound_map(ctx) {
                let map = map.clone();
                return self.extremum(&map, l.lower_bound_operands(ctx), depth, true);
            }
        }
        if let Some(l) = affine::ParallelOp::view(ctx, owner) {
            if let Some(map) = l.lower_bound_map(ctx, index) {
                return self.extremum(&map, l.lower_bound_operands(ctx), depth, true);
            }
        }
        if let Some(l) = scf::ForOp::view(ctx, owner).filter(|_| index == 0) {
            return self.value_at(l.lower_bound(ctx), depth);
        }
        if let Some(l) = scf::ParallelOp::view(ctx, owner) {
            if let Some(&lb) = l.lower_bounds(ctx).get(index) {
                return self.value_at(lb, depth);
            }
        }
        Err(IndexError::Carried(ctx.op_name(owner).to_string()))
    }

    fn op_result(&mut self, op: OpId, depth: usize) -> Result<Lanes, IndexError> {
        let ctx = self.ctx;
        if let Some(i) = IndexOp::view(ctx, op) {
            let Some(d) = i.dimension(ctx) else { return Err(IndexError::Opaque(ctx.op_name(op).to_string())) };
            return Ok(match i.kind(ctx) {
                IndexKind::ThreadId => Lanes::Threads(self.tid[d.index()].clone()),
                IndexKind::BlockDim => Lanes::Uniform(self.block[d.index()]),
                IndexKind::BlockId => Lanes::Uniform(MIDDLE_BLOCK),
                IndexKind::GridDim => Lanes::Uniform(self.symbols),
            });
        }
        if let Some(input) = cast_input(ctx, op) {
            return self.value_at(input, depth);
        }
        if let Some(a) = affine::ApplyOp::view(ctx, op) {
            let map = a.map(ctx).cloned().ok_or_else(|| IndexError::NotAffine("affine.apply".into()))?;
            let mut r = self.map_at(&map, a.operands(ctx), depth)?;
            return match r.len() {
                1 => Ok(r.remove(0)),
                _ => Err(IndexError::NotAffine("affine.apply".into())),
            };
        }
        if let Some(m) = affine::MinOp::view(ctx, op) {
            let map = m.map(ctx).cloned().ok_or_else(|| IndexError::NotAffine("affine.min".into()))?;
            return self.extremum(&map, m.operands(ctx), depth, false);
        }
        if let Some(m) = affine::MaxOp::view(ctx, op) {
            let map = m.map(ctx).cloned().ok_or_else(|| IndexError::NotAffine("affine.max".into()))?;
            return self.extremum(&map, m.operands(ctx), depth, true);
        }
        let name = ctx.op_name(op).to_string();
        let Some(f) = int_binary(ctx, op) else { return Err(IndexError::Opaque(name)) };
        let (l, r) = match ctx.operands(op) {
            &[l, r] => (self.value_at(l, depth)?, self.value_at(r, depth)?),
            _ => return Err(IndexError::Opaque(name)),
        };
        self.zip(&l, &r, |a, b| f(a, b).ok_or_else(|| IndexError::Undefined(name.clone())))
    }

    /// The maximum (`max`) or minimum of a map's results, per thread.
    fn extremum(&mut self, map: &AffineMap, operands: &[Value], depth: usize, max: bool) -> Result<Lanes, IndexError> {
        let results = self.map_at(map, operands, depth)?;
        let mut acc = results.first().cloned().ok_or_else(|| IndexError::NotAffine("empty affine map".into()))?;
        for r in &results[1..] {
            acc = self.zip(&acc, r, |a, b| Ok(if max { a.max(b) } else { a.min(b) }))?;
        }
        Ok(acc)
    }

    fn map_at(&mut self, map: &AffineMap, operands: &[Value], depth: usize) -> Result<Vec<Lanes>, IndexError> {
        if operands.len() != map.num_inputs() {
            return Err(IndexError::NotAffine("affine map".into()));
        }
        let inputs = operands.iter().map(|&o| self.value_at(o, depth)).collect::<Result<Vec<_>, _>>()?;
        let nd = map.num_dims() as usize;
        let uniform = inputs.iter().all(|l| matches!(l, Lanes::Uniform(_)));
        let undefined = || IndexError::Undefined("affine map".into());
        if uniform {
            let vals: Vec<i64> = inputs.iter().map(|l| l.get(0)).collect();
            let out = map.eval(&vals[..nd], &vals[nd..]).ok_or_else(undefined)?;
            return Ok(out.into_iter().map(Lanes::Uniform).collect());
        }
        let mut columns: Vec<Vec<i64>> = vec![Vec::with_capacity(self.threads); map.num_results()];
        let mut vals = vec![0; inputs.len()];
        for t in 0..self.threads {
            for (v, l) in vals.iter_mut().zip(&inputs) {
                *v = l.get(t);
            }
            let out = map.eval(&vals[..nd], &vals[nd..]).ok_or_else(undefined)?;
            for (c, x) in columns.iter_mut().zip(out) {
                c.push(x);
            }
        }
        Ok(columns.into_iter().map(|c| Lanes::Threads(c.into())).collect())
    }

    fn zip(&self, l: &Lanes, r: &Lanes, f: impl Fn(i64, i64) -> Result<i64, IndexError>) -> Result<Lanes, IndexError> {
        if let (Lanes::Uniform(a), Lanes::Uniform(b)) = (l, r) {
            return f(*a, *b).map(Lanes::Uniform);
        }
        (0..self.threads).map(|t| f(l.get(t), r.get(t))).collect::<Result<Rc<[i64]>, _>>().map(Lanes::Threads)
    }
}

type IntFn = fn(i64, i64) -> Option<i64>;

/// The integer arithmetic of `op` on 64-bit values, if it is one the evaluator models. Index
/// values are 64-bit; narrower types hold small values, where the result is the same.
fn int_binary(ctx: &Context, op: OpId) -> Option<IntFn> {
    let table: [(bool, IntFn); 20] = [
        (arith::AddIOp::view(ctx, op).is_some(), i64::checked_add),
        (arith::SubIOp::view(ctx, op).is_some(), i64::checked_sub),
        (arith::MulIOp::view(ctx, op).is_some(), i64::checked_mul),
        (arith::ShLIOp::view(ctx, op).is_some(), |a, b| {
            a.checked_mul(1i64.checked_shl(u32::try_from(b).ok().filter(|&s| s < 63)?)?)
        }),
        (arith::ShRSIOp::view(ctx, op).is_some(), |a, b| a.checked_shr(u32::try_from(b).ok()?)),
        (arith::ShRUIOp::view(ctx, op).is_some(), |a, b| Some((a as u64).checked_shr(u32::try_from(b).ok()?)? as i64)),
        (arith::DivSIOp::view(ctx, op).is_some(), i64::checked_div),
        (arith::DivUIOp::view(ctx, op).is_some(), |a, b| Some((a as u64).checked_div(b as u64)? as i64)),
        (arith::RemSIOp::view(ctx, op).is_some(), i64::checked_rem),
        (arith::RemUIOp::view(ctx, op).is_some(), |a, b| Some((a as u64).checked_rem(b as u64)? as i64)),
        (arith::FloorDivSIOp::view(ctx, op).is_some(), |a, b| {
            let q = a.checked_div(b)?;
            Some(if (a % b != 0) && ((a < 0) != (b < 0)) { q - 1 } else { q })
        }),
        (arith::CeilDivSIOp::view(ctx, op).is_some(), |a, b| {
            let q = a.checked_div(b)?;
            Some(if (a % b != 0) && ((a < 0) == (b < 0)) { q + 1 } else { q })
        }),
        (arith::CeilDivUIOp::view(ctx, op).is_some(), |a, b| {
            Some((a as u64).checked_add((b as u64).checked_sub(1)?)?.checked_div(b as u64)? as i64)
        }),
        (arith::AndIOp::view(ctx, op).is_some(), |a, b| Some(a & b)),
        (arith::OrIOp::view(ctx, op).is_some(), |a, b| Some(a | b)),
        (arith::XOrIOp::view(ctx, op).is_some(), |a, b| Some(a ^ b)),
        (arith::MaxSIOp::view(ctx, op).is_some(), |a, b| Some(a.max(b))),
        (arith::MinSIOp::view(ctx, op).is_some(), |a, b| Some(a.min(b))),
        (arith::MaxUIOp::view(ctx, op).is_some(), |a, b| Some((a as u64).max(b as u64) as i64)),
        (arith::MinUIOp::view(ctx, op).is_some(), |a, b| Some((a as u64).min(b as u64) as i64)),
    ];
    table.into_iter().find(|(hit, _)| *hit).map(|(_, f)| f)
}
