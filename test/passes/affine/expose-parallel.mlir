// sharc-expose-parallel: the sequential loops of a section's body are interchanged and fused
// until they form one loop, which joins the band when the dependence analysis proves it
// parallel. The simulator runs the input and the rewritten program mapped to GPU threads, by
// the baseline and by the partition search: outputs equal and race-free, which a reordering
// across a dependence would break. The refused cases must come out as they went in.
// RUN: sharc-opt %s --sharc-expose-parallel --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %t.mlir --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.base.mlir
// RUN: sharc-opt %t.mlir --sharc-partition=target=a100 --sharc-map-baseline=target=a100 --sharc-map --sharc-promote --sharc-lower-gpumap -o %t.shared.mlir
// RUN: sharc-run %s --entry=syr2k --arg alpha=1.5 --arg beta=-0.5 --random-inputs=3 --compare=%t.base.mlir
// RUN: sharc-run %s --entry=syr2k --arg alpha=1.5 --arg beta=-0.5 --random-inputs=4 --compare=%t.shared.mlir
// RUN: for e in rows outer_parallel bad_interchange bad_fusion two_loops untouched; do \
// RUN:   sharc-run %s --entry=$e --random-inputs=3 --compare=%t.base.mlir && \
// RUN:   sharc-run %s --entry=$e --random-inputs=4 --compare=%t.shared.mlir || exit 1; done
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sharc-expose-parallel
// HELP-NEXT: Interchange and fuse the loops of a section's body so that a parallel loop joins its band

// PolyBench syr2k: the k loop moves inside j, then the two j loops fuse; j, bounded by the
// section's i, stays a nested affine.parallel (as a `loop` directive on it would leave it).
// CHECK-LABEL: func.func @syr2k(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (24) {
// CHECK-NEXT: affine.parallel (%[[J:.*]]) = (0) to (%[[I]] + 1) {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 16 {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]], %[[K]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK: } {sharc.acc = "acc parallel loop copy(C) copyin(A, B)"}
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @syr2k(%alpha: f64 {sharc.name = "alpha"}, %beta: f64 {sharc.name = "beta"},
                 %C: memref<24x24xf64> {sharc.name = "C"}, %A: memref<24x16xf64> {sharc.name = "A"},
                 %B: memref<24x16xf64> {sharc.name = "B"}) {
  // expected-remark @+1 {{a loop of the section joins its band as a parallel loop (1 interchange, 1 fusion)}}
  affine.parallel (%i) = (0) to (24) {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %0 = affine.load %C[%i, %j] : memref<24x24xf64>
      %1 = arith.mulf %0, %beta : f64
      affine.store %1, %C[%i, %j] : memref<24x24xf64>
    }
    affine.for %k = 0 to 16 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %0 = affine.load %A[%j, %k] : memref<24x16xf64>
        %1 = arith.mulf %0, %alpha : f64
        %2 = affine.load %B[%i, %k] : memref<24x16xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = affine.load %B[%j, %k] : memref<24x16xf64>
        %5 = arith.mulf %4, %alpha : f64
        %6 = affine.load %A[%i, %k] : memref<24x16xf64>
        %7 = arith.mulf %5, %6 : f64
        %8 = arith.addf %3, %7 : f64
        %9 = affine.load %C[%i, %j] : memref<24x24xf64>
        %10 = arith.addf %9, %8 : f64
        affine.store %10, %C[%i, %j] : memref<24x24xf64>
      }
    }
  } {sharc.acc = "acc parallel loop copy(C) copyin(A, B)"}
  return
}

// A parallel inner loop without a directive needs no rewrite: the user could have annotated
// it, so the nest stays as written (no remark).
// CHECK-LABEL: func.func @rows(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (16) {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 40 {
func.func @rows(%B: memref<16x40xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (16) {
    affine.for %j = 0 to 40 {
      %b = affine.load %B[%i, %j] : memref<16x40xf32>
      %c = arith.addf %b, %b : f32
      affine.store %c, %B[%i, %j] : memref<16x40xf32>
    }
  }
  return
}

