//! Occupancy: how many thread blocks of a given shape are resident on one SM at once.
//!
//! The model is the one of NVIDIA's `cuda_occupancy.h` (CUDA 12.2; CUDA 7.0 for Fermi), without
//! the carve-out preferences and partitioned global caching it also handles: a block is limited by
//!
//! - warps: `⌊max_warps_per_sm / ⌈threads / warp_size⌉⌋`;
//! - blocks: `max_blocks_per_sm`;
//! - shared memory: `⌊shared_memory_per_sm / roundup(shared + reserve, shared_allocation_unit)⌋`,
//!   taking the largest shared-memory carve-out (the driver picks one that fits the block);
//! - registers: each warp gets `roundup(registers_per_thread × warp_size, register_allocation_unit)`
//!   registers inside one of `register_partitions` partitions, so a partition holds
//!   `⌊registers_per_sm / register_partitions / that⌋` warps.
//!
//! The same rules describe AMD GCN/CDNA compute units when a partition is a SIMD (a wavefront's
//! VGPRs live in its SIMD) and the allocation unit is the VGPR granule times 64 lanes (LLVM
//! `AMDGPUBaseInfo.cpp`); AMD's single-wave work-groups, which escape the 16-work-group barrier
//! limit, are not modelled.
//!
//! Seed 000 constraint (11)/(17), `TBSize × SMSize / ΣDS ≤ TSizeMax`, read literally excludes the
//! paper's own 32×32 gemm answer (digest 000 §6.3, §11 item 1). sharc reads it as this occupancy
//! computation, which bounds resident threads by construction; [`literal_eq11_holds`] keeps the
//! literal reading for the partition search's flag.

use crate::target::Target;

/// What one thread block asks of an SM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockResources {
    /// Threads per block.
    pub threads: u32,
    /// Shared memory per block, bytes (static plus dynamic).
    pub shared_bytes: u32,
    /// Registers per thread; `None` before code generation knows it (no register limit).
    pub registers_per_thread: Option<u32>,
}

/// Which resource bounds the resident blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limiter {
    /// Shared memory per SM.
    SharedMemory,
    /// The register file.
    Registers,
    /// Resident warps (threads) per SM.
    Warps,
    /// Resident blocks per SM.
    Blocks,
}

/// Resident blocks per SM and the bound each resource sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Resident blocks: the least of the four bounds below.
    pub blocks_per_sm: u32,
    /// Warps of one block.
    pub warps_per_block: u32,
    /// Bound set by resident warps.
    pub by_warps: u32,
    /// Bound set by `max_blocks_per_sm`.
    pub by_blocks: u32,
    /// Bound set by shared memory (`u32::MAX` for a block that uses none).
    pub by_shared_memory: u32,
    /// Bound set by registers (`u32::MAX` when the register count is unknown or zero).
    pub by_registers: u32,
}

impl Occupancy {
    /// The resource that sets `blocks_per_sm`; ties go to shared memory, then registers, warps and
    /// blocks (the first is what sharc's plans control).
    pub fn limiter(&self) -> Limiter {
        [
            (self.by_shared_memory, Limiter::SharedMemory),
            (self.by_registers, Limiter::Registers),
            (self.by_warps, Limiter::Warps),
            (self.by_blocks, Limiter::Blocks),
        ]
        .into_iter()
        .find(|(bound, _)| *bound == self.blocks_per_sm)
        .map_or(Limiter::Blocks, |(_, l)| l)
    }

    /// Resident warps per SM.
    pub fn warps_per_sm(&self) -> u32 {
        self.blocks_per_sm * self.warps_per_block
    }

    /// Resident warps over the most the SM holds, in [0, 1].
    pub fn fraction(&self, target: &Target) -> f64 {
        f64::from(self.warps_per_sm()) / f64::from(target.max_warps_per_sm())
    }
}

