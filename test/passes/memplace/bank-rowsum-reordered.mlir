// RUN: sharc-run %s --entry=rowsum --random-inputs=1 --target=a100 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=rowsum --random-inputs=1 --target=a100 --compare=%S/bank-rowsum.mlir
// The kernel lowers like any promoted one: gpu level accepted by mlir-opt, same
// outputs, PTX accepted by ptxas.
// RUN: sharc-opt %s --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.gpu.mlir --entry=rowsum --random-inputs=1 --target=a100 --compare=%S/bank-rowsum.mlir
// RUN: sharc-translate %t.gpu.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// bank-rowsum.mlir after the access reorder of `sharc-bank-conflicts` with rotation c = 1
// (passes/src/memplace/bank_conflicts/reorder.rs, whose unit test checks that it makes exactly
// this kernel): lane tx visits columns (k + tx) mod 32, so at each step the 32 lanes read 32
// different banks, one wavefront per request instead of 32. Integer addition wraps, so the sums
// are bit-identical; the copy and the global sectors are unchanged.
// CHECK: "kernel": "gpumap.band
// CHECK-SAME: "global_sectors": 1056
// CHECK-SAME: "shared_load_requests": 256, "shared_store_requests": 256
// CHECK-SAME: "shared_load_wavefronts": 256, "shared_store_wavefronts": 256

module {
  func.func @rowsum(%A: memref<256x32xi32>, %out: memref<256xi32>) {
    gpumap.band (%i) = (0) to (256) block [32] dims [x] origin (%o) {
      %s = memplace.alloc_shared : memref<32x32xi32, #gpu.address_space<workgroup>>
      memplace.copy_in %A[%o, 0] to %s sizes [32, 32] : memref<256x32xi32>, memref<32x32xi32, #gpu.address_space<workgroup>>
      memplace.barrier
      %c0 = arith.constant 0 : i32
      %r = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (i32) {
        %k2 = affine.apply affine_map<(d0, d1, d2) -> ((d0 + d1 - d2) mod 32)>(%k, %i, %o)
        %v = affine.load %s[%i - %o, %k2] : memref<32x32xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %v : i32
        affine.yield %n : i32
      }
      affine.store %r, %out[%i] : memref<256xi32>
    }
    return
  }
}
