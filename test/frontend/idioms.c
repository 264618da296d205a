// OpenACC idioms of hand-written benchmark sources: `restrict` and `const` array parameters,
// pointer-to-row parameters (`double (*A)[NN]`), standalone directives with arguments
// (`wait(1)`, `update self(...)`, `enter data`/`exit data`), clauses sharc sets aside with a remark
// (`async`, `default(present)`, `tile`, `vector(128)`) or leaves to its analysis (`private`), OpenMP pragmas beside
// OpenACC ones, steps other than 1, `size_t` and `register long` loop variables, a scalar
// `reduction` (kept sequential), tiled loops, compound conditions, integer and short arithmetic,
// chained assignments, `sizeof`, private scalar temporaries (parallel) and a scalar whose last value is
// read after the loop (sequential). Results in sharc-run equal the system C compiler's.
// RUN: sharcc %s -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in k_restrict k_steps k_reduce k_blocked k_cond k_int k_multi_assign k_private k_last_value; do \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=48 m=40 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// WARN-NOT: error

#include <stdlib.h>
#include <math.h>
#define NN 64
#define BLOCK 16
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
typedef float real_t;

// CHECK-LABEL: func.func @k_restrict(%arg0: index {sharc.name = "n"}, %arg1: memref<64x64xf32> {sharc.name = "A"}, %arg2: memref<64x64xf32> {sharc.name = "B"}, %arg3: memref<64xf32> {sharc.name = "v"})
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
// `enter data` stands alone: it does not enclose the loop.
// CHECK: } {sharc.acc = "acc parallel loop gang vector_length(128) default(present) async(1); acc loop vector(128) private(i)"}
// Clauses that change no result are set aside with a remark each; the data clauses need none.
// WARN: idioms.c:[[@LINE+11]]:32: remark: OpenACC clause 'vector_length(128)' is ignored: sharc chooses the block shape of a parallel loop nest itself
// WARN-NEXT: {{^}}#pragma acc parallel loop gang vector_length(128) default(present) async(1)
// WARN-NEXT: {{^}}                               ^
// WARN-NEXT: idioms.c:[[@LINE+8]]:51: remark: OpenACC clause 'default(present)' is ignored: on sharc's one memory every array is present
// WARN-NOT: remark
// WARN: idioms.c:[[@LINE+6]]:68: remark: OpenACC clause 'async(1)' is ignored
// WARN-NOT: remark
// WARN: idioms.c:[[@LINE+6]]:18: remark: OpenACC clause 'vector(128)' is read as 'vector': sharc chooses the grid and block shape of a parallel loop nest itself
void k_restrict(int n, real_t A[restrict NN][NN], const real_t B[restrict NN][NN], real_t v[restrict NN])
{
#pragma acc enter data copyin(B[0:n][0:n])
#pragma acc parallel loop gang vector_length(128) default(present) async(1)
  for (int i = 0; i < n; i++) {
#pragma acc loop vector(128) private(i)
    for (int j = 0; j < n; j++)
      A[i][j] = MAX(B[i][j], 0.0f) + MIN(v[j], 1.0f) * (real_t)i / n;
  }
#pragma acc wait(1)
#pragma acc update self(A[0:n][0:n])
#pragma acc exit data delete(B)
}

// CHECK-LABEL: func.func @k_ptr_to_array(%arg0: index {sharc.name = "n"}, %arg1: memref<?x64xf64> {sharc.name = "A"}, %arg2: memref<?x64xf64> {sharc.name = "B"})
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// WARN-NOT: remark
// WARN: idioms.c:[[@LINE+5]]:27: remark: OpenACC clause 'tile(8, 8)' is ignored: sharc chooses the tiles and the block shape of a parallel loop nest itself
// WARN-NOT: remark
void k_ptr_to_array(int n, double (*A)[NN], double (*B)[NN])
{
  int i, j;
#pragma acc parallel loop tile(8, 8) present_or_copyin(B[0:n][0:NN]) \
    copyout(A[0:n][0:NN])
  for (i = 0; i < n; i++)
    for (j = 0; j < NN; j++)
      A[i][j] = (i == j) ? 1.0 : B[i][j] * 0.5;
}

