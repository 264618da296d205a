//! `sharc-bank-report`: a remark at every workgroup-memory (shared-memory) load and store of a
//! kernel, saying how many ways its requests conflict in the banks of a target, and per shared
//! buffer of a `gpumap.band` its weighted cost per block.
//!
//! Why: bank conflicts are the first thing to check after staging data in shared memory (seed 000
//! §3.3.1: "bank conflicts are common after shared memory optimization"), and the report is the
//! detection half of the padding and remapping passes, printable on its own. It is an analysis:
//! the IR is not changed.
//!
//! How: [`lane_index`](super::lane_index) writes each subscript as an affine function of the
//! thread ids and flattens it through the memref layout (or, when it is not affine, evaluates
//! it per thread); the pass evaluates it on every warp of the block (loop ivs at their lower
//! bounds) and asks `sharc_machine::bank` for the exact degree of every phase of each request
//! (seed 002's model, the same function the simulator counts with). Seed 000's closed form,
//! eq. (21), is shown beside it when the lanes are equally strided. On `gpumap.band` kernels
//! each shared buffer also gets its weighted total per block from
//! [`bank_cost`](super::bank_cost), the analysis `sharc-bank-conflicts` decides with. Sketch:
//!
//! ```text
//! gpu.func @k() workgroup(%arg0 : memref<32x32xf32, 3>) kernel attributes {sharc.block_size = array<i32: 32, 32, 1>}
//!   %0 = memref.load %arg0[%tx, %ty]   // remark: shared load of %arg0: 32-way bank conflict (stride 32 x 4 B, ...)
//! ```
//!
//! The user-facing description is [`INFO`]'s (rendered to `docs/passes/sharc-bank-report.md`).

use super::bank_cost::{band_costs, BufferCost, CostEnv};
use super::lane_index::{
    element_bytes, element_offset, enclosing_kernel, IndexDeriver, IndexError, KernelScope, LaneEvaluator, MAX_THREADS,
};
use crate::target_option::target_option;
use sharc_dialects::gpu::AddressSpace;
use sharc_dialects::gpumap::BandOp;
use sharc_dialects::{affine, memref};
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::syntax::printer::NameTable;
use sharc_ir::types::DYNAMIC;
use sharc_ir::{Context, Diagnostic, OpId, Value};
use sharc_machine::bank::{self, BankGeometry};
use sharc_machine::Target;
use std::fmt::Write as _;

/// The declaration of `sharc-bank-report`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-bank-report",
    title: "SharcBankReport",
    summary: "Report the shared-memory bank conflicts of every workgroup-memory access",
    description: DESCRIPTION,
    anchor: None,
    options: &[&TARGET.spec],
    create,
};

static TARGET: PassOption<String> = target_option("The GPU whose banks are modelled");

const DESCRIPTION: &str = r#"Emits a remark at every load and store of workgroup memory
(`memref.load`, `memref.store`, `affine.load`, `affine.store` on a memref in
`#gpu.address_space<workgroup>` or address space 3, inside a `gpu.func`, a `gpu.launch` or a
`gpumap.band` body) saying whether the request is conflict-free in the shared-memory banks of
the target in every warp of the block, or how many ways it conflicts. On a `gpumap.band`
(memplace level) it also gives every shared buffer (`memplace.alloc_shared`) its total cost per
block: wavefronts, the conflict-free minimum and the conflicts, over all its accesses including
the cooperative copies, weighted by how often each runs. The IR is not changed.

Why: staging data in shared memory is only a gain if the warp can read it back at full speed.
"Since the width of shared arrays is often correlated with TB width, which is a power of 2,
bank conflicts are common after shared memory optimization" (seed 000 §3.3.1). The report is
the detection step of the bank-conflict transformations (padding, remapping), printable on its
own to explain a kernel's shared-memory cost before and after them.

# How an access is analyzed

