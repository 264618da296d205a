//! `sharc-map-baseline`: every outermost `affine.parallel` of a function becomes a GPU kernel,
//! one iteration per thread: the "naive kernel" of seed 001 §2.1, which every later
//! optimization (shared-memory promotion, bank-conflict removal, ILP) is measured against.
//!
//! Sketch (a100, default 32×8 blocks):
//!
//! ```text
//! func.func @f(%A, %B, %n, %m) {                 func.func @f(%A, %B, %n, %m) {
//!   affine.parallel (%i, %j) = (0, 0)              %gx = max(1, ceildiv(m, 32)); %gy = max(1, ceildiv(n, 8))
//!       to (symbol(%n), symbol(%m)) {     ==>      gpu.launch_func @f_kernels::@f_s0 blocks in (%gx, %gy, 1)
//!     B[i][j] = A[i][j]                                threads in (32, 8, 1) args(%A, %B, %n, %m)
//!   }                                            }
//! }                                              gpu.module @f_kernels { gpu.func @f_s0(...) kernel {
//!                                                  %j = bid.x * 32 + tid.x;  %i = bid.y * 8 + tid.y
//!                                                  affine.if (%j < %m, %i < %n) { B[i][j] = A[i][j] } } }
//! ```
//!
//! [`plan`] decides (and finds everything that keeps a section on the host) without touching
//! the IR; [`outline`] rewrites; [`space`] holds the affine bookkeeping both share. The
//! user-facing description is [`INFO`]'s (rendered to `docs/passes/sharc-map-baseline.md`).

mod outline;
mod plan;
mod space;

use crate::target_option::target_option;
use sharc_dialects::{affine, func, gpu};
use sharc_ir::pass::{Pass, PassInfo, PassOption, PassOptions};
use sharc_ir::syntax::printer::NameTable;
use sharc_ir::{Context, Diagnostic, OpId};
use sharc_machine::Target;

/// The discardable attribute carrying a section's `share` pragma; it moves to the launch and
/// the kernel.
pub const SHARE_ATTR: &str = "sharc.share";

/// The declaration of `sharc-map-baseline`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-map-baseline",
    title: "SharcMapBaseline",
    summary: "Map every outermost affine.parallel to a GPU kernel, one iteration per thread",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[&TARGET.spec, &BLOCK.spec],
    create,
};

static TARGET: PassOption<String> = target_option("The GPU whose default block shape is used");
static BLOCK: PassOption<Vec<i64>> = PassOption::int_list(
    "block",
    &[],
    "Threads per block along x[,y[,z]], overriding the target's default (sizes past the mapped loops are 1)",
)
.at_least(1);

const DESCRIPTION: &str = r#"Turns every outermost `affine.parallel` of every `func.func` (a
*section*) into a GPU kernel that runs one iteration per thread, launched in the section's place:
the "naive kernel" of seed 001 §2.1, functionally correct and free of device-specific
optimization. It is the baseline every later pass (shared-memory promotion, bank-conflict
removal, ILP) is measured against, and the mapping `sharcc` uses when no plan is chosen.

# Mapping rules

1. **Chain.** The section and the `affine.parallel` ops perfectly nested in it (each band's
   body holds only the next band) form a chain of parallel loops.
2. **x, y, z.** x is the chain loop whose induction variable appears most often in the *last*
   subscript of the `affine.load`/`affine.store` ops of the body (ties go to the innermost): its
   consecutive iterations touch consecutive addresses, so giving them to consecutive threads
   coalesces (seed 001 §3.2). y is the innermost remaining loop, z the next one (one thread
   deep: blocks are `X×Y×1`). A loop whose bounds use other chain loops is only mapped together
   with them, and only with step 1.
3. **Blocks.** The target's `default_block_1d` threads when one loop is mapped, its
   `default_block_2d` (`X×Y`) otherwise (a100: 256, 32×8; AMD targets: 256, 64×4); `block=`
   overrides both. Sizes along dimensions without a mapped loop are 1, since extra threads
   there would repeat iterations (a band without dimensions runs on one thread).
