//! Indices as affine functions of the thread ids, and their values on the lanes of one warp.
//!
//! Seed 002 §2.1/§2.4 (Table 4.3) describes a shared-memory reference by an affine map of the
//! thread coordinates, `v' = T·(tid.x, tid.y, 1)`; seed 000 §3.3.1 (eq. (20)) by the array
//! stride between consecutive threads. Both come from the same fact, computed here once for
//! every pass that reasons about which element each lane touches (`sharc-bank-report`, the
//! padding search): an index value is an [`IndexForm`],
//! `c_x·tid.x + c_y·tid.y + c_z·tid.z + Σ u_s·s + c`, where the `s` are *warp-uniform unknowns*
//! (kernel arguments, block ids, grid sizes, block sizes that are not known, values computed only
//! from such values). [`IndexDeriver`] walks the def chain of an index (`arith.constant`, `addi`,
//! `subi`, `muli`, `shli` by a constant, casts, `affine.apply`, `gpu.thread_id`,
//! `gpu.block_dim`); a loop induction variable stands for its value at the loop's lower bound
//! (the first iteration, which is what the first warp executes first). [`element_offset`] turns
//! the subscripts of a memref access into one form in elements through the memref's strided
//! layout, and [`first_warp`] lists the thread ids of the lanes of a block's first warp.
//!
//! Invariants: a derived form is exact on every thread (a loop induction variable: in the loop's
//! first iteration); no approximation is ever returned: what the walk cannot describe is an
//! [`IndexError`] that says why. Forms never overflow `i64` (overflow is an error). Nothing here
//! panics on unverified IR.
//!
//! Where an index is not affine in the thread ids (an XOR swizzle, a `mod`), [`LaneEvaluator`]
//! computes it numerically on every thread of the block under a concrete environment (loop
//! ivs bound by the caller, one value for everything defined outside the kernel).
//!
//! Layout: this file holds the forms and errors; `derive.rs` the def-chain walk, `eval.rs` the
//! numeric per-thread evaluation, `kernel.rs` the kernel scope (`gpu.func`, `gpu.launch`,
//! `gpumap.band`) and the first warp's lanes, `memory.rs` the memref side (layout, element
//! size).

mod derive;
mod eval;
mod kernel;
mod memory;

pub use derive::IndexDeriver;
pub use eval::{LaneEvaluator, Lanes, MAX_THREADS, MIDDLE_BLOCK};
pub use kernel::{enclosing_kernel, first_warp, KernelScope, BLOCK_SIZE_ATTR};
pub use memory::{element_bytes, element_offset, ElementOffset};

use sharc_dialects::gpu::Dimension;
use sharc_ir::Value;

/// How deep [`IndexDeriver`] follows a def chain before giving up (guards the stack).
pub const MAX_DEPTH: usize = 256;

/// `Σ thread[d]·tid_d + Σ u·s + constant`: an index as an affine function of the thread ids and
/// of warp-uniform unknowns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexForm {
    /// Coefficients of `gpu.thread_id x`, `y`, `z`.
    pub thread: [i64; 3],
    /// Coefficients of warp-uniform unknowns, sorted by value, none zero.
    pub uniform: Vec<(Value, i64)>,
    /// The constant term.
    pub constant: i64,
}

impl IndexForm {
    /// The constant `c`.
    pub fn constant(c: i64) -> IndexForm {
        IndexForm { constant: c, ..IndexForm::default() }
    }

    /// `tid_d`.
    pub fn thread_id(d: Dimension) -> IndexForm {
        let mut f = IndexForm::default();
        f.thread[d.index()] = 1;
        f
    }

    /// The unknown `s`.
    pub fn unknown(s: Value) -> IndexForm {
        IndexForm { uniform: vec![(s, 1)], ..IndexForm::default() }
    }

    /// The value, if nothing but the constant term is non-zero.
    pub fn as_constant(&self) -> Option<i64> {
        (self.is_uniform() && self.uniform.is_empty()).then_some(self.constant)
    }

