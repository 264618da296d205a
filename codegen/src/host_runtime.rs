//! The host runtime: runs a compiled kernel's grid on the CPU, on the simulator's buffers.
//!
//! Blocks run one after another (x fastest), as in the simulator. A block runs one OS thread per
//! GPU thread, so `gpu.barrier` is a real rendezvous of concurrently running threads
//! ([`BlockBarrier`]) and the kernel's memory accesses race as they would on a GPU. A thread
//! learns its ids through thread-local state that the `sharc_rt_*` functions (called by the
//! generated code, see `arch/host.rs`) read.
//!
//! Memref arguments are copied into 16-byte aligned host buffers before the launch and back
//! after it (the simulator's buffers are byte vectors with no alignment guarantee, and one copy
//! per distinct buffer keeps aliasing arguments aliased). Scalars are passed in 8-byte slots.
//!
//! # Memory the compiled code touches, and why the threads cannot race in Rust's sense
//!
//! A launch (`HostExecutor::launch`) runs on the caller's thread: it copies the argument
//! buffers ([`HostBuffer`], owned by `launch`'s frame), then for each block spawns the block's
//! threads in a `std::thread::scope` and joins them all before the next block starts. While
//! they run, the generated code touches exactly:
//! - the host buffers, through the pointers in the argument slots (derived with
//!   `Vec::as_mut_ptr`, so writing through them is allowed; no Rust reference to their contents
//!   exists and no Rust code reads or writes them until the scope has joined every thread,
//!   which orders all the threads' writes before `copy_back`; the vectors are neither resized
//!   nor dropped before then);
//! - the argument slots, read only, by every thread;
//! - the module's workgroup globals, owned by the loaded code ([`HostKernels`]) and outliving
//!   the launch; only one block's threads exist at a time, so only they touch them;
//! - each thread's private buffers, allocas in its own stack frame;
//! - the out-of-bounds sink, a module global that failed checks divert accesses to;
//! - the runtime's own state, through `sharc_rt_*`: thread-locals, and a block's
//!   [`BlockShared`] behind mutexes.
//!
//! The simulator's [`Memory`] is borrowed mutably by `launch` for the whole launch, so nothing
//! else can read or change the buffers meanwhile. Rust code therefore never accesses memory
//! concurrently with the compiled code; the compiled threads share memory only with each other.
//!
//! # Data races of the IR
//!
//! Two threads of a block that access one element with no barrier in between, one of them
//! writing, are a race of the IR: the simulator reports it (`sharc-run` without `--exec=host`).
//! The host runs them concurrently, in whatever order the OS schedules them. Every element load
//! and store of a host kernel is an LLVM `unordered` atomic (`ops/memref.rs`,
//! `host_unordered`), so the race is defined behaviour of the generated code: a load returns the
//! value of some store to that element (or its value before the launch), never a torn or
//! `undef` value, and the result is one interleaving of the threads' element accesses, which
//! may differ between runs. (Elements of types LLVM cannot access atomically, integers that
//! are not 8, 16, 32 or 64 bits wide such as `i1`, are plain byte accesses; a race on them
//! reads `undef` in LLVM's model.) Barriers are calls LLVM must treat as reading and writing
//! all memory, and the mutex in [`BlockBarrier`] orders every access before a barrier before
//! every access after it, in every thread of the block.
//!
//! Errors, reported at the launch: a failed run-time check of the generated code (an
//! out-of-bounds access, a division by zero), naming the op's location, thread and block; a
//! barrier that not every thread of a block reaches; a launch whose own memory (buffer copies,
//! threads' stack buffers, workgroup memory) would exceed the run's memory cap, checked before
//! anything is copied or spawned. `--max-ops` does not reach into compiled code: a kernel that
//! never terminates is stopped by `sharc-run`'s wall-clock `--timeout`, which ends the process.

use crate::jit::{HostKernels, KernelEntry};
use crate::kernel::{KernelInfo, Param};
use sharc_ir::{Context, OpId};
use sharc_sim::memory::{BufId, Desc, Memory};
use sharc_sim::{LaunchExecutor, Scalar, Val};
use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex};

/// Stack size of a GPU thread's OS thread: kernels keep private arrays on the stack.
const THREAD_STACK: usize = 1 << 20;

