// RUN: sharc-run %s --entry=rowsum --random-inputs=1 --target=a100 --metrics=json | FileCheck %s
// sharc-bank-conflicts picks the access reorder: it ties with padding and the swizzle at the
// minimum (one wavefront per request) and costs no bytes and fewer index operations than the
// swizzle. The reordered kernel computes the same sums.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-conflicts{target=a100})' -o %t.fixed.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t.fixed.mlir
// RUN: sharc-run %t.fixed.mlir --entry=rowsum --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=FIXED-METRICS
// RUN: sharc-run %t.fixed.mlir --entry=rowsum --random-inputs=1 --target=a100 --compare=%s
// REMARK: remark: buffer #0: 1056 bank wavefronts per block (minimum 64), 64 after reorder c=1; tried: pad 1 64, transposed 1056, reorder c=1 64, xor<vec = 1, per_phase = 1, max_phase = 32> 64
// FIXED: #[[ROT:.*]] = affine_map<(d0, d1, d2) -> ((d0 + d1 - d2) mod 32)>
// FIXED: memplace.alloc_shared : memref<32x32xi32, #gpu.address_space<workgroup>>
// FIXED: affine.apply #[[ROT]]
// FIXED-METRICS: "shared_load_wavefronts": 256, "shared_store_wavefronts": 256

// An integer row reduction over a shared tile, as `sharc-promote` stages it: each of the 32
// threads of a block sums one row of its block's 32x32 tile. At step k the 32 lanes of a warp
// read A_s[tx][k], 32 words apart: one bank, 32 wavefronts per request. The tile copy goes along
// rows (one wavefront per request). The access-reordered twin (bank-rowsum-reordered.mlir)
// starts lane tx at column tx instead.
// CHECK: "kernel": "gpumap.band
// CHECK-SAME: "global_sectors": 1056
// CHECK-SAME: "shared_load_requests": 256, "shared_store_requests": 256
// CHECK-SAME: "shared_load_wavefronts": 8192, "shared_store_wavefronts": 256

module {
  func.func @rowsum(%A: memref<256x32xi32>, %out: memref<256xi32>) {
    gpumap.band (%i) = (0) to (256) block [32] dims [x] origin (%o) {
      %s = memplace.alloc_shared : memref<32x32xi32, #gpu.address_space<workgroup>>
      memplace.copy_in %A[%o, 0] to %s sizes [32, 32] : memref<256x32xi32>, memref<32x32xi32, #gpu.address_space<workgroup>>
      memplace.barrier
      %c0 = arith.constant 0 : i32
      %r = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (i32) {
        %v = affine.load %s[%i - %o, %k] : memref<32x32xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %v : i32
        affine.yield %n : i32
      }
      affine.store %r, %out[%i] : memref<256xi32>
    }
    return
  }
}
