// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// Every memplace op in a gemm strip: shared buffers (one padded, one with an explicit layout),
// cooperative copies of A's and B's tiles at the block origins and the strip, barriers, and the
// copy-out of a tile of C. Buffers are named %shared, as memref.alloc results are %alloc.
// CHECK-LABEL: func.func @gemm_strip
// CHECK: %shared = memplace.alloc_shared : memref<16x17xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %shared_0 = memplace.alloc_shared layout row_major : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK: memplace.copy_in %arg0[%arg5, %arg7] to %shared sizes [16, 16] : memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.copy_in %arg1[%arg7, %arg6] to %shared_0 sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memplace.barrier
// CHECK: memplace.copy_out %shared to %arg2[%arg5, %arg6] sizes [16, 16] : memref<16x17xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
// GENERIC: %0 = "memplace.alloc_shared"() : () -> memref<16x17xf32, #gpu.address_space<workgroup>>
// GENERIC-NEXT: %1 = "memplace.alloc_shared"() <{layout = #memplace<layout row_major>}> : () -> memref<16x16xf32, #gpu.address_space<workgroup>>
// GENERIC: "memplace.copy_in"(%arg0, %0, %arg5, %arg7) <{map = #map{{[0-9]*}}, sizes = array<i64: 16, 16>}> : (memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>, index, index) -> ()
// GENERIC: "memplace.barrier"() : () -> ()
// GENERIC: "memplace.copy_out"(%0, %arg2, %arg5, %arg6) <{map = #map{{[0-9]*}}, sizes = array<i64: 16, 16>}> : (memref<16x17xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>, index, index) -> ()
module {
  func.func @gemm_strip(%arg0: memref<64x64xf32>, %arg1: memref<64x64xf32>, %arg2: memref<64x64xf32>) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%arg5, %arg6) {
      %shared = memplace.alloc_shared : memref<16x17xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared layout row_major : memref<16x16xf32, #gpu.address_space<workgroup>>
      affine.for %arg7 = 0 to 64 step 16 {
        memplace.copy_in %arg0[%arg5, %arg7] to %shared sizes [16, 16] : memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>
        memplace.copy_in %arg1[%arg7, %arg6] to %shared_0 sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
        memplace.barrier
        memplace.barrier
      }
      memplace.copy_out %shared to %arg2[%arg5, %arg6] sizes [16, 16] : memref<16x17xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
    }
    return
  }
}

// -----
// A halo tile: negative offsets from the origin, dynamic global shape, symbols in the origin,
// and a tile smaller than its buffer.
// CHECK-LABEL: func.func @halo
// CHECK: memplace.copy_in %arg0[%arg3 - 1, symbol(%arg1) - 1] to %shared sizes [10, 33] : memref<?x?xf32>, memref<10x34xf32, #gpu.address_space<workgroup>>
module {
  func.func @halo(%arg0: memref<?x?xf32>, %arg1: index) {
    gpumap.band (%arg2) = (0) to (64) block [8] dims [y] origin (%arg3) {
      %shared = memplace.alloc_shared : memref<10x34xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg0[%arg3 - 1, symbol(%arg1) - 1] to %shared sizes [10, 33] : memref<?x?xf32>, memref<10x34xf32, #gpu.address_space<workgroup>>
      memplace.barrier
    }
    return
  }
}

// -----
// A copy back bounded by a valid extent, one index value per dimension: the rows and columns of
// the band's iterations (n x 60) in the block, so a partial block leaves the rest of the global
// memref alone. The extents follow the origin's operands.
// CHECK-LABEL: func.func @partial
// CHECK: %[[E0:.*]] = affine.min #map(%arg4)[%arg1]
// CHECK-NEXT: %[[E1:.*]] = affine.min #map1(%arg5)
// CHECK-NEXT: memplace.copy_out %shared to %arg0[%arg4, %arg5] sizes [16, 16] valid [%[[E0]], %[[E1]]] : memref<16x16xf32, #gpu.address_space<workgroup>>, memref<?x60xf32>
// GENERIC: "memplace.copy_out"(%0, %arg0, %arg4, %arg5, %1, %2) <{map = #map{{[0-9]*}}, sizes = array<i64: 16, 16>}> : (memref<16x16xf32, #gpu.address_space<workgroup>>, memref<?x60xf32>, index, index, index, index) -> ()
#map = affine_map<(d0)[s0] -> (16, -d0 + s0)>
#map1 = affine_map<(d0) -> (16, -d0 + 60)>
module {
  func.func @partial(%arg0: memref<?x60xf32>, %arg1: index) {
    gpumap.band (%arg2, %arg3) = (0, 0) to (symbol(%arg1), 60) block [16, 16] dims [y, x] origin (%arg4, %arg5) {
      %shared = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %0 = affine.min #map(%arg4)[%arg1]
      %1 = affine.min #map1(%arg5)
      memplace.copy_out %shared to %arg0[%arg4, %arg5] sizes [16, 16] valid [%0, %1] : memref<16x16xf32, #gpu.address_space<workgroup>>, memref<?x60xf32>
    }
    return
  }
}

