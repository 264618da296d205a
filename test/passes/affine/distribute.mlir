// sharc-distribute: a section whose body holds affine.parallel loops next to other statements
// is cut into pieces, each merged with the loops now perfectly nested in it. The simulator then
// runs the input and the distributed program mapped to GPU threads, by the baseline and by the
// partition search (whose plan for doitgen's first piece stages tiles): the outputs must be equal
// and race-free, which a distribution across a dependence would break.
// RUN: sharc-opt %s --sharc-distribute --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %t.mlir --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.base.mlir
// RUN: sharc-opt %t.mlir --sharc-partition=target=a100 --sharc-map-baseline=target=a100 --sharc-map --sharc-promote --sharc-lower-gpumap -o %t.shared.mlir
// RUN: for e in doitgen init_then_rows shared_offset crossing triangular; do \
// RUN:   sharc-run %s --entry=$e --random-inputs=3 --compare=%t.base.mlir && \
// RUN:   sharc-run %s --entry=$e --random-inputs=4 --compare=%t.shared.mlir || exit 1; done
// The mapped loops of doitgen's pieces: s, the contiguous subscript, on x (no loop in the thread).
// RUN: sharc-opt %t.mlir --sharc-map-baseline --sharc-map 2>&1 | FileCheck %s --check-prefix=MAP
// MAP: remark: section mapped to a gpumap.band: block 32x8x1, z = loop 0, y = loop 1, x = loop 2, body guarded
// MAP: remark: section mapped to a gpumap.band: block 32x8x1, z = loop 0, y = loop 1, x = loop 2, body guarded
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sharc-distribute
// HELP-NEXT: Distribute sections over their nested affine.parallel loops, merging the pieces into deeper bands

// PolyBench doitgen: (r, q) around two s loops; each piece becomes one 3-D band, in order.
// CHECK-LABEL: func.func @doitgen(
// CHECK: affine.parallel (%[[R:.*]], %[[Q:.*]], %[[S:.*]]) = (0, 0, 0) to (4, 6, 32) {
// CHECK-NEXT: arith.constant 0.0
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[R]], %[[Q]], %[[S]]]
// CHECK-NEXT: affine.for
// CHECK: } {sharc.acc = "acc parallel loop"}
// CHECK-NEXT: affine.parallel (%[[R2:.*]], %[[Q2:.*]], %[[S2:.*]]) = (0, 0, 0) to (4, 6, 32) {
// CHECK-NEXT: affine.load %{{.*}}[%[[R2]], %[[Q2]], %[[S2]]]
// CHECK-NEXT: affine.store
// CHECK-NEXT: } {sharc.acc = "acc parallel loop"}
// CHECK-NEXT: return
func.func @doitgen(%A: memref<4x6x32xf64> {sharc.name = "A"}, %C4: memref<32x32xf64> {sharc.name = "C4"},
                   %sum: memref<4x6x32xf64> {sharc.name = "sum"}) {
  // expected-remark @+1 {{section distributed over 2 piece(s): bands of 3, 3 loop(s)}}
  affine.parallel (%r, %q) = (0, 0) to (4, 6) {
    affine.parallel (%s) = (0) to (32) {
      %zero = arith.constant 0.0 : f64
      affine.store %zero, %sum[%r, %q, %s] : memref<4x6x32xf64>
      affine.for %t = 0 to 32 {
        %0 = affine.load %sum[%r, %q, %s] : memref<4x6x32xf64>
        %1 = affine.load %A[%r, %q, %t] : memref<4x6x32xf64>
        %2 = affine.load %C4[%t, %s] : memref<32x32xf64>
        %3 = arith.mulf %1, %2 : f64
        %4 = arith.addf %0, %3 : f64
        affine.store %4, %sum[%r, %q, %s] : memref<4x6x32xf64>
      }
    }
    affine.parallel (%s) = (0) to (32) {
      %0 = affine.load %sum[%r, %q, %s] : memref<4x6x32xf64>
      affine.store %0, %A[%r, %q, %s] : memref<4x6x32xf64>
    }
  } {sharc.acc = "acc parallel loop"}
  return
}

