// RUN: sharc-run %s --entry=main --random-inputs=2 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=2 --compare=%S/Inputs/prefix-ref.mlir

// Thread t of a 64-thread block sums in[0..t]: the scf.for trip counts differ per lane, so each
// warp keeps iterating with fewer active lanes (masked, as SIMT hardware does). Warp 0 runs 32
// iterations and warp 1 runs 64; in every iteration the active lanes all read in[k], one
// sector: 96 load requests of 1 sector. Odd threads also take a divergent scf.if and store
// once more.
// CHECK: "kernel": "prefix"
// CHECK-SAME: "global_load_requests": 96, "global_store_requests": 4
// CHECK-SAME: "global_load_sectors": 96, "global_store_sectors": 16

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @prefix(%in: memref<64xf32>, %out: memref<64xf32>, %odd: memref<64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %n = arith.addi %t, %c1 : index
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %in[%k] : memref<64xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%t] : memref<64xf32>
      %r = arith.remui %t, %c2 : index
      %is_odd = arith.cmpi eq, %r, %c1 : index
      scf.if %is_odd {
        memref.store %sum, %odd[%t] : memref<64xf32>
      }
      gpu.return
    }
  }
  func.func @main(%in: memref<64xf32>, %out: memref<64xf32>, %odd: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@prefix blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<64xf32>, %out : memref<64xf32>, %odd : memref<64xf32>)
    return
  }
}
