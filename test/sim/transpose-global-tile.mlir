// RUN: sharc-run %s --entry=main --random-inputs=1 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%S/Inputs/transpose-ref.mlir

// The tiled transpose with its tile declared as a memref.global in the workgroup memory space
// (as lowered GPU code declares shared memory): each thread block gets its own tile, with the
// same traffic and conflicts as the workgroup attribution of transpose-tiled.mlir.
// CHECK: "kernel": "transpose_global"
// CHECK-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// CHECK-SAME: "shared_load_wavefronts": 4096
// CHECK-SAME: "shared_bank_conflicts": 3968

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<32x32xf32, 3> = uninitialized
    gpu.func @transpose_global(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel {
      %c32 = arith.constant 32 : index
      %tile = memref.get_global @tile : memref<32x32xf32, 3>
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %v = memref.load %in[%gy, %gx] : memref<64x64xf32>
      memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, 3>
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, 3>
      memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose_global blocks in (%c2, %c2, %c1) threads in (%c32, %c32, %c1)
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    return
  }
}
