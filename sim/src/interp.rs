//! The engine: thread groups executing compiled blocks in lockstep.
//!
//! A **thread group** is a set of lanes that execute the same op at the same time: one lane on
//! the host, every thread of a thread block inside a kernel (lane = linear thread id, so warp
//! `w` is lanes `w*W .. (w+1)*W`). Running all warps of a block in lockstep is one valid schedule
//! of the GPU model (warps in lockstep, barriers synchronizing the block), and it makes each
//! memory op one warp-wide request per warp with active lanes.
//!
//! Registers of a group are one array per frame, `regs[slot * width + lane]`. A block runs op by
//! op for a list of active lanes; group-level ops (loops, conditionals) split the list when lanes
//! disagree and run their regions for each part, so divergent lanes are masked exactly as SIMT
//! hardware masks them, and lanes re-join when the region op completes.
//!
//! Invariants: an op's executor is resolved once, at compile time; the hot path allocates
//! nothing (lane lists and frames come from pools); every failure is a located [`SimError`].

use crate::error::{SimError, Trap};
use crate::exec::{Exec, Lane, Term};
use crate::listener::{Listener, Request};
use crate::memory::{Access, Memory, Space};
use crate::program::{BlockRef, OpCode, Program, Slot};
use crate::race::{Race, RaceChecker, RaceKind};
use crate::value::{Scalar, Val};
use sharc_ir::{Context, OpId};

/// Calls nest at most this deep (the interpreter recurses on the Rust stack).
pub const MAX_CALL_DEPTH: u32 = 200;

/// The default bound on thread-operations (ops and terminators, each counted once per thread
/// executing it) in one run: a loop that never ends, an `scf.while` whose condition stays true,
/// is an error after this many rather than a hang. Far above the lit tests (under 10^6) and the
/// throughput benchmarks (under 3·10^8); tens of seconds of a release build, minutes of a debug
/// one (`sharc-run --max-ops` changes it).
pub const DEFAULT_STEP_LIMIT: u64 = 1_000_000_000;

/// The thread group being executed.
#[derive(Clone, Debug)]
pub struct Group {
    /// Lanes in the group (threads of the block; 1 on the host).
    pub width: u32,
    /// Whether the group is a kernel's thread block.
    pub kernel: bool,
    /// Threads per block along x, y, z.
    pub block_dim: [u32; 3],
    /// Blocks per grid along x, y, z.
    pub grid_dim: [u32; 3],
    /// This block's id.
    pub block_id: [u32; 3],
    /// The target's warp width.
    pub warp_size: u32,
}

impl Group {
    /// The host: one lane.
    pub fn host(warp_size: u32) -> Group {
        Group { width: 1, kernel: false, block_dim: [1; 3], grid_dim: [1; 3], block_id: [0; 3], warp_size }
    }

    /// The thread id (x, y, z) of a lane.
    #[inline]
    pub fn thread(&self, lane: u32) -> [u32; 3] {
        let [bx, by, _] = self.block_dim;
        [lane % bx, (lane / bx) % by, lane / (bx * by)]
    }

    /// " in thread (x, y, z) of block (x, y, z)" inside kernels, "" on the host.
    pub fn where_(&self, lane: u32) -> String {
        if !self.kernel {
            return String::new();
        }
        let [tx, ty, tz] = self.thread(lane);
        let [bx, by, bz] = self.block_id;
        format!(" in thread ({tx}, {ty}, {tz}) of block ({bx}, {by}, {bz})")
    }
}

/// One function activation: the registers of all lanes.
pub(crate) struct Frame {
    pub regs: Vec<Val>,
    pub width: usize,
}

/// The simulated machine: memory, the group being run, frames, listeners.
pub struct Machine<'p> {
    pub(crate) ctx: &'p Context,
    pub(crate) prog: &'p Program,
    pub(crate) target: &'p sharc_machine::Target,
    /// All memory.
    pub mem: Memory,
    pub(crate) frames: Vec<Frame>,
    pub(crate) group: Group,
    pub(crate) pending: Vec<Access>,
    pub(crate) listeners: Vec<Box<dyn Listener>>,
    pub(crate) race: RaceChecker,
    pub(crate) lane_pool: Vec<Vec<u32>>,
    pub(crate) loop_pool: Vec<Vec<crate::control::LoopLane>>,
    frame_pool: Vec<Vec<Val>>,
    depth: u32,
    /// Thread-operations executed so far.
    steps: u64,
    /// Most thread-operations a run may execute ([`DEFAULT_STEP_LIMIT`]).
    pub step_limit: u64,
    /// Most bytes all live buffers may hold together ([`crate::memory::DEFAULT_MEMORY_LIMIT`]).
    pub alloc_limit: u64,
    /// Runs `gpu.launch_func` kernels instead of the interpreter, when set.
    pub executor: Option<Box<dyn crate::gpu::LaunchExecutor + 'p>>,
    /// Sees every `gpu.launch_func` launch before and after it runs (`sharc-run --launch-trace`).
    pub observer: Option<Box<dyn crate::gpu::LaunchObserver + 'p>>,
}