/// The runtime functions the generated code calls, with their addresses.
pub(crate) fn symbols() -> [(&'static str, usize); 6] {
    let n = crate::arch::RUNTIME_FUNCTIONS;
    [
        (n[0], sharc_rt_thread_id as extern "C" fn(i32) -> i64 as usize),
        (n[1], sharc_rt_block_id as extern "C" fn(i32) -> i64 as usize),
        (n[2], sharc_rt_block_dim as extern "C" fn(i32) -> i64 as usize),
        (n[3], sharc_rt_grid_dim as extern "C" fn(i32) -> i64 as usize),
        (n[4], sharc_rt_barrier as extern "C" fn() as usize),
        (n[5], sharc_rt_check as extern "C" fn(bool, i64) as usize),
    ]
}

/// What the threads of one block share.
struct BlockShared {
    barrier: BlockBarrier,
    /// The first failed check: (site, thread).
    failure: Mutex<Option<(usize, [i64; 3])>>,
}

/// The identity of the OS thread running a GPU thread.
struct ThreadState {
    thread: [i64; 3],
    block: [i64; 3],
    block_dim: [i64; 3],
    grid_dim: [i64; 3],
    shared: Arc<BlockShared>,
}

thread_local! {
    static CURRENT: RefCell<Option<ThreadState>> = const { RefCell::new(None) };
}

/// Reads the current thread's state; 0 outside a launch.
fn with_state(f: impl FnOnce(&ThreadState) -> i64) -> i64 {
    CURRENT.with(|c| c.borrow().as_ref().map_or(0, f))
}

fn dim(d: i32) -> usize {
    d.clamp(0, 2) as usize
}

extern "C" fn sharc_rt_thread_id(d: i32) -> i64 {
    with_state(|s| s.thread[dim(d)])
}

extern "C" fn sharc_rt_block_id(d: i32) -> i64 {
    with_state(|s| s.block[dim(d)])
}

extern "C" fn sharc_rt_block_dim(d: i32) -> i64 {
    with_state(|s| s.block_dim[dim(d)])
}

extern "C" fn sharc_rt_grid_dim(d: i32) -> i64 {
    with_state(|s| s.grid_dim[dim(d)])
}

extern "C" fn sharc_rt_barrier() {
    let shared = CURRENT.with(|c| c.borrow().as_ref().map(|s| s.shared.clone()));
    if let Some(shared) = shared {
        shared.barrier.wait();
    }
}

extern "C" fn sharc_rt_check(ok: bool, site: i64) {
    if ok {
        return;
    }
    CURRENT.with(|c| {
        if let Some(s) = c.borrow().as_ref() {
            let mut f = s.shared.failure.lock().unwrap_or_else(|e| e.into_inner());
            f.get_or_insert((site as usize, s.thread));
        }
    });
}

/// A barrier for the threads of one block that detects divergence: when every thread that has
/// not finished is waiting but some have finished, the barrier can never complete (the
/// simulator's "barrier not reached by all threads"); it then releases everyone for good and
/// records the divergence, so the block finishes and the launch reports the error.
struct BlockBarrier {
    state: Mutex<BarrierState>,
    cv: Condvar,
    threads: usize,
}

#[derive(Default)]
struct BarrierState {
    waiting: usize,
    finished: usize,
    generation: u64,
    broken: bool,
}

impl BlockBarrier {
    fn new(threads: usize) -> Self {
        BlockBarrier { state: Mutex::new(BarrierState::default()), cv: Condvar::new(), threads }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BarrierState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait(&self) {
        let mut s = self.lock();
        if s.broken {
            return;
        }
        s.waiting += 1;
        if s.waiting + s.finished == self.threads {
            s.broken |= s.finished > 0;
            s.waiting = 0;
            s.generation += 1;
            self.cv.notify_all();
            return;
        }
        let generation = s.generation;
        while s.generation == generation && !s.broken {
            s = self.cv.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// A thread has returned from the kernel (or could not start: `broken`).
    fn finish(&self, broken: bool) {
        let mut s = self.lock();
        s.finished += 1;
        if broken || (s.waiting > 0 && s.waiting + s.finished == self.threads) {
            s.broken = true;
            self.cv.notify_all();
        }
    }

    fn diverged(&self) -> bool {
        self.lock().broken
    }
}

/// A memref argument's buffer, copied to aligned host memory for the launch.
struct HostBuffer {
    id: BufId,
    words: Vec<u128>,
    bytes: usize,
}

impl HostBuffer {
    fn new(id: BufId, data: &[u8]) -> Self {
        let words = data
            .chunks(16)
            .map(|c| {
                let mut w = [0u8; 16];
                w[..c.len()].copy_from_slice(c);
                u128::from_le_bytes(w)
            })
            .collect();
        HostBuffer { id, words, bytes: data.len() }
    }

    fn copy_back(&self, out: &mut [u8]) {
        for (c, w) in out[..self.bytes].chunks_mut(16).zip(&self.words) {
            c.copy_from_slice(&w.to_le_bytes()[..c.len()]);
        }
    }
}

/// Runs the kernels of a [`HostKernels`] for the simulator.
pub struct HostExecutor<'a, 'j> {
    ctx: &'a Context,
    kernels: &'a HostKernels<'j>,
    /// The memory cap of the run (the simulator's `alloc_limit`), which a launch's own memory
    /// counts against too.
    memory_limit: u64,
    /// The kernel now running, for a watchdog that reports where a run stopped.
    running: Arc<Mutex<Option<OpId>>>,
}

impl<'a, 'j> HostExecutor<'a, 'j> {
    /// An executor of `kernels`, compiled from `ctx`'s module, whose launches must fit, with
    /// the simulator's live buffers, in `memory_limit` bytes.
    pub fn new(ctx: &'a Context, kernels: &'a HostKernels<'j>, memory_limit: u64) -> Self {
        HostExecutor { ctx, kernels, memory_limit, running: Arc::default() }
    }

    /// The `gpu.func` whose launch is running (`None` between launches), shared with other
    /// threads: compiled code cannot be stopped by `--max-ops`, so a wall-clock watchdog names it.
    pub fn running(&self) -> Arc<Mutex<Option<OpId>>> {
        self.running.clone()
    }

    /// Checks that a launch of `info` with `threads` threads per block fits the memory cap: the
    /// host copies of its distinct argument buffers, every thread's stack buffers (all threads
    /// of a block are alive at once) and the module's workgroup globals, on top of the
    /// simulator's live buffers. Checked before anything is copied or spawned.
    fn check_memory(&self, info: &KernelInfo, threads: u64, args: &[Val], mem: &Memory) -> Result<(), String> {
        let mut seen: Vec<BufId> = Vec::new();
        let mut copies = 0u64;
        for (i, kind) in &info.params {
            if *kind != Param::Pointer {
                continue;
            }
            let Some(d) = args.get(*i).and_then(|&v| mem.desc_of(v).ok()) else { continue };
            if !seen.contains(&d.buf) {
                seen.push(d.buf);
                copies = copies.saturating_add((mem.buffer(d.buf).data.len() as u64).next_multiple_of(16));
            }
        }
        let private = threads.saturating_mul(info.private_bytes);
        let workgroup = self.kernels.workgroup_bytes();
        let live = mem.live_bytes();
        let total = live.saturating_add(copies).saturating_add(private).saturating_add(workgroup);
        if total <= self.memory_limit {
            return Ok(());
        }
        Err(format!(
            "cannot run @{} on the host: copies of its buffers ({copies} bytes), the stack buffers of {threads} \
             threads ({} bytes each) and workgroup memory ({workgroup} bytes), with {live} bytes in use, exceed \
             sharc-run's memory limit of {} bytes",
            info.name, info.private_bytes, self.memory_limit
        ))
    }

    /// The argument slots, and the host copies of the buffers they point into.
    fn marshal(
        &self,
        kernel: OpId,
        params: &[(usize, Param)],
        args: &[Val],
        mem: &Memory,
    ) -> Result<(Vec<u64>, Vec<HostBuffer>), String> {
        let ctx = self.ctx;
        let f = sharc_dialects::gpu::FuncOp::view(ctx, kernel).ok_or("internal error: not a gpu.func")?;
        let types = f.argument_types(ctx);
        let mut buffers: Vec<HostBuffer> = Vec::new();
        let mut slots = Vec::with_capacity(params.len());
        let mut dynamic: Vec<i64> = Vec::new();
        for (i, kind) in params {
            let (v, ty) = (*args.get(*i).ok_or("missing kernel argument")?, types[*i]);
            match kind {
                Param::Scalar => {
                    let s = Scalar::of(ctx, ty).ok_or("unsupported scalar argument type")?;
                    let mut b = [0u8; 8];
                    s.encode(v, &mut b[..s.bytes()]);
                    slots.push(u64::from_le_bytes(b));
                }
                Param::Pointer => {
                    let d = *mem.desc_of(v).map_err(|e| format!("argument {i}: {e}"))?;
                    let shape = ctx.shape(ty).ok_or("internal error: memref without a shape")?;
                    check_view(*i, &d, shape, mem)?;
                    let buf = mem.buffer(d.buf);
                    let k = match buffers.iter().position(|b| b.id == d.buf) {
                        Some(k) => k,
                        None => {
                            buffers.push(HostBuffer::new(d.buf, &buf.data));
                            buffers.len() - 1
                        }
                    };
                    // `as_mut_ptr`: the compiled code writes through this pointer, and taking it
                    // creates no reference to the elements that a later one could invalidate.
                    let base = buffers[k].words.as_mut_ptr() as u64;
                    slots.push(base + d.offset as u64 * buf.elem.bytes() as u64);
                    dynamic = d.sizes().iter().zip(shape).filter(|(_, &s)| s < 0).map(|(&n, _)| n).collect();
                    dynamic.reverse();
                }
                Param::DynamicSize => slots.push(dynamic.pop().ok_or("internal error: missing dynamic size")? as u64),
            }
        }
        Ok((slots, buffers))
    }

    fn run_grid(
        &self,
        entry: KernelEntry,
        private_bytes: u64,
        slots: &[u64],
        grid: [u32; 3],
        block: [u32; 3],
    ) -> Result<(), (usize, [i64; 3], [i64; 3])> {
        let g = grid.map(i64::from);
        let bd = block.map(i64::from);
        let threads = block.iter().map(|&b| b as usize).product();
        // The stack buffers live in the kernel's frame, on top of what the code itself needs.
        let stack = THREAD_STACK.saturating_add(usize::try_from(private_bytes).unwrap_or(usize::MAX));
        for bz in 0..g[2] {
            for by in 0..g[1] {
                for bx in 0..g[0] {
                    let b = [bx, by, bz];
                    let shared =
                        Arc::new(BlockShared { barrier: BlockBarrier::new(threads), failure: Mutex::new(None) });
                    std::thread::scope(|sc| {
                        for t in 0..threads as i64 {
                            let tid = [t % bd[0], t / bd[0] % bd[1], t / (bd[0] * bd[1])];
                            let state = ThreadState {
                                thread: tid,
                                block: b,
                                block_dim: bd,
                                grid_dim: g,
                                shared: shared.clone(),
                            };
                            let s2 = shared.clone();
                            let spawned = std::thread::Builder::new().stack_size(stack).spawn_scoped(sc, move || {
                                CURRENT.with(|c| *c.borrow_mut() = Some(state));
                                let r = entry.call(slots);
                                CURRENT.with(|c| *c.borrow_mut() = None);
                                s2.barrier.finish(false);
                                r
                            });
                            if spawned.is_err() {
                                shared.barrier.finish(true);
                            }
                        }
                    });
                    let failure = *shared.failure.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some((site, thread)) = failure {
                        return Err((site, thread, b));
                    }
                    if shared.barrier.diverged() {
                        return Err((usize::MAX, [0; 3], b));
                    }
                }
            }
        }
        Ok(())
    }
}

/// A memref argument must be a contiguous row-major view (the ABI) whose shape matches the
/// kernel's type and which lies inside its buffer (also what `sharc-run --exec=cuda` and
/// `--launch-trace` accept).
pub fn check_view(i: usize, d: &Desc, shape: &[i64], mem: &Memory) -> Result<(), String> {
    let buf = mem.buffer(d.buf);
    if buf.freed {
        return Err(format!("argument {i} is a deallocated buffer"));
    }
    let sizes = d.sizes();
    if sizes.len() != shape.len() || sizes.iter().zip(shape).any(|(&n, &s)| s >= 0 && n != s) {
        return Err(format!("argument {i} has sizes {sizes:?}, which do not match the kernel's memref type"));
    }
    if Desc::identity(d.buf, sizes).strides != d.strides {
        return Err(format!("argument {i} is a strided view; host kernels take contiguous row-major memrefs"));
    }
    let len: i64 = sizes.iter().product();
    if d.offset < 0 || (d.offset + len) as u64 > buf.len {
        return Err(format!("argument {i} is a view outside its buffer"));
    }
    Ok(())
}

impl LaunchExecutor for HostExecutor<'_, '_> {
    fn launch(
        &mut self,
        kernel: OpId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Val],
        mem: &mut Memory,
    ) -> Result<(), String> {
        let (info, entry) = self.kernels.kernels.get(&kernel).ok_or("the kernel was not compiled for the host")?;
        self.check_memory(info, block.iter().map(|&b| u64::from(b)).product(), args, mem)?;
        let (slots, buffers) = self.marshal(kernel, &info.params, args, mem)?;
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) = Some(kernel);
        let outcome = self.run_grid(*entry, info.private_bytes, &slots, grid, block);
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) = None;
        match outcome {
            Ok(()) => {
                for b in &buffers {
                    b.copy_back(&mut mem.buffer_mut(b.id).data);
                }
                Ok(())
            }
            Err((usize::MAX, _, b)) => Err(format!(
                "barrier not reached by all threads of block ({}, {}, {}) in the host execution of @{}",
                b[0], b[1], b[2], info.name
            )),
            Err((site, t, b)) => {
                let (op, what) = site
                    .checked_sub(info.site_base)
                    .and_then(|k| info.sites.get(k))
                    .copied()
                    .ok_or("internal error: unknown check site")?;
                let at = match self.ctx.loc(op).position() {
                    Some((file, line, col)) => format!("{file}:{line}:{col}"),
                    None => "an unknown location".to_string(),
                };
                Err(format!(
                    "{what} at {at} ('{}') in thread ({}, {}, {}) of block ({}, {}, {}) in the host execution of @{}",
                    self.ctx.op_name(op),
                    t[0],
                    t[1],
                    t[2],
                    b[0],
                    b[1],
                    b[2],
                    info.name
                ))
            }
        }
    }
}
