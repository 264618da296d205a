//! The execution contexts op semantics see: [`Lane`] for per-thread functions (thread ids,
//! bounds-checked memory access, allocation) and [`Exec`] for group-level functions (the active
//! lanes, registers, running blocks, calls, barriers, launches).

use crate::error::{SimError, Trap};
use crate::interp::{Group, Machine};
use crate::memory::{Access, Arena, Memory, Space, MAX_RANK};
use crate::program::{BlockRef, OpCode, Slot};
use crate::value::{MemId, Scalar, Val};
use sharc_ir::{Context, OpId};

/// What a lane function sees: its thread, memory, and the op's result type.
pub struct Lane<'a> {
    pub(crate) mem: &'a mut Memory,
    pub(crate) pending: &'a mut Vec<Access>,
    pub(crate) group: &'a Group,
    pub(crate) lane: u32,
    pub(crate) result: Scalar,
    pub(crate) alloc_limit: u64,
}

impl Lane<'_> {
    /// The type of the op's first result.
    #[inline]
    pub fn result_type(&self) -> Scalar {
        self.result
    }

    /// Whether the lane is a thread of a kernel.
    pub fn group_is_kernel(&self) -> bool {
        self.group.kernel
    }

    /// The lane (linear thread id within the block; 0 outside kernels).
    pub fn lane(&self) -> u32 {
        self.lane
    }

    /// The thread id of this lane along `dim` (0 = x), inside a kernel.
    pub fn thread_id(&self, dim: usize) -> Result<i64, Trap> {
        self.kernel()?;
        Ok(self.group.thread(self.lane)[dim] as i64)
    }

    /// The block id along `dim`, inside a kernel.
    pub fn block_id(&self, dim: usize) -> Result<i64, Trap> {
        self.kernel()?;
        Ok(self.group.block_id[dim] as i64)
    }

    /// The block size along `dim`, inside a kernel.
    pub fn block_dim(&self, dim: usize) -> Result<i64, Trap> {
        self.kernel()?;
        Ok(self.group.block_dim[dim] as i64)
    }

    /// The grid size along `dim`, inside a kernel.
    pub fn grid_dim(&self, dim: usize) -> Result<i64, Trap> {
        self.kernel()?;
        Ok(self.group.grid_dim[dim] as i64)
    }

    fn kernel(&self) -> Result<(), Trap> {
        if self.group.kernel {
            Ok(())
        } else {
            Err(Trap::new("thread and block ids exist only inside a kernel"))
        }
    }

    /// Loads element `indices` of memref `m`.
    #[inline]
    pub fn load(&mut self, m: Val, indices: &[i64]) -> Result<Val, Trap> {
        let (v, a) = self.mem.load(m, indices, self.lane).map_err(|e| Trap::access("load", e))?;
        self.pending.push(a);
        Ok(v)
    }

    /// Stores `v` to element `indices` of memref `m`.
    #[inline]
    pub fn store(&mut self, m: Val, indices: &[i64], v: Val) -> Result<(), Trap> {
        let a = self.mem.store(m, indices, v, self.lane).map_err(|e| Trap::access("store", e))?;
        self.pending.push(a);
        Ok(())
    }

    /// Loads `lanes` adjacent elements of the innermost dimension of `m` at `indices` as one
    /// access (a vector load): one access record, so a warp's vector load is one request.
    #[inline]
    pub fn load_vector(&mut self, m: Val, indices: &[i64], lanes: usize) -> Result<Val, Trap> {
        let (v, a) = self.mem.load_vector(m, indices, lanes, self.lane).map_err(|e| Trap::access("vector load", e))?;
        self.pending.push(a);
        Ok(Val::Vector(v))
    }

    /// Stores the vector `v` of `lanes` elements at `indices` of `m` as one access.
    #[inline]
    pub fn store_vector(&mut self, m: Val, indices: &[i64], lanes: usize, v: Val) -> Result<(), Trap> {
        let Val::Vector(bits) = v else { return Err(Trap::new("vector store of a value that is not a vector")) };
        let a =
            self.mem.store_vector(m, indices, lanes, bits, self.lane).map_err(|e| Trap::access("vector store", e))?;
        self.pending.push(a);
        Ok(())
    }

    /// Loads with indices given as values.
    #[inline]
    pub fn load_at(&mut self, m: Val, indices: &[Val]) -> Result<Val, Trap> {
        let idx = indices_of(indices)?;
        self.load(m, &idx[..indices.len()])
    }

    /// Stores with indices given as values.
    #[inline]
    pub fn store_at(&mut self, m: Val, indices: &[Val], v: Val) -> Result<(), Trap> {
        let idx = indices_of(indices)?;
        self.store(m, &idx[..indices.len()], v)
    }

    /// Allocates a zeroed buffer of `shape` (in `space`, freed with the function when `stack`).
    pub fn alloc(&mut self, space: Space, stack: bool, elem: Scalar, shape: &[i64]) -> Result<Val, Trap> {
        // Inside a kernel, shared buffers live as long as their thread block, and local
        // allocations are private to the thread.
        let kernel = self.group.kernel;
        let arena = if stack || (kernel && space == Space::Workgroup) { Arena::Stack } else { Arena::Heap };
        let space = if kernel && stack && space == Space::Global { Space::Private } else { space };
        let limit = self.alloc_limit;
        match self.mem.alloc(arena, space, elem, shape, limit) {
            Some(m) => Ok(Val::Mem(m)),
            None => Err(Trap::new(crate::memory::alloc_failure(elem, shape, self.mem.live_bytes(), limit))),
        }
    }

    /// The memory (descriptors, buffers).
    pub fn mem(&mut self) -> &mut Memory {
        self.mem
    }

    /// The buffer of a `memref.global` (keyed by the global op), created from `init` on first
    /// use. A global in the workgroup space, used inside a kernel, is shared memory: one buffer
    /// per thread block, zeroed for each block.
    pub fn global(&mut self, key: OpId, space: Space, elem: Scalar, shape: &[i64], init: &[u8]) -> Result<Val, Trap> {
        let shared = space == Space::Workgroup && self.group.kernel;
        let k = key.index() as u32;
        let cached = if shared { self.mem.workgroup_globals.get(&k) } else { self.mem.globals.get(&k) };
        // Descriptors are kept, not ids: ids created inside a call die with it.
        if let Some(&d) = cached {
            return Ok(Val::Mem(self.mem.intern(d)));
        }
        let (arena, space) = if shared { (Arena::Workgroup, Space::Workgroup) } else { (Arena::Heap, Space::Global) };
        let m = self.mem.alloc(arena, space, elem, shape, self.alloc_limit).ok_or_else(|| {
            Trap::new(crate::memory::alloc_failure(elem, shape, self.mem.live_bytes(), self.alloc_limit))
        })?;
        if !init.is_empty() {
            self.mem.fill(Val::Mem(m), init).map_err(|e| Trap::new(e.to_string()))?;
        }
        let d = *self.mem.desc(m);
        if shared {
            self.mem.workgroup_globals.insert(k, d);
        } else {
            self.mem.globals.insert(k, d);
        }
        Ok(Val::Mem(m))
    }

    /// The descriptor behind a memref value.
    pub fn desc(&self, m: Val) -> Result<crate::memory::Desc, Trap> {
        self.mem.desc_of(m).copied().map_err(|e| Trap::new(e.to_string()))
    }

    /// The memref of a descriptor.
    pub fn view(&mut self, d: crate::memory::Desc) -> Val {
        Val::Mem(self.mem.intern(d))
    }

    /// The handle of a memref value.
    pub fn mem_id(&self, m: Val) -> Result<MemId, Trap> {
        m.mem().ok_or_else(|| Trap::new("operand is not a memref"))
    }
}

