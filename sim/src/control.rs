//! Structured control flow for a thread group: counted loops and two-way branches with SIMT
//! masking, shared by the loop and conditional ops of every dialect (`scf.for`, `affine.for`,
//! `scf.if`, `affine.if`, ...).
//!
//! Lanes that disagree are masked, as SIMT hardware does: a branch runs its `then` region for the
//! lanes whose condition holds and then its `else` region for the others; a loop runs each
//! iteration for the lanes still inside their own bounds. Lanes re-join when the op completes.

use crate::error::SimError;
use crate::exec::Exec;
use crate::program::{BlockRef, Slot};
use crate::value::{Scalar, Val};

/// The registers of a loop op.
#[derive(Clone, Debug)]
pub struct Loop {
    /// The induction variable's slot (a block argument of the body).
    pub iv: Slot,
    /// The slots of the loop-carried block arguments.
    pub iters: Box<[Slot]>,
    /// The slots of their initial values.
    pub inits: Box<[Slot]>,
    /// The body.
    pub body: BlockRef,
    /// The op's result slots (the final loop-carried values).
    pub results: Box<[Slot]>,
}

/// A lane's loop bounds `(lb, ub, step)`.
pub type LoopBounds<'f> = &'f mut dyn FnMut(&Exec<'_, '_>, u32) -> Result<(i64, i64, i64), SimError>;

/// A lane's bounds of every dimension of a parallel loop.
pub type ParallelBounds<'f> = &'f mut dyn FnMut(&Exec<'_, '_>, u32, &mut Bounds) -> Result<(), SimError>;

/// What runs after each iteration of a parallel loop (the body's terminator, the lanes).
pub type AfterIteration<'f> = &'f mut dyn FnMut(&mut Exec<'_, '_>, crate::exec::Term, &[u32]) -> Result<(), SimError>;

/// One lane's progress through a loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LoopLane {
    lane: u32,
    iv: i64,
    ub: i64,
    step: i64,
}

impl Exec<'_, '_> {
    /// Runs a counted loop `for iv = lb; iv < ub; iv += step` for the active lanes, each with its
    /// own `(lb, ub, step)` from `bounds` (a non-positive step is an error there). The loop
    /// carries `l.iters` (initialised from `l.inits`, updated from the body's terminator
    /// operands) and leaves them in `l.results`. The induction variable has type `iv_ty`.
    pub fn counted_loop(&mut self, l: &Loop, bounds: LoopBounds<'_>, iv_ty: Scalar) -> Result<(), SimError> {
        let lanes = self.lanes;
        let mut states = self.m.loop_pool.pop().unwrap_or_default();
        states.clear();
        for &lane in lanes {
            let (lb, ub, step) = bounds(self, lane)?;
            for (&from, &to) in l.inits.iter().zip(l.iters.iter()) {
                let v = self.get(from, lane);
                self.set(to, lane, v);
            }
            if lb < ub {
                states.push(LoopLane { lane, iv: lb, ub, step });
            }
        }
        let mut active = self.take_lanes();
        let mut carried: Vec<Val> = Vec::new();
        let result = loop {
            if states.is_empty() {
                break Ok(());
            }
            active.clear();
            for st in &states {
                active.push(st.lane);
                self.set(l.iv, st.lane, iv_ty.int(st.iv));
            }
            let term = match self.run_block(l.body, &active) {
                Ok(t) => t,
                Err(e) => break Err(e),
            };
            let yields = self.yielded(term);
            for st in &states {
                // Read every yielded value before writing any: `yield %b, %a` swaps.
                carried.clear();
                carried.extend(yields.iter().map(|&s| self.get(s, st.lane)));
                for (&to, &v) in l.iters.iter().zip(&carried) {
                    self.set(to, st.lane, v);
                }
            }
            states.retain_mut(|st| match st.iv.checked_add(st.step) {
                Some(next) if next < st.ub => {
                    st.iv = next;
                    true
                }
                _ => false,
            });
        };
        self.recycle(active);
        self.m.loop_pool.push(states);
        result?;
        for &lane in lanes {
            for (&from, &to) in l.iters.iter().zip(l.results.iter()) {
                let v = self.get(from, lane);
                self.set(to, lane, v);
            }
        }
        Ok(())
    }

