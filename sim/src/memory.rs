//! Buffers, memref descriptors and bounds-checked element access.
//!
//! Three arenas hold buffers, by lifetime:
//! - **heap**: `memref.alloc`, globals and the entry's arguments; live until the end of the run
//!   (`memref.dealloc` drops the data; a later access is an error).
//! - **stack**: `memref.alloca` and private attributions; released in LIFO order when the
//!   function (or thread block) that created them ends ([`Memory::mark`] / [`Memory::release`]).
//! - **workgroup**: a thread block's shared memory, created per launch and cleared per block.
//!
//! A memref value is a [`MemId`] naming a [`Desc`] (buffer, offset, sizes, strides). Descriptors
//! are interned, so a subview executed in a loop reuses its id, and released with the stack.
//!
//! Every buffer has a byte address in the address space of its [`Space`]: global buffers are
//! placed 256-byte aligned (as `cudaMalloc`), workgroup buffers from 0 in the block's shared
//! memory. Metrics see these addresses.
//!
//! A shared buffer may have a layout ([`SharedLayout`], `memplace.alloc_shared`'s attribute): an
//! address map applied after the row-major linearisation, so logical element `e` is stored at
//! physical element `layout.physical_offset(shape, e)`. Loads, stores, metrics and the race
//! checker see the physical address; messages name the logical element. Only identity views of
//! such buffers exist (the memplace verifier allows no other use than accesses and copies), so
//! a view's row-major offset is the logical one. Row-major buffers skip the map.

use crate::value::{MemId, Scalar, Val};
use rustc_hash::FxHashMap;
use sharc_machine::layout::{LayoutError, SharedLayout};

/// The highest memref rank the simulator supports.
pub const MAX_RANK: usize = 8;

/// The default bound on the bytes of all live buffers of a run (arguments included): 1 GiB, far
/// beyond what a simulation touches in reasonable time, and low enough that an absurd shape is
/// a clear error rather than the host running out of memory.
pub const DEFAULT_MEMORY_LIMIT: u64 = 1 << 30;

/// Why an allocation of `shape` fails under `limit` with `live` bytes in use (the message of
/// every failed allocation).
pub fn alloc_failure(elem: Scalar, shape: &[i64], live: u64, limit: u64) -> String {
    let what = format!("cannot allocate a buffer of shape {shape:?} of {}", elem.keyword());
    if shape.len() > MAX_RANK {
        return format!("{what}: memrefs of rank above {MAX_RANK} are not supported");
    }
    if let Some(&d) = shape.iter().find(|&&d| d < 0) {
        return format!("{what}: negative size {d}");
    }
    let bytes = shape.iter().try_fold(elem.bytes() as u64, |acc, &d| acc.checked_mul(d as u64));
    match bytes {
        Some(b) => {
            format!("{what}: {b} bytes, with {live} bytes in use, exceed sharc-run's memory limit of {limit} bytes")
        }
        None => format!("{what}: its size overflows 64 bits"),
    }
}

/// A memory space, as the hardware sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Space {
    /// Device (or host) memory.
    Global,
    /// A thread block's shared memory (`workgroup` in IR).
    Workgroup,
    /// Per-thread memory.
    Private,
}

impl Space {
    /// The word used in reports.
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Workgroup => "shared",
            Space::Private => "private",
        }
    }
}

/// Which arena a buffer lives in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arena {
    /// Lives until the end of the run.
    Heap,
    /// Released with its function or thread block.
    Stack,
    /// Shared memory of the current thread block.
    Workgroup,
}

/// A buffer handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BufId {
    /// The arena.
    pub arena: Arena,
    /// Index in the arena.
    pub index: u32,
}

/// A buffer: typed elements stored as little-endian bytes.
#[derive(Clone, Debug)]
pub struct Buffer {
    /// The element type.
    pub elem: Scalar,
    /// The space addresses refer to.
    pub space: Space,
    /// Byte address of element 0.
    pub base: u64,
    /// The shape the buffer was allocated with (for messages).
    pub shape: Vec<i64>,
    /// The bytes; empty after deallocation.
    pub data: Vec<u8>,
    /// Number of elements.
    pub len: u64,
    /// Set by `memref.dealloc`.
    pub freed: bool,
    /// Where each element is stored ([`SharedLayout::RowMajor`] but for laid-out shared
    /// buffers).
    pub layout: SharedLayout,
}

