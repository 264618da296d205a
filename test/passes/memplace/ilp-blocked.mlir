// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-run %t.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=main_37 --random-inputs=1 --compare=%s
// Thread merge invariants (design study §4.2): the grid is divided by f, global sectors and
// requests unchanged.
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER

// Seed 001's thread merge on a band that stages nothing (hotspot, baseline mapping, 8x32
// blocks): the block is kept and the tile grows by f, replica u of thread t running row
// t·4 + u; each replica keeps its guard.
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (blocked): tile 32 (block kept, grid / 4)
// CHECK-LABEL: func.func @hotspot
// CHECK: block [8, 32] tile [32, 32] distribution [blocked, cyclic] dims [y, x]
// CHECK: affine.apply #{{.*}}(%[[I:.*]])
// CHECK-COUNT-4: affine.store
// BEFORE: "grid": [2, 8, 1]
// BEFORE-SAME: "global_load_requests": 868, "global_store_requests": 124
// BEFORE-SAME: "global_sectors": 4402
// AFTER: "grid": [2, 2, 1]
// AFTER-SAME: "global_load_requests": 868, "global_store_requests": 124
// AFTER-SAME: "global_sectors": 4402

#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 2 >= 0, -d1 + s0 - 2 >= 0)>
module {
  func.func @hotspot(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "c"}, %arg2: memref<?x?xf32> {sharc.name = "temp"}, %arg3: memref<?x?xf32> {sharc.name = "power"}, %arg4: memref<?x?xf32> {sharc.name = "result"}) {
    gpumap.band (%arg5, %arg6) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1) block [8, 32] dims [y, x] origin (%arg7, %arg8) {
      affine.if #set(%arg5, %arg6)[%arg0] {
        %0 = affine.load %arg2[%arg5, %arg6] : memref<?x?xf32>
        %1 = affine.load %arg3[%arg5, %arg6] : memref<?x?xf32>
        %2 = affine.load %arg2[%arg5 - 1, %arg6] : memref<?x?xf32>
        %3 = arith.addf %1, %2 : f32
        %4 = affine.load %arg2[%arg5 + 1, %arg6] : memref<?x?xf32>
        %5 = arith.addf %3, %4 : f32
        %6 = affine.load %arg2[%arg5, %arg6 - 1] : memref<?x?xf32>
        %7 = arith.addf %5, %6 : f32
        %8 = affine.load %arg2[%arg5, %arg6 + 1] : memref<?x?xf32>
        %9 = arith.addf %7, %8 : f32
        %cst = arith.constant 4.000000e+00 : f32
        %10 = affine.load %arg2[%arg5, %arg6] : memref<?x?xf32>
        %11 = arith.mulf %cst, %10 : f32
        %12 = arith.subf %9, %11 : f32
        %13 = arith.mulf %arg1, %12 : f32
        %14 = arith.addf %0, %13 : f32
        affine.store %14, %arg4[%arg5, %arg6] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @main_64(%m2: memref<64x64xf32>, %m3: memref<64x64xf32>, %m4: memref<64x64xf32>) {
    %c0 = arith.constant 64 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = memref.cast %m2 : memref<64x64xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<64x64xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<64x64xf32> to memref<?x?xf32>
    func.call @hotspot(%c0, %c1, %c2, %c3, %c4) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%m2: memref<37x37xf32>, %m3: memref<37x37xf32>, %m4: memref<37x37xf32>) {
    %c0 = arith.constant 37 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = memref.cast %m2 : memref<37x37xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<37x37xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<37x37xf32> to memref<?x?xf32>
    func.call @hotspot(%c0, %c1, %c2, %c3, %c4) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

