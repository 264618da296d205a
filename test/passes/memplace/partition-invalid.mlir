// RUN: not sharc-opt %s --sharc-partition="target=gtx690" -split-input-file 2>&1 | FileCheck %s
// RUN: not sharc-opt %s --sharc-seed-closure -split-input-file 2>&1 | FileCheck %s --check-prefix=CLOSURE

// CHECK: error: share pragma names 'Q', which this loop nest does not access; name one of its arrays (A, B)
// CLOSURE: error: share pragma names 'Q'
func.func @unknown(%A: memref<64xf32> {sharc.name = "A"}, %B: memref<64xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  } {sharc.share = #sharc.share<Q[TB_X]>}
  return
}

// -----

// CHECK: error: share pragma gives 2 partition length(s) for 'A', which has rank 1: write one [length] per dimension
func.func @rank(%A: memref<64xf32> {sharc.name = "A"}, %B: memref<64xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %B[%i] : memref<64xf32>
  } {sharc.share = #sharc.share<A[TB_X][*]>}
  return
}

// -----

// CHECK: error: a share pragma governs a parallel loop nest, but it is on 'affine.for': put it on the outermost affine.parallel
func.func @sequential(%A: memref<64xf32> {sharc.name = "A"}) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %A[%i] : memref<64xf32>
  } {sharc.share = #sharc.share<A[TB_X]>}
  return
}

// -----

// CHECK: error: conflicting share pragmas: this parallel loop is nested in another section
func.func @nested(%A: memref<64x64xf32> {sharc.name = "A"}) {
  affine.parallel (%i) = (0) to (64) {
    affine.parallel (%j) = (0) to (64) {
      %a = affine.load %A[%i, %j] : memref<64x64xf32>
      affine.store %a, %A[%i, %j] : memref<64x64xf32>
    } {sharc.share = #sharc.share<A[TB_Y][TB_X]>}
  } {sharc.share = #sharc.share<A[TB_Y][TB_X]>}
  return
}

// -----

// CHECK: error: conflicting share pragma: A maps one thread-block extent to two parallel loops; use a different TB primitive per dimension
func.func @same_axis(%A: memref<64x64xf32> {sharc.name = "A"}) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %a = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %a, %A[%i, %j] : memref<64x64xf32>
  } {sharc.share = #sharc.share<A[TB_X][TB_X]>}
  return
}

// -----

// A constant partition of 4096 x 4096 floats cannot fit any block's 12 KB budget.
// CHECK: error: the arrays of the share pragma cannot fit in shared memory on gtx690: the smallest legal thread block needs {{[0-9]+}} B, over θ_s × SMSize = 12288 B; use smaller constant lengths, TB primitives or * in the pragma, or drop :coalesce
func.func @too_big(%n: index, %A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %k = 0 to 4096 iter_args(%acc = %cst) -> (f32) {
      %a = affine.load %A[%k, %i] : memref<?x?xf32>
      %s = arith.addf %acc, %a : f32
      affine.yield %s : f32
    }
    affine.store %0, %B[%i] : memref<?xf32>
  } {sharc.share = #sharc.share<A[4096][TB_X]:coalesce>}
  return
}