// A statement before the nested loop is a piece of its own, a one-dimensional band; the
// nested loop's piece becomes a 2-D band.
// CHECK-LABEL: func.func @init_then_rows(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (16) {
// CHECK-NEXT: arith.constant
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (16, 40) {
func.func @init_then_rows(%x: memref<16xf32> {sharc.name = "x"}, %B: memref<16x40xf32> {sharc.name = "B"}) {
  // expected-remark @+1 {{section distributed over 2 piece(s): bands of 1, 2 loop(s)}}
  affine.parallel (%i) = (0) to (16) {
    %one = arith.constant 1.0 : f32
    affine.store %one, %x[%i] : memref<16xf32>
    affine.parallel (%j) = (0) to (40) {
      %b = affine.load %B[%i, %j] : memref<16x40xf32>
      %c = arith.addf %b, %b : f32
      affine.store %c, %B[%i, %j] : memref<16x40xf32>
    }
  }
  return
}

// An index computed in the section's body, used by both nested loops: copied into each piece
// and moved into the nested loop, which then merges.
// CHECK-LABEL: func.func @shared_offset(
// CHECK: affine.parallel (%[[I:.*]], %[[J:.*]]) = (0, 0) to (8, 32) {
// CHECK-NEXT: affine.apply
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (8, 32) {
// CHECK-NEXT: affine.apply
func.func @shared_offset(%A: memref<16x32xf32> {sharc.name = "A"}, %B: memref<16x32xf32> {sharc.name = "B"}) {
  // expected-remark @+1 {{section distributed over 2 piece(s): bands of 2, 2 loop(s)}}
  affine.parallel (%i) = (0) to (8) {
    %row = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    affine.parallel (%j) = (0) to (32) {
      %a = affine.load %A[%row, %j] : memref<16x32xf32>
      affine.store %a, %B[%row, %j] : memref<16x32xf32>
    }
    affine.parallel (%j) = (0) to (32) {
      %b = affine.load %B[%row, %j] : memref<16x32xf32>
      %c = arith.mulf %b, %b : f32
      affine.store %c, %A[%row, %j] : memref<16x32xf32>
    }
  }
  return
}

// A loaded value used by the nested loop would have to cross pieces: left as it is.
// CHECK-LABEL: func.func @crossing(
// CHECK: affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (40) {
func.func @crossing(%x: memref<16xf32> {sharc.name = "x"}, %B: memref<16x40xf32> {sharc.name = "B"}) {
  // expected-remark @+1 {{section not distributed: 'affine.load' defines a value another piece uses}}
  affine.parallel (%i) = (0) to (16) {
    %v = affine.load %x[%i] : memref<16xf32>
    affine.parallel (%j) = (0) to (40) {
      %b = affine.load %B[%i, %j] : memref<16x40xf32>
      %c = arith.addf %b, %v : f32
      affine.store %c, %B[%i, %j] : memref<16x40xf32>
    }
  }
  return
}

// Nested loops bounded by the outer iv are distributed but do not merge (a band's bounds cannot
// use its own loops); each piece keeps its nested loop, which the mapping runs in the thread.
// CHECK-LABEL: func.func @triangular(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (16) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (%[[I]]) {
// CHECK: affine.parallel (%[[I2:.*]]) = (0) to (16) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (%[[I2]]) to (16) {
func.func @triangular(%B: memref<16x16xf32> {sharc.name = "B"}) {
  // expected-remark @+1 {{section distributed over 2 piece(s): bands of 1, 1 loop(s)}}
  affine.parallel (%i) = (0) to (16) {
    affine.parallel (%j) = (0) to (%i) {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %B[%i, %j] : memref<16x16xf32>
    }
    affine.parallel (%j) = (%i) to (16) {
      %b = affine.load %B[%i, %j] : memref<16x16xf32>
      %c = arith.addf %b, %b : f32
      affine.store %c, %B[%i, %j] : memref<16x16xf32>
    }
  }
  return
}