// CHECK-LABEL: func.func @k_steps(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) step (2) {
// CHECK: affine.parallel (%{{.*}}) = (0) to (64) {
void k_steps(long n, float A[NN], float B[NN])
{
  register long i;
  size_t k;
#pragma acc kernels
  {
    for (i = 0; i <= n - 1; i += 2)
      A[i] = B[i] + 1.0e-5f;
    for (k = 0; k < NN; ++k)
      B[k] = fabsf(B[k]) - 0x1p-3f;
    for (i = n - 1; i >= 1; --i)
      A[i] = A[i] + A[i - 1];
  }
}

// WARN: idioms.c:[[@LINE+8]]:3: warning: loop stays sequential: an iteration reads the value of 'sum' that the previous iteration left (a reduction or a recurrence)
// CHECK-LABEL: func.func @k_reduce(
// CHECK: math.sqrt %{{.*}} : f32
void k_reduce(int n, float A[NN], float out[1])
{
  float sum = 0.0f;
  int i;
#pragma acc parallel loop reduction(+:sum) copyin(A[0:n])
  for (i = 0; i < n; i++)
    sum += A[i] * A[i];
  out[0] = sqrtf(sum);
}

// The dependence analysis does not see that the tiles are disjoint: the band stays sequential.
// WARN: idioms.c:[[@LINE+6]]:3: warning: loop stays sequential
// CHECK-LABEL: func.func @k_blocked(
void k_blocked(int n, float C[NN][NN], float A[NN][NN], float B[NN][NN])
{
  int ii, jj, i, j, k;
#pragma acc parallel loop collapse(2)
  for (ii = 0; ii < NN; ii += BLOCK)
    for (jj = 0; jj < NN; jj += BLOCK)
      for (i = ii; i < ii + BLOCK; i++)
        for (j = jj; j < jj + BLOCK; j++) {
          C[i][j] = 0;
          for (k = 0; k < NN; k++)
            C[i][j] += A[i][k] * B[k][j];
        }
}

// CHECK-LABEL: func.func @k_cond(
// CHECK: affine.if
void k_cond(int n, int m, double A[NN][NN], double B[NN][NN])
{
  int i, j;
#pragma omp parallel for private(j)
#pragma acc parallel loop
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      if (i > 0 && j > 0 && i < n - 1 && j < m - 1)
        A[i][j] = 0.25 * (B[i - 1][j] + B[i + 1][j] + B[i][j - 1] + B[i][j + 1]);
      else if (i == 0 || j == 0)
        A[i][j] = B[i][j];
      else
        A[i][j] = -B[i][j];
    }
}

// CHECK-LABEL: func.func @k_int(
// CHECK: arith.shrsi
// CHECK: arith.divui
// CHECK: arith.constant 2 : i64
void k_int(int n, int A[NN], unsigned int B[NN], short C[NN])
{
  int i;
  unsigned int x = 7u;
#pragma acc parallel loop
  for (i = 0; i < n; i++) {
    A[i] = (A[i] % 7 + (A[i] >> 2) - (A[i] << 1)) ^ 5;
    B[i] = B[i] * x + (unsigned int)i / 3u;
    C[i] = (short)(C[i] + i * sizeof(short));
  }
}

// CHECK-LABEL: func.func @k_multi_assign(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
void k_multi_assign(int n, float A[NN][NN], float B[NN][NN])
{
  int i, j, t;
  for (t = 0; t < 2; t++) {
#pragma acc parallel loop present(A, B)
    for (i = 0; i < n; i++) {
      float tmp;
#pragma acc loop
      for (j = 0; j < n; j++) {
        A[i][j] = B[i][j] = (float)(i + j + t);
      }
    }
  }
}

// t and s are assigned before they are read in each iteration and dead after the loop.
// CHECK-LABEL: func.func @k_private(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc parallel loop private(t)"}
void k_private(int n, float A[NN][NN], float B[NN])
{
  int i, j;
  float t, s;
#pragma acc parallel loop private(t)
  for (i = 0; i < n; i++) {
    t = B[i] * 2.0f;
    s = 0.0f;
    for (j = 0; j < n; j++)
      s += A[i][j] * t;
    A[i][0] = s;
  }
}

// WARN: idioms.c:[[@LINE+9]]:3: warning: loop stays sequential: 't' is read after the loop, where it holds the last iteration's value
// CHECK-LABEL: func.func @k_last_value(
// CHECK-NOT: affine.parallel
// CHECK: return
void k_last_value(int n, float B[NN], float last[1])
{
  int i;
  float t;
#pragma acc parallel loop
  for (i = 0; i < n; i++) {
    t = B[i] + 1.0f;
    B[i] = t * t;
  }
  last[0] = t;
}
