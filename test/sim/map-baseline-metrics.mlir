// RUN: sharc-opt %s --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.mlir 2> /dev/null
// RUN: sharc-run %t.mlir --entry=transpose --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=TR
// RUN: sharc-run %t.mlir --entry=gemm --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=MM

// The baseline kernels coalesce along x. Transpose 64x64 f32: a warp reads 32 consecutive
// floats of a row (4 sectors, one 128-byte transaction per request: 128 requests, 512
// sectors, the compulsory traffic), and writes a column (32 sectors per request): the
// uncoalesced side that shared-memory staging is for.
// TR: {"kernel": "transpose_b0", "grid": [2, 8, 1], "block": [32, 8, 1], "launches": 1,
// TR-SAME: "global_load_requests": 128, "global_store_requests": 128,
// TR-SAME: "global_load_sectors": 512, "global_store_sectors": 4096,
// TR-SAME: "global_load_transactions": 128, "global_store_transactions": 4096,
// TR-SAME: "compulsory_bytes": 32768,
func.func @transpose(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %B[%j, %i] : memref<64x64xf32>
  }
  return
}

// gemm 64x64x64 f32, C[i][j] += A[i][k] * B[k][j]: x is j. B[k][j] and C are coalesced (4
// sectors per request); A[i][k] is one address per warp (a broadcast: 1 sector).
// MM: {"kernel": "gemm_b0", "grid": [2, 8, 1], "block": [32, 8, 1], "launches": 1,
// MM-SAME: "global_load_requests": 16512, "global_store_requests": 128,
// MM-SAME: "global_load_sectors": 41472, "global_store_sectors": 512,
func.func @gemm(%C: memref<64x64xf32> {sharc.name = "C"}, %A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %c0 = affine.load %C[%i, %j] : memref<64x64xf32>
    %s = affine.for %k = 0 to 64 iter_args(%acc = %c0) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<64x64xf32>
      %b = affine.load %B[%k, %j] : memref<64x64xf32>
      %p = arith.mulf %a, %b : f32
      %r = arith.addf %acc, %p : f32
      affine.yield %r : f32
    }
    affine.store %s, %C[%i, %j] : memref<64x64xf32>
  }
  return
}