1. **Index.** Each subscript is written as an affine function of the thread ids,
   `c_x·tid.x + c_y·tid.y + c_z·tid.z + c`, plus terms that are the same on every lane of a
   warp (kernel arguments, block ids, grid sizes, values computed only from those). The walk
   follows `arith.constant`, `addi`, `subi`, `muli` and `shli` by a constant, the integer casts,
   `affine.apply` and the map of `affine.load`/`affine.store`, `gpu.thread_id` (or the thread-id
   arguments of `gpu.launch`) and `gpu.block_dim`, which is a constant when the block size is
   known and an unknown otherwise. In a `gpumap.band`, induction variable `d` is
   `origin_d + step_d · tid` along its hardware dimension, the origin being the same on every
   thread. A loop induction variable (`scf.for`, `scf.parallel`, `affine.for`,
   `affine.parallel`) stands for its lower bound, the first iteration. The subscripts are
   flattened through the memref's strided layout into one element offset
   (`memref<32x33xf32>`: `33·i + j`). An index that is not affine in the thread ids (an
   `arith.xori` swizzle, `arith.remui`, a `mod` in a map) is instead evaluated on every thread
   (`evaluated per lane` in the remark), with every value defined outside the kernel at
   65536 and block ids at 2 (a block in the middle of a large problem).
2. **Lanes.** The warps of the block are the linear thread ids `lane = tid.x + X·(tid.y +
   Y·tid.z)` cut into groups of `warp_size`, x fastest; every warp is costed and the remark
   gives the worst (`in N of M warps` when not every warp reaches it). A 32-lane warp on a
   16-wide block, or a wave64 on a 32-wide one, spans two rows, so the first warp does not
   stand for the others. The block size `X×Y×Z` is taken from the band's block sizes, the
   kernel's `sharc.block_size = array<i32: X, Y, Z>` attribute, else from upstream's
   `known_block_size`, else from constant `gpu.launch` block sizes; otherwise the report
   assumes a block of `warp_size×1×1` and says so.
3. **Banks.** Each lane's byte address is `offset × element size` from the buffer's start,
   and the request is costed by the target's bank model (`sharc_machine::bank`, the one the
   simulator's `shared_bank_wavefronts` counts with): the lanes are cut into the phases the
   hardware serves together (a whole warp for 4-byte accesses on NVIDIA; 16 lanes for 8-byte
   ones on 32 × 4-byte banks; half a wavefront on AMD), and each phase's degree is seed 002's
   exact one: the largest number of distinct bank layers requested in one bank. Lanes reading
   the same word (a broadcast) or, on Kepler, the same 8-byte layer never conflict. The report
   gives the largest phase degree; "conflict-free" means every phase has degree 1.
4. **Closed form.** When the lanes are equally strided (one array stride `S` between
   consecutive lanes), seed 000's eqs. (20)/(21) are shown too:
   `bank_stride = S × data_type / bank_width`, degree `⌊1/bank_stride⌋` if it is below 1 and
   `gcd(bank_stride, bank_num)` otherwise. The formula ignores phases, broadcast within a word
   and Kepler's layers, so it may disagree with the exact model: it says 2-way for `f64`
   stride 1 on 4-byte banks, which the hardware serves in two conflict-free half-warp phases.

