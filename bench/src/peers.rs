//! Upstream MLIR's GPU pipelines as peers of sharc's (`peer-report`, issue 17 §2): the routes
//! upstream offers from the affine level to `gpu.launch_func`, what each needs of its input, and
//! what a route's output holds, read back from the IR it printed.
//!
//! Every route starts from the same affine module sharc's pipelines start from (`sharcc
//! --emit=affine`) and runs in `sharc-opt`, upstream's passes in-process through the `upstream`
//! pass (crate `sharc-upstream`, melior): what it prints is sharc's IR again, which `sharc-run`
//! executes beside sharc's own kernels.

use sharc_dialects::affine as aff;
use sharc_dialects::func::FuncOp;
use sharc_dialects::gpu;
use sharc_ir::syntax::printer::type_to_string;
use sharc_ir::syntax::{parse_source, ParseOptions};
use sharc_ir::{Context, OpId};

/// How a route reaches the GPU level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RouteKind {
    /// `convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=1}` on the bands turned into
    /// `affine.for` nests (`sharc-sequentialize`): the outer loop on blocks, the next on threads,
    /// one block per row.
    AffineForToGpu,
    /// `lower-affine` to `scf.parallel`, `scf-parallel-loop-tiling{no-min-max-bounds=true}` (the
    /// innermost dimension by 32, the next by 8), `gpu-map-parallel-loops` with `policy`, and
    /// `convert-parallel-loops-to-gpu`.
    TiledParallel {
        /// `innermost-first` (the innermost dimension on thread x, as sharc's baseline) or
        /// `outermost-first` (upstream's default).
        policy: &'static str,
    },
    /// The nests tiled by 32 (`affine-loop-tile`), `affine-data-copy-generate` into workgroup
    /// memory (space 3), `affine-parallelize`, then as [`RouteKind::TiledParallel`] without the
    /// tiling.
    CopyGenerate,
}

/// One upstream route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// The column's name.
    pub name: &'static str,
    /// How it gets to the GPU level.
    pub kind: RouteKind,
}

/// The upstream routes of the peer table, in column order.
pub static ROUTES: &[Route] = &[
    Route { name: "upstream naive", kind: RouteKind::AffineForToGpu },
    Route { name: "upstream tiled, innermost-first", kind: RouteKind::TiledParallel { policy: "innermost-first" } },
    Route { name: "upstream tiled, outermost-first", kind: RouteKind::TiledParallel { policy: "outermost-first" } },
    Route { name: "upstream copy", kind: RouteKind::CopyGenerate },
];

/// What every route ends with: kernels outlined into a `gpu.module`, affine ops the mapping
/// left (index arithmetic) lowered, the result cleaned up.
const EPILOGUE: &str = "gpu-kernel-outlining, lower-affine, canonicalize, cse";

impl Route {
    /// The upstream pipeline (`mlir-opt --pass-pipeline` text) for a module whose deepest band
    /// has `depth` dimensions.
    pub fn upstream_pipeline(&self, depth: usize) -> String {
        match self.kind {
            RouteKind::AffineForToGpu => {
                format!("builtin.module(func.func(convert-affine-for-to-gpu{{gpu-block-dims=1 gpu-thread-dims=1}}), {EPILOGUE})")
            }
            RouteKind::TiledParallel { policy } => format!(
                "builtin.module(lower-affine, func.func(scf-parallel-loop-tiling{{parallel-loop-tile-sizes={} \
                 no-min-max-bounds=true}}, gpu-map-parallel-loops{{mapping-policy={policy}}}), \
                 convert-parallel-loops-to-gpu, {EPILOGUE})",
                tile_sizes(depth)
            ),
            RouteKind::CopyGenerate => format!(
                "builtin.module(func.func(affine-loop-tile{{tile-size=32}}, affine-data-copy-generate{{generate-dma=false \
                 fast-mem-space=3}}, affine-parallelize), lower-affine, func.func(gpu-map-parallel-loops{{mapping-policy=\
                 innermost-first}}), convert-parallel-loops-to-gpu, {EPILOGUE})"
            ),
        }
    }

    /// The whole `sharc-opt --pass-pipeline` of the route: sharc's preparation, if any, then the
    /// upstream pipeline in-process.
    pub fn sharc_opt_pipeline(&self, depth: usize) -> String {
        let prepare = match self.kind {
            RouteKind::AffineForToGpu | RouteKind::CopyGenerate => "sharc-sequentialize, ",
            RouteKind::TiledParallel { .. } => "",
        };
        format!("builtin.module({prepare}upstream{{pipeline=\"{}\"}})", self.upstream_pipeline(depth))
    }

