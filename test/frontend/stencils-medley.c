// Kernels with time loops, stencils, triangular and decreasing loops, integer arithmetic, math
// functions and `acc loop` marks on loops that carry dependences (they stay sequential, with a
// warning). Each kernel's results in sharc-run equal the system C compiler's.
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE=double -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_correlation kernel_jacobi_2d kernel_seidel kernel_lu kernel_floyd kernel_reg kernel_durbin kernel_misc; do \
// RUN:   sharcc %s -I %S/Inputs -DDATA_TYPE=double --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DDATA_TYPE=double %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=24 m=20 tsteps=3 float_n=24.0 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done

#include "bench.h"

// CHECK-LABEL: func.func @kernel_correlation(
// The mean/stddev loops reduce over i; the correlation band is triangular (j2 from j1 + 1) and
// parallel in j1 and j2 (symmat[j2][j1], j2 > j1, is never another iteration's symmat[j1'][j2']).
// RUN: not grep 'stencils-medley.c:\(5[0-9]\|6[0-9]\):.*warning' %t.warnings
// WARN-DAG: stencils-medley.c:[[@LINE+17]]:9: warning: loop stays sequential: an iteration writes an element of 'mean'
// CHECK: math.sqrt %{{.*}} : f64
static void kernel_correlation(int m, int n, DATA_TYPE float_n, DATA_TYPE ARRAY_2D(data, M, N, m, n),
                               DATA_TYPE ARRAY_2D(symmat, M, M, m, m), DATA_TYPE ARRAY_1D(mean, M, m),
                               DATA_TYPE ARRAY_1D(stddev, M, m)) {
  int i, j, j1, j2;
  DATA_TYPE eps = 0.1f;
#define sqrt_of(x, j) sqrt(x[j])
#pragma scop
#pragma acc data create(mean, stddev) copyin(data) copyout(symmat)
  {
#pragma acc parallel
    {
#pragma acc loop
      for (j = 0; j < LB_M; j++) {
        mean[j] = 0.0;
#pragma acc loop
        for (i = 0; i < LB_N; i++)
          mean[j] += data[j][i];
        mean[j] /= float_n;
      }
#pragma acc loop
      for (j = 0; j < LB_M; j++) {
        stddev[j] = 0.0;
        for (i = 0; i < LB_N; i++)
          stddev[j] += (data[j][i] - mean[j]) * (data[j][i] - mean[j]);
        stddev[j] /= float_n;
        stddev[j] = sqrt_of(stddev, j);
        stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
      }
#pragma acc loop
      for (i = 0; i < LB_M; i++)
#pragma acc loop
        for (j = 0; j < LB_N; j++) {
          data[i][j] -= mean[i];
          data[i][j] /= sqrt(float_n) * stddev[i];
        }
#pragma acc loop
      for (j1 = 0; j1 < LB_M - 1; j1++) {
        symmat[j1][j1] = 1.0;
#pragma acc loop
        for (j2 = j1 + 1; j2 < LB_M; j2++) {
          symmat[j1][j2] = 0.0;
          for (i = 0; i < LB_N; i++)
            symmat[j1][j2] += (data[j1][i] * data[j2][i]);
          symmat[j2][j1] = symmat[j1][j2];
        }
      }
    }
  }
#pragma endscop
  symmat[LB_M - 1][LB_M - 1] = 1.0;
}

// A time loop around two parallel sweeps.
// CHECK-LABEL: func.func @kernel_jacobi_2d(
// CHECK: affine.for %{{.*}} = 0 to %arg0 {
// CHECK:   affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg1) - 1, symbol(%arg1) - 1) {
static void kernel_jacobi_2d(int tsteps, int n, DATA_TYPE ARRAY_2D(A, N, N, n, n), DATA_TYPE ARRAY_2D(B, N, N, n, n)) {
  int t, i, j;
#pragma acc data copy(A) create(B)
  {
    for (t = 0; t < LB_T; t++) {
#pragma acc parallel loop collapse(2)
      for (i = 1; i < LB_N - 1; i++)
        for (j = 1; j < LB_N - 1; j++)
          B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma acc parallel loop collapse(2)
      for (i = 1; i < LB_N - 1; i++)
        for (j = 1; j < LB_N - 1; j++)
          A[i][j] = B[i][j];
    }
  }
}

