//! `sharc-lower-gpumap`: every `gpumap.band` becomes a `gpu.func` kernel and a
//! `gpu.launch_func`, and the `memplace` ops in it become upstream gpu-level IR: workgroup
//! attributions, cooperative copy loops and `gpu.barrier`. The output is the gpu level
//! `mlir-opt`, `lower-affine` and `sharc-translate` accept.
//!
//! Sketch (one 16x16 block, `A` tiled in shared memory):
//!
//! ```text
//! gpumap.band (%i, %j) = (0, 0) to (64, 64)          gpu.launch_func @f_kernels::@f_b0 blocks in (4, 4, 1)
//!     block [16, 16] dims [y, x] origin (%bi, %bj) {     threads in (16, 16, 1) args(%A, ...)
//!   %As = memplace.alloc_shared : memref<16x16xf32, 3> gpu.func @f_b0(%A, ...) workgroup(%As : ...) kernel {
//!   memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16]   %bi = by * 16; %i = %bi + ty; (and x)
//!   memplace.barrier                      ==>             %t = tx + ty * 16
//!   ...                                                   affine.for %e = %t to 256 step 256 {
//! }                                                         %v = affine.if (A[bi + e / 16, kk + e % 16] inside A)
//!                                                                 { load A } else { 0 }
//!                                                           affine.store %v, %As[e / 16, e % 16] }
//!                                                         gpu.barrier ... }
//! ```
//!
//! The user-facing description is [`INFO`]'s (rendered to `docs/passes/sharc-lower-gpumap.md`).

use sharc_dialects::affine::{ForOp, IfOp, LoadOp, StoreOp, YieldOp};
use sharc_dialects::arith::{AddIOp, ConstantOp, DivUIOp, MulIOp, RemUIOp};
use sharc_dialects::gpumap::{BandOp, BlockOrder};
use sharc_dialects::memplace::{AllocSharedOp, BarrierOp, CopyOp, Direction};
use sharc_dialects::memref::DimOp;
use sharc_dialects::{affine, func, gpu};
use sharc_ir::affine::{AffineExpr, AffineMap, IntegerSet};
use sharc_ir::pass::{Pass, PassInfo, PassOptions};
use sharc_ir::types::{TypeKind, DYNAMIC};
use sharc_ir::{Builder, Context, Diagnostic, InsertPoint, Location, OpId, OpTraits, Type, Value};
use std::collections::HashMap;

mod layout;

/// The declaration of `sharc-lower-gpumap`.
pub static INFO: PassInfo = PassInfo {
    name: "sharc-lower-gpumap",
    title: "SharcLowerGpumap",
    summary: "Outline gpumap.band into gpu kernels and lower the memplace ops to the gpu dialect",
    description: DESCRIPTION,
    anchor: Some(sharc_ir::symbol::MODULE_OP),
    options: &[],
    create,
};

const DESCRIPTION: &str = r#"Lowers sharc's mapping and memory-placement levels to the gpu
dialect: every `gpumap.band` of every `func.func` becomes a kernel (`gpu.func` in a
`gpu.module`) launched in the band's place by `gpu.launch_func`, and the `memplace` ops of its
body become gpu-level IR. The result is the gpu level: upstream `mlir-opt` parses and verifies
it, `sharc-run` executes it with the same results and memory accesses as the band, and after
`lower-affine` `sharc-translate` compiles it.

# The kernel

- **Launch.** Loop `d` of the band gets `ceildiv(ub - lb, step_d * tile_d)` blocks (the tile
  is the block unless `sharc-ilp` made it larger; the minimum over its `min`/`max` bound groups) along its hardware dimension and `block_d` threads per block (1 along dimensions without a loop). Constant bounds
  give constant sizes, and a band with a constant empty loop is erased. Otherwise the sizes are
  `affine.apply`s on the host, and the launch is guarded by an `affine.if` that skips it when a
  loop is empty (a launch of zero blocks is an error in CUDA and HIP).
- **Outlining.** The kernel is `gpu.func @<func>_b<N> kernel` (N counts the function's bands
  from 0) in `gpu.module @<func>_kernels`, right after the function; the module gets
  `gpu.container_module`. Values the band uses but does not define, and the operands of its
  lower bounds, become kernel arguments (function arguments first, in order, then host values
  in order of use), except constants, which are copied into the kernel. Argument attributes
  (`sharc.name`) carry over; the kernel gets `known_block_size`; the band's discardable
  attributes (`sharc.share`, `sharc.plan`) go to both the kernel and the launch.