    /// Whether every lane of a warp sees the same value (no thread id term).
    pub fn is_uniform(&self) -> bool {
        self.thread == [0; 3]
    }

    /// `self · k`, `None` on overflow.
    pub fn scale(&self, k: i64) -> Option<IndexForm> {
        if k == 0 {
            return Some(IndexForm::default());
        }
        let mut thread = [0; 3];
        for (t, &c) in thread.iter_mut().zip(&self.thread) {
            *t = c.checked_mul(k)?;
        }
        let uniform = self.uniform.iter().map(|&(s, c)| Some((s, c.checked_mul(k)?))).collect::<Option<_>>()?;
        Some(IndexForm { thread, uniform, constant: self.constant.checked_mul(k)? })
    }

    /// `self + other · k`, `None` on overflow.
    pub fn add_scaled(&self, other: &IndexForm, k: i64) -> Option<IndexForm> {
        let other = other.scale(k)?;
        let mut thread = self.thread;
        for (t, &c) in thread.iter_mut().zip(&other.thread) {
            *t = t.checked_add(c)?;
        }
        let mut uniform = self.uniform.clone();
        for (s, c) in other.uniform {
            match uniform.binary_search_by_key(&s, |&(v, _)| v) {
                Ok(i) => uniform[i].1 = uniform[i].1.checked_add(c)?,
                Err(i) => uniform.insert(i, (s, c)),
            }
        }
        uniform.retain(|&(_, c)| c != 0);
        Some(IndexForm { thread, uniform, constant: self.constant.checked_add(other.constant)? })
    }

    /// The value at thread ids `tid` with every unknown at 0, `None` on overflow.
    pub fn eval_known(&self, tid: [i64; 3]) -> Option<i64> {
        self.thread.iter().zip(tid).try_fold(self.constant, |acc, (&c, t)| acc.checked_add(c.checked_mul(t)?))
    }

    /// The gcd of the unknowns' coefficients (0 without unknowns): the value differs from
    /// [`eval_known`](Self::eval_known) by some multiple of it, the same on every lane.
    pub fn unknown_grain(&self) -> u64 {
        self.uniform.iter().fold(0, |g, &(_, c)| gcd(g, c.unsigned_abs()))
    }
}

/// Why an index is not an affine function of the thread ids. The messages complete
/// "cannot analyze: ...".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// An op other than the affine ones combines a thread-dependent value.
    #[error("index is not affine in the thread ids (`{0}` of a thread-dependent value)")]
    NotAffine(String),
    /// A product of a thread-dependent value and a non-constant.
    #[error("index multiplies a thread id by a non-constant (`{0}`)")]
    ThreadProduct(String),
    /// A product of a thread-dependent value and a block size that is not known.
    #[error("index multiplies a thread id by the block size, which is unknown (give the kernel `sharc.block_size`)")]
    UnknownBlockSize,
    /// A value that differs from iteration to iteration or from block to block of a region.
    #[error("index depends on a value carried by `{0}`")]
    Carried(String),
    /// The result of an op that may differ per thread for other reasons (calls, atomics, ops with
    /// regions).
    #[error("index depends on the result of `{0}`")]
    Opaque(String),
    /// Arithmetic on the coefficients overflows `i64`.
    #[error("index arithmetic overflows 64 bits")]
    Overflow,
    /// The def chain is longer than [`MAX_DEPTH`].
    #[error("index computation is deeper than {MAX_DEPTH} ops")]
    TooDeep,
    /// The memref's layout is not strided.
    #[error("the memref layout is not strided")]
    NotStrided,
    /// An op of the evaluation is undefined on some thread (division by zero, a shift past 63
    /// bits, overflow in an affine map).
    #[error("`{0}` is undefined on some thread (division by zero, shift or overflow)")]
    Undefined(String),
    /// The block has more threads than [`MAX_THREADS`] or a size below 1.
    #[error("the block has more than {MAX_THREADS} threads")]
    BlockTooLarge,
    /// A thread-dependent subscript meets a dynamic stride.
    #[error("dimension {0} of the memref has a dynamic stride")]
    DynamicStride(usize),
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests;