impl<'p> Machine<'p> {
    /// A machine for a compiled program on `target`.
    pub fn new(ctx: &'p Context, prog: &'p Program, target: &'p sharc_machine::Target) -> Machine<'p> {
        Machine {
            ctx,
            prog,
            target,
            mem: Memory::new(),
            frames: Vec::new(),
            group: Group::host(target.warp_size.max(1)),
            pending: Vec::new(),
            listeners: Vec::new(),
            race: RaceChecker::default(),
            lane_pool: Vec::new(),
            loop_pool: Vec::new(),
            frame_pool: Vec::new(),
            depth: 0,
            steps: 0,
            step_limit: DEFAULT_STEP_LIMIT,
            alloc_limit: crate::memory::DEFAULT_MEMORY_LIMIT,
            executor: None,
            observer: None,
        }
    }

    /// Adds a listener.
    pub fn add_listener(&mut self, l: Box<dyn Listener>) {
        self.listeners.push(l);
    }

    /// The listeners, to read results back (downcast with `as_any`).
    pub fn listeners(&self) -> &[Box<dyn Listener>] {
        &self.listeners
    }

    /// The target.
    pub fn target(&self) -> &sharc_machine::Target {
        self.target
    }

    /// Calls the compiled function `func` on the host with `args`; returns its results.
    pub fn call_function(&mut self, func: OpId, args: &[Val]) -> Result<Vec<Val>, SimError> {
        let Some(fc) = self.prog.funcs.get(&func) else {
            return Err(SimError::at(self.ctx, func, "function was not compiled"));
        };
        if fc.args.len() != args.len() {
            return Err(SimError::at(
                self.ctx,
                func,
                format!("expected {} arguments, got {}", fc.args.len(), args.len()),
            ));
        }
        let mut regs = vec![Val::Undef; fc.num_slots as usize];
        for (&s, &v) in fc.args.iter().zip(args) {
            regs[s as usize] = v;
        }
        self.frames.push(Frame { regs, width: 1 });
        let mark = self.mem.mark();
        let term = self.run_block(fc.entry, &[0]);
        let frame = self.frames.pop().expect("the entry frame is still there");
        let term = term?;
        let mut out: Vec<Val> =
            self.prog.ops[term.0 as usize].operands.iter().map(|&s| frame.regs[s as usize]).collect();
        self.mem.release(mark, &mut out);
        Ok(out)
    }

    #[inline]
    pub(crate) fn get(&self, slot: Slot, lane: u32) -> Val {
        let f = self.frames.last().expect("a frame is active");
        f.regs[slot as usize * f.width + lane as usize]
    }

    #[inline]
    pub(crate) fn set(&mut self, slot: Slot, lane: u32, v: Val) {
        let f = self.frames.last_mut().expect("a frame is active");
        f.regs[slot as usize * f.width + lane as usize] = v;
    }

    /// Runs a block for `lanes` up to its terminator.
    pub(crate) fn run_block(&mut self, block: BlockRef, lanes: &[u32]) -> Result<Term, SimError> {
        let prog = self.prog;
        let n = lanes.len() as u32;
        for &ci in prog.block_code(block) {
            let code = &prog.ops[ci as usize];
            // Terminators count too: every block run, even of an empty loop body, makes progress
            // towards the limit.
            self.steps += u64::from(n);
            if self.steps > self.step_limit {
                return Err(SimError::at(
                    self.ctx,
                    code.op,
                    format!(
                        "execution limit reached: more than {} thread-operations (a loop that never ends?)",
                        self.step_limit
                    ),
                ));
            }
            let Some(exec) = code.exec else { return Ok(Term(ci)) };
            exec(self, code, lanes)?;
            for l in &mut self.listeners {
                l.op(code.op, n);
            }
        }
        Err(SimError(Box::new(sharc_ir::Diagnostic::error(sharc_ir::Location::Unknown, "block without terminator"))))
    }

    pub(crate) fn lane_cx(&mut self, lane: u32, result: Scalar) -> Lane<'_> {
        Lane {
            mem: &mut self.mem,
            pending: &mut self.pending,
            group: &self.group,
            lane,
            result,
            alloc_limit: self.alloc_limit,
        }
    }

