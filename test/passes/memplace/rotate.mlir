// sharc-register-rotate on bands whose sequential loop is written out (the seed 004 CONV3D
// after its interchange: threads on (j, k), i run by each thread). The radius-4 25-point star
// loads input[i-4 .. i+4][j][k] in every iteration; after the pass one load per iteration and
// 8 rotation registers (iter_args) carry the rest. Global load requests per warp over T = 32
// iterations fall from 25·T = 800 to 17·T + 8 = 552: by 8·(T−1) = 248 per warp, 7936 for the
// 32 warps of the 32×32 threads. The 7-point Jacobi: W = 3, by 2·(T−1)·32 = 1984. Seed 003's
// DWE count (a radius-4 window along i alone, T = 256, 8×8 threads; the baseline's 32×8 block
// gives each row of 8 threads its own warp: 8 warps): per thread 9·256 = 2304 loads → 256 + 8 =
// 264, 18432 → 2112 requests. Outputs equal the affine original bit for bit.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-map-baseline{target=a100}, sharc-map, sharc-register-rotate)' -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.diag
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-map-baseline{target=a100}, sharc-map, sharc-lower-gpumap, lower-affine, canonicalize, cse)' -o %t.base.mlir
// RUN: sharc-run %s --entry=conv3d --random-inputs=1 --target=a100 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=jacobi --random-inputs=2 --target=a100 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=dwe --random-inputs=3 --target=a100 --compare=%t.gpu.mlir
// RUN: sharc-run %t.base.mlir --entry=conv3d --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=CONV-BASE
// RUN: sharc-run %t.gpu.mlir --entry=conv3d --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=CONV-ROT
// RUN: sharc-run %t.base.mlir --entry=jacobi --random-inputs=2 --target=a100 --metrics=json | FileCheck %s --check-prefix=JAC-BASE
// RUN: sharc-run %t.gpu.mlir --entry=jacobi --random-inputs=2 --target=a100 --metrics=json | FileCheck %s --check-prefix=JAC-ROT
// RUN: sharc-run %t.base.mlir --entry=dwe --random-inputs=3 --target=a100 --metrics=json | FileCheck %s --check-prefix=DWE-BASE
// RUN: sharc-run %t.gpu.mlir --entry=dwe --random-inputs=3 --target=a100 --metrics=json | FileCheck %s --check-prefix=DWE-ROT
// The partition search stages input's 16x16x40 tile per strip of 8 along i (conv3d): the
// window rotates over the shared tile inside the strip (written by its copy outside the loop,
// between the same barriers), shared load requests over 4 strips of T = 8 fall by
// (9·8 − (8 + 8))·4·32 warps = 7168.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-partition{target=a100}, sharc-map-baseline{target=a100}, sharc-map, sharc-promote)' -o %t.staged0.mlir 2> /dev/null
// RUN: sharc-opt %t.staged0.mlir --sharc-register-rotate -o %t.staged.mlir 2> %t.staged.diag
// RUN: FileCheck %s --check-prefix=STAGED --input-file=%t.staged.diag
// RUN: sharc-opt %t.staged0.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.staged0.gpu.mlir
// RUN: sharc-opt %t.staged.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.staged.gpu.mlir
// RUN: sharc-run %s --entry=conv3d --random-inputs=1 --target=a100 --compare=%t.staged.gpu.mlir
// RUN: sharc-run %t.staged0.gpu.mlir --entry=conv3d --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=STAGED-BASE
// RUN: sharc-run %t.staged.gpu.mlir --entry=conv3d --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=STAGED-ROT
// STAGED: remark: register-rotate: the shared tile of input rotated along this loop (subscript 0): window 9, 8 register(s) carried, 9 load(s) per iteration -> 1
// STAGED-BASE: "shared_load_requests": 25600,
// STAGED-ROT: "shared_load_requests": 18432,
// CONV-BASE: "global_load_requests": 25600,
// CONV-ROT: "global_load_requests": 17664,
// JAC-BASE: "global_load_requests": 7168,
// JAC-ROT: "global_load_requests": 5184,
// DWE-BASE: "global_load_requests": 18432,
// DWE-ROT: "global_load_requests": 2112,

// REMARK: remark: register-rotate: input rotated along this loop (subscript 0): window 9, 8 register(s) carried, 9 load(s) per iteration -> 1
// REMARK: remark: register-rotate: A rotated along this loop (subscript 0): window 3, 2 register(s) carried, 3 load(s) per iteration -> 1
// REMARK: remark: register-rotate: input rotated along this loop (subscript 0): window 9, 8 register(s) carried, 9 load(s) per iteration -> 1
// An in-place stencil: a value loaded at one iteration is overwritten before the next reads it.
// REMARK: remark: register-rotate: A left alone along this loop: it is written in the band (affine.store)
// Offsets i and i + 1 with step 2 are not congruent: two windows of one load, nothing rotated.
// REMARK-NOT: register-rotate
// A loop that may not run: the prologue goes under a guard on its trip count.
// REMARK: remark: register-rotate: A rotated along this loop (subscript 0): window 2, 1 register(s) carried, 2 load(s) per iteration -> 1

