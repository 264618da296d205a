// RUN: not sharc-run %s --entry=main --random-inputs=1 2>&1 | FileCheck %s

// A kernel with one block too many along x: the threads of block (2, 0, 0) index past the end
// of the 64-element buffer. The error names the op, the index, the shape, and the first
// failing thread and its block.
// CHECK: out-of-bounds.mlir:[[@LINE+12]]:12: error: out-of-bounds load: index [64] is out of bounds of shape [64] in thread (0, 0, 0) of block (2, 0, 0)
// CHECK-NEXT: {{^}}      %v = memref.load %a[%i] : memref<64xf32>
// CHECK-NEXT: {{^}}           ^

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%a: memref<64xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %i0 = arith.muli %bx, %bd : index
      %i = arith.addi %i0, %tx : index
      %v = memref.load %a[%i] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@scale blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<64xf32>)
    return
  }
}
