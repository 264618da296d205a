// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-block-remap{target=gtx690})' -o %t.gtx.mlir 2>&1 | FileCheck %s --check-prefix=REMARK-GTX
// RUN: FileCheck %s --input-file=%t.gtx.mlir --check-prefix=BAND
// RUN: sharc-opt %t.gtx.mlir --pass-pipeline='builtin.module(sharc-lower-gpumap)' -o %t.gtx.gpu.mlir
// RUN: FileCheck %s --input-file=%t.gtx.gpu.mlir --check-prefix=LOWER
// RUN: sharc-run %s --entry=main_256 --target=gtx690 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=GTX-BEFORE
// RUN: sharc-run %t.gtx.gpu.mlir --entry=main_256 --target=gtx690 --random-inputs=1 --metrics=json --compare=%s 2>&1 | FileCheck %s --check-prefix=GTX-AFTER
// RUN: sharc-run %t.gtx.mlir --entry=main_256 --target=gtx690 --random-inputs=1 --metrics=json --compare=%s 2>&1 | FileCheck %s --check-prefix=GTX-AFTER
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-block-remap{target=c2050}, sharc-lower-gpumap)' -o %t.c2050.gpu.mlir 2>&1 | FileCheck %s --check-prefix=REMARK-C2050
// RUN: sharc-run %s --entry=main_384 --target=c2050 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=C2050-BEFORE
// RUN: sharc-run %t.c2050.gpu.mlir --entry=main_384 --target=c2050 --random-inputs=1 --metrics=json --compare=%s 2>&1 | FileCheck %s --check-prefix=C2050-AFTER
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-block-remap{target=a100})' -o %t.a100.mlir 2>&1 | FileCheck %s --check-prefix=REMARK-A100
// RUN: FileCheck %s --input-file=%t.a100.mlir --check-prefix=A100