Terms that are the same on every lane but unknown (a kernel argument, a block id, a dynamic
layout offset) shift all addresses of the request together; on targets whose layers are one
word wide this cannot change the degree, and on Kepler the report takes the worst case over all
the shifts those terms can produce and says "up to N-way ... depends on the offset". Every
shared buffer is assumed to start at an address aligned to the banks' period (`bank_count ×
bank_layer_width` bytes).

# Buffer totals (memplace level)

For each `memplace.alloc_shared` of a `gpumap.band`, the shared analysis
`analysis::bank_cost` (the one `sharc-bank-conflicts` chooses layouts with) walks the band body
as a block runs it: `affine.if` conditions are evaluated per thread (inactive lanes leave the
request; a branch no thread takes weighs nothing), loop trip counts multiply the weight (a loop
whose induction variable reaches a subscript, guard or bound is enumerated, or sampled evenly
beyond 64 iteration combinations), `memplace.copy_in`/`copy_out` move tile element `t + k·T`
on thread `t` in round `k` (one shared store or load request per warp and round, as
`sharc-run` executes them), and each element goes through the buffer's type (padding) and
layout to a byte address. Every request of every warp is costed with the simulator's model
(`shared_request_cost`), so the totals times the number of blocks are `sharc-run`'s
`shared_bank_wavefronts` on a problem whose blocks are all full. The remark, at the
allocation, gives the totals and each access's weighted wavefronts with its worst degree; values
defined outside the band are 65536 (`n = 65536`), the block is the third along each dimension
(or the last full one). An access the walk cannot evaluate makes the remark `cannot analyze:`
and why.

# Remarks

One remark per access, at the access, and one per shared buffer of a band, at its
allocation:

```text
shared load of %arg0: conflict-free (stride 1 x 4 B, eq. (21): 1-way, 32 banks of 4 B on a100)
shared load of %arg0: 32-way bank conflict (stride 32 x 4 B, eq. (21): 32-way, 32 banks of 4 B on a100)
shared load of %arg0: 16-way bank conflict (stride 32 x 4 B, eq. (21): 32-way, 32 banks of 4 B with 8 B layers on gtx690)
shared load of %arg0: conflict-free (stride 1 x 8 B, 2 phases of 16 lanes, eq. (21): 2-way, 32 banks of 4 B on a100)
shared store of %arg0: conflict-free (broadcast, 32 banks of 4 B on a100)
shared load of %arg1: conflict-free (evaluated per lane x 4 B, assuming block size 32x1x1, 32 banks of 4 B on a100)
shared load of %arg1: cannot analyze: index is not affine in the thread ids (`memref.load` of a thread-dependent value)
shared buffer %shared_0: 1056 wavefronts, 64 ideal, 992 conflicts per block (store 1024 32-way, copy_out 32; every warp of a full block, n = 65536, on a100)
```

The verdict is `conflict-free`, `N-way bank conflict` or `up to N-way bank conflict`. The
details name the access pattern (`stride S x M B` for S elements of M bytes between
consecutive lanes, `broadcast`, or `stride (x: a, y: b) x M B` when a warp spans several rows
that are not equally strided, all in the first warp; `evaluated per lane` when the index was
evaluated numerically), then as needed the number of active lanes, the warps at the worst
degree, the phases, the offset dependence, eq. (21)'s value, the assumed block size, and the
bank geometry and target.
`%arg0` is the buffer's name as `sharc-opt` prints the IR. When the index can be neither
written as an affine function of the thread ids nor evaluated per lane, the remark says
`cannot analyze:` and why.

# Options

- `target` (default `a100`): the GPU whose banks are modelled: a shipped target name
  (`sharc-run --list-targets` lists them; `docs/targets.md` gives their bank parameters) or the
  path of a target description `.toml`. An unknown target is an error.

# Example

```mlir
gpu.module @kernels {
  gpu.func @transpose(%out: memref<32x32xf32>) workgroup(%tile : memref<32x32xf32, 3>) kernel
      attributes {sharc.block_size = array<i32: 32, 32, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %tile[%tx, %ty] : memref<32x32xf32, 3>
    memref.store %v, %out[%ty, %tx] : memref<32x32xf32>
    gpu.return
  }
}
```

`sharc-opt --sharc-bank-report` reports (the store is to global memory and not reported):

```text
remark: shared load of %arg1: 32-way bank conflict (stride 32 x 4 B, eq. (21): 32-way, 32 banks of 4 B on a100)
```

With the tile declared `memref<32x33xf32, 3>` (one padding column) the same load is
`conflict-free (stride 33 x 4 B, eq. (21): 1-way, ...)`. With `target=gtx690` (Kepler, 4-byte
banks in 8-byte layers, seed 002's "case one") the unpadded column read is 16-way: two words 32
apart share a layer.

References: seed 000 §3.3.1 (eqs. (20)/(21), detection before padding); seed 002 §1.3–§1.4
(bank, layer and degree, broadcast) and §2.1–§2.4 (accesses as affine functions of the thread
coordinates, one warp at a time)."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(BankReport { target: options.get(&TARGET) })
}

struct BankReport {
    target: String,
}

impl Pass for BankReport {
    fn run(&mut self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let ctx: &Context = ctx;
        let target = Target::load(&self.target).map_err(|e| Diagnostic::error(ctx.loc(op).clone(), e.to_string()))?;
        let mut root = op;
        while let Some(p) = ctx.parent_op(root) {
            root = p;
        }
        let names = NameTable::compute(ctx, root, false);
        let env = CostEnv::default();
        // Per band, its buffers' totals (at the allocations, before the accesses in the source).
        let buffer_totals = |band: OpId, diags: &mut Vec<Diagnostic>| {
            for (buffer, cost) in band_costs(ctx, band, &target, &env) {
                let at = ctx.defining_op(buffer).unwrap_or(band);
                let name = names.get(buffer).unwrap_or("<memref>");
                let message = match cost {
                    Ok(cost) => format!("shared buffer {name}: {}", totals(&cost, &target, &env)),
                    Err(e) => format!("shared buffer {name}: {e}"),
                };
                diags.push(Diagnostic::remark(ctx.loc(at).clone(), message));
            }
        };
        let mut totalled = Vec::new();
        for (kernel, accesses) in accesses_by_kernel(ctx, op) {
            let scope = KernelScope::of(ctx, kernel).map_err(|msg| Diagnostic::error(ctx.loc(kernel).clone(), msg))?;
            if BandOp::view(ctx, kernel).is_some() {
                buffer_totals(kernel, diags);
                totalled.push(kernel);
            }
            let mut deriver = IndexDeriver::new(ctx, &scope);
            for access in accesses {
                let name = names.get(access.memref).unwrap_or("<memref>");
                let what = format!("shared {} of {name}", access.kind);
                let message = match report(ctx, &mut deriver, &scope, &access, &target) {
                    Ok(text) => format!("{what}: {text}"),
                    Err(why) => format!("{what}: cannot analyze: {why}"),
                };
                diags.push(Diagnostic::remark(ctx.loc(access.op).clone(), message));
            }
        }
        // Bands whose buffers are only copied.
        for band in ctx.collect_ops(op) {
            if BandOp::view(ctx, band).is_some() && !totalled.contains(&band) {
                buffer_totals(band, diags);
            }
        }
        Ok(())
    }
}

/// `1120 wavefronts, 128 ideal, 992 conflicts per block (copy_in 32, load 32, store 1024
/// 32-way, copy_out 32; ...)`.
fn totals(cost: &BufferCost, target: &Target, env: &CostEnv) -> String {
    let parts: Vec<String> = cost
        .accesses
        .iter()
        .map(|a| {
            let way = if a.worst_degree > 1 { format!(" {}-way", a.worst_degree) } else { String::new() };
            format!("{} {}{way}", a.kind, number(a.cost.wavefronts))
        })
        .collect();
    let accesses = if parts.is_empty() { "no access".to_string() } else { parts.join(", ") };
    format!(
        "{} wavefronts, {} ideal, {} conflicts per block ({accesses}; every warp of a full block, n = {}, on {})",
        number(cost.total.wavefronts),
        number(cost.total.ideal),
        number(cost.total.conflicts()),
        env.symbols,
        target.name
    )
}

/// A weighted count: whole numbers as such, others with two decimals.
fn number(x: f64) -> String {
    if (x - x.round()).abs() < 1e-6 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.2}")
    }
}