    /// Reports pending accesses as warp-wide requests and checks shared ones for races.
    pub(crate) fn flush(&mut self, code: &OpCode) -> Result<(), SimError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let accesses = std::mem::take(&mut self.pending);
        let ws = self.group.warp_size.max(1);
        let mut result = Ok(());
        let mut i = 0;
        while i < accesses.len() {
            let (warp, space, store) = (accesses[i].lane / ws, accesses[i].space, accesses[i].store);
            let mut j = i + 1;
            while j < accesses.len()
                && accesses[j].lane / ws == warp
                && accesses[j].space == space
                && accesses[j].store == store
            {
                j += 1;
            }
            let req = Request { op: code.op, warp, space, store, accesses: &accesses[i..j] };
            for l in &mut self.listeners {
                l.request(&req);
            }
            if space == Space::Workgroup && result.is_ok() {
                for a in &accesses[i..j] {
                    if let Err(r) = self.race.check(a, code.op) {
                        result = Err(self.race_error(code, a, r));
                        break;
                    }
                }
            }
            i = j;
        }
        self.pending = accesses;
        self.pending.clear();
        result
    }

    fn race_error(&self, code: &OpCode, a: &Access, r: Race) -> SimError {
        let g = &self.group;
        let t = |lane: u32| {
            let [x, y, z] = g.thread(lane);
            format!("thread ({x}, {y}, {z})")
        };
        let [bx, by, bz] = g.block_id;
        let b = self.mem.buffer(a.buf);
        let elem = unflatten(a.index, &b.shape);
        let (this, other) = match r.kind {
            RaceKind::WriteWrite => ("writes", "wrote"),
            RaceKind::ReadThenWrite => ("writes", "read"),
            RaceKind::WriteThenRead => ("reads", "wrote"),
        };
        let msg = format!(
            "shared-memory data race in block ({bx}, {by}, {bz}): {} {this} element {elem:?} of a {} buffer that {} {other} with no barrier in between",
            t(r.lane),
            b.shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x") + "x" + &b.elem.keyword(),
            t(r.other_lane),
        );
        let other_op = find_op(self.ctx, r.other_op);
        let err = SimError::at(self.ctx, code.op, msg);
        match other_op {
            Some(o) => err.with_note(self.ctx, o, format!("the conflicting access of {}", t(r.other_lane))),
            None => err,
        }
    }

    /// A barrier executed by `lanes`.
    pub(crate) fn barrier(&mut self, code: &OpCode, lanes: &[u32]) -> Result<(), SimError> {
        if !self.group.kernel {
            return Err(SimError::at(self.ctx, code.op, "gpu.barrier executed outside a kernel"));
        }
        if lanes.len() as u32 != self.group.width {
            let missing = (0..self.group.width).find(|l| lanes.binary_search(l).is_err()).unwrap_or(0);
            let [x, y, z] = self.group.thread(missing);
            let [bx, by, bz] = self.group.block_id;
            return Err(SimError::at(
                self.ctx,
                code.op,
                format!(
                    "barrier not reached by all threads of block ({bx}, {by}, {bz}): {} of {} threads arrive here, thread ({x}, {y}, {z}) does not",
                    lanes.len(),
                    self.group.width
                ),
            ));
        }
        self.race.barrier();
        for l in &mut self.listeners {
            l.barrier(code.op);
        }
        Ok(())
    }

    /// Calls `func` for `lanes`: arguments from the caller's `args` slots, results to `results`.
    pub(crate) fn call(
        &mut self,
        at: OpId,
        func: OpId,
        lanes: &[u32],
        args: &[Slot],
        results: &[Slot],
    ) -> Result<(), SimError> {
        let Some(fc) = self.prog.funcs.get(&func) else {
            return Err(SimError::at(self.ctx, at, "callee was not compiled"));
        };
        if self.depth >= MAX_CALL_DEPTH {
            return Err(SimError::at(
                self.ctx,
                at,
                format!("call stack overflow: calls nest deeper than {MAX_CALL_DEPTH}"),
            ));
        }
        let width = self.frames.last().expect("a caller frame").width;
        let mut regs = self.frame_pool.pop().unwrap_or_default();
        regs.clear();
        regs.resize(fc.num_slots as usize * width, Val::Undef);
        {
            let caller = self.frames.last().expect("a caller frame");
            for &lane in lanes {
                let l = lane as usize;
                for (&from, &to) in args.iter().zip(&fc.args) {
                    regs[to as usize * width + l] = caller.regs[from as usize * width + l];
                }
            }
        }
        self.frames.push(Frame { regs, width });
        self.depth += 1;
        let mark = self.mem.mark();
        let term = self.run_block(fc.entry, lanes);
        self.depth -= 1;
        let callee = self.frames.pop().expect("the callee frame");
        let term = term?;
        let ret = &self.prog.ops[term.0 as usize].operands;
        let mut vals: Vec<Val> = Vec::with_capacity(ret.len() * lanes.len());
        for &lane in lanes {
            for &s in ret.iter() {
                vals.push(callee.regs[s as usize * width + lane as usize]);
            }
        }
        self.mem.release(mark, &mut vals);
        self.frame_pool.push(callee.regs);
        let caller = self.frames.last_mut().expect("a caller frame");
        for (k, &lane) in lanes.iter().enumerate() {
            for (i, &to) in results.iter().enumerate() {
                caller.regs[to as usize * width + lane as usize] = vals[k * ret.len() + i];
            }
        }
        Ok(())
    }
}

