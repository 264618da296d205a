// sharc-vectorize: pairs A[2x+c], A[2x+c+1] along a section's x loop as 2-lane vector accesses
// where 8-byte alignment is proven; a remark for each pair it leaves scalar.
// RUN: sharc-opt %s --sharc-vectorize -o %t.mlir 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// The rewrite moves bits, never arithmetic: every function computes the same outputs.
// RUN: sharc-run %s --entry=cscale --arg arg0=1.5 --arg arg1=-0.25 --random-inputs=5 --compare=%t.mlir
// RUN: for f in odd windows aliased acc two_d offset_view pitch doubles; do sharc-run %s --entry=$f --random-inputs=5 --compare=%t.mlir || exit 1; done
// RUN: sharc-opt %t.mlir --lower-affine | FileCheck %s --check-prefix=LOWERED

// cscale: the four loads of x become one vector load (the store of y in between is another
// array: inside an OpenACC construct the arrays are the construct's, as named), the two stores
// of y one vector store at the second.
// CHECK-LABEL: func.func @cscale(
// CHECK:         affine.parallel (%[[I:.*]]) = (0) to (256) {
// CHECK-NEXT:      %[[V:.*]] = affine.vector_load %arg2[%[[I]] * 2] {alignment = 8 : i64} : memref<512xf32>, vector<2xf32>
// CHECK-NEXT:      %[[RE:.*]] = vector.extract %[[V]][0] : f32 from vector<2xf32>
// CHECK-NEXT:      %[[IM:.*]] = vector.extract %[[V]][1] : f32 from vector<2xf32>
// CHECK-NEXT:      arith.mulf %arg0, %[[RE]] : f32
// CHECK-NEXT:      arith.mulf %arg1, %[[IM]] : f32
// CHECK-NEXT:      %[[Y0:.*]] = arith.subf
// CHECK-NEXT:      arith.mulf %arg1, %[[RE]] : f32
// CHECK-NEXT:      arith.mulf %arg0, %[[IM]] : f32
// CHECK-NEXT:      %[[Y1:.*]] = arith.addf
// CHECK-NEXT:      %[[W:.*]] = vector.from_elements %[[Y0]], %[[Y1]] : vector<2xf32>
// CHECK-NEXT:      affine.vector_store %[[W]], %arg3[%[[I]] * 2] {alignment = 8 : i64} : memref<512xf32>, vector<2xf32>
// CHECK-NEXT:    }
// LOWERED-LABEL: func.func @cscale(
// LOWERED: vector.load %arg2[%{{.*}}] {alignment = 8 : i64} : memref<512xf32>, vector<2xf32>
// LOWERED: vector.store %{{.*}}, %arg3[%{{.*}}] {alignment = 8 : i64} : memref<512xf32>, vector<2xf32>
func.func @cscale(%a: f32, %b: f32, %x: memref<512xf32> {sharc.name = "x"}, %y: memref<512xf32> {sharc.name = "y"})
    attributes {sharc.may_alias = [array<i64: 2, 3>]} {
  affine.parallel (%i) = (0) to (256) {
    %0 = affine.load %x[%i * 2] : memref<512xf32>
    %1 = arith.mulf %a, %0 : f32
    %2 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %3 = arith.mulf %b, %2 : f32
    %4 = arith.subf %1, %3 : f32
    affine.store %4, %y[%i * 2] : memref<512xf32>
    %5 = affine.load %x[%i * 2] : memref<512xf32>
    %6 = arith.mulf %b, %5 : f32
    %7 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %8 = arith.mulf %a, %7 : f32
    %9 = arith.addf %6, %8 : f32
    affine.store %9, %y[%i * 2 + 1] : memref<512xf32>
  } {sharc.acc = "acc kernels loop independent"}
  return
}

