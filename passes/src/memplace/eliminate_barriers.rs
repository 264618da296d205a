//! `sharc-eliminate-barriers`: erases the `memplace.barrier`s of a band that order no two
//! threads' accesses of one shared element. The user-facing description is [`INFO`]'s.
//!
//! The analysis is a footprint per access: which elements of its buffer each thread of the
//! block touches, computed exactly on every thread from the access's [`IndexForm`]s (or from
//! the copy's distribution, the one `sharc-lower-gpumap` emits), or *any element from any
//! thread* where the index is not a function of the thread ids alone. A barrier stays when
//! some access that may run before it and some access that may run after it touch one element
//! of one buffer from two different threads, one of them writing.

use crate::analysis::lane_index::{IndexDeriver, IndexForm, KernelScope, MAX_DEPTH, MAX_THREADS};
use sharc_dialects::affine::{IfOp, LoadOp, StoreOp};
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_dialects::scf;
use sharc_ir::op::ValueDef;
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::{Context, Diagnostic, OpId, Value};
use std::collections::{HashMap, HashSet};

/// The declaration of `sharc-eliminate-barriers`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-eliminate-barriers",
    title: "SharcEliminateBarriers",
    summary: "Erase the memplace.barrier ops across which no shared element is touched by two different threads, one of them writing",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"`sharc-promote` puts a `memplace.barrier` after the copies of a
tile and before a written tile's copy back, because in general a thread reads elements another
thread copied. Often it does not: in PolyBench's gemm, thread `(y, x)` copies element `(y, x)` of
`C`'s tile in, reads and writes only that element, and copies it back; a transpose's thread
reads back exactly the element it copied. Such a barrier costs a block-wide wait for nothing.
This pass runs last at the memplace level, after `sharc-bank-conflicts` and `sharc-ilp` have
fixed which thread runs which iteration, and erases every `memplace.barrier` of a
`gpumap.band` that orders no two threads' accesses of one shared element. The program's own
`gpu.barrier`s are never touched.

# The footprint of an access

