//! The GPU execution model: a grid of thread blocks, each run as one thread group.
//!
//! A launch runs its blocks one after another (x fastest, then y, then z). For each block, every
//! thread is a lane of one group (lane = `x + y*bx + z*bx*by`, CUDA's linear thread id, so warps
//! of the target's width are consecutive lanes); the group executes the kernel body in lockstep
//! (see [`crate::interp`]). Per block: workgroup (shared) memory is fresh and zeroed, private
//! buffers are fresh, and race detection starts a new epoch; barriers must be reached by every
//! thread of the block.
//!
//! The gpu dialect's semantics decode `gpu.launch` / `gpu.launch_func` into a [`LaunchSpec`];
//! this module knows nothing of the IR ops themselves.
//!
//! A [`LaunchExecutor`] installed on the machine runs `gpu.launch_func` kernels instead of the
//! interpreter (`sharc-run --exec=host` installs one that calls compiled code); host code, launch
//! checks and memory stay the simulator's.

use crate::error::SimError;
use crate::interp::{Frame, Group, Machine};
use crate::listener::KernelInfo;
use crate::memory::{Arena, Memory, Space};
use crate::program::{BlockRef, OpCode, Slot};
use crate::value::{MemId, Scalar, Val};
use sharc_ir::OpId;
use sharc_machine::layout::SharedLayout;

/// What to write into a lane's register before each thread block runs.
#[derive(Clone, Debug, PartialEq)]
pub enum LaneInit {
    /// The same value for every lane (a kernel argument).
    Value(Val),
    /// The block id along a dimension (0 = x).
    BlockId(usize),
    /// The lane's thread id along a dimension.
    ThreadId(usize),
    /// The grid size along a dimension.
    GridDim(usize),
    /// The block size along a dimension.
    BlockDim(usize),
    /// `base + step * block_id[dim] * tile`, plus `step * thread_id[dim] * thread_stride` of the
    /// lane when `with_thread`: the induction variable of a loop mapped onto the grid
    /// (`gpumap.band`), or the first iteration its thread block runs.
    MappedIndex {
        /// The dimension (0 = x).
        dim: usize,
        /// The loop's lower bound.
        base: i64,
        /// The loop's step.
        step: i64,
        /// Iterations per block (the block size unless the band's tile is larger).
        tile: i64,
        /// Iterations between neighbouring threads' first iterations (1, or the replication
        /// factor of a blocked distribution).
        thread_stride: i64,
        /// Whether the lane's thread id is added (the induction variable) or not (the block's
        /// first iteration).
        with_thread: bool,
        /// Which tile each block runs: `block_id` above is the tile's index along `dim` under
        /// this order (`gpumap.band`'s `blockOrder`), not the block's own.
        order: sharc_machine::channels::BlockOrder,
    },
    /// A workgroup buffer of this element type and shape, shared by the block, with the
    /// placement of its elements (`memplace.alloc_shared`'s layout).
    Workgroup(Scalar, Vec<i64>, SharedLayout),
    /// A private buffer of this element type and shape, one per thread.
    Private(Scalar, Vec<i64>),
}

/// A kernel launch, decoded by the gpu dialect's semantics.
#[derive(Clone, Debug)]
pub struct LaunchSpec {
    /// The kernel's name for reports.
    pub name: String,
    /// Blocks per grid dimension.
    pub grid: [i64; 3],
    /// Threads per block dimension.
    pub block: [i64; 3],
    /// The kernel function whose frame layout the body uses (`gpu.launch_func`), or `None` for
    /// a body inline in the launching function (`gpu.launch`).
    pub func: Option<OpId>,
    /// The body's entry block.
    pub entry: BlockRef,
    /// Registers copied from the launching thread (values a `gpu.launch` body uses from above).
    pub captures: Vec<Slot>,
    /// Registers initialised per block.
    pub inits: Vec<(Slot, LaneInit)>,
}

/// Runs a launched kernel on the machine's memory instead of interpreting its body.
///
/// The simulator has already checked the launch (sizes positive, threads within the target's
/// limit). An executor sees no listeners: metrics, race and bounds checks are the
/// interpreter's alone.
pub trait LaunchExecutor {
    /// Runs `kernel` (a `gpu.func`) on a grid of `grid` blocks of `block` threads with `args`,
    /// one value per kernel argument (memrefs are handles into `mem`). An `Err` is the message
    /// of an error located at the launch.
    fn launch(
        &mut self,
        kernel: OpId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Val],
        mem: &mut Memory,
    ) -> Result<(), String>;
}