    /// Why the route cannot map `bands` correctly, if it cannot: `convert-affine-for-to-gpu`
    /// maps every top-level `affine.for` of a function, parallel or not, and the first two
    /// loops of each nest to blocks and threads.
    pub fn obstacle(&self, bands: &Bands) -> Option<String> {
        match self.kind {
            RouteKind::AffineForToGpu => bands.nest_obstacle.clone(),
            // `affine-parallelize` decides again which loops are parallel.
            RouteKind::TiledParallel { .. } | RouteKind::CopyGenerate => None,
        }
    }
}

/// Tile sizes for `scf-parallel-loop-tiling`, aligned to the innermost of `depth` dimensions:
/// 32 on the innermost (a warp along the contiguous subscript), 8 on the next, 1 further out —
/// sharc's baseline block (32 × 8).
pub fn tile_sizes(depth: usize) -> String {
    let sizes: Vec<&str> = (0..depth.max(1)).rev().map(|d| ["32", "8"].get(d).copied().unwrap_or("1")).collect();
    sizes.join(",")
}

/// The bands (`affine.parallel`) of an affine module, as the routes see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bands {
    /// The most dimensions of any band (0: no band).
    pub max_depth: usize,
    /// Why a route that maps top-level `affine.for` nests would map the wrong loops, if it would.
    pub nest_obstacle: Option<String>,
}

/// The [`Bands`] of the affine module `text`.
pub fn bands(text: &str) -> Result<Bands, String> {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "affine.mlir", text, &ParseOptions::default()).map_err(|d| d.message)?;
    let all: Vec<OpId> = ctx.collect_ops(module);
    let max_depth = all.iter().filter_map(|&o| aff::ParallelOp::view(&ctx, o)).map(|p| p.ivs(&ctx).len()).max();
    let mut obstacle = None;
    for &f in all.iter().filter(|&&o| FuncOp::view(&ctx, o).is_some()) {
        let name = FuncOp(f).name(&ctx).unwrap_or("?").to_string();
        if let Some(why) = nest_obstacle(&ctx, f) {
            obstacle = Some(format!("@{name}: {why}"));
            break;
        }
    }
    Ok(Bands { max_depth: max_depth.unwrap_or(0), nest_obstacle: obstacle })
}

/// Why function `f`'s loops are not all top-level reduction-free bands of two or more
/// dimensions, if they are not.
fn nest_obstacle(ctx: &Context, f: OpId) -> Option<String> {
    let ops = ctx.collect_ops(f);
    for p in ops.iter().filter_map(|&o| aff::ParallelOp::view(ctx, o)) {
        if ctx.parent_op(p.0) != Some(f) {
            return Some("a band inside a host loop or branch (the route maps top-level loops only)".into());
        }
        if !p.reduction_codes(ctx).is_empty() {
            return Some("a band with reductions".into());
        }
        if p.ivs(ctx).len() < 2 {
            return Some("a one-dimensional band (the route puts its second loop on threads)".into());
        }
    }
    if ops.iter().any(|&o| ctx.parent_op(o) == Some(f) && aff::ForOp::view(ctx, o).is_some()) {
        return Some("a sequential top-level loop (the route would map it to blocks)".into());
    }
    None
}

/// What a route's output holds, read back from the IR it printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadBack {
    /// `gpu.launch_func` and `gpu.launch` ops: the launches in the program text.
    pub launches: usize,
    /// `scf.parallel` loops outside every kernel, which run on the host.
    pub host_parallel: usize,
    /// Buffers in workgroup memory: allocations in memory space 3 or
    /// `#gpu.address_space<workgroup>`, and `gpu.func` workgroup attributions.
    pub workgroup_buffers: usize,
}

