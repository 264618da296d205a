//! Listeners: observers of a simulation, as xDSL's `Interpreter.Listener`.
//!
//! The engine notifies every listener of each executed op (with the number of threads that
//! executed it), of each warp-wide memory **request** (one warp executing one memory op: the
//! active lanes' addresses), of barriers, and of kernel launches. Metrics
//! ([`Metrics`](crate::metrics::Metrics)) and any other counting are listeners; op semantics
//! never count.

use crate::memory::{Access, Space};
use sharc_ir::OpId;
use std::any::Any;

/// A kernel launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelInfo {
    /// The kernel's name (`@kernels::@transpose`, or `gpu.launch` with its location).
    pub name: String,
    /// Blocks per grid dimension.
    pub grid: [u32; 3],
    /// Threads per block dimension.
    pub block: [u32; 3],
    /// Shared memory of one block, bytes (what occupancy charges it).
    pub shared_bytes: u64,
}

/// One warp executing one memory op.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The op.
    pub op: OpId,
    /// The warp within the thread block (0 outside kernels).
    pub warp: u32,
    /// The memory space of every access.
    pub space: Space,
    /// Store or load.
    pub store: bool,
    /// The active lanes' accesses, by ascending lane.
    pub accesses: &'a [Access],
}

/// An observer of a simulation. Every method has an empty default.
pub trait Listener {
    /// A kernel launch starts.
    fn kernel_begin(&mut self, _kernel: &KernelInfo) {}
    /// The current kernel launch ended.
    fn kernel_end(&mut self) {}
    /// A thread block of the current launch starts; `index` is its place in launch order (x
    /// fastest: `bx + gx · (by + gy · bz)`).
    fn block_begin(&mut self, _index: u64) {}
    /// `op` was executed by `threads` threads (terminators are not reported).
    fn op(&mut self, _op: OpId, _threads: u32) {}
    /// A warp-wide memory request.
    fn request(&mut self, _request: &Request<'_>) {}
    /// A thread block passed a barrier.
    fn barrier(&mut self, _op: OpId) {}
    /// For downcasting a listener back after the run.
    fn as_any(&self) -> &dyn Any;
}

/// Counts executed thread-operations (the benchmark's measure).
#[derive(Default, Debug)]
pub struct OpCounter {
    /// Thread-operations so far.
    pub thread_ops: u64,
}

impl Listener for OpCounter {
    fn op(&mut self, _op: OpId, threads: u32) {
        self.thread_ops += threads as u64;
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
