// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-bank-conflicts{target=a100})' -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-run %s --entry=vsum --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.mlir --entry=vsum --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER
// RUN: sharc-run %t.mlir --entry=vsum --random-inputs=1 --target=a100 --compare=%s

// The transposed tile wins: out[j][i] = in[i][j] + in[i+1][j] with i on the threads' x, so that
// the store is coalesced and the tile (33 rows with the halo, 32 columns) is read down its
// columns: 32-way. Stored transposed, the tile's physical rows are 33 words apart, so both the
// reads (now along a physical row) and the copy-in's row-wise writes (now 33 words apart, one
// per bank) are conflict-free, with no extra bytes (padding) and no index arithmetic (the
// swizzle). The thread remap would move the unstaged global store, so it is not tried.
// REMARK: remark: buffer #0: {{[0-9]+}} bank wavefronts per block (minimum [[MIN:[0-9]+]]), [[MIN]] after transposed; tried: pad 1 [[MIN]], transposed [[MIN]], xor<vec = 1, per_phase = 1, max_phase = 32> [[MIN]]
// CHECK: memplace.alloc_shared layout transposed : memref<33x32xf32, #gpu.address_space<workgroup>>
// BEFORE: "shared_bank_conflicts": {{[1-9][0-9]*}}
// AFTER: "shared_bank_conflicts": 0

module {
  func.func @vsum(%in: memref<257x256xf32>, %out: memref<256x256xf32>) {
    gpumap.band (%i, %j) = (0, 0) to (256, 256) block [32, 32] dims [x, y] origin (%oi, %oj) {
      %t = memplace.alloc_shared : memref<33x32xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %in[%oi, %oj] to %t sizes [33, 32] : memref<257x256xf32>, memref<33x32xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %a = affine.load %t[%i - %oi, %j - %oj] : memref<33x32xf32, #gpu.address_space<workgroup>>
      %b = affine.load %t[%i - %oi + 1, %j - %oj] : memref<33x32xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %a, %b : f32
      affine.store %s, %out[%j, %i] : memref<256x256xf32>
    }
    return
  }
}