impl Buffer {
    /// The physical element of logical (row-major) element `index`.
    #[inline]
    pub fn physical(&self, index: u64) -> u64 {
        if self.layout.is_row_major() {
            index
        } else {
            self.layout.physical_offset(&self.shape, index)
        }
    }
}

/// A memref descriptor: a strided view of a buffer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Desc {
    /// The buffer.
    pub buf: BufId,
    /// Offset of element `[0, ..., 0]`, in elements.
    pub offset: i64,
    /// Rank.
    pub rank: u8,
    /// Sizes (first `rank` entries).
    pub sizes: [i64; MAX_RANK],
    /// Strides in elements (first `rank` entries).
    pub strides: [i64; MAX_RANK],
}

impl Desc {
    /// The sizes as a slice.
    pub fn sizes(&self) -> &[i64] {
        &self.sizes[..self.rank as usize]
    }

    /// The strides as a slice.
    pub fn strides(&self) -> &[i64] {
        &self.strides[..self.rank as usize]
    }

    /// An identity (row-major, offset 0) descriptor of `shape` over `buf`.
    pub fn identity(buf: BufId, shape: &[i64]) -> Desc {
        let mut d = Desc { buf, offset: 0, rank: shape.len() as u8, sizes: [0; MAX_RANK], strides: [0; MAX_RANK] };
        let mut stride = 1i64;
        for (k, &s) in shape.iter().enumerate().rev() {
            d.sizes[k] = s;
            d.strides[k] = stride;
            stride = stride.saturating_mul(s.max(1));
        }
        d
    }

    /// Whether the view is the whole buffer in row-major order.
    pub fn is_identity(&self, buffer_len: u64) -> bool {
        let id = Desc::identity(self.buf, self.sizes());
        id.strides == self.strides && self.offset == 0 && self.sizes().iter().product::<i64>() as u64 == buffer_len
    }
}

/// One element access made by a lane, as recorded for listeners and the race checker.
#[derive(Clone, Copy, Debug)]
pub struct Access {
    /// The lane (linear thread id within the block; 0 on the host).
    pub lane: u32,
    /// Byte address in the buffer's space.
    pub addr: u64,
    /// Bytes accessed.
    pub bytes: u32,
    /// The buffer.
    pub buf: BufId,
    /// Linear logical element index in the buffer (row-major in its shape; the address is of
    /// the physical element when the buffer has a layout).
    pub index: u64,
    /// The space.
    pub space: Space,
    /// Store (true) or load.
    pub store: bool,
}

/// Why an access failed; the engine adds the op's location and the thread.
#[derive(Clone, Debug, PartialEq)]
pub enum AccessError {
    /// An index outside its dimension.
    OutOfBounds {
        /// The indices.
        indices: Vec<i64>,
        /// The view's sizes.
        sizes: Vec<i64>,
    },
    /// Wrong number of indices.
    Rank {
        /// Expected.
        expected: usize,
        /// Given.
        got: usize,
    },
    /// The buffer was deallocated.
    Freed,
    /// A view whose element lies outside its buffer (a subview with inconsistent strides).
    OutsideBuffer,
    /// A vector access whose elements are not adjacent in memory (a non-unit innermost
    /// stride, a layout that separates them, a 0-d memref) or wider than a vector value.
    NotContiguous,
    /// A value that is not a memref.
    NotAMemRef,
}

impl std::fmt::Display for AccessError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AccessError::OutOfBounds { indices, sizes } => {
                write!(f, "index {indices:?} is out of bounds of shape {sizes:?}")
            }
            AccessError::Rank { expected, got } => write!(f, "{got} indices given for a rank-{expected} memref"),
            AccessError::Freed => write!(f, "the buffer was deallocated"),
            AccessError::OutsideBuffer => write!(f, "the element lies outside its buffer"),
            AccessError::NotContiguous => write!(f, "the vector's elements are not adjacent in memory"),
            AccessError::NotAMemRef => write!(f, "the operand is not a memref"),
        }
    }
}