4. **Indices.** A mapped loop's induction variable is `lb + step × (block_id × block_size +
   thread_id)` (an `affine.apply`, or an `affine.max` over several lower bounds). When a loop's
   bounds use other mapped loops (a triangular nest), `lb` and the grid come from a bounding
   box of its iterations, computed on the host by substituting the ends of those loops' own
   ranges (linear bounds only).
5. **Grid.** Computed on the host before the launch: `max(1, ceildiv(ub - lb, step × block))`
   per mapped loop (`affine.apply`/`affine.min` over the bounds, then `arith.maxsi`), a
   constant when the bounds are. One block at least: a launch of zero blocks is an error in
   CUDA and HIP, and the bound check idles the threads of an empty space.
6. **Bound check.** One `affine.if` around the body checks the upper bounds of the mapped loops
   (partial tiles) and, for loops bounded by other mapped loops, their lower bounds. It is left
   out for a loop whose constant trip count is a multiple of its block size.
7. **Loops inside the thread.** Chain loops that are not mapped (a fourth one, or one whose
   bounds cannot be boxed) run inside the thread, as `affine.for` in their original order.
   Every other `affine.parallel` in the body (under a sequential loop, or not perfectly
   nested) becomes one `affine.for` per dimension; one with reductions stays as it is, run by
   the thread. Sequential loops, `affine.if`, `scf` and the rest of the body are kept.
8. **Outlining.** The kernel is `gpu.func @<func>_s<N> kernel` (N counts the function's
   sections from 0) in `gpu.module @<func>_kernels`, right after the function; the module gets
   `gpu.container_module`. Values the section uses but does not define become kernel arguments
   (function arguments first, in order, then host values in order of use), except constants,
   which are copied into the kernel. Argument attributes (`sharc.name`) carry over, the kernel
   gets `known_block_size`, and a `sharc.share` attribute on the section goes to both the
   launch and the kernel. Kernel bodies keep their affine ops; `lower-affine` turns them into
   `scf` afterwards.

Each mapped section gets a remark naming its kernel, which loop went where, the block shape
and whether bounds are checked:

```text
remark: section mapped to @f_kernels::@f_s0: x = %arg5, y = %arg4, block 32x8x1, bounds checked in the kernel
```

# Sections that stay on the host

A section the pass cannot map correctly is left as it is, with a warning saying why; the pass
never fails on one:

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

`sharc-opt --sharc-map-baseline` gives:

```mlir
#map = affine_map<()[s0] -> (s0 ceildiv 32)>
#map1 = affine_map<()[s0] -> (s0 ceildiv 8)>
#map2 = affine_map<()[s0, s1] -> (s0 * 32 + s1)>
#map3 = affine_map<()[s0, s1] -> (s0 * 8 + s1)>
#set = affine_set<(d0, d1)[s0, s1] : (-d1 + s1 - 1 >= 0, -d0 + s0 - 1 >= 0)>
module attributes {gpu.container_module} {
  func.func @copy(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
    %c1 = arith.constant 1 : index
    %0 = affine.apply #map()[%arg3]
    %1 = arith.maxsi %0, %c1 : index
    %2 = affine.apply #map1()[%arg2]
    %3 = arith.maxsi %2, %c1 : index
    %c32 = arith.constant 32 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func  @copy_kernels::@copy_s0 blocks in (%1, %3, %c1) threads in (%c32, %c8, %c1)  args(%arg0 : memref<?x?xf32>, %arg1 : memref<?x?xf32>, %arg2 : index, %arg3 : index)
    return
  }
  gpu.module @copy_kernels {
    gpu.func @copy_s0(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %block_id_x = gpu.block_id  x
      %thread_id_x = gpu.thread_id  x
      %0 = affine.apply #map2()[%block_id_x, %thread_id_x]
      %block_id_y = gpu.block_id  y
      %thread_id_y = gpu.thread_id  y
      %1 = affine.apply #map3()[%block_id_y, %thread_id_y]
      affine.if #set(%1, %0)[%arg2, %arg3] {
        %2 = affine.load %arg0[%1, %0] : memref<?x?xf32>
        affine.store %2, %arg1[%1, %0] : memref<?x?xf32>
      }
      gpu.return
    }
  }
}
```

References: seed 001 §2.1 (the naive kernel: one output element per thread, `idx =
blockIdx.x * blockDim.x + threadIdx.x`) and §3.2 (coalescing along x); DESIGN §3 (gpu
mapping)."#;

fn create(options: &PassOptions) -> Box<dyn Pass> {
    Box::new(MapBaseline { target: options.get(&TARGET), block: options.get(&BLOCK) })
}

struct MapBaseline {
    target: String,
    block: Vec<i64>,
}

impl Pass for MapBaseline {
    fn run(&mut self, ctx: &mut Context, module: OpId, diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let error = |ctx: &Context, msg: String| Diagnostic::error(ctx.loc(module).clone(), msg);
        let target = Target::load(&self.target).map_err(|e| error(ctx, e.to_string()))?;
        let block = self.checked_block(&target).map_err(|msg| error(ctx, msg))?;
        let names = NameTable::compute(ctx, module, false);
        let Some(body) = ctx.regions(module).first().and_then(|&r| ctx.entry_block(r)) else { return Ok(()) };
        let mut launched = false;
        let funcs: Vec<func::FuncOp> =
            ctx.block_ops(body).into_iter().filter_map(|op| func::FuncOp::view(ctx, op)).collect();
        for f in funcs {
            let Some(name) = f.name(ctx).map(str::to_string) else { continue };
            let mut kernels: Option<gpu::ModuleOp> = None;
            for (n, section) in sections(ctx, f.0).into_iter().enumerate() {
                let loc = ctx.loc(section.0).clone();
                let planned = match plan::plan(ctx, section, &target, block.as_deref()) {
                    Ok(p) => p,
                    Err(why) => {
                        diags.push(Diagnostic::warning(loc, format!("section stays on the host: {why}")));
                        continue;
                    }
                };
                let summary = describe(&planned, &names);
                let module_op = *kernels.get_or_insert_with(|| kernel_module(ctx, module, f.0, &name));
                let kernel = format!("{name}_s{n}");
                if outline::outline(ctx, &planned, module_op, &kernel) {
                    launched = true;
                    let at = format!("@{}::@{kernel}", module_op.name(ctx));
                    diags.push(Diagnostic::remark(loc, format!("section mapped to {at}: {summary}")));
                } else {
                    diags.push(Diagnostic::warning(loc, "section stays on the host: its kernel could not be built"));
                }
            }
            if let Some(m) = kernels.filter(|m| m.funcs(ctx).is_empty()) {
                ctx.erase_op(m.0);
            }
        }
        if launched {
            gpu::set_container_module(ctx, module);
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

/// The outermost `affine.parallel` ops of `f` (not nested in another one, nor already in a
/// kernel), in order.
fn sections(ctx: &Context, f: OpId) -> Vec<affine::ParallelOp> {
    let is_section = |p: affine::ParallelOp| {
        let mut cur = ctx.parent_op(p.0);
        while let Some(a) = cur {
            if a == f {
                return true;
            }
            if affine::ParallelOp::view(ctx, a).is_some() || gpu::LaunchOp::view(ctx, a).is_some() {
                return false;
            }
            cur = ctx.parent_op(a);
        }
        false
    };
    ctx.collect_ops(f)
        .into_iter()
        .filter_map(|op| affine::ParallelOp::view(ctx, op))
        .filter(|&p| is_section(p))
        .collect()
}

/// A new `gpu.module @<func>_kernels` right after `f` (suffixed if the name is taken).
fn kernel_module(ctx: &mut Context, module: OpId, f: OpId, func_name: &str) -> gpu::ModuleOp {
    let base = format!("{func_name}_kernels");
    let name = (0..)
        .map(|i| if i == 0 { base.clone() } else { format!("{base}_{i}") })
        .find(|n| ctx.lookup_symbol_in(module, n).is_none())
        .unwrap_or(base);
    let m = gpu::ModuleOp::build(ctx, ctx.loc(f).clone(), &name);
    ctx.insert_op(sharc_ir::InsertPoint::After(f), m.0);
    m
}

/// `x = %arg4 (32 threads), y = %arg3 (8 threads); guarded` for the remark.
fn describe(plan: &plan::Plan, names: &NameTable) -> String {
    let mut parts: Vec<String> = plan
        .mapped
        .iter()
        .map(|m| {
            let iv = names.get(plan.dims[m.dim].iv).unwrap_or("<iv>");
            format!("{} = {iv}", m.role.keyword())
        })
        .collect();
    let [x, y, z] = plan.block;
    parts.push(format!("block {x}x{y}x{z}"));
    let inner = plan.dims.len() - plan.mapped.len();
    if inner > 0 {
        parts.push(format!("{inner} parallel loop(s) run inside the thread"));
    }
    if plan.mapped.iter().any(|m| m.guard_upper || m.guard_lower) {
        parts.push("bounds checked in the kernel".to_string());
    }
    parts.join(", ")
}
