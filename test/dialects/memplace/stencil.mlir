// RUN: sharc-run %s --entry=stencil --arg=n=50 --arg=m=70 --random-inputs=5 --compare=%S/Inputs/stencil-ref.mlir
// RUN: sharc-run %s --entry=stencil --arg=n=50 --arg=m=70 --random-inputs=5 --metrics=json | FileCheck %s

// A 5-point stencil on a 50x70 array whose 8x32 blocks each stage a 10x34 tile with a
// one-element halo: the tile starts one row and one column before the block's origin, so at the
// array's borders (and past its partial last blocks) part of the tile lies outside the array;
// copy_in skips those elements and the guard keeps the computation to the interior. The array
// is seen through a dynamic memref and the band's bounds are symbols, so the grid (7x3 blocks)
// is computed when the band runs. No races: the barrier orders the copy before the reads.
// CHECK: "kernel": "gpumap.band:[[@LINE+8]]", "grid": [3, 7, 1], "block": [32, 8, 1]
// CHECK-SAME: "barriers": 21
// CHECK-SAME: "shared_bank_conflicts": 0

#interior = affine_set<(d0, d1)[s0, s1] : (d0 - 1 >= 0, s0 - d0 - 2 >= 0, d1 - 1 >= 0, s1 - d1 - 2 >= 0)>
func.func @stencil(%A: memref<50x70xf32> {sharc.name = "A"}, %B: memref<50x70xf32> {sharc.name = "B"}, %n: index {sharc.name = "n"}, %m: index {sharc.name = "m"}) {
  %fifth = arith.constant 0.2 : f32
  %Ad = memref.cast %A : memref<50x70xf32> to memref<?x?xf32>
  gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) block [8, 32] dims [y, x] origin (%bi, %bj) {
    %S = memplace.alloc_shared : memref<10x34xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %Ad[%bi - 1, %bj - 1] to %S sizes [10, 34] : memref<?x?xf32>, memref<10x34xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    affine.if #interior(%i, %j)[%n, %m] {
      %c = affine.load %S[%i - %bi + 1, %j - %bj + 1] : memref<10x34xf32, #gpu.address_space<workgroup>>
      %north = affine.load %S[%i - %bi, %j - %bj + 1] : memref<10x34xf32, #gpu.address_space<workgroup>>
      %south = affine.load %S[%i - %bi + 2, %j - %bj + 1] : memref<10x34xf32, #gpu.address_space<workgroup>>
      %west = affine.load %S[%i - %bi + 1, %j - %bj] : memref<10x34xf32, #gpu.address_space<workgroup>>
      %east = affine.load %S[%i - %bi + 1, %j - %bj + 2] : memref<10x34xf32, #gpu.address_space<workgroup>>
      %s1 = arith.addf %c, %north : f32
      %s2 = arith.addf %s1, %south : f32
      %s3 = arith.addf %s2, %west : f32
      %s4 = arith.addf %s3, %east : f32
      %r = arith.mulf %s4, %fifth : f32
      affine.store %r, %B[%i, %j] : memref<50x70xf32>
    }
  }
  return
}