/// Index values as an array of `i64` (at most [`MAX_RANK`]).
#[inline]
fn indices_of(vals: &[Val]) -> Result<[i64; MAX_RANK], Trap> {
    if vals.len() > MAX_RANK {
        return Err(Trap::new(format!("memrefs of rank above {MAX_RANK} are not supported")));
    }
    let mut idx = [0i64; MAX_RANK];
    for (d, v) in idx.iter_mut().zip(vals) {
        *d = v.i();
    }
    Ok(idx)
}

/// What a group-level op sees: the active lanes, their registers, and the engine.
pub struct Exec<'a, 'p> {
    pub(crate) m: &'a mut Machine<'p>,
    pub(crate) code: &'p OpCode,
    pub(crate) lanes: &'a [u32],
}

/// A block's terminator reached by [`Exec::run_block`].
#[derive(Clone, Copy, Debug)]
pub struct Term(pub(crate) u32);

impl<'a, 'p> Exec<'a, 'p> {
    /// The IR.
    pub fn ctx(&self) -> &'p Context {
        self.m.ctx
    }

    /// The op being executed.
    pub fn op(&self) -> OpId {
        self.code.op
    }

    /// The active lanes, ascending.
    pub fn lanes(&self) -> &'a [u32] {
        self.lanes
    }

    /// The thread group (block ids and sizes, width).
    pub fn group(&self) -> &Group {
        &self.m.group
    }

    /// Register `slot` of `lane`.
    #[inline]
    pub fn get(&self, slot: Slot, lane: u32) -> Val {
        self.m.get(slot, lane)
    }

    /// Sets register `slot` of `lane`.
    #[inline]
    pub fn set(&mut self, slot: Slot, lane: u32, v: Val) {
        self.m.set(slot, lane, v)
    }

    /// Operand `i` of the op for `lane`.
    #[inline]
    pub fn operand(&self, i: usize, lane: u32) -> Val {
        self.m.get(self.code.operands[i], lane)
    }

    /// The op's operand slots.
    pub fn operand_slots(&self) -> &'p [Slot] {
        &self.code.operands
    }

    /// The op's result slots.
    pub fn result_slots(&self) -> &'p [Slot] {
        &self.code.results
    }

    /// Sets result `i` of the op for `lane`.
    #[inline]
    pub fn set_result(&mut self, i: usize, lane: u32, v: Val) {
        let s = self.code.results[i];
        self.m.set(s, lane, v)
    }

    /// Runs `block` for `lanes` (a subset of the active lanes, ascending) up to its
    /// terminator. Block arguments must have been set.
    pub fn run_block(&mut self, block: BlockRef, lanes: &[u32]) -> Result<Term, SimError> {
        self.m.run_block(block, lanes)
    }

    /// The operand slots of a terminator (the values a region yields).
    pub fn yielded(&self, t: Term) -> &'p [Slot] {
        &self.m.prog.ops[t.0 as usize].operands
    }

    /// An empty lane list from the pool (return it with [`Exec::recycle`]).
    pub fn take_lanes(&mut self) -> Vec<u32> {
        self.m.lane_pool.pop().unwrap_or_default()
    }

    /// Returns a lane list to the pool.
    pub fn recycle(&mut self, mut v: Vec<u32>) {
        v.clear();
        self.m.lane_pool.push(v);
    }

    /// Calls the compiled function `func` for the active lanes with the values in `args` slots;
    /// its results go to `results` slots.
    pub fn call(&mut self, func: OpId, args: &[Slot], results: &[Slot]) -> Result<(), SimError> {
        self.m.call(self.code.op, func, self.lanes, args, results)
    }

    /// A located error for `lane` (with its thread and block ids inside kernels).
    pub fn trap(&self, lane: u32, t: impl Into<Trap>) -> SimError {
        crate::interp::trap_error(self.m.ctx, &self.m.group, self.code.op, lane, t.into())
    }

    /// A located error for the whole group.
    pub fn error(&self, msg: impl Into<String>) -> SimError {
        SimError::at(self.m.ctx, self.code.op, msg)
    }

    /// A lane context for `lane` (for memory operations on behalf of one lane).
    pub fn lane_cx(&mut self, lane: u32) -> Lane<'_> {
        self.m.lane_cx(lane, self.code.result_ty)
    }

    /// Reports the memory requests made through [`Exec::lane_cx`] since the last report.
    pub fn flush_requests(&mut self) -> Result<(), SimError> {
        self.m.flush(self.code)
    }

    /// A `gpu.barrier` for the active lanes: every thread of the block must be active.
    pub fn barrier(&mut self) -> Result<(), SimError> {
        self.m.barrier(self.code, self.lanes)
    }

    /// A compiled function (to launch it or read its argument slots).
    pub fn function(&self, f: OpId) -> Option<&'p crate::program::FuncCode> {
        self.m.prog.funcs.get(&f)
    }

    /// Launches a kernel (see [`crate::gpu`]).
    pub fn launch(&mut self, spec: &crate::gpu::LaunchSpec) -> Result<(), SimError> {
        self.m.launch(self.code, self.lanes, spec)
    }
}
