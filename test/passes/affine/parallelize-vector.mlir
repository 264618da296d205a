// The dependence analysis sees every lane of a vector access (one access per element): a loop
// whose vector store's second lane is the next iteration's vector load's first lane carries a
// dependence, which the first lanes alone (2i+1 against 2i, never equal) would miss; pairs
// that only meet within an iteration leave the loop parallel.
// RUN: sharc-opt %s --sharc-parallelize --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir

// CHECK-LABEL: func.func @carried(
// CHECK: affine.for
func.func @carried(%A: memref<66xf32>) {
  // expected-remark @+1 {{loop stays sequential}}
  affine.for %i = 0 to 32 {
    %v = affine.vector_load %A[%i * 2] : memref<66xf32>, vector<2xf32>
    affine.vector_store %v, %A[%i * 2 + 1] : memref<66xf32>, vector<2xf32>
  }
  return
}

// CHECK-LABEL: func.func @own_pair(
// CHECK: affine.parallel
func.func @own_pair(%A: memref<64xf32>) {
  // expected-remark @+1 {{loop runs in parallel}}
  affine.for %i = 0 to 32 {
    %v = affine.vector_load %A[%i * 2] : memref<64xf32>, vector<2xf32>
    %a = vector.extract %v[0] : f32 from vector<2xf32>
    %b = vector.extract %v[1] : f32 from vector<2xf32>
    %w = vector.from_elements %b, %a : vector<2xf32>
    affine.vector_store %w, %A[%i * 2] : memref<64xf32>, vector<2xf32>
  }
  return
}