/// Why an access has no verdict.
#[derive(Debug, thiserror::Error)]
enum ReportError {
    #[error(transparent)]
    Index(#[from] IndexError),
    #[error("the element type has no size in memory")]
    NoElementSize,
    #[error("the addresses do not fit in 64 bits")]
    AddressRange,
    #[error("the block has no thread")]
    NoThreads,
}

/// One load or store of workgroup memory.
struct SharedAccess {
    op: OpId,
    memref: Value,
    kind: &'static str,
    subscripts: Subscripts,
}

enum Subscripts {
    /// `memref.load`/`memref.store`: one index value per dimension.
    Values(Vec<Value>),
    /// `affine.load`/`affine.store`: a map of operands.
    Map(sharc_ir::affine::AffineMap, Vec<Value>),
}

impl SharedAccess {
    fn of(ctx: &Context, op: OpId) -> Option<SharedAccess> {
        let (memref, kind, subscripts) = if let Some(l) = memref::LoadOp::view(ctx, op) {
            (l.memref(ctx), "load", Subscripts::Values(l.indices(ctx).to_vec()))
        } else if let Some(s) = memref::StoreOp::view(ctx, op) {
            (s.memref(ctx), "store", Subscripts::Values(s.indices(ctx).to_vec()))
        } else if let Some(l) = affine::LoadOp::view(ctx, op) {
            (l.memref(ctx), "load", Subscripts::Map(l.map(ctx)?.clone(), l.map_operands(ctx).to_vec()))
        } else if let Some(s) = affine::StoreOp::view(ctx, op) {
            (s.memref(ctx), "store", Subscripts::Map(s.map(ctx)?.clone(), s.map_operands(ctx).to_vec()))
        } else {
            return None;
        };
        let shared = AddressSpace::of_type(ctx, ctx.value_type(memref)) == Some(AddressSpace::Workgroup);
        shared.then_some(SharedAccess { op, memref, kind, subscripts })
    }
}

/// The shared accesses nested in `op`, grouped by their nearest `gpu.func` or `gpu.launch`, in
/// program order. Accesses outside kernels have no threads to speak of and are skipped.
fn accesses_by_kernel(ctx: &Context, op: OpId) -> Vec<(OpId, Vec<SharedAccess>)> {
    let mut groups: Vec<(OpId, Vec<SharedAccess>)> = Vec::new();
    for o in ctx.collect_ops(op) {
        let Some(access) = SharedAccess::of(ctx, o) else { continue };
        let Some(kernel) = enclosing_kernel(ctx, o) else { continue };
        match groups.iter_mut().find(|(k, _)| *k == kernel) {
            Some((_, list)) => list.push(access),
            None => groups.push((kernel, vec![access])),
        }
    }
    groups
}

/// The remark text after "shared load of %x: " for one access.
fn report(
    ctx: &Context,
    deriver: &mut IndexDeriver<'_>,
    scope: &KernelScope,
    access: &SharedAccess,
    target: &Target,
) -> Result<String, ReportError> {
    let ty = ctx.value_type(access.memref);
    let elem = ctx.memref_parts(ty).map(|p| p.elem).ok_or(ReportError::NoElementSize)?;
    let elem_bytes = element_bytes(ctx, elem).ok_or(ReportError::NoElementSize)?;
    let (block, assumed) = match scope.known_shape() {
        Some(shape) => (shape, false),
        None => {
            let [x, y, z] = scope.block_size;
            ([x.unwrap_or(i64::from(target.warp_size)), y.unwrap_or(1), z.unwrap_or(1)], true)
        }
    };
    let assumed_block = assumed.then_some(block);
    let subscripts = match &access.subscripts {
        Subscripts::Values(values) => values.iter().map(|&v| deriver.form(v)).collect::<Result<Vec<_>, _>>(),
        Subscripts::Map(map, operands) => deriver.map_forms(map, operands),
    };
    let subscripts = match subscripts {
        Ok(s) => s,
        // Not affine in the thread ids (an XOR, a `mod`): evaluate it on every thread instead.
        Err(e @ IndexError::NotAffine(_)) => {
            return lane_evaluated(ctx, scope, access, block, elem_bytes, target)
                .map(|v| describe_evaluated(&v, elem_bytes, assumed_block, target))
                .map_err(|_| e.into())
        }
        Err(e) => return Err(e.into()),
    };
    let offset = element_offset(ctx, ty, &subscripts)?;
    let warps = block_warps(block, target.warp_size);
    let mut verdict: Option<Verdict> = None;
    let mut first: Vec<i64> = Vec::new();
    let mut worst_warps = Vec::new();
    for (w, lanes) in warps.iter().enumerate() {
        let offsets = lanes
            .iter()
            .map(|&t| offset.form.eval_known(t))
            .collect::<Option<Vec<i64>>>()
            .ok_or(IndexError::Overflow)?;
        let v = evaluate(&offsets, elem_bytes, offset.unknown_grain(), target)?;
        if w == 0 {
            first = offsets;
        }
        worst_warps.push(v.worst);
        verdict = Some(match verdict {
            None => v,
            Some(acc) => Verdict { worst: acc.worst.max(v.worst), best: acc.best.max(v.best), phases: acc.phases },
        });
    }
    let verdict = verdict.ok_or(ReportError::NoThreads)?;
    let pattern = Pattern { offsets: &first, thread: offset.form.thread, block, elem_bytes };
    let at_worst = worst_warps.iter().filter(|&&d| d == verdict.worst).count();
    let spread = (at_worst < worst_warps.len()).then_some((at_worst, worst_warps.len()));
    Ok(describe(&pattern, &verdict, spread, assumed_block, target))
}

/// The thread ids of every warp of a block: linear thread ids `x + X·(y + Y·z)` cut into
/// `warp_size` lanes (CUDA's and HIP's lane order). A wave64 warp on a 32-wide block spans two
/// rows, a 32-lane warp on a 16-wide block two rows too, so no warp stands for the others.
fn block_warps(block: [i64; 3], warp_size: u32) -> Vec<Vec<[i64; 3]>> {
    let [x, y, z] = block.map(|s| s.max(1));
    let threads = x.saturating_mul(y).saturating_mul(z).min(MAX_THREADS);
    let all: Vec<[i64; 3]> = (0..threads).map(|l| [l % x, (l / x) % y, l / (x * y)]).collect();
    all.chunks(warp_size.max(1) as usize).map(<[_]>::to_vec).collect()
}

/// The degrees of an access whose index is not affine in the thread ids, evaluated on every
/// thread (loop ivs at their first value, values from outside the kernel at the cost
/// environment's `n`).
struct Evaluated {
    /// The largest phase degree over the warps.
    worst: u32,
    /// Warps at that degree, of all warps with an active lane.
    at_worst: usize,
    warps: usize,
    phases: usize,
}

fn lane_evaluated(
    ctx: &Context,
    scope: &KernelScope,
    access: &SharedAccess,
    block: [i64; 3],
    elem_bytes: u32,
    target: &Target,
) -> Result<Evaluated, ReportError> {
    let env = CostEnv::default();
    let mut eval = LaneEvaluator::new(ctx, scope, block, env.symbols)?;
    let index = match &access.subscripts {
        Subscripts::Values(values) => values.iter().map(|&v| eval.value(v)).collect::<Result<Vec<_>, _>>()?,
        Subscripts::Map(map, operands) => eval.map(map, operands)?,
    };
    let ty = ctx.value_type(access.memref);
    let (strides, offset) = memref::layout::strides_and_offset(ctx, ty).ok_or(IndexError::NotStrided)?;
    if offset == DYNAMIC || strides.contains(&DYNAMIC) {
        return Err(IndexError::NotStrided.into());
    }
    let mut bytes = Vec::with_capacity(eval.threads());
    for t in 0..eval.threads() {
        let flat = index
            .iter()
            .zip(&strides)
            .try_fold(offset, |acc, (l, &s)| acc.checked_add(l.get(t).checked_mul(s)?))
            .ok_or(IndexError::Overflow)?;
        bytes.push(flat.checked_mul(i64::from(elem_bytes)).ok_or(IndexError::Overflow)?);
    }
    let geometry = BankGeometry::of(target);
    let mut degrees = Vec::new();
    let mut phases = 0;
    for w in bytes.chunks(target.warp_size.max(1) as usize) {
        // Shifting by whole periods keeps every bank and layer difference.
        let low = w.iter().copied().min().unwrap_or(0);
        let p = geometry.period() as i64;
        let lift = if low < 0 { (-low + p - 1) / p * p } else { 0 };
        let lanes: Vec<Option<u64>> = w.iter().map(|&b| u64::try_from(b + lift).ok()).collect();
        let d = bank::phase_degrees(&lanes, elem_bytes, geometry, target.shared_request_lanes);
        phases = phases.max(d.len());
        degrees.push(d.into_iter().max().unwrap_or(1));
    }
    let worst = degrees.iter().copied().max().ok_or(ReportError::NoThreads)?;
    let at_worst = degrees.iter().filter(|&&d| d == worst).count();
    Ok(Evaluated { worst, at_worst, warps: degrees.len(), phases })
}

fn describe_evaluated(v: &Evaluated, elem_bytes: u32, assumed_block: Option<[i64; 3]>, target: &Target) -> String {
    let mut text = match v.worst {
        0 | 1 => "conflict-free".to_string(),
        w => format!("{w}-way bank conflict"),
    };
    let mut details = vec![format!("evaluated per lane x {elem_bytes} B")];
    if v.at_worst < v.warps {
        details.push(format!("in {} of {} warps", v.at_worst, v.warps));
    }
    if v.phases > 1 {
        let per_phase = bank::lanes_per_phase(BankGeometry::of(target), target.shared_request_lanes, elem_bytes);
        details.push(format!("{} phases of {per_phase} lanes", v.phases));
    }
    if let Some([x, y, z]) = assumed_block {
        details.push(format!("assuming block size {x}x{y}x{z}"));
    }
    details.push(geometry_text(target));
    let _ = write!(text, " ({})", details.join(", "));
    text
}

fn geometry_text(target: &Target) -> String {
    let layers = if target.bank_layer_width == target.bank_width {
        String::new()
    } else {
        format!(" with {} B layers", target.bank_layer_width)
    };
    format!("{} banks of {} B{layers} on {}", target.bank_count, target.bank_width, target.name)
}

/// The exact degrees of one request over every shift the unknown terms allow.
struct Verdict {
    /// The largest phase degree, over the shifts.
    worst: u32,
    /// The smallest largest phase degree, over the shifts.
    best: u32,
    /// Phases with an active lane.
    phases: usize,
}

/// Costs the request of lanes at element offsets `offsets` (plus, on every lane, one unknown
/// multiple of `grain` elements; 0: none) with the target's bank model. Shifting every address by
/// the banks' period changes nothing, so the shifts `0, g, 2g, ...` below one period cover all.
fn evaluate(offsets: &[i64], elem_bytes: u32, grain: u64, target: &Target) -> Result<Verdict, ReportError> {
    let geometry = BankGeometry::of(target);
    let period = geometry.period();
    let step = if grain == 0 {
        period
    } else {
        let grain_bytes = u128::from(grain) * u128::from(elem_bytes) % u128::from(period);
        gcd(u64::try_from(grain_bytes).map_err(|_| ReportError::AddressRange)?, period)
    };
    let bytes: Vec<i128> = offsets.iter().map(|&e| i128::from(e) * i128::from(elem_bytes)).collect();
    let low = bytes.iter().copied().min().unwrap_or(0);
    let p = i128::from(period);
    let lift = if low < 0 { (-low + p - 1) / p * p } else { 0 };
    let mut verdict = Verdict { worst: 0, best: u32::MAX, phases: 0 };
    for shift in (0..period).step_by(usize::try_from(step.max(1)).unwrap_or(usize::MAX)) {
        let lanes = bytes
            .iter()
            .map(|&b| u64::try_from(b + lift + i128::from(shift)).ok().map(Some))
            .collect::<Option<Vec<_>>>()
            .ok_or(ReportError::AddressRange)?;
        let degrees = bank::phase_degrees(&lanes, elem_bytes, geometry, target.shared_request_lanes);
        let degree = degrees.iter().copied().max().unwrap_or(1);
        verdict.worst = verdict.worst.max(degree);
        verdict.best = verdict.best.min(degree);
        verdict.phases = degrees.len();
    }
    Ok(verdict)
}

/// What the lanes of the first warp touch (the pattern the remark names).
struct Pattern<'a> {
    /// Element offset of each lane (unknown terms at 0).
    offsets: &'a [i64],
    /// The offset's coefficients of tid.x, tid.y, tid.z.
    thread: [i64; 3],
    /// The block size the lanes were laid out in.
    block: [i64; 3],
    elem_bytes: u32,
}

