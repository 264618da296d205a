// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4}, sharc-block-remap{target=%S/../../target/gt200-like.toml})' -o %t.gt200.mlir 2>&1 | FileCheck %s --check-prefix=GT200
// RUN: FileCheck %s --input-file=%t.gt200.mlir --check-prefix=REMAPPED
// RUN: sed -e '/^  func.func @main_3072/,/^  }/d' %s > %t.4k.mlir
// RUN: sharc-opt %t.4k.mlir --pass-pipeline='builtin.module(sharc-ilp{factor=4}, sharc-block-remap{target=%S/../../target/g80-like.toml})' -o %t.g80-4k.mlir 2>&1 | FileCheck %s --check-prefix=G80-4K
// RUN: FileCheck %s --input-file=%t.g80-4k.mlir --check-prefix=KEPT
// RUN: sed -e '/^  func.func @main_4096/,/^  }/d' %s > %t.3k.mlir
// RUN: sharc-opt %t.3k.mlir --pass-pipeline='builtin.module(sharc-ilp{factor=4}, sharc-block-remap{target=%S/../../target/g80-like.toml})' -o %t.g80-3k.mlir 2>&1 | FileCheck %s --check-prefix=G80-3K
// RUN: FileCheck %s --input-file=%t.g80-3k.mlir --check-prefix=REMAPPED

// Seed 001 §3.3.7's three observations, with the pass, on the promoted transpose at the seed's
// sizes (sharc-ilp's 8x32 blocks on 32x32 tiles: the test GPUs allow 512 threads a block), on
// test models of its GPUs (test/target/{gt200,g80}-like.toml: 8 and 6 partitions of 256 B).
// The numbers are the pass's static first window (the simulator would need minutes at 4k):
// - 4k on 8 partitions camps: a 16384 B row is 8 periods of 2048 B, every store of a window on
//   one partition (8.00); the diagonal order spreads it (1.07) and the band is remapped;
// - 4k on 6 partitions is "more evenly distributed": 32 rows x 16384 B mod 1536 B = 512 B, the
//   rule does not fire and the window is at 2.00: the band is left alone;
// - 3k on 6 partitions camps: 32 x 12288 B is a multiple of 1536 B, 6.00 -> 1.12, remapped.
// GT200: remark: block-remap: target gt200-like (channel map linear): diagonal block order;
// GT200-SAME: n = 4096: first window of 60 blocks: load 1.07, store 8.00, camps: load 1.07, store 1.07 under the diagonal order;
// G80-4K: remark: block-remap: target g80-like (channel map linear): left unchanged;
// G80-4K-SAME: n = 4096: first window of 32 blocks: load 1.01, store 2.00, no camping (the block stride is no multiple of the channel period)
// G80-3K: remark: block-remap: target g80-like (channel map linear): diagonal block order;
// G80-3K-SAME: n = 3072: first window of 32 blocks: load 1.12, store 6.00, camps: load 1.12, store 1.12 under the diagonal order
// REMAPPED: block [8, 32] tile [32, 32] dims [y, x] order diagonal origin
// KEPT: block [8, 32] tile [32, 32] dims [y, x] origin
// KEPT-NOT: order diagonal

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
  func.func @main_4096(%m1: memref<4096x4096xf32>, %m2: memref<4096x4096xf32>) {
    %c0 = arith.constant 4096 : index
    %c1 = memref.cast %m1 : memref<4096x4096xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<4096x4096xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_3072(%m1: memref<3072x3072xf32>, %m2: memref<3072x3072xf32>) {
    %c0 = arith.constant 3072 : index
    %c1 = memref.cast %m1 : memref<3072x3072xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<3072x3072xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
