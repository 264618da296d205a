// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.b4.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.b4.mlir
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4})' -o %t.c4.mlir
// RUN: FileCheck %s --input-file=%t.c4.mlir --check-prefix=CYCLIC
// RUN: sharc-run %t.c4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.c4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// The lowered kernel, in the simulator and compiled for the host: same outputs.
// RUN: sharc-opt %t.b4.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.gpu.mlir --entry=main_37 --random-inputs=1 --exec=host --compare=%s
// The hoisting in the metrics (design study §2.5, item 3), both distributions.
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER
// RUN: sharc-run %t.c4.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER

// The baseline-mapped gemm (bench/kernels/shared-memory.c, sharcc --target a100 --no-shared:
// sharc-map's output, 32x8 blocks, the whole body under one guard). The guard is split around
// the k loop, whose body gets its own copy of it, so the loop is jammed; B[k][j] does not depend
// on the row and is loaded once per iteration, under the weakest of the 4 replicas' guards: its
// upper bound on i (`n - i - 1 >= 0`) taken at replica 0, the bound on j unchanged. A[i][k]
// and the epilogue stay in each replica's guard.
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (blocked): tile 32 (block kept, grid / 4); 1 region(s) replicated, 1 loop(s) jammed, 0 load(s) hoisted, 1 op(s) kept once, 0 value(s) expanded, 1 global load(s) hoisted under the replicas' weakest guard, 1 guard(s) sunk into thread-local loops
// CHECK-DAG: #[[GUARD:.*]] = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-LABEL: func.func @gemm
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} block [8, 32] tile [32, 32] distribution [blocked, cyclic]
// CHECK: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[I2:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[I3:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: affine.for %[[K:.*]] = 0 to %{{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32) {
// CHECK-NEXT: %[[B:.*]] = affine.if #[[GUARD]](%[[I]], %[[J]])[%{{.*}}] -> f32 {
// CHECK-NEXT: affine.load %arg4[%[[K]], %[[J]]]
// CHECK: } else {
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK: affine.if #[[GUARD]](%[[I]], %[[J]])
// CHECK-NEXT: affine.load %arg3[%[[I]], %[[K]]]
// CHECK-NEXT: arith.mulf %{{.*}}, %[[B]]
// CHECK: affine.if #[[GUARD]](%[[I1]], %[[J]])
// CHECK-NEXT: affine.load %arg3[%[[I1]], %[[K]]]
// CHECK-NEXT: arith.mulf %{{.*}}, %[[B]]
// CHECK: affine.if #[[GUARD]](%[[I3]], %[[J]])
// CHECK-NEXT: affine.load %arg3[%[[I3]], %[[K]]]
// CHECK-NOT: affine.load %arg4
// CHECK: affine.yield
// CHECK-COUNT-4: affine.store
// Cyclic: replica u runs row i + 2u (block 8 / 4); the weakest upper bound is still replica 0's.
// CYCLIC: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} block [2, 32] tile [8, 32] dims [y, x]
// CYCLIC: affine.for %[[K:.*]] = 0 to
// CYCLIC-NEXT: affine.if #{{.*}}(%[[I]], %[[J]])[%{{.*}}] -> f32 {
// CYCLIC-NEXT: affine.load %arg4[%[[K]], %[[J]]]
// CYCLIC-COUNT-4: affine.load %arg3
// Each warp reads B[k][j] once per k instead of once per replica: 128 warps of 64 A + 64 B +
// 1 C requests (16512) become 32 warps of 4 x 64 A + 64 B + 4 C (10368); the sectors
// 128 x (64 + 64 x 4 + 4) = 41472 become 32 x (256 + 64 x 4 + 16) = 16896; A's broadcast
// (1 sector a request) and the stores are unchanged.
// BEFORE: "global_load_requests": 16512, "global_store_requests": 128
// BEFORE-SAME: "global_load_sectors": 41472, "global_store_sectors": 512
// AFTER: "global_load_requests": 10368, "global_store_requests": 128
// AFTER-SAME: "global_load_sectors": 16896, "global_store_sectors": 512

#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
    gpumap.band (%arg6, %arg7) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [8, 32] dims [y, x] origin (%arg8, %arg9) {
      affine.if #set(%arg6, %arg7)[%arg0] {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = affine.for %arg10 = 0 to %arg0 iter_args(%arg11 = %cst) -> (f32) {
          %5 = affine.load %arg3[%arg6, %arg10] : memref<?x?xf32>
          %6 = affine.load %arg4[%arg10, %arg7] : memref<?x?xf32>
          %7 = arith.mulf %5, %6 : f32
          %8 = arith.addf %arg11, %7 : f32
          affine.yield %8 : f32
        }
        %1 = arith.mulf %arg1, %0 : f32
        %2 = affine.load %arg5[%arg6, %arg7] : memref<?x?xf32>
        %3 = arith.mulf %arg2, %2 : f32
        %4 = arith.addf %1, %3 : f32
        affine.store %4, %arg5[%arg6, %arg7] : memref<?x?xf32>
      }
    } {sharc.acc = "acc kernels loop independent; acc loop independent", sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}, sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
    return
  }
  func.func @main_64(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) {
    %n = arith.constant 64 : index
    %alpha = arith.constant 1.5 : f32
    %beta = arith.constant 0.5 : f32
    %a1 = memref.cast %a : memref<64x64xf32> to memref<?x?xf32>
    %b1 = memref.cast %b : memref<64x64xf32> to memref<?x?xf32>
    %c1 = memref.cast %c : memref<64x64xf32> to memref<?x?xf32>
    func.call @gemm(%n, %alpha, %beta, %a1, %b1, %c1) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%a: memref<37x37xf32>, %b: memref<37x37xf32>, %c: memref<37x37xf32>) {
    %n = arith.constant 37 : index
    %alpha = arith.constant 1.5 : f32
    %beta = arith.constant 0.5 : f32
    %a1 = memref.cast %a : memref<37x37xf32> to memref<?x?xf32>
    %b1 = memref.cast %b : memref<37x37xf32> to memref<?x?xf32>
    %c1 = memref.cast %c : memref<37x37xf32> to memref<?x?xf32>
    func.call @gemm(%n, %alpha, %beta, %a1, %b1, %c1) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
