// RUN: sharc-opt %s --sharc-map -split-input-file -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// Upstream knows neither gpumap nor memplace (nor that a band's induction variables are valid
// affine dims): it checks the kernels sharc-lower-gpumap makes of the output.
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap -split-input-file -o %t.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -split-input-file %t.gpu.mlir -o /dev/null %}

// The plans are written by hand (sharc-partition's own tests pin what it chooses), so these
// tests see only sharc-map.

// gemm, block 16x16, k strip-mined by 16: the band takes the section's bounds, y = i, x = j;
// the strip pair `kk` / `k` keeps the reduction in iter_args; every access using i or j is
// guarded (n is unknown), the loads by an affine.if that yields zero past the bounds.
// CHECK-DAG: #[[ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[MIN:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 + 16, s0)>
// CHECK-DAG: #[[IN:set[0-9]*]] = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-LABEL: func.func @gemm
// CHECK-NEXT: gpumap.band (%[[I:.*]], %[[J:.*]]) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [16, 16] dims [y, x] origin (%{{.*}}, %{{.*}}) {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[SUM:.*]] = affine.for %[[KK:.*]] = 0 to %arg0 step 16 iter_args(%[[A0:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT: %[[PART:.*]] = affine.for %[[K:.*]] = #[[ID]](%[[KK]]) to min #[[MIN]](%[[KK]])[%arg0] iter_args(%[[A1:.*]] = %[[A0]]) -> (f32) {
// CHECK-NEXT: %[[X:.*]] = affine.if #[[IN]](%[[I]], %[[J]])[%arg0] -> f32 {
// CHECK-NEXT: %[[L:.*]] = affine.load %arg1[%[[I]], %[[K]]] : memref<?x?xf32>
// CHECK-NEXT: affine.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: affine.yield %[[Z]] : f32
// CHECK-NEXT: }
// CHECK: affine.load %arg2[%[[K]], %[[J]]]
// CHECK: arith.addf %[[A1]]
// CHECK-NEXT: affine.yield %{{.*}} : f32
// CHECK-NEXT: } {sharc.loop = 2 : i64}
// CHECK-NEXT: affine.yield %[[PART]] : f32
// CHECK-NEXT: } {sharc.strip = 2 : i64}
// CHECK-NEXT: affine.if #[[IN]](%[[I]], %[[J]])[%arg0] {
// CHECK-NEXT: affine.store %[[SUM]], %arg3[%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: } {sharc.plan = {{.*}}, sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
// REMARK: remark: section mapped to a gpumap.band: block 16x16x1, y = loop 0, x = loop 1, strip loop 2 by 16, 3 access(es) guarded
func.func @gemm(%n: index, %A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) {
    %zero = arith.constant 0.0 : f32
    %s = affine.for %k = 0 to %n iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<?x?xf32>
      %b = affine.load %B[%k, %j] : memref<?x?xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %acc, %p : f32
      affine.yield %q : f32
    }
    affine.store %s, %C[%i, %j] : memref<?x?xf32>
  } {sharc.plan = {block = array<i64: 16, 16, 1>, loops = ["y", "x"], staged = [], strips = [{loop = 2 : i64, size = 16 : i64}]},
     sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}

// -----

// Constant bounds that are multiples of the block: no guard. A 3-D band of two nested
// affine.parallel ops becomes one band; a loop that runs at most one strip is not strip-mined.
// CHECK-LABEL: func.func @exact
// CHECK-NEXT: gpumap.band (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (0, 0, 0) to (8, 64, 64) block [2, 4, 32] dims [z, y, x] origin
// CHECK-NEXT: affine.for %[[T:.*]] = 0 to 4 {
// CHECK-NEXT: affine.load %arg0[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: affine.store
// CHECK-NEXT: } {sharc.loop = 3 : i64}
// CHECK-NEXT: } {sharc.plan
// REMARK: remark: section mapped to a gpumap.band: block 32x4x2, z = loop 0, y = loop 1, x = loop 2, loop 3 runs at most 8 iterations: one strip, no guard needed
func.func @exact(%A: memref<8x64x64xf32>, %B: memref<8x64x64xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.parallel (%j, %k) = (0, 0) to (64, 64) {
      affine.for %t = 0 to 4 {
        %v = affine.load %A[%i, %j, %k] : memref<8x64x64xf32>
        affine.store %v, %B[%i, %j, %k] : memref<8x64x64xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 32, 4, 2>, loops = ["z", "y", "x"], staged = [], strips = [{loop = 3 : i64, size = 8 : i64}]}}
  return
}

// -----