// c odd: the pair (2i+1, 2i+2) is found, but its first element is 4 bytes past an 8-byte
// boundary; both stay scalar.
// CHECK-LABEL: func.func @odd(
// CHECK-NOT:     vector
// CHECK:         return
// REMARK: vectorize.mlir:[[@LINE+5]]:10: remark: pair of loads of 'x' not vectorized: the first element's offset is odd (2 * x + 1)
// REMARK-NEXT: {{^}}    %0 = affine.load %x[%i * 2 + 1] : memref<512xf32>
// REMARK: vectorize.mlir:[[@LINE+6]]:5: remark: pair of stores of 'y' not vectorized: the first element's offset is odd (2 * x + 1)
func.func @odd(%x: memref<512xf32> {sharc.name = "x"}, %y: memref<512xf32> {sharc.name = "y"}) {
  affine.parallel (%i) = (0) to (255) {
    %0 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %1 = affine.load %x[%i * 2 + 2] : memref<512xf32>
    affine.store %1, %y[%i * 2 + 1] : memref<512xf32>
    affine.store %0, %y[%i * 2 + 2] : memref<512xf32>
  }
  return
}

// A write to x between two loads of one element ends the first window: the load after it
// reads what the store wrote. A load before its partner (2i+1 first) gives the vector at 2i.
// CHECK-LABEL: func.func @windows(
// CHECK:         %[[V:.*]] = affine.vector_load %arg0[%{{.*}} * 2] {alignment = 8 : i64}
// CHECK-NEXT:    %[[L0:.*]] = vector.extract %[[V]][0]
// CHECK-NEXT:    %[[L1:.*]] = vector.extract %[[V]][1]
// CHECK-NEXT:    arith.addf %[[L1]], %[[L0]] : f32
// CHECK-NEXT:    affine.store %{{.*}}, %arg0[%{{.*}} * 2] : memref<512xf32>
// CHECK-NEXT:    %[[W:.*]] = affine.load %arg0[%{{.*}} * 2] : memref<512xf32>
// CHECK-NEXT:    affine.store %[[W]], %arg1[%{{.*}} * 2 + 1] : memref<512xf32>
func.func @windows(%x: memref<512xf32>, %y: memref<512xf32>) {
  affine.parallel (%i) = (0) to (256) {
    %0 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %1 = affine.load %x[%i * 2] : memref<512xf32>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %x[%i * 2] : memref<512xf32>
    %3 = affine.load %x[%i * 2] : memref<512xf32>
    affine.store %3, %y[%i * 2 + 1] : memref<512xf32>
  }
  return
}

// Outside an OpenACC construct, C lets x and y be one array (sharc.may_alias): the store to
// y between the loads of x ends the window, and the loads after it form their own pair.
// CHECK-LABEL: func.func @aliased(
// CHECK-COUNT-2: affine.vector_load %arg0
// CHECK-NOT:     affine.vector_load
// CHECK:         return
func.func @aliased(%x: memref<512xf32>, %y: memref<512xf32>) attributes {sharc.may_alias = [array<i64: 0, 1>]} {
  affine.parallel (%i) = (0) to (256) {
    %0 = affine.load %x[%i * 2] : memref<512xf32>
    %1 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %y[%i] : memref<512xf32>
    %3 = affine.load %x[%i * 2] : memref<512xf32>
    %4 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %5 = arith.mulf %3, %4 : f32
    affine.store %5, %y[%i + 256] : memref<512xf32>
  }
  return
}

// The same under an OpenACC construct: one window, one vector load.
// CHECK-LABEL: func.func @acc(
// CHECK-COUNT-1: affine.vector_load %arg0
// CHECK-NOT:     affine.vector_load
// CHECK:         return
func.func @acc(%x: memref<512xf32>, %y: memref<512xf32>) attributes {sharc.may_alias = [array<i64: 0, 1>]} {
  affine.parallel (%i) = (0) to (256) {
    %0 = affine.load %x[%i * 2] : memref<512xf32>
    %1 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %y[%i] : memref<512xf32>
    %3 = affine.load %x[%i * 2] : memref<512xf32>
    %4 = affine.load %x[%i * 2 + 1] : memref<512xf32>
    %5 = arith.mulf %3, %4 : f32
    affine.store %5, %y[%i + 256] : memref<512xf32>
  } {sharc.acc = "acc parallel loop"}
  return
}

