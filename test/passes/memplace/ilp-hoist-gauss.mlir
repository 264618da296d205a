// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.b4.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.b4.mlir
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=2})' -o %t.c2.mlir
// RUN: sharc-run %t.c2.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.c2.mlir --entry=main_37 --random-inputs=1 --compare=%s

// The baseline-mapped 5x5 Gaussian filter (bench/kernels/shared-memory.c, --no-shared): the
// body guard is split around the k loop, and the guard this puts into k's body (it yields the
// carried sum) around the l loop; both loops are jammed and W[k][l] is loaded once per
// iteration under the weakest guard.
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (blocked): tile 32 (block kept, grid / 4); 1 region(s) replicated, 2 loop(s) jammed, {{.*}} 1 global load(s) hoisted under the replicas' weakest guard, 2 guard(s) sunk into thread-local loops
// CHECK-LABEL: func.func @gauss
// CHECK: affine.for %[[K:.*]] = 0 to 5 iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK: affine.for %[[L:.*]] = 0 to 5 iter_args({{.*}}) -> (f32, f32, f32, f32)
// CHECK-NEXT: affine.if
// CHECK-NEXT: affine.load %arg1[%[[K]], %[[L]]]
// CHECK-NOT: affine.load %arg1
// CHECK: return

#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 3 >= 0, -d1 + s0 - 3 >= 0)>
module {
  func.func @gauss(%arg0: index {sharc.name = "n"}, %arg1: memref<5x5xf32> {sharc.name = "W"}, %arg2: memref<?x?xf32> {sharc.name = "img"}, %arg3: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg4, %arg5) = (2, 2) to (symbol(%arg0) - 2, symbol(%arg0) - 2) block [8, 32] dims [y, x] origin (%arg6, %arg7) {
      affine.if #set(%arg4, %arg5)[%arg0] {
        %cst = arith.constant 0.000000e+00 : f32
        %0 = affine.for %arg8 = 0 to 5 iter_args(%arg9 = %cst) -> (f32) {
          %1 = affine.for %arg10 = 0 to 5 iter_args(%arg11 = %arg9) -> (f32) {
            %2 = affine.load %arg1[%arg8, %arg10] : memref<5x5xf32>
            %3 = affine.load %arg2[%arg4 + %arg8 - 2, %arg5 + %arg10 - 2] : memref<?x?xf32>
            %4 = arith.mulf %2, %3 : f32
            %5 = arith.addf %arg11, %4 : f32
            affine.yield %5 : f32
          }
          affine.yield %1 : f32
        }
        affine.store %0, %arg3[%arg4, %arg5] : memref<?x?xf32>
      }
    } {sharc.acc = "acc kernels loop independent; acc loop independent", sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}, sharc.share = #sharc.share<img[TB_Y][TB_X]>}
    return
  }
  func.func @main_64(%w: memref<5x5xf32>, %a: memref<64x64xf32>, %b: memref<64x64xf32>) {
    %n = arith.constant 64 : index
    %a1 = memref.cast %a : memref<64x64xf32> to memref<?x?xf32>
    %b1 = memref.cast %b : memref<64x64xf32> to memref<?x?xf32>
    func.call @gauss(%n, %w, %a1, %b1) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%w: memref<5x5xf32>, %a: memref<37x37xf32>, %b: memref<37x37xf32>) {
    %n = arith.constant 37 : index
    %a1 = memref.cast %a : memref<37x37xf32> to memref<?x?xf32>
    %b1 = memref.cast %b : memref<37x37xf32> to memref<?x?xf32>
    func.call @gauss(%n, %w, %a1, %b1) : (index, memref<5x5xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
