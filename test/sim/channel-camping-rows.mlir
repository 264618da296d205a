// RUN: sharc-run %s --entry=main --target=%S/../target/gt200-like.toml --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=GT200
// RUN: sharc-run %s --entry=main --target=%S/../target/g80-like.toml --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=G80

// Seed 001 §3.3.7's three observations of partition camping, on test models of its two GPUs
// (8 and 6 partitions of 256 bytes, test/target/{gt200,g80}-like.toml): block b copies the first
// 32 floats of row b, so neighbouring blocks are one row pitch apart, as the blocks that write
// one tile column of a transpose are. A 4k-float row is 16384 B = 64 partition widths, a 3k one
// 12288 B = 48.
// - 4k on 8 partitions camps: 64 mod 8 = 0, every block on one partition (imbalance 8);
// - 4k on 6 partitions is "more evenly distributed": 64 mod 6 = 4, rows cycle over partitions
//   0, 4, 2, three of the six (imbalance 2, up to the windows' remainders: 43 + 43 + 42 of 128);
// - 3k on 6 partitions camps again: 48 mod 6 = 0 (imbalance 6).
// Windows: 32-thread blocks, 8 resident per SM: 30 × 8 = 240 blocks on GT200, 16 × 8 = 128 on G80.

// GT200: "kernel": "rows4k"
// GT200-SAME: "channel_load_imbalance": 8.00, "channel_store_imbalance": 8.00, "channel_window": 240
// GT200: "kernel": "rows3k"
// GT200-SAME: "channel_load_imbalance": 8.00, "channel_store_imbalance": 8.00, "channel_window": 240
// G80: "kernel": "rows4k"
// G80-SAME: "channel_load_imbalance": 2.02, "channel_store_imbalance": 2.02, "channel_window": 128
// G80: "kernel": "rows3k"
// G80-SAME: "channel_load_imbalance": 6.00, "channel_store_imbalance": 6.00, "channel_window": 128

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rows4k(%in: memref<384x4096xf32>, %out: memref<384x4096xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %v = memref.load %in[%bx, %tx] : memref<384x4096xf32>
      memref.store %v, %out[%bx, %tx] : memref<384x4096xf32>
      gpu.return
    }
    gpu.func @rows3k(%in: memref<384x3072xf32>, %out: memref<384x3072xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %v = memref.load %in[%bx, %tx] : memref<384x3072xf32>
      memref.store %v, %out[%bx, %tx] : memref<384x3072xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<384x4096xf32> {sharc.name = "a"}, %b: memref<384x4096xf32> {sharc.name = "b"},
                  %c: memref<384x3072xf32> {sharc.name = "c"}, %d: memref<384x3072xf32> {sharc.name = "d"}) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c384 = arith.constant 384 : index
    gpu.launch_func @kernels::@rows4k blocks in (%c384, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%a : memref<384x4096xf32>, %b : memref<384x4096xf32>)
    gpu.launch_func @kernels::@rows3k blocks in (%c384, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%c : memref<384x3072xf32>, %d : memref<384x3072xf32>)
    return
  }
}