// CHECK-LABEL: func.func @conv3d
// CHECK: gpumap.band (%[[J:.*]], %[[K:.*]]) = (4, 4) to (36, 36)
// CHECK-COUNT-8: affine.load %arg0[{{[0-7]}}, %[[J]], %[[K]]]
// CHECK-NEXT: %{{.*}}:8 = affine.for %[[I:.*]] = 4 to 36 iter_args(%[[R0:.*]] = %{{.*}}, %[[R1:.*]] = %{{.*}}, %[[R2:.*]] = %{{.*}}, %[[R3:.*]] = %{{.*}}, %[[R4:.*]] = %{{.*}}, %[[R5:.*]] = %{{.*}}, %[[R6:.*]] = %{{.*}}, %[[R7:.*]] = %{{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK: arith.mulf %{{.*}}, %[[R4]] : f32
// CHECK-NOT: affine.load %arg0[%[[I]] - {{[0-9]}}, %[[J]], %[[K]]]
// CHECK: %[[NEW:.*]] = affine.load %arg0[%[[I]] + 4, %[[J]], %[[K]]]
// CHECK: affine.yield %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[NEW]] : f32, f32, f32, f32, f32, f32, f32, f32

// CHECK-LABEL: func.func @jacobi
// CHECK: affine.load %arg0[0, %[[J:.*]], %[[K:.*]]]
// CHECK-NEXT: affine.load %arg0[1, %[[J]], %[[K]]]
// CHECK-NEXT: affine.for %{{.*}} = 1 to 33 iter_args(%[[A0:.*]] = %{{.*}}, %[[A1:.*]] = %{{.*}}) -> (f32, f32) {
// CHECK: affine.yield %[[A1]], %{{.*}} : f32, f32

// CHECK-LABEL: func.func @dwe
// CHECK: affine.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32) {

