// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%S/../../sim/Inputs/transpose-ref.mlir
// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=ROW
// RUN: sed -e 's/layout row_major/layout xor<vec = 1, per_phase = 1, max_phase = 32>/' %s > %t.xor.mlir
// RUN: sharc-run %t.xor.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.xor.mlir --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=XOR
// RUN: sed -e 's/layout row_major/layout transposed/' %s > %t.transposed.mlir
// RUN: sharc-run %t.transposed.mlir --entry=main --random-inputs=1 --compare=%s
// RUN: sharc-run %t.transposed.mlir --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=TRANSPOSED
// RUN: sed -e 's/layout row_major/layout swizzle<5, 0, 5>/' %s > %t.cute.mlir
// RUN: sharc-run %t.cute.mlir --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=XOR

// The layout of a shared buffer is its address map in sharc-run: the same 64x64 transpose
// through a 32x32 tile (test/sim/transpose-tiled.mlir at the memplace level), run with each
// layout, gives the same output and different bank wavefronts (a100: 32 banks of 4 bytes).
// - row_major: the copy writes rows (1 wavefront per warp), the transposed read takes a column
//   of the tile, 32 lanes in one bank: 32 wavefronts, 31 conflicts, per warp.
// - xor<vec = 1, per_phase = 1, max_phase = 32> (CuTe's Swizzle<5, 0, 5> on 32-wide rows):
//   element [r, c] is stored at column c xor r, so a row stays a permutation of one row and a
//   column hits 32 distinct banks: 1 wavefront everywhere.
// - transposed: the column read becomes a row and the copy's row writes become columns: the
//   conflicts move to the stores.
// ROW: "kernel": "gpumap.band:[[@LINE+13]]"
// ROW-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// ROW-SAME: "shared_load_wavefronts": 4096, "shared_store_wavefronts": 128
// ROW-SAME: "shared_bank_conflicts": 3968
// XOR: "kernel": "gpumap.band:[[@LINE+9]]"
// XOR-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// XOR-SAME: "shared_load_wavefronts": 128, "shared_store_wavefronts": 128
// XOR-SAME: "shared_bank_conflicts": 0
// TRANSPOSED: "kernel": "gpumap.band:[[@LINE+5]]"
// TRANSPOSED-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// TRANSPOSED-SAME: "shared_load_wavefronts": 128, "shared_store_wavefronts": 4096
// TRANSPOSED-SAME: "shared_bank_conflicts": 3968
func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%bi, %bj) {
    %tile = memplace.alloc_shared layout row_major : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %in[%bi, %bj] to %tile sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %tile[%j - %bj, %i - %bi] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %out[%bj + %i - %bi, %bi + %j - %bj] : memref<64x64xf32>
  }
  return
}