/// The [`ReadBack`] of the gpu-level module `text`.
pub fn read_back(text: &str) -> Result<ReadBack, String> {
    let mut ctx = Context::new(sharc_dialects::registry());
    let module = parse_source(&mut ctx, "gpu.mlir", text, &ParseOptions::default()).map_err(|d| d.message)?;
    let mut r = ReadBack::default();
    for op in ctx.collect_ops(module) {
        let in_kernel = || {
            let mut p = ctx.parent_op(op);
            while let Some(o) = p {
                if gpu::FuncOp::view(&ctx, o).is_some() || ctx.op_is(o, "gpu.launch") {
                    return true;
                }
                p = ctx.parent_op(o);
            }
            false
        };
        match ctx.op_name(op) {
            "gpu.launch_func" | "gpu.launch" => r.launches += 1,
            "scf.parallel" if !in_kernel() => r.host_parallel += 1,
            "memref.alloc" | "memref.alloca" => {
                let workgroup = ctx.results(op).iter().any(|&v| {
                    let ty = type_to_string(&ctx, ctx.value_type(v));
                    ty.ends_with(", 3>") || ty.contains("address_space<workgroup>")
                });
                r.workgroup_buffers += usize::from(workgroup);
            }
            _ => {}
        }
        if let Some(f) = gpu::FuncOp::view(&ctx, op) {
            r.workgroup_buffers += f.workgroup_attributions(&ctx).len();
        }
        if let Some(l) = gpu::LaunchOp::view(&ctx, op) {
            r.workgroup_buffers += l.workgroup_attributions(&ctx).len();
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_sizes_put_a_warp_on_the_innermost_dimension() {
        assert_eq!(tile_sizes(1), "32");
        assert_eq!(tile_sizes(2), "8,32");
        assert_eq!(tile_sizes(3), "1,8,32");
        assert_eq!(tile_sizes(0), "32");
    }

    #[test]
    fn pipelines_nest_function_passes_and_quote_upstream() {
        let tiled = ROUTES[1].sharc_opt_pipeline(2);
        assert!(tiled.starts_with("builtin.module(upstream{pipeline=\"builtin.module(lower-affine, func.func("));
        assert!(tiled.contains("parallel-loop-tile-sizes=8,32 no-min-max-bounds=true"));
        assert!(tiled.contains("mapping-policy=innermost-first"));
        assert!(ROUTES[0].sharc_opt_pipeline(2).starts_with("builtin.module(sharc-sequentialize, upstream{"));
    }

    const TWO_D: &str = "func.func @f(%n: index, %A: memref<?x?xf32>) {\n\
        affine.parallel (%i, %j) = (0, 0) to (%n, %n) {\n\
          %c = arith.constant 1.0 : f32\n\
          affine.store %c, %A[%i, %j] : memref<?x?xf32>\n\
        }\n\
        return\n}\n";

    #[test]
    fn a_top_level_two_dimensional_band_suits_every_route() {
        let b = bands(TWO_D).expect("parses");
        assert_eq!(b, Bands { max_depth: 2, nest_obstacle: None });
        assert!(ROUTES.iter().all(|r| r.obstacle(&b).is_none()));
    }

    #[test]
    fn a_band_in_a_host_loop_stops_the_nest_routes_only() {
        let text = "func.func @f(%n: index, %A: memref<?x?xf32>) {\n\
            affine.for %t = 0 to 4 {\n\
              affine.parallel (%i, %j) = (0, 0) to (%n, %n) {\n\
                %c = arith.constant 1.0 : f32\n\
                affine.store %c, %A[%i, %j] : memref<?x?xf32>\n\
              }\n\
            }\n\
            return\n}\n";
        let b = bands(text).expect("parses");
        assert!(b.nest_obstacle.as_deref().is_some_and(|w| w.contains("inside a host loop")), "{b:?}");
        assert!(ROUTES[0].obstacle(&b).is_some());
        assert!(ROUTES[1].obstacle(&b).is_none());
    }

    #[test]
    fn reads_back_launches_host_loops_and_workgroup_buffers() {
        let text = "module attributes {gpu.container_module} {\n\
          func.func @f(%n: index) {\n\
            %c0 = arith.constant 0 : index\n\
            %c1 = arith.constant 1 : index\n\
            gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%n : index)\n\
            scf.parallel (%i) = (%c0) to (%n) step (%c1) {\n\
              %b = memref.alloc() : memref<32xf32, 3>\n\
              scf.reduce\n\
            }\n\
            return\n\
          }\n\
          gpu.module @k {\n\
            gpu.func @k(%n: index) kernel {\n\
              %c0 = arith.constant 0 : index\n\
              %c1 = arith.constant 1 : index\n\
              scf.parallel (%i) = (%c0) to (%n) step (%c1) {\n\
                scf.reduce\n\
              }\n\
              gpu.return\n\
            }\n\
          }\n\
        }\n";
        // The kernel's own scf.parallel is not on the host.
        assert_eq!(read_back(text), Ok(ReadBack { launches: 1, host_parallel: 1, workgroup_buffers: 1 }));
    }
}