// CHECK-LABEL: func.func @inplace
// CHECK-NOT: iter_args
// CHECK-LABEL: func.func @strided
// CHECK-NOT: iter_args
// CHECK-LABEL: func.func @guarded
// CHECK: %[[G:.*]] = affine.if #{{.*}}()[%arg2] -> f32 {
// CHECK-NEXT: affine.load %arg0[0, %{{.*}}, %{{.*}}]
// CHECK: affine.for %{{.*}} = 1 to %arg2 iter_args(%{{.*}} = %[[G]]) -> (f32) {
func.func @conv3d(%in: memref<40x40x40xf32> {sharc.name = "input"}, %out: memref<40x40x40xf32> {sharc.name = "output"}) {
  %w0 = arith.constant 0.5 : f32
  %w1 = arith.constant 0.125 : f32
  %w2 = arith.constant 0.0625 : f32
  %w3 = arith.constant 0.03125 : f32
  %w4 = arith.constant 0.015625 : f32
  affine.parallel (%j, %k) = (4, 4) to (36, 36) {
    affine.for %i = 4 to 36 {
      %c = affine.load %in[%i, %j, %k] : memref<40x40x40xf32>
      %s0 = arith.mulf %w0, %c : f32
      %l1 = affine.load %in[%i - 1, %j, %k] : memref<40x40x40xf32>
      %m1 = arith.mulf %w1, %l1 : f32
      %a1 = arith.addf %s0, %m1 : f32
      %l2 = affine.load %in[%i + 1, %j, %k] : memref<40x40x40xf32>
      %m2 = arith.mulf %w1, %l2 : f32
      %a2 = arith.addf %a1, %m2 : f32
      %l3 = affine.load %in[%i, %j - 1, %k] : memref<40x40x40xf32>
      %m3 = arith.mulf %w1, %l3 : f32
      %a3 = arith.addf %a2, %m3 : f32
      %l4 = affine.load %in[%i, %j + 1, %k] : memref<40x40x40xf32>
      %m4 = arith.mulf %w1, %l4 : f32
      %a4 = arith.addf %a3, %m4 : f32
      %l5 = affine.load %in[%i, %j, %k - 1] : memref<40x40x40xf32>
      %m5 = arith.mulf %w1, %l5 : f32
      %a5 = arith.addf %a4, %m5 : f32
      %l6 = affine.load %in[%i, %j, %k + 1] : memref<40x40x40xf32>
      %m6 = arith.mulf %w1, %l6 : f32
      %a6 = arith.addf %a5, %m6 : f32
      %l7 = affine.load %in[%i - 2, %j, %k] : memref<40x40x40xf32>
      %m7 = arith.mulf %w2, %l7 : f32
      %a7 = arith.addf %a6, %m7 : f32
      %l8 = affine.load %in[%i + 2, %j, %k] : memref<40x40x40xf32>
      %m8 = arith.mulf %w2, %l8 : f32
      %a8 = arith.addf %a7, %m8 : f32
      %l9 = affine.load %in[%i, %j - 2, %k] : memref<40x40x40xf32>
      %m9 = arith.mulf %w2, %l9 : f32
      %a9 = arith.addf %a8, %m9 : f32
      %l10 = affine.load %in[%i, %j + 2, %k] : memref<40x40x40xf32>
      %m10 = arith.mulf %w2, %l10 : f32
      %a10 = arith.addf %a9, %m10 : f32
      %l11 = affine.load %in[%i, %j, %k - 2] : memref<40x40x40xf32>
      %m11 = arith.mulf %w2, %l11 : f32
      %a11 = arith.addf %a10, %m11 : f32
      %l12 = affine.load %in[%i, %j, %k + 2] : memref<40x40x40xf32>
      %m12 = arith.mulf %w2, %l12 : f32
      %a12 = arith.addf %a11, %m12 : f32
      %l13 = affine.load %in[%i - 3, %j, %k] : memref<40x40x40xf32>
      %m13 = arith.mulf %w3, %l13 : f32
      %a13 = arith.addf %a12, %m13 : f32
      %l14 = affine.load %in[%i + 3, %j, %k] : memref<40x40x40xf32>
      %m14 = arith.mulf %w3, %l14 : f32
      %a14 = arith.addf %a13, %m14 : f32
      %l15 = affine.load %in[%i, %j - 3, %k] : memref<40x40x40xf32>
      %m15 = arith.mulf %w3, %l15 : f32
      %a15 = arith.addf %a14, %m15 : f32
      %l16 = affine.load %in[%i, %j + 3, %k] : memref<40x40x40xf32>
      %m16 = arith.mulf %w3, %l16 : f32
      %a16 = arith.addf %a15, %m16 : f32
      %l17 = affine.load %in[%i, %j, %k - 3] : memref<40x40x40xf32>
      %m17 = arith.mulf %w3, %l17 : f32
      %a17 = arith.addf %a16, %m17 : f32
      %l18 = affine.load %in[%i, %j, %k + 3] : memref<40x40x40xf32>
      %m18 = arith.mulf %w3, %l18 : f32
      %a18 = arith.addf %a17, %m18 : f32
      %l19 = affine.load %in[%i - 4, %j, %k] : memref<40x40x40xf32>
      %m19 = arith.mulf %w4, %l19 : f32
      %a19 = arith.addf %a18, %m19 : f32
      %l20 = affine.load %in[%i + 4, %j, %k] : memref<40x40x40xf32>
      %m20 = arith.mulf %w4, %l20 : f32
      %a20 = arith.addf %a19, %m20 : f32
      %l21 = affine.load %in[%i, %j - 4, %k] : memref<40x40x40xf32>
      %m21 = arith.mulf %w4, %l21 : f32
      %a21 = arith.addf %a20, %m21 : f32
      %l22 = affine.load %in[%i, %j + 4, %k] : memref<40x40x40xf32>
      %m22 = arith.mulf %w4, %l22 : f32
      %a22 = arith.addf %a21, %m22 : f32
      %l23 = affine.load %in[%i, %j, %k - 4] : memref<40x40x40xf32>
      %m23 = arith.mulf %w4, %l23 : f32
      %a23 = arith.addf %a22, %m23 : f32
      %l24 = affine.load %in[%i, %j, %k + 4] : memref<40x40x40xf32>
      %m24 = arith.mulf %w4, %l24 : f32
      %a24 = arith.addf %a23, %m24 : f32
      affine.store %a24, %out[%i, %j, %k] : memref<40x40x40xf32>
    }
  }
  return
}

