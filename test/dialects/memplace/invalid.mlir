// RUN: sharc-opt %s -split-input-file -verify-diagnostics

// Shared buffers live in workgroup memory.
func.func @alloc_space() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op result must be a statically shaped memref in #gpu.address_space<workgroup> with the identity layout, but got 'memref<32xf32>'}}
    %s = memplace.alloc_shared : memref<32xf32>
  }
  return
}

// -----

// A shared buffer has a static shape.
func.func @alloc_dynamic() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op result must be a statically shaped memref in #gpu.address_space<workgroup> with the identity layout, but got 'memref<?xf32, #gpu.address_space<workgroup>>'}}
    %s = memplace.alloc_shared : memref<?xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// One buffer per thread block: the allocation is at the top of a band's body.
func.func @alloc_outside() {
  // expected-error @+1 {{'memplace.alloc_shared' op expects parent op 'gpumap.band'}}
  %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// Only the layouts sharc-run and the lowering implement.
func.func @alloc_layout() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{custom op 'memplace.alloc_shared' expected a layout: row_major, transposed, xor<vec = V, per_phase = P, max_phase = M>, soa<fields = K> or swizzle<B, M, S>}}
    %s = memplace.alloc_shared layout diagonal : memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// An unknown layout in the generic form.
func.func @alloc_layout_attr() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op attribute 'layout' must be a #memplace<layout ...> attribute}}
    %s = "memplace.alloc_shared"() <{layout = #memplace<swizzle>}> : () -> memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// A malformed layout in the generic form says what is wrong with it.
func.func @alloc_layout_attr_params() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op attribute 'layout' is invalid: expected 'per_phase = ...' in layout 'xor'}}
    %s = "memplace.alloc_shared"() <{layout = #memplace<layout xor<vec = 1, max_phase = 4, per_phase = 1>>}> : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// Triton's parameters are named.
func.func @alloc_xor_unnamed() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{custom op 'memplace.alloc_shared' expected 'vec = ...' in layout 'xor'}}
    %s = memplace.alloc_shared layout xor<1, 4, 8> : memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// A parameter is a positive 32-bit integer.
func.func @alloc_xor_zero() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{custom op 'memplace.alloc_shared' layout parameter 0 must be an integer from 1 to 4294967295}}
    %s = memplace.alloc_shared layout xor<vec = 0, per_phase = 4, max_phase = 8> : memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// A CuTe swizzle whose XORed bits overlap the bits XORed into them is no permutation; the error
// points at the spec.
func.func @alloc_swizzle() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{custom op 'memplace.alloc_shared' swizzle<3, 0, 2>: S must be at least B (the XORed bits and the bits XORed into them must not overlap)}}
    %s = memplace.alloc_shared layout swizzle<3, 0, 2> : memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// A flat swizzle keeps the buffer's elements only on whole blocks of 2^(M + B) elements.
func.func @alloc_swizzle_blocks() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{custom op 'memplace.alloc_shared' swizzle<2, 1, 5>: the element count 36 must be a multiple of 2^(M + B) = 8}}
    %s = memplace.alloc_shared layout swizzle<2, 1, 5> : memref<36xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The same check in the generic form, by the verifier.
func.func @alloc_swizzle_generic() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op swizzle<0, 0, 5>: B must be at least 1}}
    %s = "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<0, 0, 5>>}> : () -> memref<64xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// Triton's parameters are powers of two.
func.func @alloc_xor_power() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op xor layout: per_phase = 3 must be a power of two}}
    %s = memplace.alloc_shared layout xor<vec = 1, per_phase = 3, max_phase = 8> : memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The XOR permutes whole rows: the phases must fit a row.
func.func @alloc_xor_cols() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op xor layout: the innermost extent 24 must be a multiple of vec × max_phase = 32}}
    %s = memplace.alloc_shared layout xor<vec = 1, per_phase = 1, max_phase = 32> : memref<32x24xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The XOR takes its phase from the row: a vector has none.
func.func @alloc_xor_rank() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op xor layout needs a buffer of rank 2 or more}}
    %s = memplace.alloc_shared layout xor<vec = 1, per_phase = 1, max_phase = 2> : memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// Transposing needs two dimensions.
func.func @alloc_transposed_rank() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op transposed layout needs a buffer of rank 2 or more}}
    %s = memplace.alloc_shared layout transposed : memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// SOA splits whole records.
func.func @alloc_soa_records() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op soa layout: 33 elements are not a whole number of 2-element records}}
    %s = memplace.alloc_shared layout soa<fields = 2> : memref<33xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// A view of a laid-out buffer would index it row-major: only accesses and copies may use it.
func.func @alloc_layout_view() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.alloc_shared' op a buffer with layout transposed is only loaded, stored and copied (its layout applies to every access), but 'memref.subview' uses it}}
    %s = memplace.alloc_shared layout transposed : memref<32x32xf32, #gpu.address_space<workgroup>>
    %v = memref.subview %s[0, 0] [4, 4] [1, 1] : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<4x4xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The tile must fit the buffer.
