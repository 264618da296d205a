// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-run %t.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.mlir --entry=main_37 --random-inputs=1 --compare=%s
// The replicated band lowers like any other: same outputs at the gpu level.
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=main_37 --random-inputs=1 --compare=%s
// Hoisting shows in the metrics (design study §2.5, item 3): at f = 8, As is read 8192 times
// and Bs 8192 / 8; global requests and sectors, and the barriers, are unchanged.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=8})' -o %t.8.mlir
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER

// Promoted gemm on a100 (bench/kernels/shared-memory.c after sharc-bank-conflicts), cyclic
// f = 4 along y: the block shrinks to 8 rows, the tile stays 32; the strip loop (a carrier:
// copies and barriers) is kept once with 4 accumulators; the k loop is jammed, each replica
// keeping its own guard; Bs[k][tx] does not depend on the row and is loaded once, before the
// guards; the epilogue is replicated with C's loads inside their guards.
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (cyclic): block 8 (tile 32 kept); 3 region(s) replicated, 1 loop(s) jammed, 1 load(s) hoisted, 1 op(s) kept once, 2 value(s) expanded
// CHECK-LABEL: func.func @gemm
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} block [8, 32] tile [32, 32] dims [y, x]
// CHECK: %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[I2:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[I3:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: affine.for {{.*}} iter_args(%{{.*}} = %cst, %{{.*}} = %cst, %{{.*}} = %cst, %{{.*}} = %cst) -> (f32, f32, f32, f32)
// CHECK: memplace.copy_in
// CHECK: memplace.copy_in
// CHECK: memplace.barrier
// CHECK: affine.for {{.*}} -> (f32, f32, f32, f32)
// CHECK: affine.if #{{.*}}(%[[I]], %[[J]])
// CHECK: affine.if #{{.*}}(%[[I1]], %[[J]])
// CHECK: affine.if #{{.*}}(%[[I2]], %[[J]])
// CHECK: affine.if #{{.*}}(%[[I3]], %[[J]])
// CHECK: %[[B:.*]] = affine.load %shared_0
// CHECK-NOT: affine.load %shared_0
// CHECK: affine.yield %[[B]] : f32
// CHECK: affine.yield %[[B]] : f32
// CHECK: affine.yield %[[B]] : f32
// CHECK: affine.yield %[[B]] : f32
// CHECK-COUNT-4: arith.addf
// CHECK: affine.yield {{.*}} : f32, f32, f32, f32
// CHECK: memplace.barrier
// CHECK-NOT: memplace.barrier
// CHECK: affine.yield {{.*}} : f32, f32, f32, f32
// CHECK-COUNT-4: affine.store
// BEFORE: "barriers": 16,
// BEFORE-SAME: "global_load_requests": 640, "global_store_requests": 128
// BEFORE-SAME: "global_sectors": 3072
// BEFORE-SAME: "shared_load_requests": 16384
// AFTER: "barriers": 16,
// AFTER-SAME: "global_load_requests": 640, "global_store_requests": 128
// AFTER-SAME: "global_sectors": 3072
// AFTER-SAME: "shared_load_requests": 9216

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
    gpumap.band (%arg6, %arg7) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%arg8, %arg9) {
      %shared = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %cst = arith.constant 0.000000e+00 : f32
      %0 = affine.for %arg10 = 0 to %arg0 step 32 iter_args(%arg11 = %cst) -> (f32) {
        memplace.copy_in %arg3[%arg8, %arg10] to %shared sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
        memplace.copy_in %arg4[%arg10, %arg9] to %shared_0 sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
        memplace.barrier
        %5 = affine.for %arg12 = #map(%arg10) to min #map1(%arg10)[%arg0] iter_args(%arg13 = %arg11) -> (f32) {
          %6 = affine.if #set(%arg6, %arg7)[%arg0] -> f32 {
            %10 = affine.load %shared[%arg6 - %arg8, %arg12 - %arg10] : memref<32x32xf32, #gpu.address_space<workgroup>>
            affine.yield %10 : f32
          } else {
            %cst_1 = arith.constant 0.000000e+00 : f32
            affine.yield %cst_1 : f32
          }
          %7 = affine.if #set(%arg6, %arg7)[%arg0] -> f32 {
            %10 = affine.load %shared_0[%arg12 - %arg10, %arg7 - %arg9] : memref<32x32xf32, #gpu.address_space<workgroup>>
            affine.yield %10 : f32
          } else {
            %cst_1 = arith.constant 0.000000e+00 : f32
            affine.yield %cst_1 : f32
          }
          %8 = arith.mulf %6, %7 : f32
          %9 = arith.addf %arg13, %8 : f32
          affine.yield %9 : f32
        } {sharc.loop = 2 : i64}
        memplace.barrier
        affine.yield %5 : f32
      } {sharc.strip = 2 : i64}
      %1 = arith.mulf %arg1, %0 : f32
      %2 = affine.if #set(%arg6, %arg7)[%arg0] -> f32 {
        %5 = affine.load %arg5[%arg6, %arg7] : memref<?x?xf32>
        affine.yield %5 : f32
      } else {
        %cst_1 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_1 : f32
      }
      %3 = arith.mulf %arg2, %2 : f32
      %4 = arith.addf %1, %3 : f32
      affine.if #set(%arg6, %arg7)[%arg0] {
        affine.store %4, %arg5[%arg6, %arg7] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @main_64(%m3: memref<64x64xf32>, %m4: memref<64x64xf32>, %m5: memref<64x64xf32>) {
    %c0 = arith.constant 64 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = arith.constant 3.5 : f32
    %c3 = memref.cast %m3 : memref<64x64xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<64x64xf32> to memref<?x?xf32>
    %c5 = memref.cast %m5 : memref<64x64xf32> to memref<?x?xf32>
    func.call @gemm(%c0, %c1, %c2, %c3, %c4, %c5) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%m3: memref<37x37xf32>, %m4: memref<37x37xf32>, %m5: memref<37x37xf32>) {
    %c0 = arith.constant 37 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = arith.constant 3.5 : f32
    %c3 = memref.cast %m3 : memref<37x37xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<37x37xf32> to memref<?x?xf32>
    %c5 = memref.cast %m5 : memref<37x37xf32> to memref<?x?xf32>
    func.call @gemm(%c0, %c1, %c2, %c3, %c4, %c5) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

