// RUN: sed -e 's/ order diagonal//' %s > %t.identity.mlir
// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%t.identity.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-lower-gpumap)' -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=main --random-inputs=1 --compare=%t.identity.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: FileCheck %s --input-file=%t.gpu.mlir

// The diagonal block order on grids that are not square (5 x 3 blocks along x and y, and a
// 3-D band whose z loop keeps its blocks): every tile is still computed exactly once (the seed's
// square formula would deal some tiles twice and skip others here), at the band level in the
// simulator and after lowering, with the same outputs as the identity order. Each element
// records which tile wrote it, so a tile dealt twice or skipped changes the output.
// SAME: sharc-run: 3 outputs match
// CHECK: gpu.func @rect_b0
// CHECK: gpu.grid_dim  y
// CHECK: arith.remui
// CHECK: gpu.func @cube_b0
// CHECK: gpu.block_id  z

#map = affine_map<(d0, d1) -> (d0 * 1000 + d1)>
module {
  func.func @rect(%A: memref<96x160xf32> {sharc.name = "a"}, %B: memref<96x160xf32> {sharc.name = "b"}) {
    gpumap.band (%i, %j) = (0, 0) to (96, 160) block [8, 32] tile [32, 32] dims [y, x] order diagonal origin (%bi, %bj) {
      affine.for %u = 0 to 4 {
        %r = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 8)>(%i, %u)
        %v = affine.load %A[%r, %j] : memref<96x160xf32>
        %t = affine.apply #map(%bi, %bj)
        %ti = arith.index_cast %t : index to i32
        %tf = arith.sitofp %ti : i32 to f32
        %w = arith.addf %v, %tf : f32
        affine.store %w, %B[%r, %j] : memref<96x160xf32>
      }
    }
    return
  }
  func.func @cube(%A: memref<3x64x96xf32> {sharc.name = "c"}) {
    gpumap.band (%k, %i, %j) = (0, 0, 0) to (3, 64, 96) block [1, 4, 32] dims [z, y, x] order diagonal origin (%bk, %bi, %bj) {
      %t = affine.apply affine_map<(d0, d1, d2) -> (d0 * 1000000 + d1 * 1000 + d2)>(%bk, %bi, %bj)
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %v = affine.load %A[%k, %i, %j] : memref<3x64x96xf32>
      %w = arith.addf %v, %tf : f32
      affine.store %w, %A[%k, %i, %j] : memref<3x64x96xf32>
    }
    return
  }
  func.func @main(%A: memref<96x160xf32> {sharc.name = "a"}, %B: memref<96x160xf32> {sharc.name = "b"}, %C: memref<3x64x96xf32> {sharc.name = "c"}) {
    func.call @rect(%A, %B) : (memref<96x160xf32>, memref<96x160xf32>) -> ()
    func.call @cube(%C) : (memref<3x64x96xf32>) -> ()
    return
  }
}
