// RUN: sharc-run %s --entry=scale --arg=n=37 --random-inputs=7 --compare=%S/Inputs/copy-out-valid-ref.mlir
// RUN: sharc-run %s --entry=scale --arg=n=37 --random-inputs=7 --metrics=json | FileCheck %s
// RUN: sharc-opt %s --sharc-lower-gpumap --lower-affine -o %t.gpu.mlir
// RUN: sharc-run %t.gpu.mlir --entry=scale --arg=n=37 --random-inputs=7 --compare=%S/Inputs/copy-out-valid-ref.mlir
// RUN: sharc-run %t.gpu.mlir --entry=scale --arg=n=37 --random-inputs=7 --exec=host --compare=%S/Inputs/copy-out-valid-ref.mlir
// RUN: not sharc-run %s --entry=thread_extent --random-inputs=1 2>&1 | FileCheck %s --check-prefix=EXTENT

// B[i][j] = 2 A[i][j] for i, j < n = 37 on 40x40 arrays, through an 8x32 shared tile of B
// that is never copied in: the last row of blocks has 5 rows inside the iteration space, the
// last column of blocks 5 columns, so the copy back is bounded by a valid extent
// min(tile, n - origin). B's elements past n keep their (random) input values, as in the affine
// reference, which the comparison checks in the simulator, after lowering and compiled for the
// host: a copy back of the whole tile (clipped to the 40x40 memref only) would overwrite them
// with the buffer's zeros.
// One copy round per block, a warp per tile row: the extent leaves the 37 rows of each column
// of blocks, 74 store requests; without it, the 40 rows inside the memref would be stored (80).
// CHECK: "kernel": "gpumap.band:[[@LINE+6]]", "grid": [2, 5, 1], "block": [32, 8, 1]
// CHECK-SAME: "global_store_requests": 74
#extent_rows = affine_map<(d0)[s0] -> (8, s0 - d0)>
#extent_cols = affine_map<(d0)[s0] -> (32, s0 - d0)>
#in = affine_set<(d0, d1)[s0] : (s0 - d0 - 1 >= 0, s0 - d1 - 1 >= 0)>
func.func @scale(%A: memref<40x40xf32> {sharc.name = "A"}, %B: memref<40x40xf32> {sharc.name = "B"}, %n: index {sharc.name = "n"}) {
  gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [8, 32] dims [y, x] origin (%bi, %bj) {
    %s = memplace.alloc_shared : memref<8x32xf32, #gpu.address_space<workgroup>>
    affine.if #in(%i, %j)[%n] {
      %a = affine.load %A[%i, %j] : memref<40x40xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %s[%i - %bi, %j - %bj] : memref<8x32xf32, #gpu.address_space<workgroup>>
    }
    memplace.barrier
    %e0 = affine.min #extent_rows(%bi)[%n]
    %e1 = affine.min #extent_cols(%bj)[%n]
    memplace.copy_out %s to %B[%bi, %bj] sizes [8, 32] valid [%e0, %e1] : memref<8x32xf32, #gpu.address_space<workgroup>>, memref<40x40xf32>
  }
  return
}

// Every thread of the block must agree on the extent, as on the origin.
// EXTENT: copy-out-valid.mlir:[[@LINE+6]]:5: error: valid extent [1] differs from [0], the valid extent of the block's first thread,
func.func @thread_extent(%B: memref<64xf32> {sharc.name = "B"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %e = affine.apply affine_map<(d0)[s0] -> (d0 - s0)>(%i)[%o]
    memplace.copy_out %s to %B[%o] sizes [32] valid [%e] : memref<32xf32, #gpu.address_space<workgroup>>, memref<64xf32>
  }
  return
}
