// RUN: sharc-opt %s --canonicalize -split-input-file | FileCheck %s
// RUN: sharc-opt %s --canonicalize -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --canonicalize -split-input-file | diff -u - %t %}

// The gpu canonicalization patterns sharc implements, each with upstream's result: lines 3-4
// require sharc's output to be byte-identical to mlir-opt's.

// A gpu.barrier directly followed by another is erased (eraseRedundantGpuBarrierOps); the
// second of two barriers separated by a store stays.
// CHECK-LABEL: gpu.func @redundant_barriers(%arg0: memref<4xf32, #gpu.address_space<workgroup>>, %arg1: f32) kernel {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    memref.store %arg1, %arg0[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.return
gpu.module @kernels {
  gpu.func @redundant_barriers(%m: memref<4xf32, #gpu.address_space<workgroup>>, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    gpu.barrier
    gpu.barrier
    gpu.barrier
    memref.store %x, %m[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}
