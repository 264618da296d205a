/* A written array staged in shared memory, at sizes that are not multiples of the block: the
 * transpose of the n x n corner of m x m arrays. `out` is only written, each 32x32 block writes
 * its own tile, so sharc-promote never copies it in and copies it back within the block's
 * iterations (memplace.copy_out's valid extent): out's elements past n keep their input values.
 * With and without shared memory, at n = 37 in 45 x 45 arrays (partial blocks, elements past n
 * inside the arrays) and n = m = 64 (full blocks), the simulator's and the host execution's
 * outputs equal the C compiler's byte for byte. */
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s --target a100 --emit=gpu --remarks -o %t.d/gpu.mlir 2> %t.d/remarks
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.d/remarks
// RUN: FileCheck %s --check-prefix=GPU --input-file=%t.d/gpu.mlir
// RUN: sharcc %s --target a100 --emit=gpu --no-shared -o %t.d/base.mlir
// RUN: sharcc %s --function transpose_sub --emit=c-harness -o %t.d/k.c
// RUN: cc -O0 -ffp-contract=off %t.d/k.c -o %t.d/k -lm
// RUN: for size in "n=37 m=45" "n=64 m=64"; do \
// RUN:   rm -rf %t.d/o && %t.d/k %t.d/o $size > /dev/null && \
// RUN:   for level in gpu base; do \
// RUN:     sharc-run %t.d/$level.mlir --entry transpose_sub --inputs %t.d/o/in --dump %t.d/o/$level.interp && \
// RUN:     sharc-run %t.d/$level.mlir --entry transpose_sub --inputs %t.d/o/in --dump %t.d/o/$level.host --exec=host && \
// RUN:     for f in %t.d/o/out/*.npy; do \
// RUN:       cmp $f %t.d/o/$level.interp/$(basename $f) && cmp $f %t.d/o/$level.host/$(basename $f) || exit 1; \
// RUN:     done || exit 1; done || exit 1; done
// At n = 37: the stores touch only the 37 x 37 corner of out, 236 sectors, as many as the loads
// of the same corner of in in the baseline; the loads are in's tiles, clipped to the 45 x 45
// array only (a copy in has no valid extent). Copying out's tiles in in the partial blocks, as
// sharc-promote did before the valid extent, loaded 176 more sectors and stored 96 more.
// RUN: rm -rf %t.d/o && %t.d/k %t.d/o n=37 m=45 > /dev/null
// RUN: sharc-run %t.d/gpu.mlir --entry transpose_sub --inputs %t.d/o/in --metrics=json | FileCheck %s --check-prefix=SECTORS
// RUN: sharc-run %t.d/base.mlir --entry transpose_sub --inputs %t.d/o/in --metrics=json | FileCheck %s --check-prefix=BASE

// REMARK: remark: out staged in shared memory: tile 32x32 (4096 B) at (d0, d1) -> (d1, d0) = (origin of loop 0, origin of loop 1), copied once per block, copied back within the block's iterations (never copied in)
// The kernel reads out nowhere (no copy in) and stores it once, in the copy back.
// GPU-LABEL: gpu.func @transpose_sub_b0({{.*}}%arg2: memref<?x?xf32> {sharc.name = "out"})
// GPU-NOT: memref.load %arg2[
// GPU: memref.store %{{.*}}, %arg2[
// GPU-NOT: memref.load %arg2[
// GPU: gpu.return
// SECTORS: "global_sectors": 568, "global_load_sectors": 332, "global_store_sectors": 236
// BASE: "global_load_sectors": 236

void transpose_sub(int n, int m, float in[m][m], float out[m][m]) {
  int i, j;
#pragma acc share(in[TB_Y][TB_X]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++)
      out[j][i] = in[i][j];
}