// Gauss-Seidel updates in place: the marked loops carry dependences.
// WARN-DAG: stencils-medley.c:[[@LINE+5]]:5: warning: loop stays sequential: an iteration reads an element of 'A' that an earlier iteration wrote
static void kernel_seidel(int tsteps, int n, DATA_TYPE ARRAY_2D(A, N, N, n, n)) {
  int t, i, j;
  for (t = 0; t <= LB_T - 1; t++)
#pragma acc parallel loop
    for (i = 1; i <= LB_N - 2; i++)
#pragma acc loop
      for (j = 1; j <= LB_N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}

// LU decomposition: triangular bounds on both sides. The bounds relate the loops (j, i > k), so
// A[k][j] never meets A[k][k] nor A[i][j] A[i][k] or A[k][j]: each k step is two parallel
// sections, the row scaling over j and the update over (i, j).
// RUN: not grep 'stencils-medley.c:1[12][0-9]:.*warning' %t.warnings
// CHECK-LABEL: func.func @kernel_lu(
// CHECK: affine.for %[[K:.*]] = 0 to %arg0 {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (%[[K]] + 1) to (symbol(%arg0)) {
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (%[[K]] + 1, %[[K]] + 1) to (symbol(%arg0), symbol(%arg0)) {
static void kernel_lu(int n, DATA_TYPE ARRAY_2D(A, N, N, n, n)) {
  int i, j, k;
  for (k = 0; k < LB_N; k++) {
#pragma acc parallel loop
    for (j = k + 1; j < LB_N; j++)
      A[k][j] = A[k][j] / A[k][k];
#pragma acc parallel loop
    for (i = k + 1; i < LB_N; i++)
#pragma acc loop
      for (j = k + 1; j < LB_N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

// Shortest paths on integers: conditional expressions on int, the k loop outside.
// CHECK-LABEL: func.func @kernel_floyd(
// CHECK: arith.cmpi slt
// CHECK: scf.if
static void kernel_floyd(int n, int ARRAY_2D(path, N, N, n, n)) {
  int i, j, k;
  for (k = 0; k < LB_N; k++) {
#pragma acc parallel loop
    for (i = 0; i < LB_N; i++)
#pragma acc loop
      for (j = 0; j < LB_N; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
  }
}

// A parallel loop with a sequential loop inside and another parallel loop under that.
// CHECK-LABEL: func.func @kernel_reg(
// CHECK: affine.parallel
// CHECK:   affine.for
// CHECK:     affine.parallel
static void kernel_reg(int n, int m, DATA_TYPE ARRAY_2D(sum, N, N, n, n), DATA_TYPE ARRAY_3D(diff, N, N, M, n, n, m)) {
  int i, j, c;
#pragma acc parallel
  {
#pragma acc loop
    for (j = 0; j <= LB_N - 1; j++)
      for (i = j; i <= LB_N - 1; i++)
#pragma acc loop
        for (c = 0; c <= LB_M - 1; c++)
          diff[j][i][c] = sum[j][i] * (c + 1);
  }
}

// Levinson-Durbin style: scalar recurrences, a decreasing subscript, a local temporary array.
static void kernel_durbin(int n, DATA_TYPE ARRAY_1D(r, N, n), DATA_TYPE ARRAY_1D(y, N, n)) {
  DATA_TYPE z[N];
  DATA_TYPE alpha, beta, sum;
  int i, k;
  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (k = 1; k < LB_N; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
#pragma acc parallel loop
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
#pragma acc parallel loop
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

// Integer arithmetic (division, remainder, shifts, mixed signedness), a while loop, math
// functions, casts, compound assignments, pre/post increments, && and || on memory.
// CHECK-LABEL: func.func @kernel_misc(
// CHECK: scf.while
static int kernel_misc(int n, int ARRAY_1D(a, N, n), DATA_TYPE ARRAY_1D(x, N, n), long ARRAY_1D(l, N, n)) {
  int i, count = 0;
  unsigned u = 7u;
  for (i = 0; i < LB_N; i++) {
    int v = a[i];
    a[i] = (v / 3) + (v % 5) - (v >> 1) + (v << 2) + (int)(u * (unsigned)i % 11u);
    x[i] = fabs(x[i]) + pow(x[i], 2.0) - exp(x[i] / 64.0) + floor(x[i]) + (DATA_TYPE)(v & 7) + sqrtf((float)(i + 1));
    if (i > 0 && a[i - 1] > a[i])
      count++;
    else if (i < n - 1 || x[i] < 0)
      count += 2;
    l[i] = (long)v * 100000L + ++count;
  }
  i = 0;
  while (i < n && x[i] > -1000.0) {
    x[i] = x[i] * 0.5 + count--;
    i += 3;
  }
  return count;
}