/// All memory of a run.
#[derive(Default, Debug)]
pub struct Memory {
    heap: Vec<Buffer>,
    stack: Vec<Buffer>,
    workgroup: Vec<Buffer>,
    descs: Vec<Desc>,
    interned: FxHashMap<Desc, u32>,
    next_global: u64,
    next_shared: u64,
    /// Buffers of `memref.global`s, by the global op's index: heap globals for the run,
    /// workgroup globals (shared memory declared as a global) for the current launch.
    pub(crate) globals: FxHashMap<u32, Desc>,
    pub(crate) workgroup_globals: FxHashMap<u32, Desc>,
    /// Bytes held by live buffers of every arena (what the allocation limit bounds).
    live_bytes: u64,
}

/// A point to release the stack and descriptors back to.
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    stack: usize,
    descs: usize,
    shared: u64,
}

/// Global buffers are placed at multiples of this (cudaMalloc's alignment).
const GLOBAL_ALIGN: u64 = 256;
/// Workgroup buffers are aligned to this within shared memory.
const SHARED_ALIGN: u64 = 16;

impl Memory {
    /// An empty memory.
    pub fn new() -> Memory {
        Memory { next_global: GLOBAL_ALIGN, ..Memory::default() }
    }

    fn arena(&self, a: Arena) -> &Vec<Buffer> {
        match a {
            Arena::Heap => &self.heap,
            Arena::Stack => &self.stack,
            Arena::Workgroup => &self.workgroup,
        }
    }

    fn arena_mut(&mut self, a: Arena) -> &mut Vec<Buffer> {
        match a {
            Arena::Heap => &mut self.heap,
            Arena::Stack => &mut self.stack,
            Arena::Workgroup => &mut self.workgroup,
        }
    }

    /// The buffer `id` (which must exist: it comes from a located access).
    pub fn buffer(&self, id: BufId) -> &Buffer {
        &self.arena(id.arena)[id.index as usize]
    }

    /// The buffer `id`, mutable (for executors that run kernels on the buffers' bytes).
    pub fn buffer_mut(&mut self, id: BufId) -> &mut Buffer {
        &mut self.arena_mut(id.arena)[id.index as usize]
    }

    /// The buffer `id`, or `Freed` if it was released (a view that outlived its function's
    /// stack or its thread block) or deallocated.
    fn live(&self, id: BufId) -> Result<&Buffer, AccessError> {
        match self.arena(id.arena).get(id.index as usize) {
            Some(b) if !b.freed => Ok(b),
            _ => Err(AccessError::Freed),
        }
    }

    /// Allocates a zeroed buffer of `shape` and returns an identity memref over it. Returns
    /// `None` when the size overflows, the shape's rank exceeds [`MAX_RANK`], or the bytes of all
    /// live buffers would exceed `limit`.
    pub fn alloc(&mut self, arena: Arena, space: Space, elem: Scalar, shape: &[i64], limit: u64) -> Option<MemId> {
        if shape.len() > MAX_RANK {
            return None;
        }
        let len = shape.iter().try_fold(1u64, |acc, &d| acc.checked_mul(u64::try_from(d).ok()?))?;
        let bytes = len
            .checked_mul(elem.bytes() as u64)
            .filter(|&b| self.live_bytes.checked_add(b).is_some_and(|t| t <= limit))?;
        let base = match space {
            Space::Workgroup => {
                let b = self.next_shared.next_multiple_of(SHARED_ALIGN);
                self.next_shared = b + bytes;
                b
            }
            Space::Global => {
                let b = self.next_global.next_multiple_of(GLOBAL_ALIGN);
                self.next_global = b + bytes.max(1);
                b
            }
            Space::Private => 0,
        };
        let data = vec![0u8; usize::try_from(bytes).ok()?];
        self.live_bytes += bytes;
        let buf = Buffer {
            elem,
            space,
            base,
            shape: shape.to_vec(),
            data,
            len,
            freed: false,
            layout: SharedLayout::RowMajor,
        };
        let list = self.arena_mut(arena);
        list.push(buf);
        let id = BufId { arena, index: (list.len() - 1) as u32 };
        Some(self.intern(Desc::identity(id, shape)))
    }

