// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=3 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=3 --compare=%S/matmul-naive.mlir
// RUN: sharc-run %s --entry=main --random-inputs=3 --compare=%S/Inputs/matmul-ref.mlir

// The tiled 64x64 matmul: 16x16 tiles of A and B staged in shared memory, two barriers per
// tile step. Global loads drop from 64 to 4 k-steps' worth per thread (2 per step: 16x fewer
// requests than matmul-naive.mlir); the sums keep the order of k, so C is bit-identical.
// A warp reads As[ty][k] (two rows: two words, broadcast) and Bs[k][tx] (16 consecutive
// words): no bank conflicts.
// CHECK: "kernel": "matmul_tiled"
// CHECK-SAME: "barriers": 128
// CHECK-SAME: "global_load_requests": 1024, "global_store_requests": 128
// CHECK-SAME: "shared_load_requests": 16384, "shared_store_requests": 1024
// CHECK-SAME: "shared_bank_conflicts": 0
// CHECK-SAME: "compulsory_bytes": 49152

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_tiled(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>)
        workgroup(%As: memref<16x16xf32, #gpu.address_space<workgroup>>, %Bs: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %r0 = arith.muli %by, %c16 : index
      %row = arith.addi %r0, %ty : index
      %c0x = arith.muli %bx, %c16 : index
      %col = arith.addi %c0x, %tx : index
      %sum = scf.for %t = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        %k0 = arith.muli %t, %c16 : index
        %ak = arith.addi %k0, %tx : index
        %a = memref.load %A[%row, %ak] : memref<64x64xf32>
        memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %bk = arith.addi %k0, %ty : index
        %b = memref.load %B[%bk, %col] : memref<64x64xf32>
        memref.store %b, %Bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc2 = %acc) -> (f32) {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %Bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc2, %p : f32
          scf.yield %s : f32
        }
        gpu.barrier
        scf.yield %part : f32
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
    gpu.launch_func @kernels::@matmul_tiled blocks in (%c4, %c4, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<64x64xf32>, %B : memref<64x64xf32>, %C : memref<64x64xf32>)
    return
  }
}
