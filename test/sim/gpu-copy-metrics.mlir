// Memory metrics of simple kernels, checked against hand counts, and their results against a
// sequential reference.
// RUN: sharc-run %s --entry=main --random-inputs=2 --compare=%S/Inputs/copy-ref.mlir
// RUN: sharc-run %s --entry=main --random-inputs=2 --metrics=json | FileCheck %s
//
// A coalesced copy of 4096 floats (16 blocks of 256 threads): each warp reads and writes 128
// contiguous bytes, 4 sectors, so sectors = compulsory bytes / 32 = 32768 / 32.
// CHECK: {"kernel": "copy", "grid": [16, 1, 1], "block": [256, 1, 1], "launches": 1
// CHECK-SAME: "global_load_requests": 128, "global_store_requests": 128, "global_sectors": 1024, "global_load_sectors": 512, "global_store_sectors": 512
// CHECK-SAME: "compulsory_bytes": 32768,
//
// Reading every other float: each warp's loads span 256 bytes (8 sectors), twice the sectors
// of the copy for the same useful bytes; compulsory bytes count only the floats read.
// CHECK-NEXT: {"kernel": "stride2", {{.*}} "global_load_sectors": 1024, "global_store_sectors": 512
// CHECK-SAME: "compulsory_bytes": 32768,
//
// A 2-D grid of 16x8 blocks over a 45x37 array (3x6 blocks, partial at both edges), writing
// the transpose through a private scratch array: loads of a row segment of 16 floats are
// coalesced, transposed stores are not. Of the 18 blocks' 72 warps (two rows of 16 threads
// each), the 3 warps below the last row have no active thread and issue nothing; private
// scratch accesses are not global traffic.
// CHECK-NEXT: {"kernel": "square_t", "grid": [3, 6, 1], "block": [16, 8, 1], "launches": 1
// CHECK-SAME: "global_load_requests": 69, "global_store_requests": 69
// CHECK-SAME: "global_load_sectors": 326, "global_store_sectors": 951
// CHECK-SAME: "compulsory_bytes": 13320,

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<4096xf32>, %out: memref<4096xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %b0 = arith.muli %bx, %bd : index
      %i = arith.addi %b0, %tx : index
      %v = memref.load %in[%i] : memref<4096xf32>
      memref.store %v, %out[%i] : memref<4096xf32>
      gpu.return
    }
    gpu.func @stride2(%wide: memref<8192xf32>, %out: memref<4096xf32>) kernel {
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %b0 = arith.muli %bx, %bd : index
      %i = arith.addi %b0, %tx : index
      %j = arith.muli %i, %c2 : index
      %v = memref.load %wide[%j] : memref<8192xf32>
      memref.store %v, %out[%i] : memref<4096xf32>
      gpu.return
    }
    gpu.func @square_t(%a: memref<45x37xf32>, %at: memref<37x45xf32>)
        private(%p: memref<2xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c37 = arith.constant 37 : index
      %c45 = arith.constant 45 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %x0 = arith.muli %bx, %bdx : index
      %j = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %bdy : index
      %i = arith.addi %y0, %ty : index
      %okj = arith.cmpi slt, %j, %c37 : index
      %oki = arith.cmpi slt, %i, %c45 : index
      %ok = arith.andi %oki, %okj : i1
      scf.if %ok {
        %v = memref.load %a[%i, %j] : memref<45x37xf32>
        %s = arith.mulf %v, %v : f32
        memref.store %s, %p[%c0] : memref<2xf32, #gpu.address_space<private>>
        memref.store %v, %p[%c1] : memref<2xf32, #gpu.address_space<private>>
        %x = memref.load %p[%c0] : memref<2xf32, #gpu.address_space<private>>
        %y = memref.load %p[%c1] : memref<2xf32, #gpu.address_space<private>>
        %t = arith.addf %x, %y : f32
        memref.store %t, %at[%j, %i] : memref<37x45xf32>
      }
      gpu.return
    }
  }
  func.func @main(%in: memref<4096xf32> {sharc.name = "in"}, %out: memref<4096xf32> {sharc.name = "out"},
                  %wide: memref<8192xf32> {sharc.name = "wide"}, %strided: memref<4096xf32> {sharc.name = "strided"},
                  %a: memref<45x37xf32> {sharc.name = "a"}, %at: memref<37x45xf32> {sharc.name = "at"}) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @kernels::@copy blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<4096xf32>, %out : memref<4096xf32>)
    gpu.launch_func @kernels::@stride2 blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%wide : memref<8192xf32>, %strided : memref<4096xf32>)
    gpu.launch_func @kernels::@square_t blocks in (%c3, %c6, %c1) threads in (%c16, %c8, %c1)
        args(%a : memref<45x37xf32>, %at : memref<37x45xf32>)
    return
  }
}