    /// Gives the buffer of `m` (just allocated, with its shape) the address map `layout`; an
    /// error if the layout is not a bijection on the buffer's elements.
    pub fn set_layout(&mut self, m: MemId, layout: SharedLayout) -> Result<(), LayoutError> {
        let id = self.descs[m.0 as usize].buf;
        let b = &mut self.arena_mut(id.arena)[id.index as usize];
        layout.check(&b.shape)?;
        b.layout = layout;
        Ok(())
    }

    /// The id of a descriptor, creating it if new.
    pub fn intern(&mut self, d: Desc) -> MemId {
        if let Some(&i) = self.interned.get(&d) {
            return MemId(i);
        }
        let i = self.descs.len() as u32;
        self.descs.push(d);
        self.interned.insert(d, i);
        MemId(i)
    }

    /// The descriptor of a memref.
    #[inline]
    pub fn desc(&self, m: MemId) -> &Desc {
        &self.descs[m.0 as usize]
    }

    /// The descriptor of a memref value.
    pub fn desc_of(&self, v: Val) -> Result<&Desc, AccessError> {
        match v {
            Val::Mem(m) if (m.0 as usize) < self.descs.len() => Ok(&self.descs[m.0 as usize]),
            _ => Err(AccessError::NotAMemRef),
        }
    }

    /// The current stack and descriptor depth.
    pub fn mark(&self) -> Mark {
        Mark { stack: self.stack.len(), descs: self.descs.len(), shared: self.next_shared }
    }

    /// Releases stack buffers and descriptors created after `mark`. Memrefs in `keep` (returned
    /// values) are re-created so they stay valid; a kept view of a released stack buffer is the
    /// caller's bug (returning an alloca) and keeps pointing at a released buffer.
    pub fn release(&mut self, mark: Mark, keep: &mut [Val]) {
        if self.descs.len() == mark.descs && self.stack.len() == mark.stack {
            self.next_shared = mark.shared.min(self.next_shared);
            return;
        }
        let kept: Vec<Option<Desc>> = keep
            .iter()
            .map(|v| match v {
                Val::Mem(m) if m.0 as usize >= mark.descs => Some(self.descs[m.0 as usize]),
                _ => None,
            })
            .collect();
        for d in self.descs.drain(mark.descs..) {
            self.interned.remove(&d);
        }
        self.forget(Arena::Stack, mark.stack);
        self.next_shared = mark.shared.min(self.next_shared);
        for (v, d) in keep.iter_mut().zip(kept) {
            if let Some(d) = d {
                *v = Val::Mem(self.intern(d));
            }
        }
    }

    /// Drops the buffers of `arena` from index `from` on, giving their bytes back.
    fn forget(&mut self, arena: Arena, from: usize) {
        let list = self.arena_mut(arena);
        let freed: u64 = list.get(from..).unwrap_or_default().iter().map(|b| b.data.len() as u64).sum();
        list.truncate(from);
        self.live_bytes -= freed;
    }

    /// Bytes held by live buffers.
    pub fn live_bytes(&self) -> u64 {
        self.live_bytes
    }

    /// Drops the workgroup buffers and restarts shared-memory addresses at 0.
    pub fn clear_workgroup(&mut self) {
        self.forget(Arena::Workgroup, 0);
        self.workgroup_globals.clear();
        self.next_shared = 0;
    }

    /// Zeroes every workgroup buffer (a new thread block starts).
    pub fn zero_workgroup(&mut self) {
        for b in &mut self.workgroup {
            b.data.fill(0);
        }
    }

    /// Bytes of shared memory in use.
    pub fn shared_bytes(&self) -> u64 {
        self.next_shared
    }

    /// Zeroes a buffer (private attributions at the start of a thread block).
    pub fn zero(&mut self, m: MemId) {
        let id = self.descs[m.0 as usize].buf;
        self.arena_mut(id.arena)[id.index as usize].data.fill(0);
    }

    /// Marks the buffer of `v` deallocated.
    pub fn dealloc(&mut self, v: Val) -> Result<(), AccessError> {
        let id = self.desc_of(v)?.buf;
        self.live(id)?;
        let b = &mut self.arena_mut(id.arena)[id.index as usize];
        b.freed = true;
        let freed = std::mem::take(&mut b.data).len() as u64;
        self.live_bytes -= freed;
        Ok(())
    }