/// Observes kernel launches: told of each `gpu.launch_func` launch before it runs and after it
/// ran, with the memory the kernel reads and wrote, whoever runs it (the interpreter or a
/// [`LaunchExecutor`]). `sharc-run --launch-trace` records a replayable trace with one.
pub trait LaunchObserver {
    /// `kernel` (a `gpu.func`) is about to run on `grid` blocks of `block` threads with `args`
    /// (memrefs are handles into `mem`). An `Err` stops the run with an error located at the
    /// launch.
    fn before_launch(
        &mut self,
        kernel: OpId,
        grid: [u32; 3],
        block: [u32; 3],
        args: &[Val],
        mem: &Memory,
    ) -> Result<(), String>;
    /// The launch announced last has run without error; `mem` holds what it wrote.
    fn after_launch(&mut self, mem: &Memory) -> Result<(), String>;
}

/// The kernel arguments of a `gpu.launch_func` launch, in order.
fn kernel_args(spec: &LaunchSpec) -> Vec<Val> {
    spec.inits.iter().filter_map(|(_, i)| if let LaneInit::Value(v) = i { Some(*v) } else { None }).collect()
}

/// The registers a launch initialises with buffers or arguments.
struct LaunchBuffers {
    /// Registers that hold the same value in every lane: kernel arguments, workgroup buffers.
    fixed: Vec<(Slot, Val)>,
    /// Private buffers, one per lane.
    per_lane: Vec<(Slot, Vec<MemId>)>,
}