// A parallel k loop around a parallel j loop: interchange is only tried on a loop that is not
// parallel, and nothing else applies.
// CHECK-LABEL: func.func @outer_parallel(
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 32 {
func.func @outer_parallel(%W: memref<8x4x32xf32> {sharc.name = "W"}) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 4 {
      affine.for %j = 0 to 32 {
        %c = arith.constant 1.0 : f32
        affine.store %c, %W[%i, %k, %j] : memref<8x4x32xf32>
      }
    }
  }
  return
}

// After the interchange, j carries X[i][j + 1] (read) to X[i][j] (written one iteration
// later): the copy is dropped and the nest stays in its original order.
// CHECK-LABEL: func.func @bad_interchange(
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to 4 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 31 {
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @bad_interchange(%X: memref<8x32xf32> {sharc.name = "X"}) {
  // expected-remark @+1 {{section's loops not reordered: an iteration writes an element of 'X' that an earlier iteration read}}
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 4 {
      affine.for %j = 0 to 31 {
        %a = affine.load %X[%i, %j + 1] : memref<8x32xf32>
        %b = affine.load %X[%i, %j] : memref<8x32xf32>
        %c = arith.addf %a, %b : f32
        affine.store %c, %X[%i, %j] : memref<8x32xf32>
      }
    }
  }
  return
}

// Fused, iteration j would read Y[i][j + 1] before iteration j + 1 writes it (the original wrote
// all of Y first): refused,
// both loops stay.
// CHECK-LABEL: func.func @bad_fusion(
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for
// CHECK: affine.for
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @bad_fusion(%Y: memref<8x33xf32> {sharc.name = "Y"}, %Z: memref<8x32xf32> {sharc.name = "Z"}) {
  // expected-remark @+1 {{section's loops not reordered: an iteration writes an element of 'Y' that an earlier iteration read (distance 0, 1)}}
  affine.parallel (%i) = (0) to (8) {
    affine.for %j = 0 to 32 {
      %c = arith.constant 2.0 : f32
      affine.store %c, %Y[%i, %j] : memref<8x33xf32>
    }
    affine.for %j = 0 to 32 {
      %y = affine.load %Y[%i, %j + 1] : memref<8x33xf32>
      affine.store %y, %Z[%i, %j] : memref<8x32xf32>
    }
  }
  return
}

// Two loops with different bounds do not fuse: nothing is rewritten, nothing is said.
// CHECK-LABEL: func.func @two_loops(
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 32 {
// CHECK: affine.for %{{.*}} = 0 to 16 {
func.func @two_loops(%Z: memref<8x32xf32> {sharc.name = "Z"}) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %j = 0 to 32 {
      %c = arith.constant 2.0 : f32
      affine.store %c, %Z[%i, %j] : memref<8x32xf32>
    }
    affine.for %j = 0 to 16 {
      %c = arith.constant 3.0 : f32
      affine.store %c, %Z[%i, %j] : memref<8x32xf32>
    }
  }
  return
}

// A statement beside the loop, and a share pragma: left alone.
// CHECK-LABEL: func.func @untouched(
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.store
// CHECK-NEXT: affine.for
// CHECK: affine.parallel (%{{.*}}) = (0) to (8) {
// CHECK-NEXT: affine.for
// CHECK: sharc.share
func.func @untouched(%x: memref<8xf32> {sharc.name = "x"}, %Z: memref<8x32xf32> {sharc.name = "Z"}) {
  %c = arith.constant 2.0 : f32
  affine.parallel (%i) = (0) to (8) {
    affine.store %c, %x[%i] : memref<8xf32>
    affine.for %j = 0 to 32 {
      affine.store %c, %Z[%i, %j] : memref<8x32xf32>
    }
  }
  affine.parallel (%i) = (0) to (8) {
    affine.for %j = 0 to 32 {
      affine.store %c, %Z[%i, %j] : memref<8x32xf32>
    }
  } {sharc.share = #sharc.share<Z[*][TB_X]:coalesce>}
  return
}
