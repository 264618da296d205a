// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-conflicts{target=a100})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-run %s --entry=cscale48 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.mlir --entry=cscale48 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER
// RUN: sharc-run %t.mlir --entry=cscale48 --random-inputs=1 --target=a100 --compare=%s

// AOS -> SOA wins: complex numbers interleaved in a staged tile of 48 records (a block of 48
// threads), read as x_s[2t] and x_s[2t + 1]: every request is 2-way. De-interleaved, the real
// parts are x_s[0..48) and the imaginary parts x_s[48..96): the reads become consecutive, and
// since the two halves start 48 words (16 banks) apart, the copy-in's writes (lane 2k to k, lane
// 2k+1 to 48 + k) stay conflict-free too. The flat swizzle reaches the same minimum with more
// index operations, padding does not apply to a 1-D buffer.
// REMARK: remark: buffer #0: 10 bank wavefronts per block (minimum 8), 8 after soa<fields = 2>; tried: soa<fields = 2> 8, swizzle<1, 0, 5> 8
// CHECK: memplace.alloc_shared layout soa<fields = 2> : memref<96xf32, #gpu.address_space<workgroup>>
// BEFORE: "shared_bank_conflicts": 96
// AFTER: "shared_bank_conflicts": 0

module {
  func.func @cscale48(%x: memref<4608xf32>, %y: memref<4608xf32>) {
    %a = arith.constant 1.5 : f32
    %b = arith.constant -0.5 : f32
    gpumap.band (%i) = (0) to (2304) block [48] dims [x] origin (%o) {
      %s = memplace.alloc_shared : memref<96xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %x[%o * 2] to %s sizes [96] : memref<4608xf32>, memref<96xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %re = affine.load %s[(%i - %o) * 2] : memref<96xf32, #gpu.address_space<workgroup>>
      %im = affine.load %s[(%i - %o) * 2 + 1] : memref<96xf32, #gpu.address_space<workgroup>>
      %ar = arith.mulf %a, %re : f32
      %bi = arith.mulf %b, %im : f32
      %r = arith.subf %ar, %bi : f32
      %br = arith.mulf %b, %re : f32
      %ai = arith.mulf %a, %im : f32
      %m = arith.addf %br, %ai : f32
      affine.store %r, %y[%i * 2] : memref<4608xf32>
      affine.store %m, %y[%i * 2 + 1] : memref<4608xf32>
    }
    return
  }
}