/// The executor of a lane op: runs `f` for every active lane, then reports its memory requests.
pub(crate) fn lane_tramp<'p, P, F>(m: &mut Machine<'p>, code: &'p OpCode, lanes: &[u32]) -> Result<(), SimError>
where
    P: 'static,
    F: Fn(&mut Lane<'_>, &P, &[Val]) -> Result<Val, Trap> + Copy + 'static,
{
    let (p, f) = code.payload.downcast_ref::<(P, F)>().expect("the payload type is fixed at registration");
    let failed = {
        let Machine { frames, mem, pending, group, alloc_limit, .. } = m;
        let frame = frames.last_mut().expect("a frame is active");
        let w = frame.width;
        let regs: &mut [Val] = &mut frame.regs;
        let n = code.operands.len();
        let result = code.results.first().map(|&r| r as usize * w);
        // Register offsets of the operands, computed once for all lanes.
        let mut bases = [0usize; 8];
        for (b, &s) in bases.iter_mut().zip(code.operands.iter()) {
            *b = s as usize * w;
        }
        let mut buf = [Val::Undef; 8];
        let mut big = Vec::new();
        let mut failed = None;
        for &lane in lanes {
            let l = lane as usize;
            let args: &[Val] = if n <= buf.len() {
                for k in 0..n {
                    buf[k] = regs[bases[k] + l];
                }
                &buf[..n]
            } else {
                big.clear();
                big.extend(code.operands.iter().map(|&s| regs[s as usize * w + l]));
                &big
            };
            let mut cx = Lane { mem, pending, group, lane, result: code.result_ty, alloc_limit: *alloc_limit };
            match f(&mut cx, p, args) {
                Ok(v) => {
                    if let Some(r) = result {
                        regs[r + l] = v;
                    }
                }
                Err(t) => {
                    failed = Some((lane, t));
                    break;
                }
            }
        }
        failed
    };
    if let Some((lane, t)) = failed {
        m.pending.clear();
        return Err(trap_error(m.ctx, &m.group, code.op, lane, t));
    }
    m.flush(code)
}

/// The executor of a group op.
pub(crate) fn group_tramp<'p, P, F>(m: &mut Machine<'p>, code: &'p OpCode, lanes: &[u32]) -> Result<(), SimError>
where
    P: 'static,
    F: Fn(&mut Exec<'_, '_>, &P) -> Result<(), SimError> + Copy + 'static,
{
    let (p, f) = code.payload.downcast_ref::<(P, F)>().expect("the payload type is fixed at registration");
    let mut exec = Exec { m, code, lanes };
    f(&mut exec, p)
}

/// A trap of `lane` at `op`, located, with the thread named inside kernels.
pub(crate) fn trap_error(ctx: &Context, group: &Group, op: OpId, lane: u32, t: Trap) -> SimError {
    SimError::at(ctx, op, format!("{}{}", t.0, group.where_(lane)))
}

/// The multi-index of linear element `i` in a row-major `shape`.
pub fn unflatten(mut i: u64, shape: &[i64]) -> Vec<i64> {
    let mut out = vec![0i64; shape.len()];
    for k in (0..shape.len()).rev() {
        let d = shape[k].max(1) as u64;
        out[k] = (i % d) as i64;
        i /= d;
    }
    out
}

/// The op with arena index `index`, if it is one of `ctx`'s.
fn find_op(ctx: &Context, index: u32) -> Option<OpId> {
    ctx.ops_created_since(index as usize).next()
}
