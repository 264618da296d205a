//! `sharc-map-baseline`: the baseline plan — the "naive kernel" of seed 001 §2.1, one
//! iteration per thread with the target's default block, nothing staged — for every section
//! that has no plan worth mapping. Every later optimization (shared-memory promotion,
//! bank-conflict removal, ILP) is measured against it.
//!
//! It only writes `sharc.plan`; `sharc-map` turns the plan into a `gpumap.band` and
//! `sharc-lower-gpumap` outlines the band, as for every other plan:
//!
//! ```text
//! affine.parallel (%i, %j) = (0, 0) to (%n, %m) { B[i][j] = A[i][j] }
//!   --sharc-map-baseline-->  ... {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], ...}}
//!   --sharc-map-->           gpumap.band (%i, %j) = (0, 0) to (%n, %m) block [8, 32] dims [y, x] ...
//!   --sharc-lower-gpumap-->  gpu.launch_func @f_kernels::@f_b0 blocks in (...) threads in (32, 8, 1)
//! ```
//!
//! [`plan`] decides (and finds everything that keeps a section on the host). The user-facing
//! description is [`INFO`]'s (rendered to `docs/passes/sharc-map-baseline.md`).

mod plan;

use crate::plan::Plan;
use crate::section::sections;
use crate::target_option::target_option;
use sharc_dialects::affine::ParallelOp;
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::syntax::printer::NameTable;
use sharc_ir::{Context, Diagnostic, Location, OpId};
use sharc_machine::Target;

/// What the baseline mapping does with `section` on `target` with the target's default block:
/// the induction variables bound to x, then y, then z, and the block shape; `None` when it keeps
/// the section on the host. The partition search compares its plans against this mapping
/// (`analysis::partition::sectors`).
pub(crate) fn baseline_mapping(
    ctx: &Context,
    section: ParallelOp,
    target: &Target,
) -> Option<(Vec<sharc_ir::Value>, [i64; 3])> {
    let b = plan::plan(ctx, section, target, None).ok()?;
    Some((b.mapped.iter().map(|&d| b.ivs[d]).collect(), b.block))
}

/// The induction variable the baseline mapping binds to x in `section` (the chain loop most
/// accesses use in their last subscript); `sharc-vectorize` pairs accesses along it.
pub(crate) fn x_loop(ctx: &Context, section: ParallelOp) -> Option<sharc_ir::Value> {
    plan::x_loop(ctx, section)
}

/// The declaration of `sharc-map-baseline`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-map-baseline",
    title: "SharcMapBaseline",
    summary: "Plan the baseline mapping (one iteration per thread, the target's default block) for every section without a plan that stages an array",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &BLOCK.spec, &ALIGN_X.spec],
    create,
};

static TARGET: PassOption<String> = target_option("The GPU whose default block shape is used");
static BLOCK: PassOption<Vec<i64>> = PassOption::int_list(
    "block",
    &[],
    "Threads per block along x[,y[,z]], overriding the target's default (sizes past the mapped loops are 1)",
)
.at_least(1);
static ALIGN_X: PassOption<bool> = PassOption::bool(
    "align-x",
    false,
    "Start the x loop at the sector boundary below its constant lower bound that aligns the most accesses (sharcc's default pipeline; the baseline keeps the loop's own bound)",
);

const DESCRIPTION: &str = r#"Attaches the *baseline plan* to every *section* (an outermost
`affine.parallel` of a `func.func`) that has no plan staging an array: the "naive kernel" of
seed 001 §2.1, one iteration per thread on the target's default block, functionally correct
and free of device-specific optimization. It is the baseline every later pass (shared-memory
promotion, bank-conflict removal, ILP) is measured against, and what `sharcc --no-shared` runs.

The pass only decides; `sharc-map` carries the plan out (a `gpumap.band`, the bound check,
the loops that run inside the thread) and `sharc-lower-gpumap` outlines the band into a
kernel, as for a plan of `sharc-partition`: one road from the affine level to the gpu level.

# The plan

1. **Chain.** The section and the `affine.parallel` ops perfectly nested in it (each band's
   body holds only the next band) form a chain of parallel loops: the section loops `0 ..`.
