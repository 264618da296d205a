// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=3 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=3 --compare=%S/Inputs/matmul-ref.mlir

// The naive 64x64 matmul: one thread per element of C, 16x16 threads per block. Each warp
// (two rows of 16 threads) reads A[row][k] for two rows (2 sectors, a broadcast within each
// half) and B[k][col..col+16] for 16 columns (2 sectors): every one of the 64 k steps costs
// 2 requests of 2 sectors each, per warp.
// CHECK: "kernel": "matmul_naive"
// CHECK-SAME: "grid": [4, 4, 1], "block": [16, 16, 1]
// CHECK-SAME: "global_load_requests": 16384, "global_store_requests": 128
// CHECK-SAME: "global_load_sectors": 32768, "global_store_sectors": 512
// CHECK-SAME: "shared_load_requests": 0
// CHECK-SAME: "compulsory_bytes": 49152

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_naive(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %r0 = arith.muli %by, %c16 : index
      %row = arith.addi %r0, %ty : index
      %c0x = arith.muli %bx, %c16 : index
      %col = arith.addi %c0x, %tx : index
      %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %a = memref.load %A[%row, %k] : memref<64x64xf32>
        %b = memref.load %B[%k, %col] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %C[%row, %col] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"},
                  %C: memref<64x64xf32> {sharc.name = "C"}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@matmul_naive blocks in (%c4, %c4, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<64x64xf32>, %B : memref<64x64xf32>, %C : memref<64x64xf32>)
    return
  }
}
