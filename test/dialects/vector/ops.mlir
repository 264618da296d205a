// RUN: sharc-opt %s | FileCheck %s
// RUN: sharc-opt %s | sharc-opt | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s | mlir-opt | FileCheck %s %}
// RUN: sharc-opt %s --mlir-print-op-generic | sharc-opt | FileCheck %s
// RUN: sharc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s | diff -u %t -
// CHECK: module {
module {
  // A pair of floats in and out of memory, with and without the proven alignment.
  // CHECK-LABEL: func.func @pair(%arg0: memref<?xf32>, %arg1: index) {
  // CHECK-NEXT:   %0 = vector.load %arg0[%arg1] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
  // CHECK-NEXT:   %1 = vector.extract %0[0] : f32 from vector<2xf32>
  // CHECK-NEXT:   %2 = vector.extract %0[1] : f32 from vector<2xf32>
  // CHECK-NEXT:   %3 = vector.from_elements %2, %1 : vector<2xf32>
  // CHECK-NEXT:   vector.store %3, %arg0[%arg1] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
  // CHECK-NEXT:   %4 = vector.load %arg0[%arg1] : memref<?xf32>, vector<4xf32>
  // CHECK-NEXT:   vector.store %4, %arg0[%arg1] {nontemporal = true} : memref<?xf32>, vector<4xf32>
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  // GENERIC: %[[V:.*]] = "vector.load"(%[[A:.*]], %[[I:.*]]) <{alignment = 8 : i64}> : (memref<?xf32>, index) -> vector<2xf32>
  // GENERIC: %[[E:.*]] = "vector.extract"(%[[V]]) <{static_position = array<i64: 0>}> : (vector<2xf32>) -> f32
  // GENERIC: %[[F:.*]] = "vector.extract"(%[[V]]) <{static_position = array<i64: 1>}> : (vector<2xf32>) -> f32
  // GENERIC: %[[W:.*]] = "vector.from_elements"(%[[F]], %[[E]]) : (f32, f32) -> vector<2xf32>
  // GENERIC: "vector.store"(%[[W]], %[[A]], %[[I]]) <{alignment = 8 : i64}> : (vector<2xf32>, memref<?xf32>, index) -> ()
  // GENERIC: "affine.vector_load"(%arg0, %arg2, %arg1) <{map = #map}> {alignment = 8 : i64} : (memref<8x?xf32>, index, index) -> vector<2xf32>
  func.func @pair(%arg0: memref<?xf32>, %arg1: index) {
    %0 = vector.load %arg0[%arg1] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
    %1 = vector.extract %0[0] : f32 from vector<2xf32>
    %2 = vector.extract %0[1] : f32 from vector<2xf32>
    %3 = vector.from_elements %2, %1 : vector<2xf32>
    vector.store %3, %arg0[%arg1] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
    %4 = vector.load %arg0[%arg1] : memref<?xf32>, vector<4xf32>
    vector.store %4, %arg0[%arg1] {nontemporal = true} : memref<?xf32>, vector<4xf32>
    return
  }
  // The affine forms: the first element's subscripts as an affine map, the alignment a
  // discardable attribute.
  // CHECK-LABEL: func.func @affine_pair(%arg0: memref<8x?xf32>, %arg1: index) {
  // CHECK-NEXT:   affine.for %arg2 = 0 to 8 {
  // CHECK-NEXT:     %0 = affine.vector_load %arg0[%arg2, %arg1 * 2 + 2] {alignment = 8 : i64} : memref<8x?xf32>, vector<2xf32>
  // CHECK-NEXT:     affine.vector_store %0, %arg0[%arg2, %arg1 * 2] : memref<8x?xf32>, vector<2xf32>
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @affine_pair(%arg0: memref<8x?xf32>, %arg1: index) {
    affine.for %arg2 = 0 to 8 {
      %0 = affine.vector_load %arg0[%arg2, %arg1 * 2 + 2] {alignment = 8 : i64} : memref<8x?xf32>, vector<2xf32>
      affine.vector_store %0, %arg0[%arg2, %arg1 * 2] : memref<8x?xf32>, vector<2xf32>
    }
    return
  }
}

