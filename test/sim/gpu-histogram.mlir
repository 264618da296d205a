// A shared-memory histogram without atomics: each of a block's 128 threads counts its two
// elements in its own column of a 16x128 table (no two threads touch the same word, so there is
// no race), a barrier, then thread k < 16 sums row k. Equal to a sequential reference.
// RUN: sharc-run %s --entry=main --random-inputs=9 --compare=%S/Inputs/histogram-ref.mlir
// RUN: sharc-run %s --entry=main --random-inputs=9 --metrics=json | FileCheck %s
// The row sums read one word per thread from rows 0..15 (stride 128 words: all in one bank):
// a 16-way conflict per request, 128 such requests per block.
// CHECK: "kernel": "hist", "grid": [8, 1, 1], "block": [128, 1, 1], "launches": 1
// CHECK-SAME: "barriers": 16
// CHECK-SAME: "shared_bank_conflicts": 15360
// RUN: not sharc-run %s --entry=racy --random-inputs=9 2>&1 | FileCheck %s --check-prefix=RACE
// Every thread increments the shared bin of its element: a race the checker reports.
// RACE: error: shared-memory data race in block (0, 0, 0): thread ({{[0-9]+}}, 0, 0) {{reads|writes}} element [{{[0-9]+}}] of a 16xi32 buffer that thread ({{[0-9]+}}, 0, 0) {{wrote|read}} with no barrier in between

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hist(%data: memref<2048xi32>, %out: memref<8x16xi32>)
        workgroup(%priv: memref<16x128xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c15 = arith.constant 15 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      // Shared memory is not zeroed on a GPU: each thread clears its own column.
      scf.for %k = %c0 to %c16 step %c1 {
        memref.store %zero, %priv[%k, %tx] : memref<16x128xi32, #gpu.address_space<workgroup>>
      }
      %base = arith.muli %bx, %c256 : index
      scf.for %e = %c0 to %c2 step %c1 {
        %off = arith.muli %e, %c128 : index
        %i0 = arith.addi %base, %off : index
        %i = arith.addi %i0, %tx : index
        %v = memref.load %data[%i] : memref<2048xi32>
        %bin = arith.andi %v, %c15 : i32
        %k = arith.index_cast %bin : i32 to index
        %h = memref.load %priv[%k, %tx] : memref<16x128xi32, #gpu.address_space<workgroup>>
        %h1 = arith.addi %h, %one : i32
        memref.store %h1, %priv[%k, %tx] : memref<16x128xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %owner = arith.cmpi ult, %tx, %c16 : index
      scf.if %owner {
        %s = scf.for %t = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (i32) {
          %h = memref.load %priv[%tx, %t] : memref<16x128xi32, #gpu.address_space<workgroup>>
          %n = arith.addi %acc, %h : i32
          scf.yield %n : i32
        }
        memref.store %s, %out[%bx, %tx] : memref<8x16xi32>
      }
      gpu.barrier
      gpu.return
    }
    gpu.func @racy_hist(%data: memref<2048xi32>, %out: memref<8x16xi32>)
        workgroup(%bins: memref<16xi32, #gpu.address_space<workgroup>>) kernel {
      %c256 = arith.constant 256 : index
      %one = arith.constant 1 : i32
      %c15 = arith.constant 15 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %data[%i] : memref<2048xi32>
      %bin = arith.andi %v, %c15 : i32
      %k = arith.index_cast %bin : i32 to index
      %h = memref.load %bins[%k] : memref<16xi32, #gpu.address_space<workgroup>>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %bins[%k] : memref<16xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @main(%data: memref<2048xi32> {sharc.name = "data"}, %out: memref<8x16xi32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@hist blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%data : memref<2048xi32>, %out : memref<8x16xi32>)
    return
  }
  func.func @racy(%data: memref<2048xi32> {sharc.name = "data"}, %out: memref<8x16xi32> {sharc.name = "out"}) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@racy_hist blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%data : memref<2048xi32>, %out : memref<8x16xi32>)
    return
  }
}