// Two dimensions, x the inner loop (the one the last subscripts use): an even row pitch (10
// floats) keeps every row's pairs aligned; a pair along the outer loop (A[2i][j], A[2i+1][j])
// is not in the last subscript and stays as it is, without a remark.
// CHECK-LABEL: func.func @two_d(
// CHECK:         affine.vector_load %arg0[%{{.*}}, %{{.*}} * 2 + 4] {alignment = 8 : i64} : memref<8x10xf32>, vector<2xf32>
// CHECK:         affine.vector_store %{{.*}}, %arg1[%{{.*}}, %{{.*}} * 2] {alignment = 8 : i64} : memref<8x10xf32>, vector<2xf32>
// CHECK:         affine.load %arg2[%{{.*}} * 2, %{{.*}}] : memref<8x3xf32>
// CHECK:         affine.load %arg2[%{{.*}} * 2 + 1, %{{.*}}] : memref<8x3xf32>
func.func @two_d(%a: memref<8x10xf32>, %b: memref<8x10xf32>, %c: memref<8x3xf32>, %d: memref<4x3xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (4, 3) {
    %0 = affine.load %a[%i, %j * 2 + 4] : memref<8x10xf32>
    %1 = affine.load %a[%i, %j * 2 + 5] : memref<8x10xf32>
    affine.store %1, %b[%i, %j * 2] : memref<8x10xf32>
    affine.store %0, %b[%i, %j * 2 + 1] : memref<8x10xf32>
    %2 = affine.load %c[%i * 2, %j] : memref<8x3xf32>
    %3 = affine.load %c[%i * 2 + 1, %j] : memref<8x3xf32>
    %4 = arith.addf %2, %3 : f32
    affine.store %4, %d[%i, %j] : memref<4x3xf32>
  }
  return
}

// An array that is a view (its first element anywhere in the buffer) has no provable
// alignment.
// CHECK-LABEL: func.func @offset_view(
// CHECK-NOT:     vector
// CHECK:         return
// REMARK: vectorize.mlir:[[@LINE+4]]:10: remark: pair of loads of 'x' not vectorized: the array is not a function argument, so the alignment of its first element is unknown
func.func @offset_view(%x: memref<512xf32> {sharc.name = "x"}, %y: memref<256xf32>) {
  %v = memref.subview %x[1] [510] [1] : memref<512xf32> to memref<510xf32, strided<[1], offset: 1>>
  affine.parallel (%i) = (0) to (255) {
    %0 = affine.load %v[%i * 2] : memref<510xf32, strided<[1], offset: 1>>
    %1 = affine.load %v[%i * 2 + 1] : memref<510xf32, strided<[1], offset: 1>>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %y[%i] : memref<256xf32>
  }
  return
}

// An odd row pitch (5 floats): row i starts at an odd element for odd i.
// CHECK-LABEL: func.func @pitch(
// CHECK-NOT:     vector
// CHECK:         return
// REMARK: vectorize.mlir:[[@LINE+3]]:10: remark: pair of loads of 'a' not vectorized: a row pitch of the array is odd
func.func @pitch(%a: memref<4x5xf32> {sharc.name = "a"}, %b: memref<4x2xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (4, 2) {
    %0 = affine.load %a[%i, %j * 2] : memref<4x5xf32>
    %1 = affine.load %a[%i, %j * 2 + 1] : memref<4x5xf32>
    %2 = arith.addf %0, %1 : f32
    affine.store %2, %b[%i, %j] : memref<4x2xf32>
  }
  return
}
// A pair of f64 would be a 16-byte vector, wider than sharc's.
// CHECK-LABEL: func.func @doubles(
// CHECK-NOT:     vector
// CHECK:         return
// REMARK: vectorize.mlir:[[@LINE+3]]:10: remark: pair of loads of 'd' not vectorized: a pair of 8-byte elements is wider than the 8-byte vectors sharc supports
func.func @doubles(%d: memref<64xf64> {sharc.name = "d"}, %e: memref<32xf64>) {
  affine.parallel (%i) = (0) to (32) {
    %0 = affine.load %d[%i * 2] : memref<64xf64>
    %1 = affine.load %d[%i * 2 + 1] : memref<64xf64>
    %2 = arith.addf %0, %1 : f64
    affine.store %2, %e[%i] : memref<32xf64>
  }
  return
}
// REMARK-NOT: remark
