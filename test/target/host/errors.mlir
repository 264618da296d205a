// Errors of host execution: the generated code checks what the simulator checks and the launch
// reports it, located at the launch, naming the failing op, thread and block.
// RUN: not sharc-run %S/../../sim/out-of-bounds.mlir --entry=main --random-inputs=1 --exec=host 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: out-of-bounds.mlir:{{[0-9]+}}:5: error: out-of-bounds access at {{.*}}out-of-bounds.mlir:18:12 ('memref.load') in thread ({{[0-9]+}}, 0, 0) of block (2, 0, 0) in the host execution of @scale
// OOB-NEXT: gpu.launch_func @kernels::@scale
// RUN: not sharc-run %S/../../sim/barrier-divergence.mlir --entry=main --exec=host 2>&1 | FileCheck %s --check-prefix=BAR
// BAR: error: barrier not reached by all threads of block (0, 0, 0) in the host execution of @k
// RUN: not sharc-run %s --entry=div --arg=arg0=0 --exec=host 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: errors.mlir:26:5: error: integer division by zero or signed overflow (MIN / -1) at {{.*}}errors.mlir:17:12 ('arith.divsi') in thread ({{[0-3]}}, 0, 0) of block (0, 0, 0) in the host execution of @div
// RUN: not sharc-run %s --entry=div --arg=arg0=1 --exec=host --metrics=json 2>&1 | FileCheck %s --check-prefix=METRICS
// METRICS: error: --metrics needs the simulator; it cannot be combined with --exec=host

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @div(%d: i32, %out: memref<4xi32>) kernel {
      %tx = gpu.thread_id x
      %q = arith.divsi %d, %d : i32
      memref.store %q, %out[%tx] : memref<4xi32>
      gpu.return
    }
  }
  func.func @div(%d: i32) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %m = memref.alloc() : memref<4xi32>
    gpu.launch_func @k::@div blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%d : i32, %m : memref<4xi32>)
    return
  }
}
