// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// A two-loop band with constant bounds; the body block's arguments are the induction
// variables, then the block origins; gpumap.yield is implied.
// CHECK-LABEL: func.func @copy
// CHECK: gpumap.band (%arg2, %arg3) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%arg4, %arg5) {
// CHECK-NEXT: %0 = affine.load %arg0[%arg2, %arg3] : memref<64x64xf32>
// CHECK-NEXT: affine.store %0, %arg1[%arg2, %arg3] : memref<64x64xf32>
// CHECK-NEXT: }
// GENERIC: "gpumap.band"() <{blockSizes = array<i64: 8, 32>, lowerBoundsMap = #map{{[0-9]*}}, mapping = [#gpu<dim y>, #gpu<dim x>], upperBoundsMap = #map{{[0-9]*}}}> ({
// GENERIC-NEXT: ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index):
// GENERIC: "gpumap.yield"() : () -> ()
module {
  func.func @copy(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>) {
    gpumap.band (%arg2, %arg3) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%arg4, %arg5) {
      %0 = affine.load %arg0[%arg2, %arg3] : memref<64x64xf32>
      affine.store %0, %arg1[%arg2, %arg3] : memref<64x64xf32>
    }
    return
  }
}

// -----
// Bounds with dims and symbols, one loop on z; discardable attributes (sharc.share) follow
// the body.
// CHECK-LABEL: func.func @bounds
// CHECK: gpumap.band (%arg3) = (%arg1 + 1) to (symbol(%arg2) - 1) block [64] dims [z] origin (%arg4) {
// CHECK: } {sharc.share = #sharc.share<"A[TB_X]">}
#set = affine_set<(d0)[s0] : (-d0 + s0 - 2 >= 0)>
module {
  func.func @bounds(%arg0: memref<?xf32>, %arg1: index, %arg2: index) {
    gpumap.band (%arg3) = (%arg1 + 1) to (symbol(%arg2) - 1) block [64] dims [z] origin (%arg4) {
      affine.if #set(%arg3)[%arg2] {
        %0 = affine.load %arg0[%arg3 - %arg4] : memref<?xf32>
        affine.store %0, %arg0[%arg3] : memref<?xf32>
      }
    } {sharc.share = #sharc.share<"A[TB_X]">}
    return
  }
}

// -----
// Three loops, one per hardware dimension, in any order.
// CHECK-LABEL: func.func @three
// CHECK: gpumap.band (%arg1, %arg2, %arg3) = (0, 0, 0) to (4, 8, 32) block [2, 4, 32] dims [z, y, x] origin (%arg4, %arg5, %arg6) {
module {
  func.func @three(%arg0: memref<4x8x32xf32>) {
    gpumap.band (%arg1, %arg2, %arg3) = (0, 0, 0) to (4, 8, 32) block [2, 4, 32] dims [z, y, x] origin (%arg4, %arg5, %arg6) {
      %cst = arith.constant 1.000000e+00 : f32
      affine.store %cst, %arg0[%arg1, %arg2, %arg3] : memref<4x8x32xf32>
    }
    return
  }
}

// -----
// max/min bound groups and steps, written as affine.parallel writes them; the groups and steps
// are properties only when they are not all one.
// CHECK-LABEL: func.func @groups
// CHECK: gpumap.band (%arg3, %arg4) = (max(0, %arg1 - 2), 1) to (min(symbol(%arg2), 100), 64) step (2, 1) block [32, 8] dims [x, y] origin (%arg5, %arg6) {
// GENERIC: "gpumap.band"(%arg1, %arg2) <{blockSizes = array<i64: 32, 8>, lowerBoundsGroups = dense<[2, 1]> : tensor<2xi32>, lowerBoundsMap = #map{{[0-9]*}}, mapping = [#gpu<dim x>, #gpu<dim y>], steps = [2, 1], upperBoundsGroups = dense<[2, 1]> : tensor<2xi32>, upperBoundsMap = #map{{[0-9]*}}}> ({
module {
  func.func @groups(%arg0: memref<?x64xf32>, %arg1: index, %arg2: index) {
    gpumap.band (%arg3, %arg4) = (max(0, %arg1 - 2), 1) to (min(symbol(%arg2), 100), 64) step (2, 1) block [32, 8] dims [x, y] origin (%arg5, %arg6) {
      %0 = affine.load %arg0[%arg3, %arg4] : memref<?x64xf32>
      affine.store %0, %arg0[%arg3, %arg4] : memref<?x64xf32>
    }
    return
  }
}

