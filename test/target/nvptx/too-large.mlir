// A memref whose static sizes make more bytes than an i64 counts cannot be compiled: its
// linearised indices would wrap in the 64-bit address arithmetic and address other elements.
// It is a located error (it compiled silently before). The host target shares the check.
// RUN: not sharc-translate %s --target=a100 2>&1 | FileCheck %s
// RUN: not sharc-translate %s --target=host 2>&1 | FileCheck %s
// CHECK: too-large.mlir:[[@LINE+3]]:5: error: argument 0 of @big: memref type memref<4000000000x4000000000xf64> is too large: its size in bytes overflows 64-bit index arithmetic
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @big(%a: memref<4000000000x4000000000xf64>) kernel {
      %tx = gpu.thread_id x
      %c = arith.constant 1.0 : f64
      memref.store %c, %a[%tx, %tx] : memref<4000000000x4000000000xf64>
      gpu.return
    }
  }
}
