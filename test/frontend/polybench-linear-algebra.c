// PolyBench-style linear-algebra and datamining kernels with the suite's macros (POLYBENCH_1D/2D/3D
// array parameters, _PB_ loop bounds, SCALAR_VAL and SQRT_FUN, DATA_TYPE chosen by a -D flag):
// data regions, `parallel loop` with collapse and data clauses, `kernels` regions with
// `loop independent`, gang/worker/vector and `seq` loops, triangular loops, scalar
// temporaries, reductions marked parallel (kept sequential with a warning). Each kernel's
// results in sharc-run equal the system C compiler's: in double precision with fixed-size
// arrays, in single precision with C99 array parameters, and with constant loop bounds.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_3mm kernel_bicg kernel_doitgen kernel_gemver kernel_gesummv kernel_syr2k kernel_symm kernel_cholesky kernel_trisolv kernel_gramschmidt kernel_ludcmp kernel_covariance; do \
// RUN:   sharcc %s -I %S/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=16 m=14 p=6 alpha=1.5 beta=1.25 float_n=16.0 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO -o %t.f.mlir 2> /dev/null
// RUN: FileCheck %s --check-prefix=C99 --input-file=%t.f.mlir
// RUN: for k in kernel_3mm kernel_bicg kernel_doitgen kernel_gemver kernel_gesummv kernel_syr2k kernel_symm kernel_cholesky kernel_trisolv kernel_gramschmidt kernel_ludcmp kernel_covariance; do \
// RUN:   sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO --function $k --emit=c-harness -o %t.d/$k.f.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO %t.d/$k.f.c -o %t.d/$k.f -lm && \
// RUN:   %t.d/$k.f %t.d/$k.f.out n=11 m=9 p=5 alpha=1.5 beta=1.25 float_n=17.0 && \
// RUN:   sharc-run %t.f.mlir --entry $k --inputs %t.d/$k.f.out/in --dump %t.d/$k.f.out/sharc && \
// RUN:   for f in %t.d/$k.f.out/out/*.npy; do cmp $f %t.d/$k.f.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// RUN: sharcc %s -I %S/Inputs -DPOLYBENCH_USE_SCALAR_LB -o %t.lb.mlir 2> /dev/null
// RUN: FileCheck %s --check-prefix=SCALARLB --input-file=%t.lb.mlir
// RUN: for k in kernel_3mm kernel_gramschmidt kernel_ludcmp; do \
// RUN:   sharcc %s -I %S/Inputs -DPOLYBENCH_USE_SCALAR_LB --function $k --emit=c-harness -o %t.d/$k.lb.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DPOLYBENCH_USE_SCALAR_LB %t.d/$k.lb.c -o %t.d/$k.lb -lm && \
// RUN:   %t.d/$k.lb %t.d/$k.lb.out n=32 m=28 && \
// RUN:   sharc-run %t.lb.mlir --entry $k --inputs %t.d/$k.lb.out/in --dump %t.d/$k.lb.out/sharc && \
// RUN:   for f in %t.d/$k.lb.out/out/*.npy; do cmp $f %t.d/$k.lb.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// WARN-NOT: error

#include <stdio.h>
#include "polybench-kernels.h"