2. **x, y, z.** x is the chain loop whose induction variable appears most often in the *last*
   subscript of the `affine.load`/`affine.store` ops of the body (ties go to the innermost): its
   consecutive iterations touch consecutive addresses, so giving them to consecutive threads
   coalesces (seed 001 §3.2). y is the innermost remaining loop, z the next one. A loop whose
   bounds use other chain loops is only mapped together with them (its iterations are then
   bounded by a hull computed on the host, linear bounds and step 1 only).
3. **Blocks.** The target's `default_block_1d` threads when one loop is mapped, its
   `default_block_2d` (`X×Y`) otherwise (a100: 256, 32×8; AMD targets: 256, 64×4); `block=`
   overrides both. Sizes along dimensions without a mapped loop are 1, since extra threads
   there would repeat iterations.
4. **Inside the thread.** Chain loops that are not mapped (a fourth one, or one whose bounds
   cannot be bounded by a hull) are `"seq"` in the plan: `sharc-map` runs them inside the
   thread.

5. **Sector alignment** (`align-x=true`, sharcc's default pipeline; off in `--no-shared`,
   the baseline everything is measured against). When the x loop has a constant lower bound,
   the band may start below it, at the nearest start that makes more accesses' rows begin on a
   sector boundary (an access counts when its last subscript is the x loop plus a constant):
   `for j = 1 to n - 1` over `B[i][j] = A[i][j]` starts at 0, and a warp's 128-byte row of
   `f32` touches four 32-byte sectors instead of five. The threads below the bound idle behind
   the guard; the plan records the start as `x_lower = S`.

The plan is `{block = array<i64: X, Y, Z>, loops = [...], staged = [], strips = []}`: the
fields of `sharc-partition`'s plan without the search's (`docs/partition.md`). A section whose
plan from `sharc-partition` stages nothing gets the baseline plan instead (its block shape is
chosen for coalescing, not for tiles); a plan that stages arrays is kept, unless `sharc-map`
could not carry it out (a warning says why, and the baseline plan replaces it).

Each planned section gets a remark naming the loops, the block shape and whether threads can
fall outside the iteration space:

```text
remark: baseline plan: x = %arg5, y = %arg4, block 32x8x1, bounds checked in the kernel
```

# Sections that stay on the host

A section the baseline cannot map correctly gets no plan (and loses one that stages nothing),
with a warning saying why; the pass never fails on one:

- it has reductions (`reduce (...)`): a correct GPU reduction needs a combining tree, which
  the baseline does not build;
- its body holds an op outside the `affine`, `arith`, `math`, `memref` and `scf` dialects
  (`func.call`, nested `gpu` ops), or heap allocation and globals (`memref.alloc`,
  `memref.dealloc`, `memref.get_global`);
- it uses a memref allocated by `memref.alloca` on the host (the host stack is not device
  memory), or a value of another type than `index`, integer, float or memref.

Declared-parallel loops are trusted: `affine.parallel` already states that its iterations are
independent.

# Options

- `target` (default `a100`): the GPU whose default block shape is used, a shipped target name
  (`sharc-run --list-targets`) or the path of a target `.toml` (`docs/targets.md`). An unknown
  target is an error.
- `block` (default: the target's): threads per block along `x[,y[,z]]`, e.g. `block=16,16`.
  More than three sizes, a size below 1, or more threads than the target's
  `max_threads_per_block` is an error.

# Example

```mlir
func.func @copy(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
    affine.store %v, %B[%i, %j] : memref<?x?xf32>
  }
  return
}
```

`sharc-opt --sharc-map-baseline --sharc-map` gives:

```mlir
#set = affine_set<(d0, d1)[s0, s1] : (-d0 + s0 - 1 >= 0, -d1 + s1 - 1 >= 0)>
module {
  func.func @copy(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
    gpumap.band (%arg4, %arg5) = (0, 0) to (symbol(%arg2), symbol(%arg3)) block [8, 32] dims [y, x] origin (%arg6, %arg7) {
      affine.if #set(%arg4, %arg5)[%arg2, %arg3] {
        %0 = affine.load %arg0[%arg4, %arg5] : memref<?x?xf32>
        affine.store %0, %arg1[%arg4, %arg5] : memref<?x?xf32>
      }
    } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}}
    return
  }
}
```

and `sharc-lower-gpumap` then launches `@copy_kernels::@copy_b0` on `ceildiv(m, 32) × ceildiv(n, 8)`
blocks of 32×8 threads.

References: seed 001 §2.1 (the naive kernel: one output element per thread, `idx =
blockIdx.x * blockDim.x + threadIdx.x`) and §3.2 (coalescing along x); DESIGN §3 (gpu
mapping)."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(MapBaseline { target: options.get(&TARGET), block: options.get(&BLOCK), align_x: options.get(&ALIGN_X) })
}

