// RUN: sharc-run %s --entry=gemm --random-inputs=3 --compare=%S/Inputs/gemm-ref.mlir
// RUN: sharc-run %s --entry=gemm --random-inputs=3 --target=a100 --metrics=json | FileCheck %s

// A tiled 64x64 gemm written at the memplace level: per 16-wide strip of k, each 16x16 block
// copies a tile of A and of B into shared memory, synchronizes, and accumulates from the tiles.
// The sums keep the order of k, so C is bit-identical to the affine version's. The metrics are
// those of the hand-lowered kernel test/sim/matmul-tiled.mlir: one coalesced 64-byte row per
// warp-half per copy round, 2 barriers per strip, no bank conflicts (A's tile is read as a
// broadcast, B's along rows).
// CHECK: "kernel": "gpumap.band:[[@LINE+10]]", "grid": [4, 4, 1], "block": [16, 16, 1]
// CHECK-SAME: "barriers": 128
// CHECK-SAME: "global_load_requests": 1024, "global_store_requests": 128
// CHECK-SAME: "shared_load_requests": 16384, "shared_store_requests": 1024
// CHECK-SAME: "shared_bank_conflicts": 0
// CHECK-SAME: "compulsory_bytes": 49152

#inside = affine_set<(d0, d1) : (63 - d0 >= 0, 63 - d1 >= 0)>
func.func @gemm(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"},
                %C: memref<64x64xf32> {sharc.name = "C"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%bi, %bj) {
    %As = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %Bs = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %sum = affine.for %kk = 0 to 64 step 16 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %B[%kk, %bj] to %Bs sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %part = affine.for %k = 0 to 16 iter_args(%a2 = %acc) -> (f32) {
        %x = affine.load %As[%i - %bi, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = affine.load %Bs[%k, %j - %bj] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %a2, %p : f32
        affine.yield %s : f32
      }
      memplace.barrier
      affine.yield %part : f32
    }
    affine.if #inside(%i, %j) {
      affine.store %sum, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
