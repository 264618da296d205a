// `sharc-map-baseline{align-x=true}` (sharcc's default pipeline; `--no-shared` leaves it off)
// starts the x loop of a baseline band on the sector boundary below its constant lower bound
// when that aligns more accesses: threads below the bound idle behind the guard, and each
// warp's row of the interior copy touches four sectors instead of five.
// RUN: sharc-opt %s --sharc-map-baseline="target=a100 align-x=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sharc-opt %s --sharc-map-baseline="target=a100 align-x=true" --sharc-map 2>/dev/null | FileCheck %s
// RUN: sharc-opt %s --sharc-map-baseline="target=a100 align-x=true" --sharc-map --sharc-lower-gpumap -o %t.aligned.mlir 2>/dev/null
// RUN: sharc-opt %s --sharc-map-baseline="target=a100" --sharc-map --sharc-lower-gpumap -o %t.naive.mlir 2>/dev/null
// RUN: for f in interior_copy interior_f64 shifted; do \
// RUN:   sharc-run %t.naive.mlir --entry=$f --random-inputs=1 --target=a100 --metrics=json && \
// RUN:   sharc-run %t.aligned.mlir --entry=$f --random-inputs=1 --target=a100 --metrics=json && \
// RUN:   sharc-run %t.aligned.mlir --entry=$f --random-inputs=1 --compare=%s || exit 1; done > %t.metrics 2>&1
// RUN: FileCheck %s --check-prefix=SECTORS --input-file=%t.metrics

// REMARK: :[[@LINE+11]]:3: remark: baseline plan: x = %arg3, y = %arg2, block 32x8x1, x from 0 (sector-aligned), bounds checked in the kernel
// CHECK-LABEL: func.func @interior_copy
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = (1, 0) to (65, 63) block [8, 32] dims [y, x]
// CHECK-NEXT: affine.if #{{.*}}(%[[J]])
// CHECK: x_lower = 0 : i64
// Rows of 64 floats (256 bytes): 64 rows of 62 elements, read and written; 18 sectors per
// row pair before, 16 after (the compulsory traffic).
// SECTORS: "global_sectors": 1152
// SECTORS: "global_sectors": 1024
// SECTORS: 2 outputs match
func.func @interior_copy(%A: memref<66x64xf32>, %B: memref<66x64xf32>) {
  affine.parallel (%i, %j) = (1, 1) to (65, 63) {
    %v = affine.load %A[%i, %j] : memref<66x64xf32>
    affine.store %v, %B[%i, %j] : memref<66x64xf32>
  }
  return
}

// Four f64 per sector: the loop from 3 starts at 0.
// REMARK: :[[@LINE+8]]:3: remark: baseline plan: x = %arg3, y = %arg2, block 32x8x1, x from 0 (sector-aligned), bounds checked in the kernel
// CHECK-LABEL: func.func @interior_f64
// CHECK: gpumap.band (%{{.*}}, %{{.*}}) = (0, 0) to (16, 37) block [8, 32] dims [y, x]
// CHECK: x_lower = 0 : i64
// SECTORS: "global_sectors": 352
// SECTORS: "global_sectors": 320
// SECTORS: 2 outputs match
func.func @interior_f64(%A: memref<16x40xf64>, %B: memref<16x40xf64>) {
  affine.parallel (%i, %j) = (0, 3) to (16, 37) {
    %v = affine.load %A[%i, %j] : memref<16x40xf64>
    affine.store %v, %B[%i, %j] : memref<16x40xf64>
  }
  return
}

// Already aligned: the subscripts subtract the loop's lower bound, so the band keeps it.
// REMARK: :[[@LINE+8]]:3: remark: baseline plan: x = %arg3, y = %arg2, block 32x8x1, bounds checked in the kernel
// CHECK-LABEL: func.func @shifted
// CHECK: gpumap.band (%{{.*}}, %{{.*}}) = (0, 1) to (8, 64) block [8, 32] dims [y, x]
// CHECK-NOT: x_lower
// SECTORS: "global_sectors": 128
// SECTORS: "global_sectors": 128
// SECTORS: 2 outputs match
func.func @shifted(%A: memref<8x64xf32>, %B: memref<8x64xf32>) {
  affine.parallel (%i, %j) = (0, 1) to (8, 64) {
    %v = affine.load %A[%i, %j - 1] : memref<8x64xf32>
    affine.store %v, %B[%i, %j - 1] : memref<8x64xf32>
  }
  return
}
