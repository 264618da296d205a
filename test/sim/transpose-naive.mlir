// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%S/Inputs/transpose-ref.mlir

// The naive 64x64 transpose: each warp reads 32 consecutive floats of a row (4 sectors) and
// writes them down a column, 32 different sectors: 8 times the store sectors of the tiled
// version (transpose-tiled.mlir: 512).
// CHECK: "kernel": "transpose_naive"
// CHECK-SAME: "barriers": 0
// CHECK-SAME: "global_load_requests": 128, "global_store_requests": 128
// CHECK-SAME: "global_load_sectors": 512, "global_store_sectors": 4096
// CHECK-SAME: "global_store_transactions": 4096
// CHECK-SAME: "shared_load_requests": 0, "shared_store_requests": 0
// CHECK-SAME: "compulsory_bytes": 32768

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_naive(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel {
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %v = memref.load %in[%gy, %gx] : memref<64x64xf32>
      memref.store %v, %out[%gx, %gy] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose_naive blocks in (%c2, %c2, %c1) threads in (%c32, %c32, %c1)
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    return
  }
}