    /// Resolves `indices` of memref `v`: the buffer and the linear logical element index (before
    /// the buffer's layout, see [`Buffer::physical`]).
    #[inline]
    pub fn locate(&self, v: Val, indices: &[i64]) -> Result<(BufId, u64), AccessError> {
        let d = self.desc_of(v)?;
        let rank = d.rank as usize;
        if indices.len() != rank {
            return Err(AccessError::Rank { expected: rank, got: indices.len() });
        }
        let mut lin = d.offset;
        for k in 0..rank {
            let i = indices[k];
            if i < 0 || i >= d.sizes[k] {
                return Err(AccessError::OutOfBounds { indices: indices.to_vec(), sizes: d.sizes().to_vec() });
            }
            lin = lin.wrapping_add(i.wrapping_mul(d.strides[k]));
        }
        let b = self.live(d.buf)?;
        if lin < 0 || lin as u64 >= b.len {
            return Err(AccessError::OutsideBuffer);
        }
        Ok((d.buf, lin as u64))
    }

    /// Loads element `indices` of memref `v` for `lane`: the value and the access record.
    #[inline]
    pub fn load(&self, v: Val, indices: &[i64], lane: u32) -> Result<(Val, Access), AccessError> {
        let (id, index) = self.locate(v, indices)?;
        let b = self.buffer(id);
        let n = b.elem.bytes();
        let at = b.physical(index) as usize * n;
        let val = match b.elem {
            Scalar::F32 => Val::F32(f32::from_le_bytes(b.data[at..at + 4].try_into().expect("4 bytes"))),
            Scalar::Int(32) => Val::Int(i32::from_le_bytes(b.data[at..at + 4].try_into().expect("4 bytes")) as i64),
            Scalar::F64 => Val::F64(f64::from_le_bytes(b.data[at..at + 8].try_into().expect("8 bytes"))),
            Scalar::Index | Scalar::Int(64) => {
                Val::Int(i64::from_le_bytes(b.data[at..at + 8].try_into().expect("8 bytes")))
            }
            e => e.decode(&b.data[at..at + n]),
        };
        let access =
            Access { lane, addr: b.base + (at as u64), bytes: n as u32, buf: id, index, space: b.space, store: false };
        Ok((val, access))
    }

    /// Stores `val` to element `indices` of memref `v` for `lane`; the access record.
    #[inline]
    pub fn store(&mut self, v: Val, indices: &[i64], val: Val, lane: u32) -> Result<Access, AccessError> {
        let (id, index) = self.locate(v, indices)?;
        let b = &mut self.arena_mut(id.arena)[id.index as usize];
        let n = b.elem.bytes();
        let at = b.physical(index) as usize * n;
        match (b.elem, val) {
            (Scalar::F32, Val::F32(x)) => b.data[at..at + 4].copy_from_slice(&x.to_le_bytes()),
            (Scalar::Int(32), Val::Int(x)) => b.data[at..at + 4].copy_from_slice(&(x as i32).to_le_bytes()),
            (e, v) => e.encode(v, &mut b.data[at..at + n]),
        }
        Ok(Access { lane, addr: b.base + (at as u64), bytes: n as u32, buf: id, index, space: b.space, store: true })
    }

    /// The `lanes` consecutive elements of the innermost dimension of memref `v` starting at
    /// `indices`, as one access of `lanes × element` bytes (a vector load): their bytes, lane 0
    /// first. Every lane must be in bounds and the elements adjacent in memory (unit innermost
    /// stride, a layout that keeps them together), as a vector load of the hardware needs.
    pub fn load_vector(&self, v: Val, indices: &[i64], lanes: usize, lane: u32) -> Result<(u64, Access), AccessError> {
        let (id, index, at, n) = self.locate_vector(v, indices, lanes)?;
        let b = self.buffer(id);
        let mut raw = [0u8; 8];
        raw[..n].copy_from_slice(&b.data[at..at + n]);
        let access =
            Access { lane, addr: b.base + at as u64, bytes: n as u32, buf: id, index, space: b.space, store: false };
        Ok((u64::from_le_bytes(raw), access))
    }

