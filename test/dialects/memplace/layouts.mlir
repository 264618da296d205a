// RUN: sharc-opt %s | FileCheck %s
// RUN: sharc-opt %s | sharc-opt | FileCheck %s
// RUN: sharc-opt %s --mlir-print-op-generic | sharc-opt | FileCheck %s
// RUN: sharc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// The layouts of memplace.alloc_shared: each round-trips through the custom and the generic
// form; CuTe's swizzle<B, M, S> is normalised to Triton's xor form on the innermost extent
// (Swizzle<3, 0, 5> on rows of 8: vec 1, per_phase 4, max_phase 8; Swizzle<5, 0, 5> on rows of
// 32: the full-row XOR of a 32x32 tile), so only the xor form is printed. A swizzle with no xor
// form on its buffer (a 1-D buffer; rows of 33) stays swizzle<B, M, S> on the flat offset. An
// explicit row_major stays explicit. The generic form prints an attribute as it was written.
// CHECK-LABEL: func.func @layouts
// CHECK: memplace.alloc_shared layout row_major : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout xor<vec = 1, per_phase = 4, max_phase = 8> : memref<1024x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout transposed : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout soa<fields = 2> : memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout xor<vec = 1, per_phase = 4, max_phase = 8> : memref<64x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout xor<vec = 1, per_phase = 1, max_phase = 32> : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout xor<vec = 2, per_phase = 2, max_phase = 4> {sharc.tag = 1 : i64} : memref<4x16x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout swizzle<1, 0, 5> : memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.alloc_shared layout swizzle<2, 0, 5> : memref<32x33xf32, #gpu.address_space<workgroup>>
// GENERIC: "memplace.alloc_shared"() <{layout = #memplace<layout row_major>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout xor<vec = 1, per_phase = 4, max_phase = 8>>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout transposed>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout soa<fields = 2>>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout xor<vec = 1, per_phase = 4, max_phase = 8>>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<5,0,5>>}>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout xor<vec = 2, per_phase = 2, max_phase = 4>>}> {sharc.tag = 1 : i64}
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<1, 0, 5>>}> : () -> memref<2048xf32, #gpu.address_space<workgroup>>
// GENERIC-NEXT: "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<2,0,5>>}> : () -> memref<32x33xf32, #gpu.address_space<workgroup>>
func.func @layouts(%A: memref<64x8xf32>) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %a = memplace.alloc_shared layout row_major : memref<32x32xf32, #gpu.address_space<workgroup>>
    %b = memplace.alloc_shared layout xor<vec = 1, per_phase = 4, max_phase = 8> : memref<1024x8xf32, #gpu.address_space<workgroup>>
    %c = memplace.alloc_shared layout transposed : memref<32x33xf32, #gpu.address_space<workgroup>>
    %d = memplace.alloc_shared layout soa<fields = 2> : memref<2048xf32, #gpu.address_space<workgroup>>
    %e = memplace.alloc_shared layout swizzle<3, 0, 5> : memref<64x8xf32, #gpu.address_space<workgroup>>
    %f = "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<5,0,5>>}> : () -> memref<32x32xf32, #gpu.address_space<workgroup>>
    %g = memplace.alloc_shared layout xor<vec=2,per_phase=2,max_phase=4> {sharc.tag = 1} : memref<4x16x8xf32, #gpu.address_space<workgroup>>
    %h = memplace.alloc_shared layout swizzle<1, 0, 5> : memref<2048xf32, #gpu.address_space<workgroup>>
    %k = "memplace.alloc_shared"() <{layout = #memplace<layout swizzle<2,0,5>>}> : () -> memref<32x33xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[%o, 0] to %e sizes [32, 8] : memref<64x8xf32>, memref<64x8xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %e[%i - %o, 3] : memref<64x8xf32, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    memref.store %v, %c[%c0, %c0] : memref<32x33xf32, #gpu.address_space<workgroup>>
  }
  return
}
