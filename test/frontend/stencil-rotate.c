// Register rotation (sharc-register-rotate) on C stencils: seed 004's CONV3D (radius 4, 25
// points) and a 7-point Jacobi. The `_seq` kernels write the i loop out inside each thread
// (`acc loop seq`, seed 004 Fig. 1a after its interchange): the partition search strip-mines it
// by 8 and stages a tile per strip, and the pass keeps the loads shifted along i
// (in[i-4 .. i+4][j][k], A[i-1 .. i+1][j][k]) of that tile in rotating registers: per strip
// of T = 8 iterations, 9·8 = 72 → 8 + 8 shared loads per thread (Jacobi 3·8 → 2 + 8). The
// `_par` kernels are fully parallel: the search keeps 3-D blocking and nothing rotates (the
// search does not yet count rotation in a streamed plan's profit). Outputs equal the C
// compiler's bit for bit, with and without the pass.
// RUN: sharcc %s --target a100 --emit=gpu --ilp=off --report -o %t.mlir 2> %t.report
// RUN: FileCheck %s --input-file=%t.report
// RUN: sharcc %s --target a100 --emit=gpu --ilp=off --register-rotate=off -o %t.off.mlir
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in conv3d_seq jacobi_seq conv3d_par jacobi_par; do \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && %t.d/$k %t.d/$k.out n=40 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc --metrics=json > %t.d/$k.on && \
// RUN:   sharc-run %t.off.mlir --entry $k --inputs %t.d/$k.out/in --metrics=json > %t.d/$k.off && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// The ILP pass after rotation replicates the rotating loop (its iter_args jammed): still equal.
// RUN: sharcc %s --target a100 --emit=gpu --ilp=4 -o %t.ilp.mlir
// RUN: for k in conv3d_seq jacobi_seq; do \
// RUN:   sharc-run %t.ilp.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/ilp && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/ilp/$(basename $f) || exit 1; done || exit 1; done
// RUN: FileCheck %s --check-prefix=CONV-ON --input-file=%t.d/conv3d_seq.on
// RUN: FileCheck %s --check-prefix=CONV-OFF --input-file=%t.d/conv3d_seq.off
// RUN: FileCheck %s --check-prefix=JAC-ON --input-file=%t.d/jacobi_seq.on
// RUN: FileCheck %s --check-prefix=JAC-OFF --input-file=%t.d/jacobi_seq.off
// Global loads are the copies' (unchanged). Shared load requests: CONV3D (T = 32, 4 strips of
// 8, 32 warps) saves 72 − 16 = 56 per warp and strip, 56·4·32 = 7168; the Jacobi (T = 38:
// strips of 8, 8, 8, 8, 6; 76 warps of the 38×38 threads) saves 2·t − 2 per strip of t,
// 66·76 = 5016.
// CONV-ON: "global_load_requests": 5120, {{.*}}"shared_load_requests": 18432,
// CONV-OFF: "global_load_requests": 5120, {{.*}}"shared_load_requests": 25600,
// JAC-ON: "global_load_requests": 4532, {{.*}}"shared_load_requests": 15200,
// JAC-OFF: "global_load_requests": 4532, {{.*}}"shared_load_requests": 20216,

// CHECK: kernel {{.*}} rotate
// CHECK: @conv3d_seq_kernels::@conv3d_seq_b0 {{.*}} in (shared)[d0] 9 -> 1 (8 regs)
// CHECK: @jacobi_seq_kernels::@jacobi_seq_b0 {{.*}} A (shared)[d0] 3 -> 1 (2 regs)
// CHECK: @conv3d_par_kernels::@conv3d_par_b0 {{.*}} -{{ +}}none (channel map unknown){{$}}
// CHECK: @jacobi_par_kernels::@jacobi_par_b0 {{.*}} -{{ +}}none (channel map unknown){{$}}

void conv3d_seq(int n, float in[n][n][n], float out[n][n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (j = 4; j < n - 4; j++)
#pragma acc loop independent
    for (k = 4; k < n - 4; k++)
#pragma acc loop seq
      for (i = 4; i < n - 4; i++)
        out[i][j][k] = 0.5f * in[i][j][k] +
                     0.125f * (in[i - 1][j][k] + in[i + 1][j][k] + in[i][j - 1][k] + in[i][j + 1][k] + in[i][j][k - 1] + in[i][j][k + 1]) +
                     0.0625f * (in[i - 2][j][k] + in[i + 2][j][k] + in[i][j - 2][k] + in[i][j + 2][k] + in[i][j][k - 2] + in[i][j][k + 2]) +
                     0.03125f * (in[i - 3][j][k] + in[i + 3][j][k] + in[i][j - 3][k] + in[i][j + 3][k] + in[i][j][k - 3] + in[i][j][k + 3]) +
                     0.015625f * (in[i - 4][j][k] + in[i + 4][j][k] + in[i][j - 4][k] + in[i][j + 4][k] + in[i][j][k - 4] + in[i][j][k + 4]);
}

void jacobi_seq(int n, float A[n][n][n], float B[n][n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (j = 1; j < n - 1; j++)
#pragma acc loop independent
    for (k = 1; k < n - 1; k++)
#pragma acc loop seq
      for (i = 1; i < n - 1; i++)
        B[i][j][k] = 0.125f * (A[i - 1][j][k] + A[i][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] +
                               A[i][j][k - 1] + A[i][j][k + 1]);
}

void conv3d_par(int n, float in[n][n][n], float out[n][n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 4; i < n - 4; i++)
#pragma acc loop independent
    for (j = 4; j < n - 4; j++)
#pragma acc loop independent
      for (k = 4; k < n - 4; k++)
        out[i][j][k] = 0.5f * in[i][j][k] +
                     0.125f * (in[i - 1][j][k] + in[i + 1][j][k] + in[i][j - 1][k] + in[i][j + 1][k] + in[i][j][k - 1] + in[i][j][k + 1]) +
                     0.0625f * (in[i - 2][j][k] + in[i + 2][j][k] + in[i][j - 2][k] + in[i][j + 2][k] + in[i][j][k - 2] + in[i][j][k + 2]) +
                     0.03125f * (in[i - 3][j][k] + in[i + 3][j][k] + in[i][j - 3][k] + in[i][j + 3][k] + in[i][j][k - 3] + in[i][j][k + 3]) +
                     0.015625f * (in[i - 4][j][k] + in[i + 4][j][k] + in[i][j - 4][k] + in[i][j + 4][k] + in[i][j][k - 4] + in[i][j][k + 4]);
}

void jacobi_par(int n, float A[n][n][n], float B[n][n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++)
#pragma acc loop independent
    for (j = 1; j < n - 1; j++)
#pragma acc loop independent
      for (k = 1; k < n - 1; k++)
        B[i][j][k] = 0.125f * (A[i - 1][j][k] + A[i][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] +
                               A[i][j][k - 1] + A[i][j][k + 1]);
}
