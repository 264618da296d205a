// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%S/transpose-tiled.mlir

// The tiled transpose with one padding column (a 32x33 tile): a column of the tile now spans
// all 32 banks, so no shared request conflicts; global traffic is that of the unpadded tile.
// CHECK: "kernel": "transpose_padded"
// CHECK-SAME: "global_load_sectors": 512, "global_store_sectors": 512
// CHECK-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// CHECK-SAME: "shared_bank_wavefronts": 256
// CHECK-SAME: "shared_bank_conflicts": 0

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_padded(%in: memref<64x64xf32>, %out: memref<64x64xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel {
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
      memref.store %v, %tile[%ty, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<32x33xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose_padded blocks in (%c2, %c2, %c1) threads in (%c32, %c32, %c1)
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    return
  }
}