impl Pattern<'_> {
    /// The one stride between consecutive lanes, if there is one (and at least two lanes).
    fn lane_stride(&self) -> Option<i64> {
        let (&first, rest) = self.offsets.split_first()?;
        let stride = rest.first()?.checked_sub(first)?;
        let equal = self
            .offsets
            .iter()
            .enumerate()
            .all(|(l, &e)| Some(e) == stride.checked_mul(l as i64).and_then(|d| d.checked_add(first)));
        equal.then_some(stride)
    }

    /// `stride 32 x 4 B`, `broadcast`, `stride (x: 1, y: 64) x 4 B` or `one lane`.
    fn words(&self) -> String {
        let m = self.elem_bytes;
        match (self.offsets.len(), self.lane_stride()) {
            (0 | 1, _) => "one lane".to_string(),
            (_, Some(0)) => "broadcast".to_string(),
            (_, Some(s)) => format!("stride {s} x {m} B"),
            (n, None) => {
                let [x, y, _] = self.block;
                let spans = [x > 1, n as i64 > x, n as i64 > x * y];
                let dims: Vec<String> = ["x", "y", "z"]
                    .iter()
                    .zip(self.thread)
                    .zip(spans)
                    .filter(|(_, s)| *s)
                    .map(|((d, c), _)| format!("{d}: {c}"))
                    .collect();
                format!("stride ({}) x {m} B", dims.join(", "))
            }
        }
    }
}