    /// Runs `then` for the active lanes where `cond` holds and `els` (if any) for the others,
    /// copying each region's terminator operands to `results`.
    pub fn branch(
        &mut self,
        cond: &mut dyn FnMut(&Exec<'_, '_>, u32) -> Result<bool, SimError>,
        then: BlockRef,
        els: Option<BlockRef>,
        results: &[Slot],
    ) -> Result<(), SimError> {
        let lanes = self.lanes;
        let mut t = self.take_lanes();
        let mut e = self.take_lanes();
        let mut split = Ok(());
        for &lane in lanes {
            match cond(self, lane) {
                Ok(true) => t.push(lane),
                Ok(false) => e.push(lane),
                Err(err) => {
                    split = Err(err);
                    break;
                }
            }
        }
        let r = split.and_then(|_| self.run_part(then, &t, results)).and_then(|_| match els {
            Some(b) => self.run_part(b, &e, results),
            None => Ok(()),
        });
        self.recycle(t);
        self.recycle(e);
        r
    }

    /// Runs `block` for `lanes` (if any) and copies its terminator operands to `results`.
    pub fn run_part(&mut self, block: BlockRef, lanes: &[u32], results: &[Slot]) -> Result<(), SimError> {
        if lanes.is_empty() {
            return Ok(());
        }
        let term = self.run_block(block, lanes)?;
        let yields = self.yielded(term);
        for &lane in lanes {
            for (&from, &to) in yields.iter().zip(results) {
                let v = self.get(from, lane);
                self.set(to, lane, v);
            }
        }
        Ok(())
    }
}

/// The bounds `(lb, ub, step)` of each dimension of a parallel loop.
pub type Bounds = Vec<[i64; 3]>;

impl Exec<'_, '_> {
    /// Runs a multi-dimensional parallel loop (`scf.parallel`, `affine.parallel`) sequentially:
    /// every point of the iteration space in row-major order (the last dimension fastest), the
    /// induction variables in `ivs`. `bounds` gives a lane's bounds per dimension (a
    /// non-positive step is an error there); `each` runs after every iteration with the body's
    /// terminator and the lanes that ran it (to combine reductions). Lanes with identical
    /// bounds iterate together; otherwise each lane iterates on its own.
    pub fn parallel_loop(
        &mut self,
        ivs: &[Slot],
        body: BlockRef,
        bounds: ParallelBounds<'_>,
        each: AfterIteration<'_>,
    ) -> Result<(), SimError> {
        let lanes = self.lanes;
        let mut per_lane: Vec<Bounds> = Vec::with_capacity(lanes.len());
        for &lane in lanes {
            let mut b = Bounds::new();
            bounds(self, lane, &mut b)?;
            per_lane.push(b);
        }
        let uniform = per_lane.windows(2).all(|w| w[0] == w[1]);
        let groups: Vec<(Vec<u32>, &Bounds)> = if uniform {
            per_lane.first().map(|b| (lanes.to_vec(), b)).into_iter().collect()
        } else {
            lanes.iter().zip(&per_lane).map(|(&l, b)| (vec![l], b)).collect()
        };
        for (group, b) in groups {
            if b.iter().any(|&[lb, ub, _]| lb >= ub) {
                continue;
            }
            let mut point: Vec<i64> = b.iter().map(|d| d[0]).collect();
            loop {
                for &lane in &group {
                    for (&s, &v) in ivs.iter().zip(&point) {
                        self.set(s, lane, Val::Int(v));
                    }
                }
                let term = self.run_block(body, &group)?;
                each(self, term, &group)?;
                // Advance the odometer, last dimension fastest.
                let mut d = point.len();
                loop {
                    if d == 0 {
                        break;
                    }
                    d -= 1;
                    let [lb, ub, step] = b[d];
                    match point[d].checked_add(step) {
                        Some(next) if next < ub => {
                            point[d] = next;
                            break;
                        }
                        _ => {
                            point[d] = lb;
                            if d == 0 {
                                d = usize::MAX;
                                break;
                            }
                        }
                    }
                }
                if d == usize::MAX || point.is_empty() {
                    break;
                }
            }
        }
        Ok(())
    }
}
