// A streamed band (issue 15): four parallel loops, one more than the grid has dimensions. The
// partition search streams the outer one (run inside each thread, a strip of 1 on it, the
// tiles copied at each of its steps), sharc-map marks that loop as its own strip loop, and
// sharc-promote copies the tiles of A and B per step and per strip of k. The bank-conflict pass
// and the ILP pass then see the streamed band like any other: no conflict in either buffer
// (rows of 32 consecutive floats), and ILP replicates along y inside the streamed loop (the
// streamed loop, like a strip loop, is a carrier: kept once, its copies and barriers
// block-wide). The kernel equals the affine original at sizes that are not multiples of the
// block (40), without a race (an error of sharc-run).
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-partition{target=a100}, sharc-map-baseline{target=a100}, sharc-map, sharc-promote, sharc-bank-conflicts{target=a100}, sharc-ilp{target=a100 factor=2})' -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.diag
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: sharc-run %s --entry=heads --random-inputs=1 --target=a100 --compare=%t.gpu.mlir
// Fewer sectors than the baseline mapping (which runs b inside the thread too, nothing staged).
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-map-baseline{target=a100}, sharc-map, sharc-lower-gpumap, lower-affine, canonicalize, cse)' -o %t.base.mlir
// RUN: sharc-run %t.base.mlir --entry=heads --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BASE
// RUN: sharc-run %t.gpu.mlir --entry=heads --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=STREAMED
// BASE: "global_sectors": 68400
// STREAMED: "global_sectors": 6000

// REMARK: remark: plan 0: %arg3: 1, %arg7: * (%arg3 -> seq, %arg4 -> z, %arg5 -> y, %arg6 -> x)
// REMARK: remark: chosen: plan 0, block 32x32x1, seq = %arg3, z = %arg4, y = %arg5, x = %arg6, strip %arg3 by 1, strip %arg7 by 32; staged [A, B]
// REMARK: remark: placement: plan taken
// REMARK: remark: section mapped to a gpumap.band: block 32x32x1, loop 0 inside the thread, z = loop 1, y = loop 2, x = loop 3, loop 0 streamed (a strip of 1), strip loop 4 by 32, 3 access(es) guarded
// REMARK: remark: A staged in shared memory: tile 1x1x32x32 (4096 B) at (d0, d1, d2, d3, d4) -> (d0, d1, d2, d4) = (strip of loop 0, origin of loop 1, origin of loop 2, strip of loop 4), copied per strip of loop 0, 4
// REMARK: remark: B staged in shared memory: tile 1x1x32x32 (4096 B) at (d0, d1, d2, d3, d4) -> (d0, d1, d4, d3) = (strip of loop 0, origin of loop 1, origin of loop 3, strip of loop 4), copied per strip of loop 0, 4
// REMARK: remark: A: no bank conflict
// REMARK: remark: B: no bank conflict
// REMARK: remark: ilp: 2 iterations per thread along loop 1 (cyclic): block 16 (tile 32 kept); 2 region(s) replicated, 1 loop(s) jammed

// CHECK-LABEL: func.func @heads
// CHECK: gpumap.band (%[[H:.*]], %[[I:.*]], %[[J:.*]]) = (0, 0, 0) to (3, 40, 40) block [1, 16, 32] tile [1, 32, 32] dims [z, y, x] origin (%[[OH:.*]], %[[OI:.*]], %[[OJ:.*]]) {
// CHECK: affine.for %[[B:.*]] = 0 to 2 {
// CHECK-NEXT: affine.for %[[KK:.*]] = 0 to 40 step 32 iter_args({{.*}}) -> (f32, f32) {
// CHECK-NEXT: memplace.copy_in %arg0[%[[B]], %[[OH]], %[[OI]], %[[KK]]] to %{{.*}} sizes [1, 1, 32, 32]
// CHECK-NEXT: memplace.copy_in %arg1[%[[B]], %[[OH]], %[[KK]], %[[OJ]]] to %{{.*}} sizes [1, 1, 32, 32]
// CHECK-NEXT: memplace.barrier
// CHECK: memplace.barrier
// CHECK: } {sharc.strip = 4 : i64}
// CHECK: } {sharc.loop = 0 : i64, sharc.strip = 0 : i64}
func.func @heads(%A: memref<2x3x40x40xf32> {sharc.name = "A"}, %B: memref<2x3x40x40xf32> {sharc.name = "B"},
                 %C: memref<2x3x40x40xf32> {sharc.name = "C"}) {
  %zero = arith.constant 0.0 : f32
  affine.parallel (%b, %h, %i, %j) = (0, 0, 0, 0) to (2, 3, 40, 40) {
    %s = affine.for %k = 0 to 40 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%b, %h, %i, %k] : memref<2x3x40x40xf32>
      %w = affine.load %B[%b, %h, %k, %j] : memref<2x3x40x40xf32>
      %p = arith.mulf %a, %w : f32
      %n = arith.addf %acc, %p : f32
      affine.yield %n : f32
    }
    affine.store %s, %C[%b, %h, %i, %j] : memref<2x3x40x40xf32>
  }
  return
}
