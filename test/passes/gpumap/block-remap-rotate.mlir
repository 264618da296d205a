// sharc-block-remap on a 1-D grid: seed 001's offset rotation of a reduction loop. Matvec with
// one row per thread: at n = 2048 on gtx690 (4 channels x 256 B) every row starts on one
// channel, and the 40 co-resident blocks all copy the same 8 columns at first (static first
// window: load 4.00). Block b starts its k-strip loop (b mod 4)·r strips in; the head runs the
// strips from there to n, the tail (sharc.rotated_tail) the ones before. Integer sums are
// rotated always; float ones only with allow-reassoc (their rounding changes). The outputs of
// the integer kernel are identical; the simulator's window metric, summed over the whole run,
// is 1.00 before and after (it does not see when the blocks read what), so the remark's
// numbers are the static first-window estimate of the rewritten band.
//
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-block-remap{target=gtx690})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-block-remap{target=gtx690 allow-reassoc=true})' 2>&1 | FileCheck %s --check-prefix=REASSOC
// RUN: sharc-opt %t.mlir --pass-pipeline='builtin.module(sharc-lower-gpumap)' -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=main_300 --target=gtx690 --random-inputs=3 --compare=%s 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: sharc-run %t.mlir --entry=main_300 --target=gtx690 --random-inputs=3 --compare=%s 2>&1 | FileCheck %s --check-prefix=SAME
//
// REMARK: remark: block-remap: target gtx690 (channel map linear-assumed): n = 2048: first window of 40 blocks: load 4.00, store 1.00, camps on a 1-D grid; n = 300: {{.*}}; offset rotation of a reduction loop: block b starts (b mod 4)·{{[0-9]+}} iterations in, worst first-window imbalance n = 2048: 4.00 -> 1.00; n = 300: 1.47 -> 1.47
// REMARK: remark: block-remap: {{.*}} camps on a 1-D grid; {{.*}}the offset rotation of a reduction loop does not apply: the reduction is floating-point: a new order changes its rounding (allow-reassoc)
// REASSOC: offset rotation of a reduction loop
// REASSOC: offset rotation of a reduction loop
// SAME: outputs match
//
// The head starts at the block's offset; the tail ends there (or at n), from the head's sum.
// CHECK-LABEL: func.func @imatvec(
// CHECK: gpumap.band (%[[I:.*]]) = (0) to (symbol(%[[N:.*]])) block [256] dims [x] origin (%[[O:.*]])
// CHECK: %[[HEAD:.*]] = affine.for %[[K:.*]] = #[[START:map[0-9]*]](%[[O]]) to %[[N]] step 8 iter_args(%{{.*}} = %[[ZERO:.*]]) -> (i32)
// CHECK: memplace.copy_in
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: } {sharc.strip = 1 : i64}
// CHECK: %[[SUM:.*]] = affine.for %{{.*}} = 0 to min #{{map[0-9]*}}(%[[O]])[%[[N]]] step 8 iter_args(%{{.*}} = %[[HEAD]]) -> (i32)
// CHECK: } {sharc.rotated_tail, sharc.strip = 1 : i64}
// CHECK: affine.store %[[SUM]]
// CHECK-LABEL: func.func @fmatvec(
// CHECK-NOT: sharc.rotated_tail
// CHECK: return

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#set = affine_set<(d0)[s0] : (-d0 + s0 - 1 >= 0)>
module {
  func.func @imatvec(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xi32> {sharc.name = "A"}, %arg2: memref<?xi32> {sharc.name = "x"}, %arg3: memref<?xi32> {sharc.name = "y"}) {
    gpumap.band (%arg4) = (0) to (symbol(%arg0)) block [256] dims [x] origin (%arg5) {
      %shared = memplace.alloc_shared : memref<256x8xi32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<8xi32, #gpu.address_space<workgroup>>
      %c0_i32 = arith.constant 0 : i32
      %0 = affine.for %arg6 = 0 to %arg0 step 8 iter_args(%arg7 = %c0_i32) -> (i32) {
        memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [256, 8] : memref<?x?xi32>, memref<256x8xi32, #gpu.address_space<workgroup>>
        memplace.copy_in %arg2[%arg6] to %shared_0 sizes [8] : memref<?xi32>, memref<8xi32, #gpu.address_space<workgroup>>
        memplace.barrier
        %1 = affine.for %arg8 = #map(%arg6) to min #map1(%arg6)[%arg0] iter_args(%arg9 = %arg7) -> (i32) {
          %2 = affine.if #set(%arg4)[%arg0] -> i32 {
            %6 = affine.load %shared[%arg4 - %arg5, %arg8 - %arg6] : memref<256x8xi32, #gpu.address_space<workgroup>>
            affine.yield %6 : i32
          } else {
            %c0_i32_1 = arith.constant 0 : i32
            affine.yield %c0_i32_1 : i32
          }
          %3 = affine.load %shared_0[%arg8 - %arg6] : memref<8xi32, #gpu.address_space<workgroup>>
          %4 = arith.muli %2, %3 : i32
          %5 = arith.addi %arg9, %4 overflow<nsw> : i32
          affine.yield %5 : i32
        } {sharc.loop = 1 : i64}
        memplace.barrier
        affine.yield %1 : i32
      } {sharc.strip = 1 : i64}
      affine.if #set(%arg4)[%arg0] {
        affine.store %0, %arg3[%arg4] : memref<?xi32>
      }
    }
    return
  }
  func.func @fmatvec(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "A"}, %arg2: memref<?xf32> {sharc.name = "x"}, %arg3: memref<?xf32> {sharc.name = "y"}) {
    gpumap.band (%arg4) = (0) to (symbol(%arg0)) block [256] dims [x] origin (%arg5) {
      %shared = memplace.alloc_shared : memref<256x8xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<8xf32, #gpu.address_space<workgroup>>
      %cst = arith.constant 0.000000e+00 : f32
      %0 = affine.for %arg6 = 0 to %arg0 step 8 iter_args(%arg7 = %cst) -> (f32) {
        memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [256, 8] : memref<?x?xf32>, memref<256x8xf32, #gpu.address_space<workgroup>>
        memplace.copy_in %arg2[%arg6] to %shared_0 sizes [8] : memref<?xf32>, memref<8xf32, #gpu.address_space<workgroup>>
        memplace.barrier
        %1 = affine.for %arg8 = #map(%arg6) to min #map1(%arg6)[%arg0] iter_args(%arg9 = %arg7) -> (f32) {
          %2 = affine.if #set(%arg4)[%arg0] -> f32 {
            %6 = affine.load %shared[%arg4 - %arg5, %arg8 - %arg6] : memref<256x8xf32, #gpu.address_space<workgroup>>
            affine.yield %6 : f32
          } else {
            %cst_1 = arith.constant 0.000000e+00 : f32
            affine.yield %cst_1 : f32
          }
          %3 = affine.load %shared_0[%arg8 - %arg6] : memref<8xf32, #gpu.address_space<workgroup>>
          %4 = arith.mulf %2, %3 : f32
          %5 = arith.addf %arg9, %4 : f32
          affine.yield %5 : f32
        } {sharc.loop = 1 : i64}
        memplace.barrier
        affine.yield %1 : f32
      } {sharc.strip = 1 : i64}
      affine.if #set(%arg4)[%arg0] {
        affine.store %0, %arg3[%arg4] : memref<?xf32>
      }
    }
    return
  }
  // The sizes the pass judges at (never run: 2048 x 2048 takes long in the simulator).
  func.func @main_2048() {
    %n = arith.constant 2048 : index
    %a = memref.alloc() : memref<2048x2048xi32>
    %x = memref.alloc() : memref<2048xi32>
    %y = memref.alloc() : memref<2048xi32>
    %ad = memref.cast %a : memref<2048x2048xi32> to memref<?x?xi32>
    %xd = memref.cast %x : memref<2048xi32> to memref<?xi32>
    %yd = memref.cast %y : memref<2048xi32> to memref<?xi32>
    func.call @imatvec(%n, %ad, %xd, %yd) : (index, memref<?x?xi32>, memref<?xi32>, memref<?xi32>) -> ()
    %fa = memref.alloc() : memref<2048x2048xf32>
    %fx = memref.alloc() : memref<2048xf32>
    %fy = memref.alloc() : memref<2048xf32>
    %fad = memref.cast %fa : memref<2048x2048xf32> to memref<?x?xf32>
    %fxd = memref.cast %fx : memref<2048xf32> to memref<?xf32>
    %fyd = memref.cast %fy : memref<2048xf32> to memref<?xf32>
    func.call @fmatvec(%n, %fad, %fxd, %fyd) : (index, memref<?x?xf32>, memref<?xf32>, memref<?xf32>) -> ()
    return
  }
  // A size that is no multiple of the strip or of the window, run against the original.
  func.func @main_300(%a: memref<300x300xi32>, %x: memref<300xi32>) -> memref<300xi32> {
    %n = arith.constant 300 : index
    %y = memref.alloc() : memref<300xi32>
    %ad = memref.cast %a : memref<300x300xi32> to memref<?x?xi32>
    %xd = memref.cast %x : memref<300xi32> to memref<?xi32>
    %yd = memref.cast %y : memref<300xi32> to memref<?xi32>
    func.call @imatvec(%n, %ad, %xd, %yd) : (index, memref<?x?xi32>, memref<?xi32>, memref<?xi32>) -> ()
    return %y : memref<300xi32>
  }
}
