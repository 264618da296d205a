// RUN: sharc-opt %s --sharc-seed-closure -split-input-file 2>&1 >/dev/null | FileCheck %s
// RUN: sharc-opt %s --sharc-seed-closure -split-input-file 2>/dev/null | FileCheck %s --check-prefix=IR

// gemm: C joins through the scalar `ab` carried by the k loop (digest 000 §4); the IR is unchanged.
// CHECK: remark: candidate A: seed
// CHECK: remark: candidate B: seed
// CHECK: remark: candidate C: A[%arg6, %arg8] (read) --value flow-- the value %0 carried by an affine.for --value flow-- C[%arg6, %arg7] (write)
// IR-NOT: sharc.plan
// IR: sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>
func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "a"}, %arg2: f32 {sharc.name = "b"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%arg6, %arg7) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %arg8 = 0 to %arg0 iter_args(%arg9 = %cst) -> (f32) {
      %5 = affine.load %arg3[%arg6, %arg8] : memref<?x?xf32>
      %6 = affine.load %arg4[%arg8, %arg7] : memref<?x?xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %arg9, %7 : f32
      affine.yield %8 : f32
    }
    %1 = arith.mulf %arg1, %0 : f32
    %2 = affine.load %arg5[%arg6, %arg7] : memref<?x?xf32>
    %3 = arith.mulf %arg2, %2 : f32
    %4 = arith.addf %1, %3 : f32
    affine.store %4, %arg5[%arg6, %arg7] : memref<?x?xf32>
  } {sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}

// -----

// Only arrays that share a dependence with the seed are candidates: D is copied to E, unrelated
// to A; E[i] is written from A through a memory (flow) dependence on T.
// CHECK: remark: candidate A: seed
// CHECK: remark: candidate T: A[%arg5] (read) --value flow-- T[%arg5] (write)
// CHECK: remark: candidate E: A[%arg5] (read) --value flow-- T[%arg5] (write) --flow dependence-- T[%arg5] (read) --value flow-- E[%arg5] (write)
// CHECK-NOT: candidate D
func.func @disjoint(%A: memref<64xf32> {sharc.name = "A"}, %T: memref<64xf32> {sharc.name = "T"}, %E: memref<64xf32> {sharc.name = "E"}, %D: memref<64xf32> {sharc.name = "D"}, %F: memref<64xf32> {sharc.name = "F"}) {
  affine.parallel (%i) = (0) to (64) {
    %a = affine.load %A[%i] : memref<64xf32>
    affine.store %a, %T[%i] : memref<64xf32>
    %t = affine.load %T[%i] : memref<64xf32>
    affine.store %t, %E[%i] : memref<64xf32>
    %d = affine.load %D[%i] : memref<64xf32>
    affine.store %d, %F[%i] : memref<64xf32>
  } {sharc.share = #sharc.share<A[TB_X]>}
  return
}
