// REQUIRES: upstream
// The simulator runs what upstream MLIR's GPU pipelines emit (issue 17 §2; bench/src/peers.rs and
// `peer-report` run them on the whole suite): a time-stepped 2-D stencil and a 2-D band with an
// inner sequential loop, lowered by upstream's passes in-process, run against the affine input on
// the same random inputs. The tiled route keeps the time loop on the host and launches one kernel
// per band and step.
//
// Tiled scf.parallel, innermost-first (the innermost dimension on thread x):
// RUN: sharc-opt %s --pass-pipeline='builtin.module(upstream{pipeline="builtin.module(lower-affine, func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=8,32 no-min-max-bounds=true}, gpu-map-parallel-loops{mapping-policy=innermost-first}), convert-parallel-loops-to-gpu, gpu-kernel-outlining, lower-affine, canonicalize, cse)"})' -o %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED --input-file=%t.tiled.mlir
// RUN: for e in steps rowsum; do sharc-run %s --entry=$e --random-inputs=3 --compare=%t.tiled.mlir || exit 1; done
// RUN: sharc-run %t.tiled.mlir --entry=steps --random-inputs=3 --target=a100 --metrics=json | FileCheck %s --check-prefix=METRICS
//
// convert-affine-for-to-gpu maps every top-level affine.for, and refuses @steps' time loop, whose
// body is not one perfect nest (test/passes/affine/sequentialize.mlir runs that route where it
// applies):
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(sharc-sequentialize, upstream{pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=1}))"})' 2>&1 | FileCheck %s --check-prefix=NAIVE
// NAIVE: upstream-gpu-routes.mlir:33:3: error: expected perfectly nested loops in the body

// TILED-LABEL: func.func @steps(
// TILED: scf.for
// TILED: gpu.launch_func @steps_kernel::@steps_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c32, %c8, %c1)
// TILED: gpu.launch_func @steps_kernel_0::@steps_kernel
// TILED: gpu.func @steps_kernel(
// TILED: gpu.thread_id x
// TILED-LABEL: func.func @rowsum(
// TILED: gpu.launch_func
// Two kernels per step, 4 steps; both outlined kernels are named @steps_kernel (in two gpu.modules),
// so one record counts their 8 launches: 28 x 38 points in blocks of 32 x 8.
// METRICS: {"kernel": "steps_kernel", "grid": [2, 4, 1], "block": [32, 8, 1], "launches": 8,

func.func @steps(%A: memref<30x40xf32>, %B: memref<30x40xf32>) {
  affine.for %t = 0 to 4 {
    affine.parallel (%i, %j) = (1, 1) to (29, 39) {
      %n = affine.load %A[%i - 1, %j] : memref<30x40xf32>
      %s = affine.load %A[%i + 1, %j] : memref<30x40xf32>
      %w = affine.load %A[%i, %j - 1] : memref<30x40xf32>
      %e = affine.load %A[%i, %j + 1] : memref<30x40xf32>
      %a = arith.addf %n, %s : f32
      %b = arith.addf %w, %e : f32
      %c = arith.addf %a, %b : f32
      affine.store %c, %B[%i, %j] : memref<30x40xf32>
    }
    affine.parallel (%i, %j) = (1, 1) to (29, 39) {
      %v = affine.load %B[%i, %j] : memref<30x40xf32>
      %q = arith.constant 0.25 : f32
      %r = arith.mulf %v, %q : f32
      affine.store %r, %A[%i, %j] : memref<30x40xf32>
    }
  }
  return
}

func.func @rowsum(%A: memref<30x20x16xf32>, %S: memref<30x20xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (30, 20) {
    %zero = arith.constant 0.0 : f32
    %sum = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %A[%i, %j, %k] : memref<30x20x16xf32>
      %s = arith.addf %acc, %v : f32
      affine.yield %s : f32
    }
    affine.store %sum, %S[%i, %j] : memref<30x20xf32>
  }
  return
}
