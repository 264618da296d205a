// RUN: sharc-opt %s --lower-affine -split-input-file | FileCheck %s
// RUN: sharc-opt %s --lower-affine -split-input-file > %t
// RUN: sed -e 's/ {alignment = 8 : i64}//' %t > %t.unaligned
// RUN: %if mlir-opt %{ mlir-opt %s --lower-affine -split-input-file | diff -u - %t.unaligned %}

// affine.vector_load/affine.vector_store become vector.load/vector.store at the expanded
// subscripts, as upstream's pattern builds them; sharc keeps the alignment sharc-vectorize
// proved (a discardable attribute on the affine ops, upstream drops it) as their property.
// The last RUN lines: upstream's output differs from sharc's by the alignment alone.

// CHECK-LABEL: func.func @pairs(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index) {
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %arg2 step %{{.*}} {
// CHECK-NEXT:      %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[J:.*]] = arith.muli %[[I]], %[[C2]] overflow<nsw> : index
// CHECK-NEXT:      %[[V:.*]] = vector.load %arg0[%[[J]]] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
// CHECK:           vector.store %[[V]], %arg1[%{{.*}}] : memref<?xf32>, vector<2xf32>
func.func @pairs(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: index) {
  affine.for %i = 0 to %arg2 {
    %v = affine.vector_load %arg0[%i * 2] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
    affine.vector_store %v, %arg1[%i * 2 + 2] : memref<?xf32>, vector<2xf32>
  }
  return
}