For each access of a `memplace.alloc_shared` buffer of the band, the set of elements each thread
of the block touches, computed on every thread (the block size is the band's):

- `affine.load` / `affine.store`: each subscript as an affine form of the thread ids (the band's
  induction variable `d` is `origin_d + step_d · s_d · tid`, `s_d` 1 or a `blocked` tile's
  replication factor; see `docs/analysis.md`, thread-index forms), evaluated on every thread.
  The subscripts must depend on nothing but the thread ids and constants: a term in a block
  origin, a kernel argument or a loop inside the band (gemm's `As[y][k]`), or an index that is
  not affine in the thread ids (the diagonal remap's `mod`), makes the footprint *any element,
  from any thread*.
- `memplace.copy_in` / `memplace.copy_out`: thread `t` (linear id `x + X·(y + Y·z)`) touches the
  elements `t, t + B, t + 2B, ...` of the tile flattened in row-major order, `B` the block's
  threads: the loop `sharc-lower-gpumap` emits and `sharc-run` executes. The valid extent of a
  copy back and the global bounds only remove elements, so they are ignored.
- Any other use of the buffer: any element, from any thread, read and written.

Guards (`affine.if`) are ignored: a thread that skips an access touches fewer elements, never
more.

# Which barriers stay

Two accesses *conflict* when they touch one element of one buffer from two different threads
and at least one writes. An access may run *before* a barrier if it precedes it in the band's
body or shares a loop with it (the next iteration), and *after* it if it follows it or shares a
loop with it. A barrier stays when a pair (before, after) conflicts; every other
`memplace.barrier` of the band is erased. The rule keeps every barrier between the two
accesses of a conflicting pair, so erasing all the others at once is as safe as erasing one.
Only shared memory is considered: the band was a parallel loop, so its iterations do not
depend on each other through global memory, and `sharc-promote`'s barriers order only its
buffers.

A band that lost barriers gets a remark:

```text
remark: eliminate-barriers: 2 of 4 barriers erased (no shared element crosses them between threads)
```

# Example

```mlir
gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
  %Cs = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
  memplace.copy_in %C[%oi, %oj] to %Cs sizes [32, 32] : ...
  memplace.barrier                                   // erased: thread (y, x) wrote (y, x)
  %c = affine.load %Cs[%i - %oi, %j - %oj] : ...
  affine.store %s, %Cs[%i - %oi, %j - %oj] : ...
  memplace.barrier                                   // erased: copy_out's thread t reads element t
  memplace.copy_out %Cs to %C[%oi, %oj] sizes [32, 32] : ...
}
```

The barrier after a transpose's store `Os[%j - %oj][%i - %oi]` stays: thread `(y, x)` writes
element `(x, y)`, which the copy back reads on thread `(x, y)`.

Upstream MLIR's `gpu-eliminate-barriers` reasons about the memory effects of whole buffers, so
it keeps a barrier whenever a buffer written before it is read after it; the per-thread
footprints here tell the cases where each thread reads only what it wrote.

References: seed 000 §3.2 (the cooperative copies and their barriers); upstream MLIR's
`gpu-eliminate-barriers` (buffer-level memory effects); Moses et al., "High-performance GPU-to-CPU
transpilation and optimization via high-level parallel constructs" (PPoPP 2023), the barrier
elimination upstream's pass comes from."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(EliminateBarriers)
}

struct EliminateBarriers;

impl Pass for EliminateBarriers {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let mut bands = Vec::new();
        ctx.walk_pre(module, &mut |op| {
            if BandOp::view(ctx, op).is_some() {
                bands.push(op);
            }
        });
        for band in bands {
            let (erased, total) = eliminate(ctx, BandOp(band));
            if erased > 0 {
                diags.push(Diagnostic::remark(
                    ctx.loc(band).clone(),
                    format!(
                        "eliminate-barriers: {erased} of {total} barriers erased (no shared element crosses them between threads)"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Erases the barriers of `band` that no conflicting pair crosses; returns (erased, barriers).
fn eliminate(ctx: &mut Context, band: BandOp) -> (usize, usize) {
    let mut position = HashMap::new();
    let mut barriers = Vec::new();
    let mut buffers = Vec::new();
    ctx.walk_pre(band.0, &mut |op| {
        position.insert(op, position.len());
        if BarrierOp::view(ctx, op).is_some() {
            barriers.push(op);
        }
        if let Some(alloc) = AllocSharedOp::view(ctx, op) {
            buffers.push(alloc.result(ctx));
        }
    });
    if barriers.is_empty() {
        return (0, 0);
    }
    let footprints = Footprints::new(ctx, band);
    let accesses: Vec<Access> = buffers.iter().flat_map(|&b| accesses(ctx, &footprints, b)).collect();
    let needed: Vec<bool> = barriers
        .iter()
        .map(|&barrier| {
            let loops = enclosing_loops(ctx, band, barrier);
            let shares_loop = |a: &Access| loops.iter().any(|&l| ctx.is_ancestor(l, a.op));
            let before = |a: &Access| position[&a.op] < position[&barrier] || shares_loop(a);
            let after = |a: &Access| position[&a.op] > position[&barrier] || shares_loop(a);
            let later: Vec<&Access> = accesses.iter().filter(|b| after(b)).collect();
            accesses.iter().filter(|a| before(a)).any(|a| later.iter().any(|b| a.conflicts(b)))
        })
        .collect();
    let mut erased = 0;
    for (&barrier, needed) in barriers.iter().zip(needed) {
        if !needed {
            ctx.erase_op(barrier);
            erased += 1;
        }
    }
    (erased, barriers.len())
}

/// The ops around `op` inside `band` that may run their body more than once: every op with
/// regions but the conditionals.
fn enclosing_loops(ctx: &Context, band: BandOp, op: OpId) -> Vec<OpId> {
    let mut loops = Vec::new();
    let mut cur = ctx.parent_op(op);
    while let Some(p) = cur.filter(|&p| p != band.0) {
        if IfOp::view(ctx, p).is_none() && scf::IfOp::view(ctx, p).is_none() {
            loops.push(p);
        }
        cur = ctx.parent_op(p);
    }
    loops
}

/// Which thread touches an element: one (its linear id) or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    One(usize),
    Several,
}

/// The elements of a buffer each thread touches: element → owner, or `None` for "any element,
/// from any thread".
type Footprint = Option<HashMap<Vec<i64>, Owner>>;

/// One access of a shared buffer.
struct Access {
    op: OpId,
    buffer: Value,
    writes: bool,
    footprint: Footprint,
}

impl Access {
    /// Whether `self` and `other` touch one element from two different threads, one writing.
    fn conflicts(&self, other: &Access) -> bool {
        if self.buffer != other.buffer || !(self.writes || other.writes) {
            return false;
        }
        let (Some(a), Some(b)) = (&self.footprint, &other.footprint) else { return true };
        let (small, large) = if a.len() <= b.len() { (a, b) } else { (b, a) };
        small.iter().any(|(element, &x)| match (x, large.get(element)) {
            (_, None) => false,
            (Owner::One(s), Some(&Owner::One(t))) => s != t,
            _ => true,
        })
    }
}

/// Every use of `buffer` as an access with its footprint.
fn accesses(ctx: &Context, footprints: &Footprints, buffer: Value) -> Vec<Access> {
    ctx.uses(buffer)
        .iter()
        .map(|u| {
            let op = u.op;
            let (writes, footprint) = if let Some(copy) = CopyOp::view(ctx, op).filter(|c| c.shared(ctx) == buffer) {
                (copy.direction(ctx) == Direction::In, footprints.copy(&copy.sizes(ctx)))
            } else if let Some(load) = LoadOp::view(ctx, op) {
                (false, load.map(ctx).and_then(|m| footprints.subscripts(ctx, m, load.map_operands(ctx))))
            } else if let Some(store) = StoreOp::view(ctx, op).filter(|s| s.value(ctx) != buffer) {
                (true, store.map(ctx).and_then(|m| footprints.subscripts(ctx, m, store.map_operands(ctx))))
            } else {
                (true, None)
            };
            Access { op, buffer, writes, footprint }
        })
        .collect()
}

/// Computes footprints on the threads of one band's block.
struct Footprints {
    band: BandOp,
    /// The band's scope for the index forms (`None` for a malformed block size).
    scope: Option<KernelScope>,
    /// Threads per block along x, y, z; `None` when the block is too large to enumerate.
    block: Option<[i64; 3]>,
}

/// The most elements a copy's footprint lists; larger tiles count as "any element".
const MAX_ELEMENTS: i64 = 1 << 20;

impl Footprints {
    fn new(ctx: &Context, band: BandOp) -> Footprints {
        let shape = band.block_shape(ctx);
        let threads = shape.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s).filter(|_| s >= 1));
        let block = threads.filter(|&t| t <= MAX_THREADS).map(|_| shape);
        let scope = KernelScope::of(ctx, band.0).ok();
        Footprints { band, block: block.filter(|_| scope.is_some()), scope }
    }

    fn threads(&self) -> impl Iterator<Item = (usize, [i64; 3])> {
        let [x, y, z] = self.block.unwrap_or([0; 3]);
        (0..x * y * z).map(move |t| (t as usize, [t % x, (t / x) % y, t / (x * y)]))
    }

    /// A cooperative copy of a tile of `sizes`: thread `t` takes flat elements `t, t + B, ...`.
    fn copy(&self, sizes: &[i64]) -> Footprint {
        let [x, y, z] = self.block?;
        let threads = x * y * z;
        let count = sizes.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s).filter(|_| s >= 0))?;
        if count > MAX_ELEMENTS {
            return None;
        }
        let mut elements = HashMap::new();
        for e in 0..count {
            let mut index = vec![0; sizes.len()];
            let mut rest = e;
            for (d, &s) in sizes.iter().enumerate().rev() {
                index[d] = rest % s;
                rest /= s;
            }
            elements.insert(index, Owner::One((e % threads) as usize));
        }
        Some(elements)
    }

    /// An access through `map` applied to `operands`, if every subscript is an affine form of
    /// the thread ids and constants only.
    fn subscripts(&self, ctx: &Context, map: &sharc_ir::affine::AffineMap, operands: &[Value]) -> Footprint {
        self.block?;
        let mut visited = HashSet::new();
        if operands.iter().any(|&v| varies_inside(ctx, self.band, v, &mut visited, 0)) {
            return None;
        }
        let forms: Vec<IndexForm> = IndexDeriver::new(ctx, self.scope.as_ref()?).map_forms(map, operands).ok()?;
        if forms.iter().any(|f| !f.uniform.is_empty()) {
            return None;
        }
        let mut elements = HashMap::new();
        for (t, tid) in self.threads() {
            let index = forms.iter().map(|f| f.eval_known(tid)).collect::<Option<Vec<i64>>>()?;
            elements
                .entry(index)
                .and_modify(|o| {
                    if *o != Owner::One(t) {
                        *o = Owner::Several;
                    }
                })
                .or_insert(Owner::One(t));
        }
        Some(elements)
    }
}

/// Whether `v` depends on a value that changes inside `band` other than through its induction
/// variables: an argument of a block nested in the band (a loop's induction variable or
/// carried value) or a result of an op with regions. Values from outside the band do not
/// count here (the index forms carry them as uniform terms).
fn varies_inside(ctx: &Context, band: BandOp, v: Value, visited: &mut HashSet<Value>, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    if !visited.insert(v) {
        return false;
    }
    match ctx.value_def(v) {
        ValueDef::BlockArg { block, .. } => {
            ctx.block_parent_op(block).is_some_and(|owner| owner != band.0 && ctx.is_ancestor(band.0, owner))
        }
        ValueDef::OpResult { op, .. } => {
            if !ctx.is_ancestor(band.0, op) {
                return false;
            }
            !ctx.regions(op).is_empty()
                || ctx.operands(op).iter().any(|&o| varies_inside(ctx, band, o, visited, depth + 1))
        }
    }
}