func.func @jacobi(%A: memref<34x34x34xf32> {sharc.name = "A"}, %B: memref<34x34x34xf32> {sharc.name = "B"}) {
  %c = arith.constant 0.125 : f32
  affine.parallel (%j, %k) = (1, 1) to (33, 33) {
    affine.for %i = 1 to 33 {
      %0 = affine.load %A[%i - 1, %j, %k] : memref<34x34x34xf32>
      %1 = affine.load %A[%i, %j, %k] : memref<34x34x34xf32>
      %2 = affine.load %A[%i + 1, %j, %k] : memref<34x34x34xf32>
      %3 = affine.load %A[%i, %j - 1, %k] : memref<34x34x34xf32>
      %4 = affine.load %A[%i, %j + 1, %k] : memref<34x34x34xf32>
      %5 = affine.load %A[%i, %j, %k - 1] : memref<34x34x34xf32>
      %6 = affine.load %A[%i, %j, %k + 1] : memref<34x34x34xf32>
      %s1 = arith.addf %0, %1 : f32
      %s2 = arith.addf %s1, %2 : f32
      %s3 = arith.addf %s2, %3 : f32
      %s4 = arith.addf %s3, %4 : f32
      %s5 = arith.addf %s4, %5 : f32
      %s6 = arith.addf %s5, %6 : f32
      %r = arith.mulf %c, %s6 : f32
      affine.store %r, %B[%i, %j, %k] : memref<34x34x34xf32>
    }
  }
  return
}

func.func @dwe(%in: memref<264x8x8xf32> {sharc.name = "input"}, %out: memref<256x8x8xf32> {sharc.name = "output"}) {
  affine.parallel (%j, %k) = (0, 0) to (8, 8) {
    affine.for %i = 0 to 256 {
      %0 = affine.load %in[%i, %j, %k] : memref<264x8x8xf32>
      %1 = affine.load %in[%i + 1, %j, %k] : memref<264x8x8xf32>
      %2 = affine.load %in[%i + 2, %j, %k] : memref<264x8x8xf32>
      %3 = affine.load %in[%i + 3, %j, %k] : memref<264x8x8xf32>
      %4 = affine.load %in[%i + 4, %j, %k] : memref<264x8x8xf32>
      %5 = affine.load %in[%i + 5, %j, %k] : memref<264x8x8xf32>
      %6 = affine.load %in[%i + 6, %j, %k] : memref<264x8x8xf32>
      %7 = affine.load %in[%i + 7, %j, %k] : memref<264x8x8xf32>
      %8 = affine.load %in[%i + 8, %j, %k] : memref<264x8x8xf32>
      %s1 = arith.addf %0, %1 : f32
      %s2 = arith.addf %s1, %2 : f32
      %s3 = arith.addf %s2, %3 : f32
      %s4 = arith.addf %s3, %4 : f32
      %s5 = arith.addf %s4, %5 : f32
      %s6 = arith.addf %s5, %6 : f32
      %s7 = arith.addf %s6, %7 : f32
      %s8 = arith.addf %s7, %8 : f32
      affine.store %s8, %out[%i, %j, %k] : memref<256x8x8xf32>
    }
  }
  return
}

func.func @inplace(%A: memref<34x34x34xf32> {sharc.name = "A"}) {
  %h = arith.constant 0.5 : f32
  affine.parallel (%j, %k) = (1, 1) to (33, 33) {
    affine.for %i = 1 to 33 {
      %0 = affine.load %A[%i - 1, %j, %k] : memref<34x34x34xf32>
      %1 = affine.load %A[%i, %j, %k] : memref<34x34x34xf32>
      %2 = affine.load %A[%i + 1, %j, %k] : memref<34x34x34xf32>
      %s1 = arith.addf %0, %1 : f32
      %s = arith.addf %s1, %2 : f32
      %r = arith.mulf %h, %s : f32
      affine.store %r, %A[%i, %j, %k] : memref<34x34x34xf32>
    }
  }
  return
}

func.func @strided(%A: memref<66x32x32xf32> {sharc.name = "A"}, %B: memref<66x32x32xf32> {sharc.name = "B"}) {
  affine.parallel (%j, %k) = (0, 0) to (32, 32) {
    affine.for %i = 0 to 64 step 2 {
      %0 = affine.load %A[%i, %j, %k] : memref<66x32x32xf32>
      %1 = affine.load %A[%i + 1, %j, %k] : memref<66x32x32xf32>
      %s = arith.addf %0, %1 : f32
      affine.store %s, %B[%i, %j, %k] : memref<66x32x32xf32>
    }
  }
  return
}

func.func @guarded(%A: memref<?x32x32xf32> {sharc.name = "A"}, %B: memref<?x32x32xf32> {sharc.name = "B"}, %n: index) {
  affine.parallel (%j, %k) = (0, 0) to (32, 32) {
    affine.for %i = 1 to %n {
      %0 = affine.load %A[%i - 1, %j, %k] : memref<?x32x32xf32>
      %1 = affine.load %A[%i, %j, %k] : memref<?x32x32xf32>
      %s = arith.addf %0, %1 : f32
      affine.store %s, %B[%i, %j, %k] : memref<?x32x32xf32>
    }
  }
  return
}