    /// Stores the `lanes × element` bytes of `bits` (lane 0 first) at `indices` of memref `v`,
    /// under the rules of [`load_vector`](Self::load_vector).
    pub fn store_vector(
        &mut self,
        v: Val,
        indices: &[i64],
        lanes: usize,
        bits: u64,
        lane: u32,
    ) -> Result<Access, AccessError> {
        let (id, index, at, n) = self.locate_vector(v, indices, lanes)?;
        let b = &mut self.arena_mut(id.arena)[id.index as usize];
        b.data[at..at + n].copy_from_slice(&bits.to_le_bytes()[..n]);
        Ok(Access { lane, addr: b.base + at as u64, bytes: n as u32, buf: id, index, space: b.space, store: true })
    }

    /// The buffer, logical index, byte offset and byte count of a vector access.
    fn locate_vector(&self, v: Val, indices: &[i64], lanes: usize) -> Result<(BufId, u64, usize, usize), AccessError> {
        let d = *self.desc_of(v)?;
        let (id, index) = self.locate(v, indices)?;
        let rank = d.rank as usize;
        let last = rank.checked_sub(1).ok_or(AccessError::NotContiguous)?;
        let lanes_i = lanes as i64;
        if indices[last] + lanes_i > d.sizes[last] {
            let mut end = indices.to_vec();
            end[last] += lanes_i - 1;
            return Err(AccessError::OutOfBounds { indices: end, sizes: d.sizes().to_vec() });
        }
        if lanes > 1 && d.strides[last] != 1 {
            return Err(AccessError::NotContiguous);
        }
        let b = self.buffer(id);
        let e = b.elem.bytes();
        let n = lanes * e;
        if n > crate::value::MAX_VECTOR_BYTES {
            return Err(AccessError::NotContiguous);
        }
        let first = b.physical(index);
        if (1..lanes as u64).any(|k| b.physical(index + k) != first + k) {
            return Err(AccessError::NotContiguous);
        }
        Ok((id, index, first as usize * e, n))
    }