// sharc-block-remap on the promoted 32x32-tiled transpose (test/passes/memplace/ilp-transpose.mlir's
// input; the store copies a tile to out[bj, bi], so neighbouring blocks along x write 32 rows,
// 128 n bytes, apart). The instances are the sizes main_256 and main_384 call it with.
// - gtx690 (4 channels x 256 B, window 16): n = 256 has 1024 B rows, every row of a window on one
//   channel, store imbalance 4.00; the diagonal order gives 1.00 with the same sectors and the
//   same outputs (band level and lowered). n = 384 fires Yang's rule too (49152 B is a multiple of
//   1024 B) and its first window is 2.00, so the band is remapped; n = 96 fires it but spreads.
// - c2050 (6 x 256 B, window 14): n = 256 does not fire the rule (32768 mod 1536 = 512); n = 384
//   camps, 5.17 -> 1.75 over the whole launch.
// - a100 hashes addresses: never remapped, the remark says why, the band has no order.
// REMARK-GTX: remark: block-remap: target gtx690 (channel map linear-assumed): diagonal block order;
// REMARK-GTX-SAME: n = 256: first window of 16 blocks: load 1.00, store 4.00, camps: load 1.00, store 1.00 under the diagonal order;
// REMARK-GTX-SAME: n = 384: first window of 16 blocks: load 1.00, store 2.00, camps: load 1.00, store 1.00 under the diagonal order;
// REMARK-GTX-SAME: n = 96: first window of 16 blocks: load 1.00, store 1.00, no camping (the block stride is a multiple of the channel period, the imbalance below 1.5)
// BAND: gpumap.band (%{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] order diagonal origin
// The tile of block (bx, by): t = bx + gx by, y' = t mod gy, x' = (t / gy + y') mod gx, then the
// origins as without an order (loop 0 on y: 32 y'; loop 1 on x: 32 x').
// LOWER: gpu.func @transpose_b0
// LOWER: %[[BX:.*]] = gpu.block_id  x
// LOWER: %[[BY:.*]] = gpu.block_id  y
// LOWER: %[[GX:.*]] = gpu.grid_dim  x
// LOWER: %[[GY:.*]] = gpu.grid_dim  y
// LOWER: %[[ROW:.*]] = arith.muli %[[GX]], %[[BY]] : index
// LOWER: %[[T:.*]] = arith.addi %[[BX]], %[[ROW]] : index
// LOWER: %[[NY:.*]] = arith.remui %[[T]], %[[GY]] : index
// LOWER: %[[Q:.*]] = arith.divui %[[T]], %[[GY]] : index
// LOWER: %[[S:.*]] = arith.addi %[[Q]], %[[NY]] : index
// LOWER: %[[NX:.*]] = arith.remui %[[S]], %[[GX]] : index
// LOWER: affine.apply #{{.*}}()[%[[NY]]]
// LOWER: affine.apply #{{.*}}()[%[[NX]]]
// GTX-BEFORE: "global_sectors": 16384,
// GTX-BEFORE-SAME: "channel_load_imbalance": 1.00, "channel_store_imbalance": 4.00, "channel_window": 16
// GTX-AFTER: "global_sectors": 16384,
// GTX-AFTER-SAME: "channel_load_imbalance": 1.00, "channel_store_imbalance": 1.00, "channel_window": 16
// GTX-AFTER: sharc-run: 2 outputs match
// REMARK-C2050: remark: block-remap: target c2050 (channel map linear-assumed): diagonal block order;
// REMARK-C2050-SAME: n = 256: first window of 14 blocks: load 1.15, store 2.01, no camping (the block stride is no multiple of the channel period);
// REMARK-C2050-SAME: n = 384: first window of 14 blocks: load 1.71, store 6.00, camps: load 1.29, store 1.71 under the diagonal order;
// C2050-BEFORE: "global_sectors": 36864,
// C2050-BEFORE-SAME: "channel_load_imbalance": 1.75, "channel_store_imbalance": 5.17, "channel_window": 14
// C2050-AFTER: "global_sectors": 36864,
// C2050-AFTER-SAME: "channel_load_imbalance": 1.67, "channel_store_imbalance": 1.75, "channel_window": 14
// C2050-AFTER: sharc-run: 2 outputs match
// REMARK-A100: remark: block-remap: target a100: channel map is unknown: camping is not modelled, never remapped
// A100: gpumap.band (%{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin
// A100-NOT: order diagonal

#map = affine_map<(d0, d1, d2, d3) -> (d2 + (d0 - d2 + d1 - d3) mod 32)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 32 >= 0, -d1 + s0 - 32 >= 0)>
#set1 = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "in"}, %arg2: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%arg5, %arg6) {
      %shared = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %0 = affine.apply #map(%arg3, %arg4, %arg5, %arg6)
      memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      affine.if #set(%arg5, %arg6)[%arg0] {
      } else {
        memplace.copy_in %arg2[%arg6, %arg5] to %shared_0 sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      %1 = affine.if #set1(%0, %arg4)[%arg0] -> f32 {
        %2 = affine.load %shared[%0 - %arg5, %arg4 - %arg6] : memref<32x32xf32, #gpu.address_space<workgroup>>
        affine.yield %2 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        affine.yield %cst : f32
      }
      affine.if #set1(%0, %arg4)[%arg0] {
        affine.store %1, %shared_0[%arg4 - %arg6, %0 - %arg5] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      memplace.copy_out %shared_0 to %arg2[%arg6, %arg5] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
    }
    return
  }
  func.func @main_256(%m1: memref<256x256xf32>, %m2: memref<256x256xf32>) {
    %c0 = arith.constant 256 : index
    %c1 = memref.cast %m1 : memref<256x256xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<256x256xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_384(%m1: memref<384x384xf32>, %m2: memref<384x384xf32>) {
    %c0 = arith.constant 384 : index
    %c1 = memref.cast %m1 : memref<384x384xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<384x384xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_96(%m1: memref<96x96xf32>, %m2: memref<96x96xf32>) {
    %c0 = arith.constant 96 : index
    %c1 = memref.cast %m1 : memref<96x96xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<96x96xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
