// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=2})' -o %t.2.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.2.mlir
// RUN: sharc-run %t.2.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.2.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=8})' -o %t.8.mlir
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.8.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.b4.mlir
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM

// Promoted 5x5 Gaussian filter on a100: after the one barrier, the two filter loops are
// thread-local and jammed (f accumulators each); the filter weight W[k][l] does not depend on
// the row and is loaded once per iteration for every replica; each replica's guarded store.
// Cyclic invariants: barriers, global requests and sectors unchanged.
// REMARK: remark: ilp: 2 iterations per thread along loop 0 (cyclic): block 16 (tile 32 kept); 1 region(s) replicated, 2 loop(s) jammed, 0 load(s) hoisted, 2 op(s) kept once, 0 value(s) expanded
// CHECK-LABEL: func.func @gauss
// CHECK: block [16, 32] tile [32, 32] dims [y, x]
// CHECK: memplace.barrier
// CHECK: affine.for {{.*}} -> (f32, f32)
// CHECK: affine.for {{.*}} -> (f32, f32)
// CHECK: affine.load %shared[
// CHECK-NOT: affine.load %shared[
// CHECK-COUNT-2: affine.load %shared_0
// CHECK-COUNT-2: affine.store
// SIM: "barriers": 4,
// SIM-SAME: "global_load_requests": 158, "global_store_requests": 120
// SIM-SAME: "global_sectors": 1236

#map = affine_map<(d0, d1, d2, d3) -> (0, 0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0 - 2, d1 - 2)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 3 >= 0, -d1 + s0 - 3 >= 0)>
module {
  func.func @gauss(%arg0: index {sharc.name = "n"}, %arg1: memref<5x5xf32> {sharc.name = "W"}, %arg2: memref<?x?xf32> {sharc.name = "img"}, %arg3: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg4, %arg5) = (2, 2) to (symbol(%arg0) - 2, symbol(%arg0) - 2) block [32, 32] dims [y, x] origin (%arg6, %arg7) {
      %shared = memplace.alloc_shared : memref<5x5xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<36x36xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg1[0, 0] to %shared sizes [5, 5] : memref<5x5xf32>, memref<5x5xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg2[%arg6 - 2, %arg7 - 2] to %shared_0 sizes [36, 36] : memref<?x?xf32>, memref<36x36xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %cst = arith.constant 0.000000e+00 : f32
      %0 = affine.for %arg8 = 0 to 5 iter_args(%arg9 = %cst) -> (f32) {
        %1 = affine.for %arg10 = 0 to 5 iter_args(%arg11 = %arg9) -> (f32) {
          %2 = affine.load %shared[%arg8, %arg10] : memref<5x5xf32, #gpu.address_space<workgroup>>
          %3 = affine.if #set(%arg4, %arg5)[%arg0] -> f32 {
            %6 = affine.load %shared_0[%arg4 + %arg8 - %arg6, %arg5 + %arg10 - %arg7] : memref<36x36xf32, #gpu.address_space<workgroup>>
            affine.yield %6 : f32
          } else {
            %cst_1 = arith.constant 0.000000e+00 : f32
            affine.yield %cst_1 : f32
          }
          %4 = arith.mulf %2, %3 : f32
          %5 = arith.addf %arg11, %4 : f32
          affine.yield %5 : f32
        } {sharc.loop = 3 : i64}
        affine.yield %1 : f32
      } {sharc.loop = 2 : i64}
      affine.if #set(%arg4, %arg5)[%arg0] {
        affine.store %0, %arg3[%arg4, %arg5] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @main_64(%m1: memref<5x5xf32>, %m2: memref<64x64xf32>, %m3: memref<64x64xf32>) {
    %c0 = arith.constant 64 : index
    %c1 = memref.cast %m1 : memref<5x5xf32> to memref<5x5xf32>
    %c2 = memref.cast %m2 : memref<64x64xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<64x64xf32> to memref<?x?xf32>
    func.call @gauss(%c0, %c1, %c2, %c3) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%m1: memref<5x5xf32>, %m2: memref<37x37xf32>, %m3: memref<37x37xf32>) {
    %c0 = arith.constant 37 : index
    %c1 = memref.cast %m1 : memref<5x5xf32> to memref<5x5xf32>
    %c2 = memref.cast %m2 : memref<37x37xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<37x37xf32> to memref<?x?xf32>
    func.call @gauss(%c0, %c1, %c2, %c3) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