// -----
// Tiles larger than the block, and a blocked distribution: printed after the block sizes, only
// when a tile is not its block (tile) or a loop is blocked (distribution).
// CHECK-LABEL: func.func @tiles
// CHECK: gpumap.band (%arg1, %arg2) = (0, 0) to (64, 64) block [4, 32] tile [32, 32] dims [y, x] origin (%arg3, %arg4) {
// CHECK: gpumap.band (%arg1, %arg2) = (0, 0) to (64, 64) block [8, 32] tile [32, 32] distribution [blocked, cyclic] dims [y, x] origin (%arg3, %arg4) {
// GENERIC: "gpumap.band"() <{blockSizes = array<i64: 4, 32>, lowerBoundsMap = #map{{[0-9]*}}, mapping = [#gpu<dim y>, #gpu<dim x>], tileSizes = array<i64: 32, 32>, upperBoundsMap = #map{{[0-9]*}}}> ({
// GENERIC: "gpumap.band"() <{blockSizes = array<i64: 8, 32>, distributions = ["blocked", "cyclic"], lowerBoundsMap = #map{{[0-9]*}}, mapping = [#gpu<dim y>, #gpu<dim x>], tileSizes = array<i64: 32, 32>, upperBoundsMap = #map{{[0-9]*}}}> ({
module {
  func.func @tiles(%arg0: memref<64x64xf32>) {
    gpumap.band (%arg1, %arg2) = (0, 0) to (64, 64) block [4, 32] tile [32, 32] dims [y, x] origin (%arg3, %arg4) {
      %0 = affine.load %arg0[%arg1, %arg2] : memref<64x64xf32>
    }
    gpumap.band (%arg1, %arg2) = (0, 0) to (64, 64) block [8, 32] tile [32, 32] distribution [blocked, cyclic] dims [y, x] origin (%arg3, %arg4) {
      %0 = affine.load %arg0[%arg1, %arg2] : memref<64x64xf32>
    }
    return
  }
}

// -----
// A block order: printed after the dimensions, only when it is not the identity.
// CHECK-LABEL: func.func @diagonal
// CHECK: gpumap.band (%arg2, %arg3) = (0, 0) to (symbol(%arg0), 96) block [8, 32] tile [32, 32] dims [y, x] order diagonal origin (%arg4, %arg5) {
// CHECK: gpumap.band (%arg2, %arg3) = (0, 0) to (64, 64) block [32, 4] dims [x, y] origin (%arg4, %arg5) {
// GENERIC: "gpumap.band"(%arg0) <{blockOrder = "diagonal", blockSizes = array<i64: 8, 32>, lowerBoundsMap = #map{{[0-9]*}}, mapping = [#gpu<dim y>, #gpu<dim x>], tileSizes = array<i64: 32, 32>, upperBoundsMap = #map{{[0-9]*}}}> ({
module {
  func.func @diagonal(%arg0: index, %arg1: memref<?x96xf32>) {
    gpumap.band (%arg2, %arg3) = (0, 0) to (symbol(%arg0), 96) block [8, 32] tile [32, 32] dims [y, x] order diagonal origin (%arg4, %arg5) {
      %0 = affine.load %arg1[%arg2, %arg3] : memref<?x96xf32>
    }
    gpumap.band (%arg2, %arg3) = (0, 0) to (64, 64) block [32, 4] dims [x, y] origin (%arg4, %arg5) {
      %0 = affine.load %arg1[%arg2, %arg3] : memref<?x96xf32>
    }
    return
  }
}