// Three products: `parallel loop collapse(2)`, a `kernels` region, a `parallel` region with a
// `seq` inner loop; each band becomes one two-dimensional affine.parallel.
// CHECK-LABEL: func.func @kernel_3mm(%arg0: index {sharc.name = "n"}, %arg1: memref<32x32xf64> {sharc.name = "E"}
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc data copyin(A, B, C, D) create(E, F) copyout(G); acc parallel loop collapse(2)"}
// CHECK: } {sharc.acc = "acc data copyin(A, B, C, D) create(E, F) copyout(G); acc kernels; acc loop independent; acc loop independent"}
// CHECK: } {sharc.acc = "acc data copyin(A, B, C, D) create(E, F) copyout(G); acc parallel; acc loop gang; acc loop worker vector"}
// C99-LABEL: func.func @kernel_3mm(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "E"}
// SCALARLB-LABEL: func.func @kernel_3mm(
// SCALARLB: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (32, 32) {
static void kernel_3mm(int n, DATA_TYPE POLYBENCH_2D(E, N, N, n, n), DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(B, N, N, n, n), DATA_TYPE POLYBENCH_2D(F, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(C, N, N, n, n), DATA_TYPE POLYBENCH_2D(D, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(G, N, N, n, n))
{
  int i, j, k;
#pragma scop
#pragma acc data copyin(A, B, C, D) create(E, F) copyout(G)
  {
    /* E := A*B */
#pragma acc parallel loop collapse(2)
    for (i = 0; i < _PB_N; i++)
      for (j = 0; j < _PB_N; j++) {
        E[i][j] = SCALAR_VAL(0.0);
        for (k = 0; k < _PB_N; ++k)
          E[i][j] += A[i][k] * B[k][j];
      }
    /* F := C*D */
#pragma acc kernels
    {
#pragma acc loop independent
      for (i = 0; i < _PB_N; i++)
#pragma acc loop independent
        for (j = 0; j < _PB_N; j++) {
          F[i][j] = SCALAR_VAL(0.0);
          for (k = 0; k < _PB_N; ++k)
            F[i][j] += C[i][k] * D[k][j];
        }
    }
    /* G := E*F */
#pragma acc parallel
    {
#pragma acc loop gang
      for (i = 0; i < _PB_N; i++)
#pragma acc loop worker vector
        for (j = 0; j < _PB_N; j++) {
          G[i][j] = SCALAR_VAL(0.0);
#pragma acc loop seq
          for (k = 0; k < _PB_N; ++k)
            G[i][j] += E[i][k] * F[k][j];
        }
    }
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_bicg(%arg0: index {sharc.name = "m"}, %arg1: index {sharc.name = "n"}, %arg2: memref<32x28xf64> {sharc.name = "A"}
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg1)) {
static void kernel_bicg(int m, int n, DATA_TYPE POLYBENCH_2D(A, N, M, n, m), DATA_TYPE POLYBENCH_1D(s, M, m),
                        DATA_TYPE POLYBENCH_1D(q, N, n), DATA_TYPE POLYBENCH_1D(p, M, m),
                        DATA_TYPE POLYBENCH_1D(r, N, n))
{
  int i, j;
#pragma scop
#pragma acc data copyin(A, p, r) copyout(s, q)
  {
#pragma acc parallel loop
    for (j = 0; j < _PB_M; j++) {
      s[j] = 0;
      for (i = 0; i < _PB_N; i++)
        s[j] = s[j] + r[i] * A[i][j];
    }
#pragma acc parallel loop
    for (i = 0; i < _PB_N; i++) {
      q[i] = SCALAR_VAL(0.0);
#pragma acc loop seq
      for (j = 0; j < _PB_M; j++)
        q[i] = q[i] + A[i][j] * p[j];
    }
  }
#pragma endscop
}

// The collapsed (r, q) band, with two parallel s loops inside.
// CHECK-LABEL: func.func @kernel_doitgen(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg1)) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (0) to (symbol(%arg2)) {
// CHECK: } {sharc.acc = "acc parallel loop collapse(2) present_or_copy(A) copyin(C4) create(sum)"}
static void kernel_doitgen(int n, int m, int p, DATA_TYPE POLYBENCH_3D(A, N, M, P, n, m, p),
                           DATA_TYPE POLYBENCH_2D(C4, P, P, p, p), DATA_TYPE POLYBENCH_3D(sum, N, M, P, n, m, p))
{
  int r, q, s, t;
#pragma scop
#pragma acc parallel loop collapse(2) present_or_copy(A) copyin(C4) create(sum)
  for (r = 0; r < _PB_N; r++)
    for (q = 0; q < _PB_M; q++) {
#pragma acc loop
      for (s = 0; s < _PB_P; s++) {
        sum[r][q][s] = SCALAR_VAL(0.0);
        for (t = 0; t < _PB_P; t++)
          sum[r][q][s] = sum[r][q][s] + A[r][q][t] * C4[t][s];
      }
#pragma acc loop
      for (s = 0; s < _PB_P; s++)
        A[r][q][s] = sum[r][q][s];
    }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_gemver(
// CHECK-COUNT-4: } {sharc.acc = "acc data copy(A, x, w) copyin(u1, v1, u2, v2, y, z); acc parallel loop
static void kernel_gemver(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                          DATA_TYPE POLYBENCH_1D(u1, N, n), DATA_TYPE POLYBENCH_1D(v1, N, n),
                          DATA_TYPE POLYBENCH_1D(u2, N, n), DATA_TYPE POLYBENCH_1D(v2, N, n),
                          DATA_TYPE POLYBENCH_1D(w, N, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                          DATA_TYPE POLYBENCH_1D(y, N, n), DATA_TYPE POLYBENCH_1D(z, N, n))
{
  int i, j;
#pragma scop
#pragma acc data copy(A, x, w) copyin(u1, v1, u2, v2, y, z)
  {
#pragma acc parallel loop
    for (i = 0; i < _PB_N; i++)
#pragma acc loop
      for (j = 0; j < _PB_N; j++)
        A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
#pragma acc parallel loop
    for (i = 0; i < _PB_N; i++)
      for (j = 0; j < _PB_N; j++)
        x[i] = x[i] + beta * A[j][i] * y[j];
#pragma acc parallel loop
    for (i = 0; i < _PB_N; i++)
      x[i] = x[i] + z[i];
#pragma acc parallel loop
    for (i = 0; i < _PB_N; i++)
      for (j = 0; j < _PB_N; j++)
        w[i] = w[i] + alpha * A[i][j] * x[j];
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_gesummv(
// CHECK: affine.parallel
static void kernel_gesummv(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                           DATA_TYPE POLYBENCH_2D(B, N, N, n, n), DATA_TYPE POLYBENCH_1D(tmp, N, n),
                           DATA_TYPE POLYBENCH_1D(x, N, n), DATA_TYPE POLYBENCH_1D(y, N, n))
{
  int i, j;
#pragma scop
#pragma acc parallel loop copyin(A, B, x) copyout(tmp, y)
  for (i = 0; i < _PB_N; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    y[i] = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_N; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_syr2k(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (symbol(%arg0)) {
// CHECK: affine.for %{{.*}} = 0 to #map{{[0-9]*}}(%[[I]])
static void kernel_syr2k(int n, int m, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(C, N, N, n, n),
                         DATA_TYPE POLYBENCH_2D(A, N, M, n, m), DATA_TYPE POLYBENCH_2D(B, N, M, n, m))
{
  int i, j, k;
#pragma scop
#pragma acc parallel loop copy(C) copyin(A, B)
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_M; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
#pragma endscop
}

// temp2 is private to an iteration of j: reset before it is read, dead after the loop.
// CHECK-LABEL: func.func @kernel_symm(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg1)) {
// CHECK: } {sharc.acc = "acc parallel loop copy(C) copyin(A, B)"}
static void kernel_symm(int m, int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE POLYBENCH_2D(C, M, N, m, n),
                        DATA_TYPE POLYBENCH_2D(A, M, M, m, m), DATA_TYPE POLYBENCH_2D(B, M, N, m, n))
{
  int i, j, k;
  DATA_TYPE temp2;
#pragma scop
#pragma acc parallel loop copy(C) copyin(A, B)
  for (j = 0; j < _PB_N; j++)
    for (i = 0; i < _PB_M; i++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
#pragma endscop
}

// The reduction into A[i][i], marked `parallel loop reduction`, stays sequential.
// WARN: polybench-linear-algebra.c:[[@LINE+18]]:5: warning: loop stays sequential: an iteration writes an element of 'A' that an earlier iteration read
// CHECK-LABEL: func.func @kernel_cholesky(
// CHECK: math.sqrt %{{.*}} : f64
// C99: math.sqrt %{{.*}} : f32
static void kernel_cholesky(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int i, j, k;
#pragma scop
#pragma acc data copy(A)
  for (i = 0; i < _PB_N; i++) {
    /* j < i */
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    /* i == j case */
#pragma acc parallel loop reduction(-:A[i][i])
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = SQRT_FUN(A[i][i]);
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_trisolv(
static void kernel_trisolv(int n, DATA_TYPE POLYBENCH_2D(L, N, N, n, n), DATA_TYPE POLYBENCH_1D(x, N, n),
                           DATA_TYPE POLYBENCH_1D(b, N, n))
{
  int i, j;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_gramschmidt(
// CHECK: affine.parallel (%{{.*}}) = (%{{.*}} + 1) to (symbol(%arg1)) {
static void kernel_gramschmidt(int m, int n, DATA_TYPE POLYBENCH_2D(A, M, N, m, n),
                               DATA_TYPE POLYBENCH_2D(R, N, N, n, n), DATA_TYPE POLYBENCH_2D(Q, M, N, m, n))
{
  int i, j, k;
  DATA_TYPE nrm;
#pragma scop
#pragma acc data copy(A, R, Q)
  for (k = 0; k < _PB_N; k++) {
    nrm = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_M; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = SQRT_FUN(nrm);
#pragma acc parallel loop
    for (i = 0; i < _PB_M; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma acc parallel loop
    for (j = k + 1; j < _PB_N; j++) {
      R[k][j] = SCALAR_VAL(0.0);
      for (i = 0; i < _PB_M; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < _PB_M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
#pragma endscop
}

// A decreasing loop: i from n - 1 down to 0, as n - 1 - t.
// CHECK-LABEL: func.func @kernel_ludcmp(
// CHECK: affine.apply #map{{[0-9]*}}(%{{.*}})[%arg0]
static void kernel_ludcmp(int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n), DATA_TYPE POLYBENCH_1D(b, N, n),
                          DATA_TYPE POLYBENCH_1D(x, N, n), DATA_TYPE POLYBENCH_1D(y, N, n))
{
  int i, j, k;
  DATA_TYPE w;
#pragma scop
  for (i = 0; i < _PB_N; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < _PB_N; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++) {
        w -= A[i][k] * A[k][j];
      }
      A[i][j] = w;
    }
  }
  for (i = 0; i < _PB_N; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = _PB_N - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < _PB_N; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

// The symmetric band (j from i, cov[j][i] = cov[i][j]) is parallel in i and j: another
// iteration's cov[j'][i'] is this one's cov[i][j] only where i = j' >= i' = j >= i, in the same
// iteration (the polyhedral test of docs/analysis.md; interval bounds alone cannot show it).
// RUN: not grep 'polybench-linear-algebra.c:3[78][0-9]:.*warning' %t.warnings
// CHECK-LABEL: func.func @kernel_covariance(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg1), symbol(%arg0)) {
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (symbol(%arg0)) {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (%[[I]]) to (symbol(%arg0)) {
static void kernel_covariance(int m, int n, DATA_TYPE float_n, DATA_TYPE POLYBENCH_2D(data, N, M, n, m),
                              DATA_TYPE POLYBENCH_2D(cov, M, M, m, m), DATA_TYPE POLYBENCH_1D(mean, M, m))
{
  int i, j, k;
#pragma scop
#pragma acc data copyin(data) create(mean) copyout(cov)
  {
#pragma acc parallel loop
    for (j = 0; j < _PB_M; j++) {
      mean[j] = SCALAR_VAL(0.0);
      for (i = 0; i < _PB_N; i++)
        mean[j] += data[i][j];
      mean[j] /= float_n;
    }
#pragma acc parallel loop collapse(2)
    for (i = 0; i < _PB_N; i++)
      for (j = 0; j < _PB_M; j++)
        data[i][j] -= mean[j];
#pragma acc parallel loop
    for (i = 0; i < _PB_M; i++)
#pragma acc loop
      for (j = i; j < _PB_M; j++) {
        cov[i][j] = SCALAR_VAL(0.0);
        for (k = 0; k < _PB_N; k++)
          cov[i][j] += data[k][i] * data[k][j];
        cov[i][j] /= (float_n - SCALAR_VAL(1.0));
        cov[j][i] = cov[i][j];
      }
  }
#pragma endscop
}