    /// The elements of the view `v` in row-major order, as little-endian bytes.
    pub fn read_view(&self, v: Val) -> Result<(Scalar, Vec<i64>, Vec<u8>), AccessError> {
        let d = *self.desc_of(v)?;
        let b = self.live(d.buf)?;
        let n = b.elem.bytes();
        let sizes = d.sizes().to_vec();
        let count: i64 = sizes.iter().product();
        if d.is_identity(b.len) && b.layout.is_row_major() {
            return Ok((b.elem, sizes, b.data.clone()));
        }
        let mut out = Vec::with_capacity(count.max(0) as usize * n);
        let mut idx = vec![0i64; sizes.len()];
        for _ in 0..count.max(0) {
            let (buf, i) = self.locate(v, &idx)?;
            let buf = self.buffer(buf);
            let at = buf.physical(i) as usize * n;
            out.extend_from_slice(&buf.data[at..at + n]);
            for k in (0..idx.len()).rev() {
                idx[k] += 1;
                if idx[k] < sizes[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
        Ok((b.elem, sizes, out))
    }

    /// Overwrites the whole buffer of an identity view with `bytes` (entry arguments).
    pub fn fill(&mut self, v: Val, bytes: &[u8]) -> Result<(), AccessError> {
        let d = *self.desc_of(v)?;
        self.live(d.buf)?;
        let b = &mut self.arena_mut(d.buf.arena)[d.buf.index as usize];
        if bytes.len() != b.data.len() {
            return Err(AccessError::OutsideBuffer);
        }
        b.data.copy_from_slice(bytes);
        Ok(())
    }

    /// One past the highest global address handed out so far.
    pub fn global_extent(&self) -> u64 {
        self.next_global
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_checks_every_dimension() {
        let mut m = Memory::new();
        let a = m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[4, 8], u64::MAX).expect("fits");
        let v = Val::Mem(a);
        assert_eq!(m.locate(v, &[1, 2]).map(|x| x.1), Ok(10));
        // Linearly inside the buffer, but outside dimension 1.
        assert!(matches!(m.locate(v, &[0, 9]), Err(AccessError::OutOfBounds { .. })));
        assert!(matches!(m.locate(v, &[-1, 0]), Err(AccessError::OutOfBounds { .. })));
        assert!(matches!(m.locate(v, &[0]), Err(AccessError::Rank { expected: 2, got: 1 })));
        let a = m.store(v, &[3, 7], Val::F32(2.5), 5).expect("in bounds");
        let (x, b) = m.load(v, &[3, 7], 6).expect("in bounds");
        assert_eq!(x, Val::F32(2.5));
        assert_eq!((a.addr, a.lane, a.store), (m.buffer(a.buf).base + 31 * 4, 5, true));
        assert_eq!((b.addr, b.lane, b.store), (a.addr, 6, false));
    }

    #[test]
    fn a_layout_moves_addresses_not_values() {
        let mut m = Memory::new();
        let a = m.alloc(Arena::Workgroup, Space::Workgroup, Scalar::F32, &[4, 8], u64::MAX).expect("fits");
        assert!(m.set_layout(a, SharedLayout::Transposed).is_ok());
        assert!(m.set_layout(a, SharedLayout::Xor { vec: 1, per_phase: 1, max_phase: 16 }).is_err(), "16 > 8 columns");
        let v = Val::Mem(a);
        let s = m.store(v, &[1, 2], Val::F32(7.0), 3).expect("in bounds");
        let (x, l) = m.load(v, &[1, 2], 4).expect("in bounds");
        assert_eq!(x, Val::F32(7.0));
        // [1, 2] of a 4x8 tile is stored at [2, 1] of its 8x4 transpose: element 9.
        assert_eq!((s.addr, l.addr, s.index), (9 * 4, 9 * 4, 10));
        let (_, _, bytes) = m.read_view(v).expect("live");
        assert_eq!(bytes[10 * 4..11 * 4], 7.0f32.to_le_bytes(), "read in logical order");
    }

    #[test]
    fn stack_release_keeps_returned_views() {
        let mut m = Memory::new();
        let h = m.alloc(Arena::Heap, Space::Global, Scalar::F64, &[10], u64::MAX).expect("fits");
        let mark = m.mark();
        let _s = m.alloc(Arena::Stack, Space::Global, Scalar::F64, &[10], u64::MAX).expect("fits");
        let mut view = *m.desc(h);
        view.offset = 2;
        view.sizes[0] = 3;
        let v = m.intern(view);
        let mut keep = [Val::Mem(v)];
        m.release(mark, &mut keep);
        let Val::Mem(kept) = keep[0] else { panic!("still a memref") };
        assert_eq!(m.desc(kept).offset, 2);
        assert_eq!(m.mark().stack, 0);
    }

    #[test]
    fn the_limit_bounds_live_bytes() {
        let mut m = Memory::new();
        let a = m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[100], 1000).expect("400 of 1000 bytes");
        let mark = m.mark();
        assert!(m.alloc(Arena::Stack, Space::Global, Scalar::F32, &[100], 1000).is_some());
        assert!(m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[100], 1000).is_none(), "1200 bytes live");
        assert_eq!(m.live_bytes(), 800);
        m.release(mark, &mut []);
        m.dealloc(Val::Mem(a)).expect("live");
        assert_eq!(m.live_bytes(), 0);
        assert!(m.alloc(Arena::Heap, Space::Global, Scalar::F64, &[125], 1000).is_some());
        assert!(m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[1; MAX_RANK + 1], u64::MAX).is_none());
        assert!(alloc_failure(Scalar::F32, &[1 << 40, 1 << 40], 0, 1000).ends_with("its size overflows 64 bits"));
    }

    #[test]
    fn global_buffers_are_aligned_and_disjoint() {
        let mut m = Memory::new();
        let a = m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[3], u64::MAX).expect("fits");
        let b = m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[3], u64::MAX).expect("fits");
        let (ba, bb) = (m.buffer(m.desc(a).buf).base, m.buffer(m.desc(b).buf).base);
        assert_eq!(ba % 256, 0);
        assert_eq!(bb % 256, 0);
        assert!(bb >= ba + 12);
        assert!(m.alloc(Arena::Heap, Space::Global, Scalar::F32, &[i64::MAX, 2], u64::MAX).is_none());
    }
}