// syrk's triangular band (j <= i) with a plan that strips k (sharc-partition's plan): the band
// runs over the hull of the triangle (j from 0 to n, the end of i's range), and every access is
// guarded by the section's own bounds, j <= i included, which the band's bounds no longer say
// (the threads above the diagonal stay idle). The strip loop's bounds do not depend on the
// thread: it is strip-mined, so sharc-promote can place its copies and barriers there.
// CHECK-DAG: #[[TRI:set[0-9]*]] = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, d0 - d1 >= 0, d1 >= 0)>
// CHECK-LABEL: func.func @syrk
// CHECK-NEXT: gpumap.band (%[[I:.*]], %[[J:.*]]) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x]
// CHECK: affine.for %[[KK:.*]] = 0 to %arg1 step 32 {
// CHECK-NEXT: affine.for %[[K:.*]] = #{{.*}}(%[[KK]]) to min #{{.*}}(%[[KK]])[%arg1] {
// CHECK-NEXT: affine.if #[[TRI]](%[[I]], %[[J]])[%arg0] -> f32 {
// CHECK-NEXT: affine.load %arg3[%[[I]], %[[K]]]
// CHECK: affine.if #[[TRI]](%[[I]], %[[J]])[%arg0] {
// CHECK-NEXT: affine.store %{{.*}}, %arg2[%[[I]], %[[J]]]
// CHECK: } {sharc.loop = 2 : i64}
// CHECK-NEXT: } {sharc.strip = 2 : i64}
// REMARK: remark: section mapped to a gpumap.band: block 32x32x1, y = loop 0, x = loop 1, strip loop 2 by 32, 4 access(es) guarded
func.func @syrk(%n: index, %m: index, %C: memref<?x?xf32>, %A: memref<?x?xf32>) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    affine.parallel (%j) = (0) to (%i + 1) {
      affine.for %k = 0 to %m {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %A[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } {sharc.plan = {block = array<i64: 32, 32, 1>, loops = ["y", "x"], staged = [], strips = [{loop = 2 : i64, size = 32 : i64}]}}
  return
}

// -----

// A strip loop whose bounds depend on the thread (k < i) cannot hold block-wide copies: it
// is not strip-mined. Sections without a plan are left to sharc-map-baseline.
// CHECK-LABEL: func.func @triangular
// CHECK: gpumap.band
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}}) {
// CHECK-NEXT: affine.if
// CHECK: } {sharc.loop = 1 : i64}
// CHECK: affine.parallel
// CHECK-NOT: gpumap.band
// REMARK: remark: section mapped to a gpumap.band: block 32x1x1, x = loop 0, loop 1 not strip-mined (its iterations differ between the threads of a block): its staging is dropped, 2 access(es) guarded
func.func @triangular(%n: index, %A: memref<?x?xf32>) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
      %v = affine.load %A[%i, %k] : memref<?x?xf32>
      affine.store %v, %A[%k, %i] : memref<?x?xf32>
    }
  } {sharc.plan = {block = array<i64: 32, 1, 1>, loops = ["x"], staged = [], strips = [{loop = 1 : i64, size = 4 : i64}]}}
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %v = affine.load %A[%i, %i] : memref<?x?xf32>
    affine.store %v, %A[%i, %i] : memref<?x?xf32>
  }
  return
}

// -----

// A plan may run a band loop inside the thread: it becomes an affine.for around the body. In a
// plan that strips or stages, that loop is streamed (issue 15): its bounds are the same in every
// thread, and it is marked as its own strip loop (`sharc.strip = 1`, `sharc.loop = 1`), around
// the strip pair of loop 2, so that sharc-promote copies the tiles following it per step.
// CHECK-LABEL: func.func @seq
// CHECK-NEXT: gpumap.band (%[[I:.*]]) = (0) to (64) block [64] dims [x] origin (%{{.*}}) {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT: affine.load %arg0[%[[I]], %[[J]]]
// CHECK: gpumap.band (%[[I2:.*]]) = (0) to (64) block [64] dims [x] origin (%{{.*}}) {
// CHECK-NEXT: affine.for %[[J2:.*]] = 0 to 64 {
// CHECK-NEXT: affine.for %[[KK:.*]] = 0 to 64 step 16 {
// CHECK-NEXT: affine.for %[[K:.*]] = #{{.*}}(%[[KK]]) to min #{{.*}}(%[[KK]]) {
// CHECK-NEXT: affine.load %arg0[%[[I2]], %[[K]]]
// CHECK-NEXT: affine.store %{{.*}}, %arg0[%[[K]], %[[J2]]]
// CHECK-NEXT: } {sharc.loop = 2 : i64}
// CHECK-NEXT: } {sharc.strip = 2 : i64}
// CHECK-NEXT: } {sharc.loop = 1 : i64, sharc.strip = 1 : i64}
// REMARK: remark: section mapped to a gpumap.band: block 64x1x1, x = loop 0, loop 1 inside the thread, no guard needed
// REMARK: remark: section mapped to a gpumap.band: block 64x1x1, x = loop 0, loop 1 inside the thread, strip loop 2 by 16, no guard needed
func.func @seq(%A: memref<64x64xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %A[%i, %j] : memref<64x64xf32>
  } {sharc.plan = {block = array<i64: 64, 1, 1>, loops = ["x", "seq"], staged = [], strips = []}}
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    affine.for %k = 0 to 64 {
      %v = affine.load %A[%i, %k] : memref<64x64xf32>
      affine.store %v, %A[%k, %j] : memref<64x64xf32>
    }
  } {sharc.plan = {block = array<i64: 64, 1, 1>, loops = ["x", "seq"], staged = [], strips = [{loop = 2 : i64, size = 16 : i64}]}}
  return
}
