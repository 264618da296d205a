// RUN: sharc-run %s --entry=main --target=gtx690 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=GTX690
// RUN: sharc-run %s --entry=main --target=c2050 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=C2050
// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=A100

// Partition camping of a 32x32-tiled transpose (1024-thread blocks), the simulator's channel
// metric (docs/simulator.md): per window of co-resident blocks, the busiest channel's share of
// the sectors times the channel count. The store of block (bx, by) writes 32 rows 32 x n x 4 B
// apart at column 32 by, and the blocks of one window share by (two values of it on gtx690).
// - gtx690 (4 channels x 256 B, 8 SMs x 2 blocks = 16), n = 256: a row is 1024 B, one channel
//   period, so all of a block's rows and both by of a window land on one channel: 4.00. n = 384:
//   a 1536 B row alternates between two channels: 1.67.
// - c2050 (6 x 256 B, 14 SMs x 1 block), n = 384: the 1536 B row is one period: 5.17; n = 256
//   spreads: 1.64. The loads read rows of 128 contiguous bytes per warp and spread.
// - a100 declares no linear channel map: the metric is absent, with the reason.
// GTX690: "kernel": "transpose256"
// GTX690-SAME: "channel_load_imbalance": 1.00, "channel_store_imbalance": 4.00, "channel_window": 16
// GTX690: "kernel": "transpose384"
// GTX690-SAME: "channel_load_imbalance": 1.00, "channel_store_imbalance": 1.67, "channel_window": 16
// C2050: "kernel": "transpose256"
// C2050-SAME: "channel_load_imbalance": 1.15, "channel_store_imbalance": 1.64, "channel_window": 14
// C2050: "kernel": "transpose384"
// C2050-SAME: "channel_load_imbalance": 1.75, "channel_store_imbalance": 5.17, "channel_window": 14
// A100: "kernel": "transpose256"
// A100-SAME: "channel_load_imbalance": null, "channel_store_imbalance": null,
// A100-SAME: "channel_imbalance_absent": "target a100: channel map is unknown"

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose256(%in: memref<256x256xf32>, %out: memref<256x256xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %v = memref.load %in[%gy, %gx] : memref<256x256xf32>
      memref.store %v, %tile[%ty, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<32x33xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%oy, %ox] : memref<256x256xf32>
      gpu.return
    }
    gpu.func @transpose384(%in: memref<384x384xf32>, %out: memref<384x384xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %v = memref.load %in[%gy, %gx] : memref<384x384xf32>
      memref.store %v, %tile[%ty, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %w = memref.load %tile[%tx, %ty] : memref<32x33xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%oy, %ox] : memref<384x384xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<256x256xf32> {sharc.name = "a"}, %at: memref<256x256xf32> {sharc.name = "at"},
                  %b: memref<384x384xf32> {sharc.name = "b"}, %bt: memref<384x384xf32> {sharc.name = "bt"}) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@transpose256 blocks in (%c8, %c8, %c1) threads in (%c32, %c32, %c1)
        args(%a : memref<256x256xf32>, %at : memref<256x256xf32>)
    gpu.launch_func @kernels::@transpose384 blocks in (%c12, %c12, %c1) threads in (%c32, %c32, %c1)
        args(%b : memref<384x384xf32>, %bt : memref<384x384xf32>)
    return
  }
}
