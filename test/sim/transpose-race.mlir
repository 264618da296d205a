// RUN: not sharc-run %s --entry=main --random-inputs=1 2>&1 | FileCheck %s

// The tiled transpose without its barrier: thread (1, 0, 0) reads tile[1][0], which thread
// (0, 1, 0) wrote in the same barrier interval. The race is reported at the read, with the
// thread and block, and a note at the conflicting write.
// CHECK: transpose-race.mlir:[[@LINE+22]]:12: error: shared-memory data race in block (0, 0, 0): thread (1, 0, 0) reads element [1, 0] of a 32x32xf32 buffer that thread (0, 1, 0) wrote with no barrier in between
// CHECK-NEXT: {{^}}      %w = memref.load %tile[%tx, %ty]
// CHECK-NEXT: {{^}}           ^
// CHECK-NEXT: transpose-race.mlir:[[@LINE+16]]:7: note: the conflicting access of thread (0, 1, 0)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_tiled(%in: memref<64x64xf32>, %out: memref<64x64xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
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
      memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose_tiled blocks in (%c2, %c2, %c1) threads in (%c32, %c32, %c1)
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    return
  }
}
