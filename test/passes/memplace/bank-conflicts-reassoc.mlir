// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-conflicts{target=a100})' -o %t.strict.mlir 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: sharc-run %t.strict.mlir --entry=rowsum --random-inputs=1 --target=a100 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-conflicts{target=a100 allow-reassoc=true})' -o %t.reassoc.mlir 2>&1 | FileCheck %s --check-prefix=REASSOC
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.reassoc.mlir
// RUN: sharc-run %t.reassoc.mlir --entry=rowsum --random-inputs=1 --target=a100 --compare=%s --rtol=1e-5

// A float row sum over a shared tile (bank-rowsum.mlir in f32). Reordering the reduction would
// change the sums bitwise, so by default the access reorder is not a candidate and the pass
// takes the swizzle (it ties padding at the minimum with no extra bytes), which keeps every sum
// bit-identical; under allow-reassoc the reorder ties both with no bytes and fewer index
// operations than the swizzle, and the sums agree within rounding.
// STRICT: remark: buffer #0: 1056 bank wavefronts per block (minimum 64), 64 after xor<vec = 1, per_phase = 1, max_phase = 32>; tried: pad 1 64, transposed 1056, xor<vec = 1, per_phase = 1, max_phase = 32> 64
// REASSOC: remark: buffer #0: 1056 bank wavefronts per block (minimum 64), 64 after reorder c=1;
// IR: affine.apply
// IR: arith.addf

module {
  func.func @rowsum(%A: memref<256x32xf32>, %out: memref<256xf32>) {
    gpumap.band (%i) = (0) to (256) block [32] dims [x] origin (%o) {
      %s = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %A[%o, 0] to %s sizes [32, 32] : memref<256x32xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %c0 = arith.constant 0.0 : f32
      %r = affine.for %k = 0 to 32 iter_args(%acc = %c0) -> (f32) {
        %v = affine.load %s[%i - %o, %k] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %n = arith.addf %acc, %v : f32
        affine.yield %n : f32
      }
      affine.store %r, %out[%i] : memref<256xf32>
    }
    return
  }
}