/// Why a block cannot run on a target at all.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LaunchError {
    /// Zero threads.
    #[error("a thread block needs at least one thread")]
    NoThreads,
    /// More threads than one block may have.
    #[error("{threads} threads per block exceed the target's maximum of {max}")]
    TooManyThreads {
        /// Requested.
        threads: u32,
        /// `max_threads_per_block`.
        max: u32,
    },
    /// More shared memory than one block may use.
    #[error("{bytes} bytes of shared memory per block exceed the target's maximum of {max}")]
    TooMuchSharedMemory {
        /// Requested.
        bytes: u32,
        /// `shared_memory_per_block`.
        max: u32,
    },
    /// More registers per thread than the target allows.
    #[error("{per_thread} registers per thread exceed the target's maximum of {max}")]
    TooManyRegistersPerThread {
        /// Requested.
        per_thread: u32,
        /// `max_registers_per_thread`.
        max: u32,
    },
    /// The block's registers do not fit in the register file.
    #[error("{per_thread} registers per thread for {threads} threads do not fit in one SM's register file")]
    RegistersDoNotFit {
        /// Registers per thread.
        per_thread: u32,
        /// Threads per block.
        threads: u32,
    },
}

/// Resident blocks per SM for blocks of shape `block` on `target`.
pub fn occupancy(target: &Target, block: BlockResources) -> Result<Occupancy, LaunchError> {
    if block.threads == 0 {
        return Err(LaunchError::NoThreads);
    }
    if block.threads > target.max_threads_per_block {
        return Err(LaunchError::TooManyThreads { threads: block.threads, max: target.max_threads_per_block });
    }
    if block.shared_bytes > target.shared_memory_per_block {
        return Err(LaunchError::TooMuchSharedMemory {
            bytes: block.shared_bytes,
            max: target.shared_memory_per_block,
        });
    }
    let warps_per_block = block.threads.div_ceil(target.warp_size);
    let by_registers = register_bound(target, block, warps_per_block)?;
    let by_warps = target.max_warps_per_sm() / warps_per_block;
    let by_blocks = target.max_blocks_per_sm;
    let by_shared_memory = shared_bound(target, block.shared_bytes);
    let blocks_per_sm = by_warps.min(by_blocks).min(by_shared_memory).min(by_registers);
    Ok(Occupancy { blocks_per_sm, warps_per_block, by_warps, by_blocks, by_shared_memory, by_registers })
}

/// Shared memory one resident block holds: its bytes plus the driver's reserve, rounded up to the
/// allocation unit.
pub fn allocated_shared_bytes(target: &Target, shared_bytes: u32) -> u64 {
    let used = u64::from(shared_bytes) + u64::from(target.shared_reserved_per_block);
    used.next_multiple_of(u64::from(target.shared_allocation_unit))
}

fn shared_bound(target: &Target, shared_bytes: u32) -> u32 {
    match allocated_shared_bytes(target, shared_bytes) {
        0 => u32::MAX,
        per_block => u32::try_from(u64::from(target.shared_memory_per_sm) / per_block).unwrap_or(u32::MAX),
    }
}

fn register_bound(target: &Target, block: BlockResources, warps_per_block: u32) -> Result<u32, LaunchError> {
    let Some(per_thread) = block.registers_per_thread.filter(|&r| r > 0) else {
        return Ok(u32::MAX);
    };
    if per_thread > target.max_registers_per_thread {
        return Err(LaunchError::TooManyRegistersPerThread { per_thread, max: target.max_registers_per_thread });
    }
    let per_warp = (u64::from(per_thread) * u64::from(target.warp_size))
        .next_multiple_of(u64::from(target.register_allocation_unit));
    let partitions = u64::from(target.register_partitions);
    let warps_per_partition = u64::from(target.registers_per_sm) / partitions / per_warp;
    // cuda_occupancy.h's hardware check: the block's warps are spread over all partitions at once.
    let block_warps_rounded = u64::from(warps_per_block).next_multiple_of(partitions);
    let fits = per_warp * block_warps_rounded <= u64::from(target.registers_per_sm);
    let bound = warps_per_partition * partitions / u64::from(warps_per_block);
    if !fits || bound == 0 {
        return Err(LaunchError::RegistersDoNotFit { per_thread, threads: block.threads });
    }
    Ok(u32::try_from(bound).unwrap_or(u32::MAX))
}

/// Seed 000 (11) read literally: `TBSize × SMSize / ΣDS ≤ TSizeMax`, with SMSize the target's shared
/// memory per SM and TSizeMax its threads per SM. Vacuous for a block that stages nothing.
pub fn literal_eq11_holds(target: &Target, threads: u32, shared_bytes: u32) -> bool {
    shared_bytes == 0
        || u64::from(threads) * u64::from(target.shared_memory_per_sm)
            <= u64::from(target.max_threads_per_sm) * u64::from(shared_bytes)
}

#[cfg(test)]
mod tests;
