//! What `sharc-ilp` replicates and what it leaves alone (spec §2.2, step 2): the kinds of op in
//! a band body, and which values differ between the replicas of a thread.
//!
//! - *Block-wide* ops (`memplace.alloc_shared`, `copy_in`/`copy_out`, barriers) act for the whole
//!   thread block: replicating a copy would move the tile `f` times, replicating a barrier would
//!   make replicas wait on each other. They are never replicated and end a region.
//! - A *carrier* is an op whose regions hold a block-wide op (gemm's strip loop: copy, barrier,
//!   compute, barrier). It is kept once; its body is processed as a sequence of regions.
//! - A *region* is a maximal run of the other ops of one block: Algorithm 1's barrier-free
//!   `code_region`, at any nesting depth.
//!
//! A value is *replica-dependent* when the replicas of one thread compute it differently: the
//! replicated induction variable, whatever uses a replica-dependent value (also inside an op's
//! regions), values carried by a loop whose carried value becomes dependent, and loads of memory
//! the region writes (a replica may read what it wrote itself). Everything else is the same in
//! every replica and is emitted once (seed 000 Algorithm 1, line 9, "loop invariant hoisting").

use crate::effects;
use sharc_dialects::gpu::AddressSpace;
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp};
use sharc_dialects::{affine, gpu, memref, scf};
use sharc_ir::{BlockId, Context, OpId, Value};
use std::collections::HashSet;

/// Whether `op` acts for the whole thread block (never replicated).
pub(crate) fn is_block_wide(ctx: &Context, op: OpId) -> bool {
    AllocSharedOp::view(ctx, op).is_some()
        || CopyOp::view(ctx, op).is_some()
        || BarrierOp::view(ctx, op).is_some()
        || gpu::BarrierOp::view(ctx, op).is_some()
}

/// Whether an op nested in `op`'s regions is block-wide (then `op` is a carrier).
pub(crate) fn holds_block_wide(ctx: &Context, op: OpId) -> bool {
    let mut found = false;
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops_iter(b) {
                found |= is_block_wide(ctx, o) || holds_block_wide(ctx, o);
            }
        }
    }
    found
}

/// One element of a block's op sequence, as the transformation walks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// A block-wide op: kept as it is.
    BlockWide(OpId),
    /// An op holding block-wide ops: kept once, its body processed.
    Carrier(OpId),
    /// A maximal run of other ops: replicated.
    Region(Vec<OpId>),
}

/// The pieces of `block`, its terminator excluded.
pub(crate) fn pieces(ctx: &Context, block: BlockId) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut run = Vec::new();
    let ops = ctx.block_ops(block);
    let body = match ops.split_last() {
        Some((last, rest)) if ctx.op_spec(*last).is_some_and(|s| s.has(sharc_ir::OpTraits::TERMINATOR)) => rest,
        _ => &ops[..],
    };
    for &op in body {
        let piece = if is_block_wide(ctx, op) {
            Piece::BlockWide(op)
        } else if holds_block_wide(ctx, op) {
            Piece::Carrier(op)
        } else {
            run.push(op);
            continue;
        };
        if !run.is_empty() {
            out.push(Piece::Region(std::mem::take(&mut run)));
        }
        out.push(piece);
    }
    if !run.is_empty() {
        out.push(Piece::Region(run));
    }
    out
}

/// The memref a load or store accesses, if `op` is one.
pub(crate) fn accessed_memref(ctx: &Context, op: OpId) -> Option<Value> {
    if let Some(l) = affine::LoadOp::view(ctx, op) {
        Some(l.memref(ctx))
    } else if let Some(s) = affine::StoreOp::view(ctx, op) {
        Some(s.memref(ctx))
    } else if let Some(l) = memref::LoadOp::view(ctx, op) {
        Some(l.memref(ctx))
    } else {
        memref::StoreOp::view(ctx, op).map(|s| s.memref(ctx))
    }
}

/// Whether `op` is a load (`affine.load`, `memref.load`).
pub(crate) fn is_load(ctx: &Context, op: OpId) -> bool {
    affine::LoadOp::view(ctx, op).is_some() || memref::LoadOp::view(ctx, op).is_some()
}

/// Whether `ty` is a memref in workgroup (shared) memory.
pub(crate) fn is_shared_memref(ctx: &Context, v: Value) -> bool {
    AddressSpace::of_type(ctx, ctx.value_type(v)) == Some(AddressSpace::Workgroup)
}

/// What the ops of one region write: the memrefs stored to, and whether some op may write memory
/// the analysis cannot name (a call, an unknown op).
#[derive(Clone, Debug, Default)]
pub(crate) struct Writes {
    memrefs: HashSet<Value>,
    unknown: bool,
}

