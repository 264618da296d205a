// RUN: sharc-run %s --entry=main --random-inputs=4 --metrics=json | FileCheck %s

// One kernel launched three times from a host loop is one metrics record: its counters add up
// over the launches, while compulsory bytes count distinct bytes once (32 floats read and 32
// written, whatever the number of launches). A second kernel gets its own record.
// CHECK: {"kernel": "scale", "grid": [1, 1, 1], "block": [32, 1, 1], "launches": 3, "ops": 384,
// CHECK-SAME: "global_load_requests": 3, "global_store_requests": 3,
// CHECK-SAME: "compulsory_bytes": 256,
// CHECK-NEXT: {"kernel": "zero", {{.*}} "launches": 1, {{.*}} "global_store_requests": 1, {{.*}} "compulsory_bytes": 128,

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%a: memref<32xf32>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %a[%tx] : memref<32xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%tx] : memref<32xf32>
      gpu.return
    }
    gpu.func @zero(%a: memref<32xf32>) kernel {
      %tx = gpu.thread_id x
      %z = arith.constant 0.0 : f32
      memref.store %z, %a[%tx] : memref<32xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %c3 step %c1 {
      gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<32xf32>)
    }
    gpu.launch_func @kernels::@zero blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<32xf32>)
    return
  }
}