fn describe(
    pattern: &Pattern<'_>,
    verdict: &Verdict,
    spread: Option<(usize, usize)>,
    assumed_block: Option<[i64; 3]>,
    target: &Target,
) -> String {
    let mut text = match (verdict.worst, verdict.best) {
        (0 | 1, _) => "conflict-free".to_string(),
        (w, b) if w == b => format!("{w}-way bank conflict"),
        (w, _) => format!("up to {w}-way bank conflict"),
    };
    let mut details = vec![pattern.words()];
    let lanes = pattern.offsets.len();
    if lanes < target.warp_size as usize && lanes > 1 {
        details.push(format!("{lanes} lanes"));
    }
    if let Some((at_worst, warps)) = spread {
        details.push(format!("in {at_worst} of {warps} warps"));
    }
    if verdict.phases > 1 {
        let geometry = BankGeometry::of(target);
        let per_phase = bank::lanes_per_phase(geometry, target.shared_request_lanes, pattern.elem_bytes);
        details.push(format!("{} phases of {per_phase} lanes", verdict.phases));
    }
    if verdict.worst != verdict.best {
        details.push("depends on the offset".to_string());
    }
    let closed = pattern.lane_stride().filter(|&s| s != 0).and_then(|s| {
        bank::closed_form_degree(s.unsigned_abs(), pattern.elem_bytes, target.bank_width, target.bank_count)
    });
    if let Some(d) = closed {
        details.push(format!("eq. (21): {d}-way"));
    }
    if let Some([x, y, z]) = assumed_block {
        details.push(format!("assuming block size {x}x{y}x{z}"));
    }
    details.push(geometry_text(target));
    let _ = write!(text, " ({})", details.join(", "));
    text
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use sharc_machine::bank::strided_degree;

    fn target(name: &str) -> Target {
        Target::load(name).expect("a shipped target")
    }

    /// 4-byte accesses of one warp are one phase on these targets, so the request's degree is
    /// the machine model's 1D degree (seed 002 §2.2), negative strides and offsets included.
    #[test]
    fn known_offsets_agree_with_the_strided_model() {
        for name in ["a100", "gtx690", "c2050"] {
            let t = target(name);
            for stride in -70i64..=70 {
                for base in [0i64, 1, 31, 33, 100] {
                    let offsets: Vec<i64> = (0..32).map(|l| base + stride * l).collect();
                    let v = evaluate(&offsets, 4, 0, &t).expect("small addresses");
                    let expected = strided_degree(base as u64 * 4, stride, 4, 32, BankGeometry::of(&t));
                    assert_eq!(
                        (v.worst, v.best, v.phases),
                        (expected, expected, 1),
                        "{name} stride {stride} base {base}"
                    );
                }
            }
        }
    }

    /// An unknown multiple of `grain` elements on every lane: the verdict spans the degrees at
    /// every offset it can reach (digest 002 §2.2: on Kepler the offset adds 0 or 1).
    #[test]
    fn unknown_offsets_span_every_reachable_offset() {
        let t = target("gtx690");
        let g = BankGeometry::of(&t);
        for stride in 1i64..=70 {
            for grain in [1u64, 2, 3, 8] {
                let offsets: Vec<i64> = (0..32).map(|l| stride * l).collect();
                let v = evaluate(&offsets, 4, grain, &t).expect("small addresses");
                let reachable: Vec<u32> = (0..64).map(|k| strided_degree(k * grain * 4, stride, 4, 32, g)).collect();
                let (max, min) = (reachable.iter().max().copied(), reachable.iter().min().copied());
                assert_eq!((Some(v.worst), Some(v.best)), (max, min), "stride {stride} grain {grain}");
            }
        }
        // On one-word layers a uniform shift by whole words never matters.
        let offsets: Vec<i64> = (0..32).map(|l| 2 * l).collect();
        let v = evaluate(&offsets, 4, 1, &target("a100")).expect("small addresses");
        assert_eq!((v.worst, v.best), (2, 2));
    }

    /// 8-byte elements on 4-byte banks: two half-warp phases (digest 000 §8.1's double stride 1).
    #[test]
    fn wide_elements_are_served_in_phases() {
        let offsets: Vec<i64> = (0..32).collect();
        let v = evaluate(&offsets, 8, 0, &target("a100")).expect("small addresses");
        assert_eq!((v.worst, v.phases), (1, 2));
        let v = evaluate(&offsets, 8, 0, &target("gtx690")).expect("small addresses");
        assert_eq!((v.worst, v.phases), (1, 1));
        let columns: Vec<i64> = (0..32).map(|l| 32 * l).collect();
        let v = evaluate(&columns, 8, 0, &target("a100")).expect("small addresses");
        assert_eq!((v.worst, v.phases), (16, 2));
    }
}