impl Writes {
    /// The writes of `ops` and everything nested in them.
    pub(crate) fn of(ctx: &Context, ops: &[OpId]) -> Writes {
        let mut w = Writes::default();
        for &op in ops {
            ctx.walk_pre(op, &mut |o| {
                let is_store = affine::StoreOp::view(ctx, o).is_some() || memref::StoreOp::view(ctx, o).is_some();
                if is_store {
                    if let Some(m) = accessed_memref(ctx, o) {
                        w.memrefs.insert(m);
                    }
                } else if ctx.regions(o).is_empty() && effects::may_write(ctx, o) {
                    w.unknown = true;
                }
            });
        }
        w
    }

    /// Whether `memref` may be written.
    pub(crate) fn touches(&self, memref: Value) -> bool {
        self.unknown || self.memrefs.contains(&memref)
    }
}

/// The replica-dependent values found so far (original values of the band).
#[derive(Clone, Debug, Default)]
pub(crate) struct Dependence {
    values: HashSet<Value>,
}

impl Dependence {
    /// Starts from the replicated induction variable.
    pub(crate) fn new(iv: Value) -> Dependence {
        Dependence { values: HashSet::from([iv]) }
    }

    /// Whether `v` differs between replicas.
    pub(crate) fn has(&self, v: Value) -> bool {
        self.values.contains(&v)
    }

    /// Marks `v` as differing between replicas.
    pub(crate) fn mark(&mut self, v: Value) {
        self.values.insert(v);
    }

    /// Decides `op` (in a region writing `writes`), marks its results and those of the ops in
    /// its regions, and says whether `op` must run once per replica.
    pub(crate) fn op(&mut self, ctx: &Context, op: OpId, writes: &Writes) -> bool {
        let mut dep = ctx.operands(op).iter().any(|&v| self.has(v));
        if is_load(ctx, op) && accessed_memref(ctx, op).is_some_and(|m| writes.touches(m)) {
            dep = true;
        }
        if !ctx.regions(op).is_empty() {
            dep |= self.nested(ctx, op, writes);
        }
        if dep {
            for &r in ctx.results(op) {
                self.mark(r);
            }
        }
        dep
    }

    /// Walks the regions of `op`: a loop's induction variable depends on its bounds, its
    /// carried values on their inits and on what the body yields (to a fixpoint). Returns
    /// whether some nested op depends on the replica.
    fn nested(&mut self, ctx: &Context, op: OpId, writes: &Writes) -> bool {
        let operands_dep = ctx.operands(op).iter().any(|&v| self.has(v));
        let carried = loop_carried(ctx, op);
        if let Some(c) = &carried {
            if c.bounds.iter().any(|&v| self.has(v)) {
                self.mark(c.iv);
            }
            for (&init, &arg) in c.inits.iter().zip(&c.iter_args) {
                if self.has(init) {
                    self.mark(arg);
                }
            }
        }
        loop {
            let mut any = operands_dep;
            for &r in ctx.regions(op) {
                for &b in ctx.region_blocks(r) {
                    for o in ctx.block_ops(b) {
                        any |= self.op(ctx, o, writes);
                    }
                }
            }
            let Some(c) = &carried else { return any };
            let mut changed = false;
            for (&y, &arg) in c.yielded.iter().zip(&c.iter_args) {
                if self.has(y) && !self.has(arg) {
                    self.mark(arg);
                    changed = true;
                }
            }
            if !changed {
                return any;
            }
        }
    }
}

/// The loop structure of an `affine.for` or `scf.for`.
pub(crate) struct Carried {
    /// The bound (and step) operands.
    pub(crate) bounds: Vec<Value>,
    pub(crate) iv: Value,
    pub(crate) inits: Vec<Value>,
    pub(crate) iter_args: Vec<Value>,
    pub(crate) yielded: Vec<Value>,
}

/// `op`'s loop structure, if it is an `affine.for` or `scf.for`.
pub(crate) fn loop_carried(ctx: &Context, op: OpId) -> Option<Carried> {
    if let Some(l) = affine::ForOp::view(ctx, op) {
        let bounds = [l.lower_bound_operands(ctx), l.upper_bound_operands(ctx)].concat();
        Some(Carried {
            bounds,
            iv: l.induction_var(ctx)?,
            inits: l.inits(ctx).to_vec(),
            iter_args: l.region_iter_args(ctx).to_vec(),
            yielded: l.yield_op(ctx).map(|y| y.operands(ctx).to_vec()).unwrap_or_default(),
        })
    } else {
        scf::ForOp::view(ctx, op).map(|l| Carried {
            bounds: vec![l.lower_bound(ctx), l.upper_bound(ctx), l.step(ctx)],
            iv: l.induction_var(ctx),
            inits: l.init_args(ctx).to_vec(),
            iter_args: l.region_iter_args(ctx).to_vec(),
            yielded: l.yielded_values(ctx).to_vec(),
        })
    }
}
