// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// The vector's element type must be the memref's.
func.func @load_elem(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op base and result element types should match}}
  %v = vector.load %A[%i] : memref<?xf32>, vector<2xf64>
  return
}

// -----

// One index per memref dimension.
func.func @load_indices(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op requires 1 indices}}
  %v = vector.load %A[%i, %i] : memref<?xf32>, vector<2xf32>
  return
}

// -----

// The alignment is a power of two.
func.func @load_alignment(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{custom op 'vector.load' 'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %v = vector.load %A[%i] {alignment = 3} : memref<?xf32>, vector<2xf32>
  return
}

// -----

// A vector of higher rank than the memref.
func.func @load_rank(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'vector.load' op destination memref has lower rank than the result vector}}
  %v = vector.load %A[%i] : memref<?xf32>, vector<2x2xf32>
  return
}

// -----

// The result type must be a vector.
func.func @load_scalar(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{custom op 'vector.load' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %v = vector.load %A[%i] : memref<?xf32>, f32
  return
}

// -----

// The stored vector's element type must be the memref's.
func.func @store_elem(%A: memref<?xf32>, %v: vector<2xi32>, %i: index) {
  // expected-error @+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %A[%i] : memref<?xf32>, vector<2xi32>
  return
}

// -----

// A lane outside the vector.
func.func @extract_lane(%v: vector<2xf32>) {
  // expected-error @+1 {{'vector.extract' op expected position attribute #1 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %e = vector.extract %v[2] : f32 from vector<2xf32>
  return
}

// -----

// As many operands as lanes.
func.func @from_elements_count(%f: f32) {
  // expected-error @+1 {{custom op 'vector.from_elements' number of operands and types do not match: got 3 operands and 2 types}}
  %v = vector.from_elements %f, %f, %f : vector<2xf32>
  return
}

// -----

// affine.vector_load: the element types agree.
func.func @affine_elem(%A: memref<?xf32>, %i: index) {
  // expected-error @+1 {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %A[%i] : memref<?xf32>, vector<2xf64>
  return
}

// -----

// affine.vector_store: the element types agree.
func.func @affine_store_elem(%A: memref<?xf32>, %v: vector<2xf64>, %i: index) {
  // expected-error @+1 {{'affine.vector_store' op requires memref and vector types of the same elemental type}}
  affine.vector_store %v, %A[%i] : memref<?xf32>, vector<2xf64>
  return
}