- **Indices.** The block origin of loop `d` is `lb_d + step_d * block_id * tile_d` (an
  `affine.max` over a lower-bound group) and its induction variable `origin + step_d *
  thread_id` (`origin + step_d * f * thread_id` when the tile is dealt `blocked`, `f =
  tile_d / block_d`: the thread's first iteration; `affine.apply`s over `gpu.block_id` /
  `gpu.thread_id` of its hardware dimension). The body is copied after them, unchanged but for the memplace ops.
- **Block order.** A band with `order diagonal` runs tile `(x', y')` in block `(bx, by)`:
  `t = bx + gx * by`, `y' = t mod gy`, `x' = (t / gy + y') mod gx` with the grid read from
  `gpu.grid_dim` (`arith.muli`/`addi`/`remui`/`divui`, since the grid is dynamic in general);
  `x'` and `y'` replace `gpu.block_id x`/`y` in the origins above.

# The memplace ops

- `memplace.alloc_shared` becomes a workgroup attribution of the kernel
  (`workgroup(%arg : memref<..., #gpu.address_space<workgroup>>)`).
- `memplace.barrier` becomes `gpu.barrier`.
- `memplace.copy_in %A[origin] to %S sizes [s0, ..., sn]` becomes a loop over the flattened
  tile, one element per thread per iteration, with `t` the linear thread id
  (`x + y*bx + z*bx*by`) and `B` the threads of a block:

  ```mlir
  affine.for %e = %t to S step B {          // S = s0 * ... * sn
    %v = affine.if #inside(...) -> f32 {     // origin + tile index within A's bounds
      %x = affine.load %A[origin + tile index of %e] ...
      affine.yield %x : f32
    } else {
      affine.yield %zero : f32
    }
    affine.store %v, %S[tile index of %e] ...
  }
  ```

  The tile index of `%e` is row-major: `(e floordiv (s1*...*sn)) mod s0, ...`. The bounds of
  dynamic dimensions of `A` are `memref.dim`s.
- `memplace.copy_out` is the same loop with `affine.if #inside { load %S; store %A }`; with a
  valid extent `valid [%e0, ...]`, `#inside` also requires each tile index below its extent
  (`%e_d - tile index - 1 >= 0`, the extents as dims of the guard).