impl Machine<'_> {
    /// Runs a kernel launch issued by `lanes` (one host lane) at `code`.
    pub(crate) fn launch(&mut self, code: &OpCode, lanes: &[u32], spec: &LaunchSpec) -> Result<(), SimError> {
        let err = |m: &Machine, msg: String| SimError::at(m.ctx, code.op, msg);
        if self.group.kernel {
            return Err(err(self, "kernel launches inside kernels are not supported".to_string()));
        }
        let &[host_lane] = lanes else {
            return Err(err(self, "a launch must be executed by one host thread".to_string()));
        };
        let (grid, block) = self.launch_dims(code, spec)?;
        if let Some(obs) = self.observer.as_mut() {
            let Some(kernel) = spec.func else {
                return Err(err(
                    self,
                    "a launch trace records gpu.launch_func kernels only, not gpu.launch bodies (outline them first)"
                        .to_string(),
                ));
            };
            let r = obs.before_launch(kernel, grid, block, &kernel_args(spec), &self.mem);
            r.map_err(|msg| err(self, msg))?;
        }
        let result = self.run_launch(code, spec, host_lane, grid, block);
        if result.is_ok() {
            if let Some(obs) = self.observer.as_mut() {
                let r = obs.after_launch(&self.mem);
                r.map_err(|msg| err(self, msg))?;
            }
        }
        result
    }

    /// Runs a checked launch: through the executor when one is installed, else in the
    /// interpreter.
    fn run_launch(
        &mut self,
        code: &OpCode,
        spec: &LaunchSpec,
        host_lane: u32,
        grid: [u32; 3],
        block: [u32; 3],
    ) -> Result<(), SimError> {
        let err = |m: &Machine, msg: String| SimError::at(m.ctx, code.op, msg);
        let threads = block.iter().map(|&b| b as u64).product::<u64>();
        if let Some(exec) = self.executor.as_mut() {
            let Some(kernel) = spec.func else {
                return Err(err(
                    self,
                    "this executor runs gpu.launch_func kernels only, not gpu.launch bodies".to_string(),
                ));
            };
            let r = exec.launch(kernel, grid, block, &kernel_args(spec), &mut self.mem);
            return r.map_err(|msg| err(self, msg));
        }
        let width = threads as usize;
        let mut regs = self.kernel_registers(code, spec, host_lane, width)?;
        let outer_mark = self.mem.mark();
        self.mem.clear_workgroup();
        let LaunchBuffers { fixed, per_lane } = self.allocate_buffers(code, spec, width)?;
        let shared = self.mem.shared_bytes();
        if shared > self.target.shared_memory_per_block as u64 {
            self.mem.release(outer_mark, &mut []);
            return Err(err(
                self,
                format!(
                    "kernel uses {shared} bytes of shared memory; target {} allows {} per block",
                    self.target.name, self.target.shared_memory_per_block
                ),
            ));
        }
        for (s, v) in &fixed {
            regs[*s as usize * width..(*s as usize + 1) * width].fill(*v);
        }
        for (s, bufs) in &per_lane {
            for (l, m) in bufs.iter().enumerate() {
                regs[*s as usize * width + l] = Val::Mem(*m);
            }
        }
        let host_group = std::mem::replace(
            &mut self.group,
            Group {
                width: width as u32,
                kernel: true,
                block_dim: block,
                grid_dim: grid,
                block_id: [0; 3],
                warp_size: self.target.warp_size.max(1),
            },
        );
        self.frames.push(Frame { regs, width });
        let info = KernelInfo { name: spec.name.clone(), grid, block, shared_bytes: shared };
        for l in &mut self.listeners {
            l.kernel_begin(&info);
        }
        self.race.begin_kernel(shared);
        let result = self.run_grid(spec, &per_lane);
        for l in &mut self.listeners {
            l.kernel_end();
        }
        self.frames.pop();
        self.group = host_group;
        self.mem.clear_workgroup();
        self.mem.release(outer_mark, &mut []);
        result
    }

    /// The grid and block sizes of a launch, checked: positive, and a block within the target's
    /// thread limit.
    fn launch_dims(&self, code: &OpCode, spec: &LaunchSpec) -> Result<([u32; 3], [u32; 3]), SimError> {
        let err = |m: &Machine, msg: String| SimError::at(m.ctx, code.op, msg);
        let mut grid = [0u32; 3];
        let mut block = [0u32; 3];
        for d in 0..3 {
            let (g, b) = (spec.grid[d], spec.block[d]);
            if g < 1 || g > i32::MAX as i64 {
                return Err(err(self, format!("grid size {g} along {} is not positive", "xyz".as_bytes()[d] as char)));
            }
            if b < 1 || b > i32::MAX as i64 {
                return Err(err(self, format!("block size {b} along {} is not positive", "xyz".as_bytes()[d] as char)));
            }
            grid[d] = g as u32;
            block[d] = b as u32;
        }
        let threads = block.iter().map(|&b| b as u64).product::<u64>();
        let max = self.target.max_threads_per_block as u64;
        if threads > max {
            return Err(err(
                self,
                format!(
                    "block of {threads} threads exceeds the {max} threads per block of target {}",
                    self.target.name
                ),
            ));
        }
        Ok((grid, block))
    }

    /// The kernel frame's registers for `width` lanes, with the values the body captures from
    /// the launching host lane copied into every lane.
    fn kernel_registers(
        &self,
        code: &OpCode,
        spec: &LaunchSpec,
        host_lane: u32,
        width: usize,
    ) -> Result<Vec<Val>, SimError> {
        let err = |m: &Machine, msg: String| SimError::at(m.ctx, code.op, msg);
        let slots = match spec.func {
            Some(f) => match self.prog.funcs.get(&f) {
                Some(fc) => fc.num_slots as usize,
                None => return Err(err(self, "kernel was not compiled".to_string())),
            },
            None => {
                let f = self.frames.last().expect("a host frame");
                f.regs.len() / f.width
            }
        };
        let mut regs = vec![Val::Undef; slots * width];
        {
            let host = self.frames.last().expect("a host frame");
            for &s in &spec.captures {
                let v = host.regs[s as usize * host.width + host_lane as usize];
                regs[s as usize * width..(s as usize + 1) * width].fill(v);
            }
        }
        Ok(regs)
    }

    /// Allocates the launch's buffers: the registers that hold the same value in every lane
    /// (kernel arguments, workgroup buffers), and the private buffers, one per lane.
    fn allocate_buffers(&mut self, code: &OpCode, spec: &LaunchSpec, width: usize) -> Result<LaunchBuffers, SimError> {
        let err = |m: &Machine, msg: String| SimError::at(m.ctx, code.op, msg);
        let mut per_lane: Vec<(Slot, Vec<MemId>)> = Vec::new();
        let mut fixed: Vec<(Slot, Val)> = Vec::new();
        for (s, init) in &spec.inits {
            match init {
                LaneInit::Value(v) => fixed.push((*s, *v)),
                LaneInit::Workgroup(elem, shape, layout) => {
                    let m = self
                        .mem
                        .alloc(Arena::Workgroup, Space::Workgroup, *elem, shape, self.alloc_limit)
                        .ok_or_else(|| {
                            err(
                                self,
                                crate::memory::alloc_failure(*elem, shape, self.mem.live_bytes(), self.alloc_limit),
                            )
                        })?;
                    if !layout.is_row_major() {
                        self.mem.set_layout(m, *layout).map_err(|e| err(self, e.0))?;
                    }
                    fixed.push((*s, Val::Mem(m)));
                }
                LaneInit::Private(elem, shape) => {
                    let mut bufs = Vec::with_capacity(width);
                    for _ in 0..width {
                        let m = self
                            .mem
                            .alloc(Arena::Stack, Space::Private, *elem, shape, self.alloc_limit)
                            .ok_or_else(|| {
                                err(
                                    self,
                                    crate::memory::alloc_failure(*elem, shape, self.mem.live_bytes(), self.alloc_limit),
                                )
                            })?;
                        bufs.push(m);
                    }
                    per_lane.push((*s, bufs));
                }
                _ => {}
            }
        }
        Ok(LaunchBuffers { fixed, per_lane })
    }

    fn run_grid(&mut self, spec: &LaunchSpec, per_lane: &[(Slot, Vec<MemId>)]) -> Result<(), SimError> {
        let width = self.group.width;
        let all: Vec<u32> = (0..width).collect();
        let grid = self.group.grid_dim;
        for bz in 0..grid[2] {
            for by in 0..grid[1] {
                for bx in 0..grid[0] {
                    self.group.block_id = [bx, by, bz];
                    let index =
                        u64::from(bx) + u64::from(grid[0]) * (u64::from(by) + u64::from(grid[1]) * u64::from(bz));
                    for l in &mut self.listeners {
                        l.block_begin(index);
                    }
                    self.mem.zero_workgroup();
                    for (_, bufs) in per_lane {
                        for &m in bufs {
                            self.mem.zero(m);
                        }
                    }
                    self.race.new_block();
                    self.init_block_registers(spec);
                    let mark = self.mem.mark();
                    let r = self.run_block(spec.entry, &all);
                    self.mem.release(mark, &mut []);
                    r?;
                }
            }
        }
        Ok(())
    }

    fn init_block_registers(&mut self, spec: &LaunchSpec) {
        let g = self.group.clone();
        let frame = self.frames.last_mut().expect("the kernel frame");
        let w = frame.width;
        for (s, init) in &spec.inits {
            let base = *s as usize * w;
            match *init {
                LaneInit::BlockId(d) => frame.regs[base..base + w].fill(Val::Int(g.block_id[d] as i64)),
                LaneInit::GridDim(d) => frame.regs[base..base + w].fill(Val::Int(g.grid_dim[d] as i64)),
                LaneInit::BlockDim(d) => frame.regs[base..base + w].fill(Val::Int(g.block_dim[d] as i64)),
                LaneInit::ThreadId(d) => {
                    for l in 0..w {
                        frame.regs[base + l] = Val::Int(g.thread(l as u32)[d] as i64);
                    }
                }
                LaneInit::MappedIndex { dim, base: lower, step, tile, thread_stride, with_thread, order } => {
                    let (b, grid) = (g.block_id.map(u64::from), g.grid_dim.map(u64::from));
                    let (tx, ty) = order.tile(b[0], b[1], grid[0], grid[1]);
                    let tile_id = [tx, ty, b[2]][dim] as i64;
                    let block_first = tile_id.wrapping_mul(tile);
                    for l in 0..w {
                        let thread = if with_thread {
                            i64::from(g.thread(l as u32)[dim]).wrapping_mul(thread_stride)
                        } else {
                            0
                        };
                        let index = step.wrapping_mul(block_first.wrapping_add(thread));
                        frame.regs[base + l] = Val::Int(lower.wrapping_add(index));
                    }
                }
                LaneInit::Value(_) | LaneInit::Workgroup(..) | LaneInit::Private(..) => {}
            }
        }
    }
}
