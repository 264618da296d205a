// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// memref.load index count must match the memref rank.
func.func @load_index_count(%A: memref<4x4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op incorrect number of indices for load, expected 2 but got 1}}
  %0 = memref.load %A[%i] : memref<4x4xf32>
  return
}

// -----

// memref.store index count must match the memref rank.
func.func @store_index_count(%A: memref<4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %x, %A[%i, %i] : memref<4xf32>
  return
}

// -----

// Stored value type must match the element type (generic form).
func.func @store_type_mismatch(%A: memref<4xf32>, %i: index, %x: f64) {
  // expected-error @+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%x, %A, %i) : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

// Loaded result type must match the element type (generic form).
func.func @load_type_mismatch(%A: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%A, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

// memref.alloc needs one operand per dynamic dimension.
func.func @alloc_dyn_count(%n: index) {
  // expected-error @+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = memref.alloc(%n) : memref<?x?xf32>
  return
}

// -----

// memref.alloc needs one symbol operand per layout-map symbol.
func.func @alloc_sym_count(%s: index) {
  // expected-error @+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 2}}
  %0 = memref.alloc()[%s, %s] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// memref.alloc alignment must be a positive power of two.
func.func @alloc_bad_alignment() {
  // expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

// memref.alloca result must be a memref (not a tensor).
func.func @alloca_tensor() {
  // expected-error @+1 {{'memref.alloca' op result #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> tensor<4xf32>
  return
}

// -----

// memref.subview result type must match the inferred strided type.
func.func @subview_bad_result(%A: memref<64x64xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<8x16xf32, strided<[64, 1], offset: 136>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<8x16xf32>'}}
  %0 = memref.subview %A[2, 8] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32>
  return
}

// -----

// memref.subview needs one offset per source dimension.
func.func @subview_offset_count(%A: memref<64x64xf32>) {
  // expected-error @+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %A[2] [8, 16] [1, 1] : memref<64x64xf32> to memref<8x16xf32, strided<[64, 1], offset: 2>>
  return
}

// -----

// memref.cast between incompatible static shapes.
func.func @cast_incompatible(%A: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<8xf32>' are cast incompatible}}
  %0 = memref.cast %A : memref<4xf32> to memref<8xf32>
  return
}

// -----

// memref.cast cannot change the element type.
func.func @cast_element_type(%A: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %A : memref<4xf32> to memref<4xi32>
  return
}

// -----

// memref.global initializer must match the memref type.
// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([4])}}
memref.global "private" @bad_init : memref<4xf32> = dense<[1.0, 2.0]>

// -----

// memref.global type must be a statically shaped memref.
// expected-error @+1 {{custom op 'memref.global' type should be static shaped memref, but got 'memref<?xf32>'}}
memref.global "private" @dynamic_global : memref<?xf32>

// -----

// memref.global visibility must be public, private or nested.
// expected-error @+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "foo"}}
memref.global "foo" @bad_visibility : memref<4xf32>

// -----

// memref.global alignment must be a positive power of two.
// expected-error @+1 {{custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
memref.global "private" @bad_global_alignment : memref<4xf32> = dense<1.0> {alignment = 3 : i64}

// -----

// memref.get_global of an unknown symbol.
func.func @get_global_unknown() {
  // expected-error @+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %0 = memref.get_global @nope : memref<4xf32>
  return
}

// -----

// memref.get_global result type must match the global's type.
memref.global "private" @g : memref<4xf32> = uninitialized
func.func @get_global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<8xf32>' does not match type 'memref<4xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<8xf32>
  return
}

// -----

// memref.dim on a non-shaped operand.
func.func @dim_non_shaped(%a: f32, %i: index) {
  // expected-error @+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'f32'}}
  %0 = "memref.dim"(%a, %i) : (f32, index) -> index
  return
}

// -----

// memref.dealloc operand must be a memref.
func.func @dealloc_tensor(%t: tensor<4xf32>) {
  // expected-error @+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'tensor<4xf32>'}}
  "memref.dealloc"(%t) : (tensor<4xf32>) -> ()
  return
}

// -----

// memref.subview must stay inside the source.
func.func @subview_out_of_bounds(%A: memref<8x8xf32>) {
  // expected-error @+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = memref.subview %A[6, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: 48>>
  return
}

// -----

// memref.subview offsets must lie inside the source.
func.func @subview_offset_out_of_bounds(%A: memref<8x8xf32>) {
  // expected-error @+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = memref.subview %A[8, 0] [0, 4] [1, 1] : memref<8x8xf32> to memref<0x4xf32, strided<[8, 1], offset: 64>>
  return
}

// -----

// memref.subview result element type must be the source's.
func.func @subview_element_type(%A: memref<8x8xf32>) {
  // expected-error @+1 {{expected result element type to be 'f32', but got 'memref<4x4xf64, strided<[8, 1]>>'}}
  %0 = memref.subview %A[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf64, strided<[8, 1]>>
  return
}

// -----

// memref.subview result rank cannot exceed the source rank.
func.func @subview_rank_too_large(%A: memref<8x8xf32>) {
  // expected-error @+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[8, 1, 1]>>'}}
  %0 = memref.subview %A[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4x1xf32, strided<[8, 1, 1]>>
  return
}

// -----

// memref.subview sizes must match the result shape.
func.func @subview_sizes(%A: memref<8x8xf32>) {
  // expected-error @+1 {{expected result type to be 'memref<4x4xf32, strided<[8, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %A[0, 0] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x5xf32, strided<[8, 1]>>
  return
}

// -----

// memref.subview keeps the memory space.
func.func @subview_memory_space(%A: memref<8x8xf32, 1>) {
  // expected-error @+1 {{different memory spaces specified for base memref type 'memref<8x8xf32, 1>' and subview memref type 'memref<4x4xf32, strided<[8, 1]>>'}}
  %0 = memref.subview %A[0, 0] [4, 4] [1, 1] : memref<8x8xf32, 1> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// memref.subview needs a strided source layout.
func.func @subview_not_strided(%A: memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{base type 'memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %A[0, 0] [4, 4] [1, 1] : memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<4x4xf32, strided<[8, 1]>>
  return
}

// -----

// memref.subview offsets must be non-negative.
func.func @subview_negative_offset(%A: memref<8x8xf32>) {
  // expected-error @+1 {{expected offsets to be non-negative, but got -1}}
  %0 = memref.subview %A[0, -1] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: -1>>
  return
}

// -----

// memref.subview needs one static value or operand per entry (generic form).
func.func @subview_dynamic_count(%A: memref<8x8xf32>) {
  // expected-error @+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%A) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}> : (memref<8x8xf32>) -> memref<4x4xf32, strided<[8, 1], offset: ?>>
  return
}

// -----

// memref.alloca binds one symbol per layout-map symbol.
func.func @alloca_sym_count(%n: index) {
  // expected-error @+1 {{'memref.alloca' op symbol operand count does not equal memref symbol count: expected 1, got 0}}
  %0 = memref.alloca(%n) : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// memref.alloc segment sizes cannot be negative (generic form).
func.func @alloc_negative_segment(%n: index) {
  // expected-error @+1 {{'memref.alloc' op 'operandSegmentSizes' attribute cannot have negative elements}}
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, -1>}> : (index) -> memref<?xf32>
  return
}

// -----

// memref.cast between unranked memrefs is not supported.
func.func @cast_unranked(%A: memref<*xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<*xf32>' and result type 'memref<*xf32>' are cast incompatible}}
  %0 = memref.cast %A : memref<*xf32> to memref<*xf32>
  return
}

// -----

// memref.cast keeps the memory space.
func.func @cast_memory_space(%A: memref<4xf32>) {
  // expected-error @+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xf32, 1>' are cast incompatible}}
  %0 = memref.cast %A : memref<4xf32> to memref<4xf32, 1>
  return
}

// -----

// memref.global initializer element type must match (generic form).
// expected-error @+1 {{'memref.global' op initial value element expected to be of type 'f32', but was of type 'i32'}}
"memref.global"() <{initial_value = dense<1> : tensor<4xi32>, sym_name = "g", type = memref<4xf32>}> : () -> ()

// -----

// memref.load result needs a memref type in the custom form.
func.func @load_not_memref(%x: f32) {
  // expected-error @+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.load %x[] : f32
  return
}

// -----

// memref.alloca needs an enclosing automatic allocation scope (a function, a loop, a launch).
// expected-error @+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
%0 = memref.alloca() : memref<4xf32>

// -----

// A layout map of the wrong rank is reported at the `memref` keyword.
func.func @layout_rank(%n: index) {
  // expected-error @+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
  %0 = memref.alloc() : memref<4x4xf32, affine_map<(d0) -> (d0)>>
  return
}

// -----

// An initializer of the wrong shape is reported at `dense`.
// expected-error @+1 {{inferred shape of elements literal ([2]) does not match type ([2, 2])}}
memref.global "private" @g : memref<2x2xf32> = dense<[1.0, 2.0]>

// -----

// A bad alignment is reported at the attribute dictionary.
func.func @bad_alignment() {
  // expected-error @+1 {{custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = memref.alloc() {alignment = 3 : i64} : memref<4xf32>
  return
}

// -----

// memref.get_global takes a symbol reference attribute.
func.func @get_global_string() {
  // expected-error @+1 {{custom op 'memref.get_global' invalid kind of attribute specified}}
  %0 = memref.get_global "g" : memref<4xf32>
  return
}

// -----

// A symbol definition needs an `@` name.
// expected-error @+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global "private" g : memref<4xf32>

// -----

// A memory space cannot precede the layout.
// expected-error @+1 {{expected memory space to be last in memref type}}
func.func @space_before_layout(%a: memref<4xf32, 3, strided<[1]>>) {
  return
}

// -----

// Storing produces no result to name.
func.func @named_store(%a: memref<4xf32>, %v: f32, %i: index) {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = memref.store %v, %a[%i] : memref<4xf32>
  return
}

// -----

// memref.reinterpret_cast: a static result size must match the static size.
func.func @reinterpret_cast_size(%A: memref<?xf32>) {
  // expected-error @+1 {{expected result type with size = 8 instead of 4 in dim = 1}}
  %0 = memref.reinterpret_cast %A to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<?xf32> to memref<2x4xf32>
  return
}

// -----

// memref.reinterpret_cast: the identity layout has unit innermost stride.
func.func @reinterpret_cast_stride(%A: memref<?xf32>, %w: index) {
  // expected-error @+1 {{expected result type with stride = 2 instead of 1 in dim = 1}}
  %0 = memref.reinterpret_cast %A to offset: [0], sizes: [%w, %w], strides: [%w, 2] : memref<?xf32> to memref<?x?xf32>
  return
}

// -----

// memref.reinterpret_cast: the identity layout has offset 0.
func.func @reinterpret_cast_offset(%A: memref<?xf32>, %w: index) {
  // expected-error @+1 {{expected result type with offset = 3 instead of 0}}
  %0 = memref.reinterpret_cast %A to offset: [3], sizes: [%w], strides: [1] : memref<?xf32> to memref<?xf32>
  return
}

// -----

// memref.reinterpret_cast keeps the element type.
func.func @reinterpret_cast_elem(%A: memref<?xf32>) {
  // expected-error @+1 {{different element types specified for source type 'memref<?xf32>' and result memref type 'memref<4xi32>'}}
  %0 = memref.reinterpret_cast %A to offset: [0], sizes: [4], strides: [1] : memref<?xf32> to memref<4xi32>
  return
}
