// RUN: not sharc-run %s --entry=main 2>&1 | FileCheck %s

// A barrier inside a branch taken by half of the block: threads 16..31 never arrive.
// CHECK: barrier-divergence.mlir:[[@LINE+11]]:9: error: barrier not reached by all threads of block (0, 0, 0): 16 of 32 threads arrive here, thread (16, 0, 0) does not
// CHECK-NEXT: {{^}}        gpu.barrier
// CHECK-NEXT: {{^}}        ^

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %c16 = arith.constant 16 : index
      %tx = gpu.thread_id x
      %low = arith.cmpi ult, %tx, %c16 : index
      scf.if %low {
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    return
  }
}
