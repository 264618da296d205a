// A block-level tree reduction in shared memory: 4 blocks of 256 threads sum 1000 floats (the
// last block is partial: its threads past the end contribute 0). The halving loop has a
// barrier inside it, reached by every thread while only the lower half adds. Random inputs are
// multiples of 1/16, so the sums are exact and equal a sequential reference's; the scf.while
// version of the same loop gives the same bits.
// RUN: sharc-run %s --entry=main --random-inputs=5 --compare=%S/Inputs/block-sum-ref.mlir
// RUN: sharc-run %s --entry=main --random-inputs=5 --compare=%S/Inputs/block-sum-while.mlir
// RUN: sharc-run %s --entry=main --random-inputs=5 --metrics=json | FileCheck %s
// 9 barriers per block (one after the stores, eight in the loop); the loop adds in 128+64+...+1
// = 255 threads per block; 8 warps per block make 8 load requests and 8 shared store requests.
// CHECK: "kernel": "block_sum", "grid": [4, 1, 1], "block": [256, 1, 1], "launches": 1
// CHECK-SAME: "barriers": 36
// CHECK-SAME: "global_load_requests": 32, "global_store_requests": 4
// CHECK-SAME: "shared_bank_conflicts": 0
// CHECK-SAME: "compulsory_bytes": 4016

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_sum(%in: memref<1000xf32>, %partial: memref<4xf32>)
        workgroup(%buf: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c1000 = arith.constant 1000 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %g = arith.addi %base, %tx : index
      %inside = arith.cmpi ult, %g, %c1000 : index
      %v = scf.if %inside -> (f32) {
        %x = memref.load %in[%g] : memref<1000xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %k : index
        %low = arith.cmpi ult, %tx, %s : index
        scf.if %low {
          %o = arith.addi %tx, %s : index
          %a = memref.load %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %buf[%o] : memref<256xf32, #gpu.address_space<workgroup>>
          %t = arith.addf %a, %b : f32
          memref.store %t, %buf[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %r = memref.load %buf[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %r, %partial[%bx] : memref<4xf32>
      }
      gpu.return
    }
  }
  func.func @main(%in: memref<1000xf32> {sharc.name = "in"}, %partial: memref<4xf32> {sharc.name = "partial"}) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    gpu.launch_func @kernels::@block_sum blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<1000xf32>, %partial : memref<4xf32>)
    %total = scf.for %b = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %partial[%b] : memref<4xf32>
      %t = arith.addf %acc, %v : f32
      scf.yield %t : f32
    }
    return %total : f32
  }
}