- A buffer with a `layout` other than `row_major` (see `memplace.alloc_shared`) has no layout
  at the gpu level: after the copies are loops, every access of its attribution (the copy
  loops' too) indexes the physical position of the element, the address `sharc-run` gives it
  at the memplace level. `transposed` gives the attribution the swapped shape and swaps the
  last two indices (`[.., r, c]` -> `[.., c, r]`); `soa<fields = K>` gives it shape
  `[K, N / K]` and indexes `[e mod K, e floordiv K]` with `e` the row-major flat index; both
  compose into the map of an `affine.load`/`affine.store`. `xor<vec = V, per_phase = P,
  max_phase = M>` keeps the shape and replaces the innermost index by
  `((col >> log2 V) xor ((row >> log2 P) and (M - 1))) * V + (col and (V - 1))` (`row` the
  flattened outer index) in `arith` ops; affine maps cannot XOR, so the access becomes a
  `memref.load`/`memref.store` of indices computed by `affine.apply`. `memref.load`/`store`
  accesses are re-indexed with `arith` ops for every layout.

These are exactly the accesses `sharc-run` makes when it executes the memplace ops, so the
metrics of the band and of the lowered kernel agree.

# Example

```mlir
func.func @copy(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%bi, %bj) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %B[%i, %j] : memref<64x64xf32>
  }
  return
}
```

`sharc-opt --sharc-lower-gpumap` gives:

```mlir
#map = affine_map<()[s0] -> (s0 * 8)>
#map1 = affine_map<()[s0, s1] -> (s0 + s1)>
#map2 = affine_map<()[s0] -> (s0 * 32)>
module attributes {gpu.container_module} {
  func.func @copy(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) {
    %c8 = arith.constant 8 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c1 = arith.constant 1 : index
    gpu.launch_func  @copy_kernels::@copy_b0 blocks in (%c2, %c8, %c1) threads in (%c32, %c8, %c1)  args(%arg0 : memref<64x64xf32>, %arg1 : memref<64x64xf32>)
    return
  }
  gpu.module @copy_kernels {
    gpu.func @copy_b0(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %block_id_y = gpu.block_id  y
      %thread_id_y = gpu.thread_id  y
      %0 = affine.apply #map()[%block_id_y]
      %1 = affine.apply #map1()[%0, %thread_id_y]
      %block_id_x = gpu.block_id  x
      %thread_id_x = gpu.thread_id  x
      %2 = affine.apply #map2()[%block_id_x]
      %3 = affine.apply #map1()[%2, %thread_id_x]
      %4 = affine.load %arg0[%1, %3] : memref<64x64xf32>
      affine.store %4, %arg1[%1, %3] : memref<64x64xf32>
      gpu.return
    }
  }
}
```

References: seed 000 §7 (the cooperative load recipe: the linear thread id walks the flattened
tile, out-of-bounds elements are zero), DESIGN §2 (the gpumap and memplace levels)."#;

fn create(_: &PassOptions) -> Box<dyn Pass> {
    Box::new(LowerGpumap)
}

struct LowerGpumap;

impl Pass for LowerGpumap {
    fn run(&mut self, ctx: &mut Context, module: OpId, _diags: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let Some(body) = ctx.regions(module).first().and_then(|&r| ctx.entry_block(r)) else { return Ok(()) };
        let funcs: Vec<func::FuncOp> =
            ctx.block_ops(body).into_iter().filter_map(|op| func::FuncOp::view(ctx, op)).collect();
        let mut launched = false;
        for f in funcs {
            let Some(name) = f.name(ctx).map(str::to_string) else { continue };
            let bands: Vec<BandOp> = ctx.collect_ops(f.0).into_iter().filter_map(|op| BandOp::view(ctx, op)).collect();
            let mut kernels: Option<gpu::ModuleOp> = None;
            for (n, band) in bands.into_iter().enumerate() {
                let Some(grid) = grid(ctx, band) else {
                    return Err(error(ctx, band.0, "cannot compute the grid of this band"));
                };
                if grid.iter().any(|g| matches!(g, Extent::Static(blocks) if *blocks <= 0)) {
                    // A loop without iterations: no thread block ever runs the body.
                    ctx.erase_op(band.0);
                    continue;
                }
                let kernel_module = *kernels.get_or_insert_with(|| kernel_module(ctx, module, f.0, &name));
                let kernel_name = format!("{name}_b{n}");
                let captures = captures(ctx, band);
                build_kernel(ctx, band, &captures, kernel_module, &kernel_name)?;
                let module_name = kernel_module.name(ctx).to_string();
                launch(ctx, band, grid, &captures, &module_name, &kernel_name);
                launched = true;
            }
        }
        if launched {
            gpu::set_container_module(ctx, module);
        }
        Ok(())
    }
}

fn error(ctx: &Context, op: OpId, msg: &str) -> Diagnostic {
    Diagnostic::error(ctx.loc(op).clone(), msg.to_string())
}

/// A new `gpu.module @<func>_kernels` right after `f` (suffixed if the name is taken).
fn kernel_module(ctx: &mut Context, module: OpId, f: OpId, func_name: &str) -> gpu::ModuleOp {
    let base = format!("{func_name}_kernels");
    let name = (0..)
        .map(|i| if i == 0 { base.clone() } else { format!("{base}_{i}") })
        .find(|n| ctx.lookup_symbol_in(module, n).is_none())
        .unwrap_or(base);
    let m = gpu::ModuleOp::build(ctx, ctx.loc(f).clone(), &name);
    ctx.insert_op(InsertPoint::After(f), m.0);
    m
}

// ----- affine maps over a growing operand list ---------------------------------------------------

/// The operands of maps under construction: expressions imported from other maps are
/// re-indexed into one list of dims and one of symbols, so several maps can share them.
#[derive(Default)]
struct MapOperands {
    dims: Vec<Value>,
    syms: Vec<Value>,
}

impl MapOperands {
    fn position(list: &mut Vec<Value>, v: Value) -> u32 {
        match list.iter().position(|&x| x == v) {
            Some(i) => i as u32,
            None => {
                list.push(v);
                (list.len() - 1) as u32
            }
        }
    }

    fn dim(&mut self, v: Value) -> AffineExpr {
        AffineExpr::dim(Self::position(&mut self.dims, v))
    }

    fn sym(&mut self, v: Value) -> AffineExpr {
        AffineExpr::symbol(Self::position(&mut self.syms, v))
    }

    /// The results of `map` (over `operands`, dims then symbols) in terms of this list.
    fn import(&mut self, map: &AffineMap, operands: &[Value]) -> Vec<AffineExpr> {
        let nd = (map.num_dims() as usize).min(operands.len());
        let dims: Vec<AffineExpr> = operands[..nd].iter().map(|&v| self.dim(v)).collect();
        let syms: Vec<AffineExpr> = operands[nd..].iter().map(|&v| self.sym(v)).collect();
        map.results().iter().map(|e| e.replace_dims_and_symbols(&dims, &syms)).collect()
    }

    fn map(&self, exprs: Vec<AffineExpr>) -> Option<AffineMap> {
        AffineMap::new(self.dims.len() as u32, self.syms.len() as u32, exprs).ok()
    }

    fn set(&self, constraints: Vec<AffineExpr>) -> Option<IntegerSet> {
        let n = constraints.len();
        IntegerSet::new(self.dims.len() as u32, self.syms.len() as u32, constraints, vec![false; n]).ok()
    }

    fn operands(&self) -> Vec<Value> {
        self.dims.iter().chain(&self.syms).copied().collect()
    }
}

// ----- the host side ----------------------------------------------------------------------------

/// A grid size: known, or computed on the host by a map over host values.
enum Extent {
    Static(i64),
    Dynamic(AffineMap, Vec<Value>),
}

/// The blocks of each loop, `ceildiv(ub - lb, step * tile)` (the minimum over its groups'
/// upper and lower bounds), in loop order.
fn grid(ctx: &Context, band: BandOp) -> Option<Vec<Extent>> {
    let (sizes, steps) = (band.tile_sizes(ctx), band.steps(ctx));
    let mut m = MapOperands::default();
    let mut per_loop = Vec::new();
    for (d, (&size, &step)) in sizes.iter().zip(&steps).enumerate() {
        let lbs = m.import(&band.lower_bound_map(ctx, d)?, band.lower_bound_operands(ctx));
        let ubs = m.import(&band.upper_bound_map(ctx, d)?, band.upper_bound_operands(ctx));
        let per_block = step.checked_mul(size)?;
        // Constant bounds whose distance overflows i64 (C allows `i = -LONG_MAX; i < LONG_MAX`):
        // the folded `ub - lb` would wrap to a negative grid and the band would vanish as empty.
        for (u, l) in ubs.iter().flat_map(|u| lbs.iter().map(move |l| (u, l))) {
            if let (Some(u), Some(l)) = (u.as_constant(), l.as_constant()) {
                u.checked_sub(l)?;
            }
        }
        let exprs: Vec<AffineExpr> =
            ubs.iter().flat_map(|u| lbs.iter().map(move |l| (u.clone() - l.clone()).ceil_div(per_block))).collect();
        per_loop.push(exprs);
    }
    per_loop
        .into_iter()
        .map(|exprs| {
            let map = m.map(exprs)?;
            Some(match map.constant_results().and_then(|c| c.into_iter().min()) {
                Some(c) => Extent::Static(c),
                None => Extent::Dynamic(map, m.operands()),
            })
        })
        .collect()
}

/// In the band's place: the grid and block sizes, the launch (inside an `affine.if` that skips
/// it when a dynamic loop is empty), then the band is erased.
fn launch(ctx: &mut Context, band: BandOp, grid: Vec<Extent>, captured: &Captures, module: &str, kernel: &str) {
    let loc = ctx.loc(band.0).clone();
    let mut b = Builder::before(band.0);
    let mut constants: HashMap<i64, Value> = HashMap::new();
    let mut constant = |ctx: &mut Context, b: &mut Builder, v: i64| {
        *constants.entry(v).or_insert_with(|| {
            let state = ConstantOp::index(ctx, v, loc.clone());
            b.insert_value(ctx, state)
        })
    };
    let dims = band.mapping(ctx);
    let mut grid_values: [Option<Value>; 3] = [None; 3];
    let mut nonempty = Vec::new();
    let mut guard_operands = MapOperands::default();
    for (extent, dim) in grid.into_iter().zip(&dims) {
        let Some(dim) = dim else { continue };
        let v = match extent {
            Extent::Static(n) => constant(ctx, &mut b, n),
            Extent::Dynamic(map, operands) => {
                let blocks = guard_operands.import(&map, &operands);
                nonempty.extend(blocks.into_iter().map(|e| e - 1));
                let state = if map.num_results() == 1 {
                    affine::ApplyOp::build(ctx, loc.clone(), map, &operands)
                } else {
                    affine::MinOp::build(ctx, loc.clone(), map, &operands)
                };
                b.insert_value(ctx, state)
            }
        };
        grid_values[dim.index()] = Some(v);
    }
    let shape = band.block_shape(ctx);
    let block_values = shape.map(|n| constant(ctx, &mut b, n));
    let one = constant(ctx, &mut b, 1);
    let grid_values = grid_values.map(|g| g.unwrap_or(one));
    let mut at = band.0;
    if let Some(set) = (!nonempty.is_empty()).then(|| guard_operands.set(nonempty)).flatten() {
        let state = IfOp::build(ctx, loc.clone(), set, &guard_operands.operands(), &[], false);
        let guard = IfOp(b.insert(ctx, state));
        if let Some(t) = guard.then_block(ctx).and_then(|blk| ctx.block_last_op(blk)) {
            at = t;
        }
    }
    let launch = gpu::LaunchFuncOp::build(ctx, loc, module, kernel, grid_values, block_values, None, &captured.values);
    ctx.insert_op(InsertPoint::Before(at), launch.0);
    for (name, attr) in ctx.attrs(band.0).to_vec() {
        ctx.set_attr(launch.0, &name, attr);
    }
    ctx.erase_op(band.0);
}

// ----- the kernel -------------------------------------------------------------------------------

/// What the kernel takes from the host: values passed as arguments, constants copied.
struct Captures {
    values: Vec<Value>,
    constants: Vec<OpId>,
}

/// The values the band's body uses but does not define, and the operands of its lower bounds
/// (the kernel computes the origins from them): function arguments first, then the rest in
/// order of use; constants are copied instead.
fn captures(ctx: &Context, band: BandOp) -> Captures {
    let mut used: Vec<Value> = band.lower_bound_operands(ctx).to_vec();
    for op in ctx.collect_ops(band.0) {
        if op != band.0 {
            used.extend_from_slice(ctx.operands(op));
        }
    }
    let (mut values, mut constants) = (Vec::new(), Vec::new());
    for v in used {
        let inside =
            ctx.value_block(v).and_then(|b| ctx.block_parent_op(b)).is_some_and(|o| ctx.is_ancestor(band.0, o));
        if inside || values.contains(&v) {
            continue;
        }
        match ctx.defining_op(v) {
            Some(def) if ctx.op_has(def, OpTraits::CONSTANT_LIKE) && ctx.operands(def).is_empty() => {
                if !constants.contains(&def) {
                    constants.push(def);
                }
            }
            _ => values.push(v),
        }
    }
    let func_arg_index = |v: Value| {
        let b = ctx.value_block(v)?;
        let f = func::FuncOp::view(ctx, ctx.block_parent_op(b)?)?;
        f.arguments(ctx).iter().position(|&a| a == v)
    };
    values.sort_by_key(|&v| func_arg_index(v).map_or((1, 0), |i| (0, i)));
    Captures { values, constants }
}

/// Builds the kernel of `band` in `module`.
fn build_kernel(
    ctx: &mut Context,
    band: BandOp,
    captured: &Captures,
    module: gpu::ModuleOp,
    name: &str,
) -> Result<gpu::FuncOp, Diagnostic> {
    let loc = ctx.loc(band.0).clone();
    let arg_types: Vec<Type> = captured.values.iter().map(|&v| ctx.value_type(v)).collect();
    let kernel = gpu::FuncOp::build(ctx, loc.clone(), name, &arg_types, &[], true);
    kernel.insert_into(ctx, module);
    let shape = band.block_shape(ctx).map(|n| i32::try_from(n).unwrap_or(i32::MAX));
    kernel.set_known_block_size(ctx, shape);
    super::copy_arg_attrs(ctx, &captured.values, kernel);
    for (attr_name, attr) in ctx.attrs(band.0).to_vec() {
        ctx.set_attr(kernel.0, &attr_name, attr);
    }
    let entry = kernel.entry_block(ctx);
    let ret = Builder::at_end(entry).insert(ctx, gpu::ReturnOp::state(loc.clone(), &[]));
    let mut map: HashMap<Value, Value> = captured.values.iter().copied().zip(kernel.arguments(ctx).to_vec()).collect();
    for &c in &captured.constants {
        let copy = ctx.clone_op(c, &mut map);
        ctx.insert_op(InsertPoint::Before(ret), copy);
    }
    let thread_ids = match indices(ctx, band, &mut map, ret, &loc) {
        Some(t) => t,
        None => {
            ctx.erase_op(kernel.0);
            return Err(error(ctx, band.0, "cannot compute the induction variables of this band"));
        }
    };
    let threads = band.block_shape(ctx);
    let has_copies = ctx.collect_ops(band.0).into_iter().any(|op| CopyOp::view(ctx, op).is_some());
    let linear_id = if has_copies { linear_thread_id(ctx, &thread_ids, threads, ret, &loc) } else { None };
    let Some(body) = band.body(ctx) else {
        ctx.erase_op(kernel.0);
        return Err(error(ctx, band.0, "gpumap.band without a body"));
    };
    let mut laid_out = Vec::new();
    for op in ctx.block_ops(body) {
        if let Some(alloc) = AllocSharedOp::view(ctx, op) {
            let buffer = alloc.result(ctx);
            let Some(layout) = alloc.layout(ctx) else {
                ctx.erase_op(kernel.0);
                return Err(error(ctx, op, "unknown shared-buffer layout"));
            };
            let ty = ctx.value_type(buffer);
            let shape = alloc.shape(ctx);
            let ty = if layout.is_row_major() {
                ty
            } else {
                // The attribution is indexed physically: the layout's physical shape.
                let physical = layout.physical_shape(&shape);
                let (elem, space) = (ctx.element_type_or_self(ty), ctx.memref_parts(ty).and_then(|m| m.memory_space));
                ctx.ty(TypeKind::MemRef { shape: physical, elem, layout: None, memory_space: space })
            };
            let attribution = kernel.add_workgroup_attribution(ctx, ty);
            map.insert(buffer, attribution);
            if !layout.is_row_major() {
                laid_out.push(layout::LaidOut { buffer: attribution, layout, shape });
            }
        } else if Some(op) != band.yield_op(ctx) {
            let copy = ctx.clone_op(op, &mut map);
            ctx.insert_op(InsertPoint::Before(ret), copy);
        }
    }
    for op in ctx.collect_ops(kernel.0) {
        if BarrierOp::view(ctx, op).is_some() {
            let loc = ctx.loc(op).clone();
            Builder::before(op).insert(ctx, gpu::BarrierOp::state(loc));
            ctx.erase_op(op);
        } else if let Some(copy) = CopyOp::view(ctx, op) {
            let block_threads = threads.iter().try_fold(1i64, |acc, &t| acc.checked_mul(t));
            let lowered = linear_id.zip(block_threads).and_then(|(id, n)| lower_copy(ctx, copy, id, n));
            if lowered.is_none() {
                let e = error(ctx, op, "cannot lower this copy");
                ctx.erase_op(kernel.0);
                return Err(e);
            }
        }
    }
    // After the copies are loops: their accesses of laid-out buffers are rewritten too.
    for l in &laid_out {
        if let Err(op) = layout::lower_accesses(ctx, l) {
            let e = error(ctx, op, &format!("cannot lower the {} layout of a shared buffer used here", l.layout));
            ctx.erase_op(kernel.0);
            return Err(e);
        }
    }
    Ok(kernel)
}

/// The block origins and induction variables at the top of the kernel, recorded in `map` for
/// the band's body arguments; returns the thread ids by hardware dimension.
fn indices(
    ctx: &mut Context,
    band: BandOp,
    map: &mut HashMap<Value, Value>,
    before: OpId,
    loc: &Location,
) -> Option<[Option<Value>; 3]> {
    let lb_operands: Vec<Value> =
        band.lower_bound_operands(ctx).iter().map(|v| map.get(v).copied()).collect::<Option<_>>()?;
    let (ivs, origins, steps) = (band.ivs(ctx).to_vec(), band.origins(ctx).to_vec(), band.steps(ctx));
    let mut thread_ids = [None; 3];
    let mut b = Builder::before(before);
    let (tiles, replication, distributions) = (band.tile_sizes(ctx), band.replication(ctx), band.distributions(ctx));
    let tile_ids = match band.block_order(ctx)? {
        BlockOrder::Identity => None,
        BlockOrder::Diagonal => Some(diagonal_tile_ids(ctx, &mut b, loc)),
    };
    for (d, dim) in band.mapping(ctx).into_iter().enumerate() {
        let lb = band.lower_bound_map(ctx, d)?;
        let (step, size) = (*steps.get(d)?, *tiles.get(d)?);
        let stride = (*distributions.get(d)?)?.thread_stride(*replication.get(d)?);
        let dim = dim?;
        let block_id = match tile_ids.and_then(|ids| ids[dim.index()]) {
            Some(id) => id,
            None => {
                let state = gpu::IndexOp::state(ctx, loc.clone(), gpu::IndexKind::BlockId, dim);
                b.insert_value(ctx, state)
            }
        };
        let state = gpu::IndexOp::state(ctx, loc.clone(), gpu::IndexKind::ThreadId, dim);
        let thread_id = b.insert_value(ctx, state);
        thread_ids[dim.index()] = Some(thread_id);
        // origin = max(lower bounds) + step * block_id * tile; iv = origin + step * stride *
        // thread_id (replica 0's iteration; the body runs the other replicas itself).
        let mut m = MapOperands::default();
        let first = m.sym(block_id) * size.checked_mul(step)?;
        let starts: Vec<AffineExpr> = m.import(&lb, &lb_operands).into_iter().map(|l| l + first.clone()).collect();
        let state = if starts.len() == 1 {
            affine::ApplyOp::build(ctx, loc.clone(), m.map(starts)?, &m.operands())
        } else {
            affine::MaxOp::build(ctx, loc.clone(), m.map(starts)?, &m.operands())
        };
        let origin = b.insert_value(ctx, state);
        let iv = AffineMap::new(0, 2, vec![AffineExpr::symbol(0) + AffineExpr::symbol(1) * step.checked_mul(stride)?])
            .ok()?;
        let state = affine::ApplyOp::build(ctx, loc.clone(), iv, &[origin, thread_id]);
        let iv = b.insert_value(ctx, state);
        map.insert(*origins.get(d)?, origin);
        map.insert(*ivs.get(d)?, iv);
    }
    Some(thread_ids)
}

/// The tile indices along x and y that the diagonal block order deals this block
/// ([`BlockOrder::tile`]): `t = bx + gx * by`, `y' = t mod gy`, `x' = (t / gy + y') mod gx`.
/// The grid is `gpu.grid_dim` at run time (grids of `symbol(%n)`-sized bands are only known
/// then), so the divisions are `arith` ops, which affine maps cannot express with a symbol
/// divisor; all operands are non-negative, so the unsigned forms are exact.
fn diagonal_tile_ids(ctx: &mut Context, b: &mut Builder, loc: &Location) -> [Option<Value>; 3] {
    let index = ctx.index_type();
    let read = |ctx: &mut Context, b: &mut Builder, kind, dim| {
        let state = gpu::IndexOp::state(ctx, loc.clone(), kind, dim);
        b.insert_value(ctx, state)
    };
    let bx = read(ctx, b, gpu::IndexKind::BlockId, gpu::Dimension::X);
    let by = read(ctx, b, gpu::IndexKind::BlockId, gpu::Dimension::Y);
    let gx = read(ctx, b, gpu::IndexKind::GridDim, gpu::Dimension::X);
    let gy = read(ctx, b, gpu::IndexKind::GridDim, gpu::Dimension::Y);
    let row = b.insert_value(ctx, MulIOp::state(&[gx, by], index, loc.clone()));
    let t = b.insert_value(ctx, AddIOp::state(&[bx, row], index, loc.clone()));
    let ny = b.insert_value(ctx, RemUIOp::state(&[t, gy], index, loc.clone()));
    let q = b.insert_value(ctx, DivUIOp::state(&[t, gy], index, loc.clone()));
    let s = b.insert_value(ctx, AddIOp::state(&[q, ny], index, loc.clone()));
    let nx = b.insert_value(ctx, RemUIOp::state(&[s, gx], index, loc.clone()));
    [Some(nx), Some(ny), None]
}

/// `x + y*bx + z*bx*by` (CUDA's linear thread id), before `before`.
fn linear_thread_id(
    ctx: &mut Context,
    thread_ids: &[Option<Value>; 3],
    threads: [i64; 3],
    before: OpId,
    loc: &Location,
) -> Option<Value> {
    let mut m = MapOperands::default();
    let mut expr = AffineExpr::constant(0);
    let mut stride = 1;
    for (d, id) in thread_ids.iter().enumerate() {
        if let Some(&id) = id.as_ref().filter(|_| threads[d] > 1) {
            expr = expr + m.sym(id) * stride;
        }
        stride *= threads[d];
    }
    let state = affine::ApplyOp::build(ctx, loc.clone(), m.map(vec![expr])?, &m.operands());
    Some(Builder::before(before).insert_value(ctx, state))
}

/// Replaces a copy by its loop (see the pass description).
fn lower_copy(ctx: &mut Context, copy: CopyOp, linear_id: Value, threads: i64) -> Option<()> {
    let loc = ctx.loc(copy.0).clone();
    let (global, shared) = (copy.global(ctx), copy.shared(ctx));
    let origin_map = copy.origin_map(ctx)?.clone();
    let origin_operands = copy.origin_operands(ctx).to_vec();
    let valid = copy.valid(ctx).to_vec();
    let sizes = copy.sizes(ctx);
    let count = sizes.iter().try_fold(1i64, |acc, &s| acc.checked_mul(s))?;
    let global_ty = ctx.value_type(global);
    let shape = ctx.shape(global_ty)?.to_vec();
    let elem = ctx.element_type_or_self(global_ty);
    let direction = copy.direction(ctx);
    let mut b = Builder::before(copy.0);

    // The global extents: static sizes, or `memref.dim`s of a top-level memref (valid symbols).
    let mut extents: Vec<Result<i64, Value>> = Vec::new();
    for (d, &n) in shape.iter().enumerate() {
        if n == DYNAMIC {
            let state = ConstantOp::index(ctx, d as i64, loc.clone());
            let index = b.insert_value(ctx, state);
            let state = DimOp::build(ctx, loc.clone(), global, index);
            extents.push(Err(b.insert_value(ctx, state)));
        } else {
            extents.push(Ok(n));
        }
    }
    let zero = match direction {
        Direction::In if ctx.is_float(elem) => {
            let state = ConstantOp::float(ctx, 0.0, elem, loc.clone());
            Some(b.insert_value(ctx, state))
        }
        Direction::In => {
            let state = ConstantOp::int(ctx, 0, elem, loc.clone());
            Some(b.insert_value(ctx, state))
        }
        Direction::Out => None,
    };
    let lb = AffineMap::new(0, 1, vec![AffineExpr::symbol(0)]).ok()?;
    let state = ForOp::build(ctx, loc.clone(), &[linear_id], lb, &[], AffineMap::constant(count), threads, &[]);
    let l = ForOp(b.insert(ctx, state));
    let (e, ip) = (l.induction_var(ctx)?, l.yield_op(ctx)?.0);

    let mut m = MapOperands::default();
    let element = m.dim(e);
    let origin = m.import(&origin_map, &origin_operands);
    let mut tile = Vec::with_capacity(sizes.len());
    for d in 0..sizes.len() {
        let stride: i64 = sizes[d + 1..].iter().product();
        let mut t = if stride == 1 { element.clone() } else { element.floor_div(stride) };
        if d > 0 {
            t = t.modulo(sizes[d]);
        }
        tile.push(t);
    }
    let index: Vec<AffineExpr> = origin.iter().zip(&tile).map(|(o, t)| o.clone() + t.clone()).collect();
    let mut inside = Vec::new();
    for (g, extent) in index.iter().zip(&extents) {
        let limit = match *extent {
            Ok(n) => AffineExpr::constant(n),
            Err(v) => m.sym(v),
        };
        inside.push(g.clone());
        inside.push(limit - g.clone() - 1);
    }
    for (&v, t) in valid.iter().zip(&tile) {
        let extent = m.dim(v);
        inside.push(extent - t.clone() - 1);
    }
    let (set, tile_map, index_map, operands) = (m.set(inside)?, m.map(tile)?, m.map(index)?, m.operands());
    let mut b = Builder::before(ip);
    match direction {
        Direction::In => {
            let state = IfOp::build(ctx, loc.clone(), set, &operands, &[elem], true);
            let guard = IfOp(b.insert(ctx, state));
            let (then_block, else_block) = (guard.then_block(ctx)?, guard.else_block(ctx)?);
            let mut t = Builder::at_end(then_block);
            let state = LoadOp::build(ctx, loc.clone(), global, index_map, &operands);
            let v = t.insert_value(ctx, state);
            t.insert(ctx, YieldOp::build(loc.clone(), &[v]));
            Builder::at_end(else_block).insert(ctx, YieldOp::build(loc.clone(), &[zero?]));
            let value = ctx.result(guard.0, 0);
            let state = StoreOp::build(ctx, loc.clone(), value, shared, tile_map, &operands);
            b.insert(ctx, state);
        }
        Direction::Out => {
            let state = IfOp::build(ctx, loc.clone(), set, &operands, &[], false);
            let guard = IfOp(b.insert(ctx, state));
            let then_yield = guard.then_block(ctx).and_then(|blk| ctx.block_last_op(blk))?;
            let mut t = Builder::before(then_yield);
            let state = LoadOp::build(ctx, loc.clone(), shared, tile_map, &operands);
            let v = t.insert_value(ctx, state);
            let state = StoreOp::build(ctx, loc.clone(), v, global, index_map, &operands);
            t.insert(ctx, state);
        }
    }
    ctx.erase_op(copy.0);
    Some(())
}