struct MapBaseline {
    target: String,
    block: Vec<i64>,
    align_x: bool,
}

impl Pass for MapBaseline {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        // The options come from the command line, not the file, and only the pair of them is
        // wrong (a block too large for this target): there is no place in the file to point at,
        // and the implicit module's 0:0 is none; the tools print `TOOL: error: ...`.
        let error = |msg: String| Diagnostic::error(Location::Unknown, msg);
        let target = Target::load(&self.target).map_err(|e| error(e.to_string()))?;
        let block = self.checked_block(&target).map_err(error)?;
        let names = NameTable::compute(ctx, module, false);
        for section in sections(ctx, module) {
            let loc = ctx.loc(section.0).clone();
            match Plan::of(ctx, section.0) {
                Some(Err(m)) => return Err(Diagnostic::error(loc, format!("malformed sharc.plan: {m}"))),
                Some(Ok(plan)) if !plan.staged.is_empty() => match super::map::check(ctx, section, &plan) {
                    // A plan that stages arrays is the partition search's to keep.
                    Ok(()) => continue,
                    Err(why) => diags.push(Diagnostic::warning(
                        loc.clone(),
                        format!("section not mapped by its plan: {why}; it gets the baseline plan"),
                    )),
                },
                // A plan that stages nothing buys nothing over the baseline, whose block shape
                // is chosen for coalescing rather than for tiles.
                Some(Ok(_)) => diags.push(Diagnostic::remark(loc.clone(), "its plan stages no array: baseline plan")),
                None => {}
            }
            match plan::plan(ctx, section, &target, block.as_deref()) {
                Ok(mut baseline) => {
                    if self.align_x {
                        baseline.x_lower = plan::aligned_x_lower(ctx, section, &baseline, &target);
                    }
                    baseline.plan().attach(ctx, section.0);
                    diags.push(Diagnostic::remark(loc, format!("baseline plan: {}", describe(&baseline, &names))));
                }
                Err(why) => {
                    ctx.remove_attr(section.0, crate::plan::PLAN_ATTR);
                    diags.push(Diagnostic::warning(loc, format!("section stays on the host: {why}")));
                }
            }
        }
        Ok(())
    }
}

impl MapBaseline {
    /// The `block` option, checked against the target: 1 to 3 positive sizes whose product a
    /// block may hold.
    fn checked_block(&self, target: &Target) -> Result<Option<Vec<i64>>, String> {
        if self.block.is_empty() {
            return Ok(None);
        }
        let threads = self.block.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s).filter(|_| s > 0));
        if self.block.len() > 3 || threads.is_none_or(|t| t > i64::from(target.max_threads_per_block)) {
            return Err(format!(
                "invalid block shape '{}': expected 1 to 3 positive sizes with at most {} threads in all ({})",
                self.block.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
                target.max_threads_per_block,
                target.name
            ));
        }
        Ok(Some(self.block.clone()))
    }
}

/// `x = %arg4, y = %arg3, block 32x8x1, 1 parallel loop(s) run inside the thread, bounds
/// checked in the kernel` for the remark.
fn describe(plan: &plan::Baseline, names: &NameTable) -> String {
    let mut parts: Vec<String> = plan
        .mapped
        .iter()
        .zip(sharc_dialects::gpu::Dimension::ALL)
        .map(|(&d, role)| format!("{} = {}", role.keyword(), names.get(plan.ivs[d]).unwrap_or("<iv>")))
        .collect();
    let [x, y, z] = plan.block;
    parts.push(format!("block {x}x{y}x{z}"));
    let inner = plan.ivs.len() - plan.mapped.len();
    if inner > 0 {
        parts.push(format!("{inner} parallel loop(s) run inside the thread"));
    }
    if let Some(x) = plan.x_lower {
        parts.push(format!("x from {x} (sector-aligned)"));
    }
    if plan.guarded || plan.x_lower.is_some() {
        parts.push("bounds checked in the kernel".to_string());
    }
    parts.join(", ")
}