func.func @copy_too_big(%A: memref<64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op tile size 33 along dimension 0 must be positive and fit the shared buffer (32)}}
    memplace.copy_in %A[%o] to %s sizes [33] : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// One origin index per dimension of the global memref.
func.func @copy_origin_rank(%A: memref<64x64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op expects 2 origin indices, got 1}}
    memplace.copy_in %A[%o] to %s sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// One size per dimension.
func.func @copy_sizes(%A: memref<64x64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op expects 2 tile sizes, got 1}}
    memplace.copy_in %A[%o, 0] to %s sizes [32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The buffer has the tile's rank.
func.func @copy_rank(%A: memref<64x64xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<1024xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op expects a shared buffer of rank 2, got rank 1}}
    memplace.copy_in %A[%o, 0] to %s sizes [32, 32] : memref<64x64xf32>, memref<1024xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The same element type on both sides.
func.func @copy_elem(%A: memref<64xf64>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op expects the global memref and the shared buffer to have the same element type}}
    memplace.copy_in %A[%o] to %s sizes [32] : memref<64xf64>, memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// The destination of copy_in is a shared buffer.
func.func @copy_not_shared(%A: memref<64xf32>, %B: memref<32xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    // expected-error @+1 {{'memplace.copy_in' op expects a statically shaped buffer in #gpu.address_space<workgroup> with the identity layout, got 'memref<32xf32>'}}
    memplace.copy_in %A[%o] to %B sizes [32] : memref<64xf32>, memref<32xf32>
  }
  return
}

// -----

// The tile is in global memory.
func.func @copy_shared_to_shared() {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    %t = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_out' op expects the tile's memref outside workgroup memory}}
    memplace.copy_out %s to %t[%o] sizes [32] : memref<32xf32, #gpu.address_space<workgroup>>, memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// -----

// Copies are operations of a thread block: inside a band.
func.func @copy_outside(%A: memref<64xf32>, %s: memref<32xf32, #gpu.address_space<workgroup>>, %o: index) {
  // expected-error @+1 {{'memplace.copy_in' op expects to be nested in a 'gpumap.band'}}
  memplace.copy_in %A[%o] to %s sizes [32] : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>
  return
}

// -----

// The origin is affine.
func.func @copy_origin(%A: memref<64xf32>, %idx: memref<1xindex>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    affine.for %k = 0 to 2 {
      %x = affine.load %idx[0] : memref<1xindex>
      // expected-error @+1 {{'memplace.copy_in' op origin operand #0 must be a valid affine dimension or symbol}}
      memplace.copy_in %A[%x] to %s sizes [32] : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>
    }
  }
  return
}

// -----

// A valid extent has one value per dimension of the tile.
func.func @valid_rank(%A: memref<64x64xf32>, %e: index) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_out' op expects no valid extent or 2 of them, got 1}}
    memplace.copy_out %s to %A[%oi, %oj] sizes [32, 32] valid [%e] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
  }
  return
}

// -----

// Only copy_out takes a valid extent: elements of copy_in's tile outside the global memref are
// zeroed, the rest read, so the generic form's extra operands are not origin operands.
func.func @valid_copy_in(%A: memref<64xf32>, %e: index) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_in' op expects as many origin operands as the origin map has dims and symbols}}
    "memplace.copy_in"(%A, %s, %o, %e) <{map = affine_map<(d0) -> (d0)>, sizes = array<i64: 32>}> : (memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>, index, index) -> ()
  }
  return
}

// -----

// The extent is an index.
func.func @valid_type(%A: memref<64xf32>, %e: i32) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{'memplace.copy_out' op valid extent #0 must be of type 'index', got 'i32'}}
    "memplace.copy_out"(%s, %A, %o, %e) <{map = affine_map<(d0) -> (d0)>, sizes = array<i64: 32>}> : (memref<32xf32, #gpu.address_space<workgroup>>, memref<64xf32>, index, i32) -> ()
  }
  return
}

// -----

// The extent is affine (the lowering compares it with the tile index in an affine guard).
func.func @valid_affine(%A: memref<64xf32>, %idx: memref<1xindex>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    affine.for %k = 0 to 2 {
      %e = affine.load %idx[0] : memref<1xindex>
      // expected-error @+1 {{'memplace.copy_out' op valid extent #0 must be a valid affine dimension or symbol}}
      memplace.copy_out %s to %A[%o] sizes [32] valid [%e] : memref<32xf32, #gpu.address_space<workgroup>>, memref<64xf32>
    }
  }
  return
}

// -----

// Barriers synchronize the threads of a band's block.
func.func @barrier_outside() {
  // expected-error @+1 {{'memplace.barrier' op expects to be nested in a 'gpumap.band'}}
  memplace.barrier
  return
}
