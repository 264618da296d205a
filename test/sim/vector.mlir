// Vector loads and stores in the simulator: one access of 8 bytes per thread, so a warp's
// vector access is one request; its sectors and shared-memory banks are costed at that width;
// the lanes decode bit for bit as scalar loads of the same elements (compared against a
// scalar reference).
// RUN: sharc-run %s --entry=main --random-inputs=3 --compare=%S/Inputs/vector-ref.mlir
// RUN: sharc-run %s --entry=main --random-inputs=3 --metrics=json | FileCheck %s
// RUN: sharc-run %S/Inputs/vector-affine.mlir --entry=main --random-inputs=3 --compare=%S/Inputs/vector-ref.mlir
//
// The pairs of 4096 complex numbers, swapped with one vector load and one vector store per
// thread (16 blocks of 256 threads, 128 warps): each warp reads 32 × 8 contiguous bytes, 8
// sectors, in one request.
// CHECK: {"kernel": "swap", "grid": [16, 1, 1], "block": [256, 1, 1], "launches": 1
// CHECK-SAME: "global_load_requests": 128, "global_store_requests": 128, "global_sectors": 2048, "global_load_sectors": 1024, "global_store_sectors": 1024
// CHECK-SAME: "compulsory_bytes": 65536,
//
// The same with scalar loads and stores: twice the requests, each at stride 8 bytes over the
// same 8 sectors, so twice the sectors for the same bytes.
// CHECK-NEXT: {"kernel": "swap_scalar", {{.*}} "global_load_requests": 256, "global_store_requests": 256, "global_sectors": 4096, "global_load_sectors": 2048, "global_store_sectors": 2048
// CHECK-SAME: "compulsory_bytes": 65536,
//
// Through shared memory (one block of 256 threads, 8 warps): each 8-byte vector request of a
// warp touches 256 contiguous bytes, which the bank model serves in two conflict-free
// wavefronts (16 lanes × 8 bytes each), on the store and on the load.
// CHECK-NEXT: {"kernel": "swap_shared", {{.*}} "shared_load_requests": 8, "shared_store_requests": 8, "shared_bank_wavefronts": 32, "shared_load_wavefronts": 16, "shared_store_wavefronts": 16, "shared_ideal_wavefronts": 32, {{.*}} "shared_bank_conflicts": 0,

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @swap(%in: memref<8192xf32>, %out: memref<8192xf32>) kernel {
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %b0 = arith.muli %bx, %bd : index
      %i = arith.addi %b0, %tx : index
      %j = arith.muli %i, %c2 : index
      %v = vector.load %in[%j] {alignment = 8 : i64} : memref<8192xf32>, vector<2xf32>
      %re = vector.extract %v[0] : f32 from vector<2xf32>
      %im = vector.extract %v[1] : f32 from vector<2xf32>
      %w = vector.from_elements %im, %re : vector<2xf32>
      vector.store %w, %out[%j] {alignment = 8 : i64} : memref<8192xf32>, vector<2xf32>
      gpu.return
    }
    gpu.func @swap_scalar(%in: memref<8192xf32>, %out: memref<8192xf32>) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %b0 = arith.muli %bx, %bd : index
      %i = arith.addi %b0, %tx : index
      %j = arith.muli %i, %c2 : index
      %k = arith.addi %j, %c1 : index
      %re = memref.load %in[%j] : memref<8192xf32>
      %im = memref.load %in[%k] : memref<8192xf32>
      memref.store %im, %out[%j] : memref<8192xf32>
      memref.store %re, %out[%k] : memref<8192xf32>
      gpu.return
    }
    gpu.func @swap_shared(%in: memref<512xf32>, %out: memref<512xf32>)
        workgroup(%buf: memref<512xf32, #gpu.address_space<workgroup>>) kernel {
      %c2 = arith.constant 2 : index
      %c511 = arith.constant 510 : index
      %tx = gpu.thread_id x
      %j = arith.muli %tx, %c2 : index
      %v = vector.load %in[%j] : memref<512xf32>, vector<2xf32>
      vector.store %v, %buf[%j] : memref<512xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      // Each thread reads the pair its mirror wrote.
      %m = arith.subi %c511, %j : index
      %w = vector.load %buf[%m] : memref<512xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %re = vector.extract %w[0] : f32 from vector<2xf32>
      %im = vector.extract %w[1] : f32 from vector<2xf32>
      %s = vector.from_elements %im, %re : vector<2xf32>
      vector.store %s, %out[%j] : memref<512xf32>, vector<2xf32>
      gpu.return
    }
  }
  func.func @main(%in: memref<8192xf32> {sharc.name = "in"}, %out: memref<8192xf32> {sharc.name = "out"},
                  %out2: memref<8192xf32> {sharc.name = "out2"}, %sin: memref<512xf32> {sharc.name = "sin"},
                  %sout: memref<512xf32> {sharc.name = "sout"}) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @kernels::@swap blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<8192xf32>, %out : memref<8192xf32>)
    gpu.launch_func @kernels::@swap_scalar blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<8192xf32>, %out2 : memref<8192xf32>)
    gpu.launch_func @kernels::@swap_shared blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%sin : memref<512xf32>, %sout : memref<512xf32>)
    return
  }
}
