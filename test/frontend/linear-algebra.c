// Linear-algebra kernels in the style of OpenACC benchmark suites: a framework header with
// macros for sizes, element type and array parameters, system headers, data and compute
// regions, `parallel` regions holding several loop nests, combined `parallel loop`, a
// reduction loop marked `acc loop` that must stay sequential. Each kernel's results in
// sharc-run equal the system C compiler's, with fixed sizes and with C99 array parameters.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_2mm kernel_atax kernel_mvt kernel_syrk kernel_trmm; do \
// RUN:   sharcc %s -I %S/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=48 m=40 alpha=1.5 beta=1.25 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// The same with C99 variably sized array parameters.
// RUN: sharcc %s -I %S/Inputs -DBENCH_C99 -o %t.c99.mlir 2> /dev/null
// RUN: FileCheck %s --check-prefix=C99 --input-file=%t.c99.mlir
// RUN: for k in kernel_2mm kernel_syrk; do \
// RUN:   sharcc %s -I %S/Inputs -DBENCH_C99 --function $k --emit=c-harness -o %t.d/$k.99.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DBENCH_C99 %t.d/$k.99.c -o %t.d/$k.99 -lm && \
// RUN:   %t.d/$k.99 %t.d/$k.99.out n=21 m=13 alpha=1.5 beta=1.25 && \
// RUN:   sharc-run %t.c99.mlir --entry $k --inputs %t.d/$k.99.out/in --dump %t.d/$k.99.out/sharc && \
// RUN:   for f in %t.d/$k.99.out/out/*.npy; do cmp $f %t.d/$k.99.out/sharc/$(basename $f) || exit 1; done || exit 1; done

#include "bench.h"

// CHECK-LABEL: func.func @kernel_2mm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<48x48xf32> {sharc.name = "tmp"}
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc data copyin(A, B, C) create(tmp) copy(D); acc parallel; acc loop gang; acc loop vector"}
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
// C99-LABEL: func.func @kernel_2mm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "tmp"}
static void kernel_2mm(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE ARRAY_2D(tmp, N, N, n, n),
                       DATA_TYPE ARRAY_2D(A, N, N, n, n), DATA_TYPE ARRAY_2D(B, N, N, n, n),
                       DATA_TYPE ARRAY_2D(C, N, N, n, n), DATA_TYPE ARRAY_2D(D, N, N, n, n)) {
  int i, j, k;
#pragma scop
#pragma acc data copyin(A, B, C) create(tmp) copy(D)
  {
#pragma acc parallel
    {
      /* tmp := alpha*A*B */
#pragma acc loop gang
      for (i = 0; i < LB_N; i++)
#pragma acc loop vector
        for (j = 0; j < LB_N; j++) {
          tmp[i][j] = 0;
          for (k = 0; k < LB_N; ++k)
            tmp[i][j] += alpha * A[i][k] * B[k][j];
        }
      /* D := beta*D + tmp*C */
#pragma acc loop
      for (i = 0; i < LB_N; i++)
#pragma acc loop
        for (j = 0; j < LB_N; j++) {
          D[i][j] *= beta;
          for (k = 0; k < LB_N; ++k)
            D[i][j] += tmp[i][k] * C[k][j];
        }
    }
  }
#pragma endscop
}

// The i loop of the second nest reduces into y[j]: marked `acc loop`, it stays sequential.
// WARN: linear-algebra.c:[[@LINE+16]]:3: warning: loop stays sequential: an iteration writes an element of 'y' that an earlier iteration read (distance 1, 0); it is a reduction, which sharc keeps in one thread
// WARN: note: here
// CHECK-LABEL: func.func @kernel_atax(
static void kernel_atax(int m, int n, DATA_TYPE ARRAY_2D(A, M, N, m, n), DATA_TYPE ARRAY_1D(x, N, n),
                        DATA_TYPE ARRAY_1D(y, N, n), DATA_TYPE ARRAY_1D(tmp, M, m)) {
  int i, j;
#pragma acc parallel loop
  for (i = 0; i < LB_N; i++)
    y[i] = 0;
#pragma acc parallel loop
  for (i = 0; i < LB_M; i++) {
    tmp[i] = 0;
    for (j = 0; j < LB_N; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
  }
#pragma acc parallel loop
  for (i = 0; i < LB_M; i++)
    for (j = 0; j < LB_N; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
}

static void kernel_mvt(int n, DATA_TYPE ARRAY_1D(x1, N, n), DATA_TYPE ARRAY_1D(x2, N, n),
                       DATA_TYPE ARRAY_1D(y_1, N, n), DATA_TYPE ARRAY_1D(y_2, N, n), DATA_TYPE ARRAY_2D(A, N, N, n, n)) {
  int i, j;
#pragma acc kernels
  {
    for (i = 0; i < LB_N; i++)
      for (j = 0; j < LB_N; j++)
        x1[i] = x1[i] + A[i][j] * y_1[j];
    for (i = 0; i < LB_N; i++)
      for (j = 0; j < LB_N; j++)
        x2[i] = x2[i] + A[j][i] * y_2[j];
  }
}

// A triangular band: j runs to i.
// CHECK-LABEL: func.func @kernel_syrk(
// CHECK: affine.parallel (%[[I:.*]]) = (0) to (symbol(%arg0)) {
// CHECK:   affine.parallel (%{{.*}}) = (0) to (%[[I]] + 1) {
static void kernel_syrk(int n, int m, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE ARRAY_2D(C, N, N, n, n),
                        DATA_TYPE ARRAY_2D(A, N, M, n, m)) {
#pragma acc parallel loop collapse(1) copy(C) copyin(A)
  for (int i = 0; i < LB_N; i++) {
#pragma acc loop
    for (int j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < LB_M; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
}

// A decreasing sequential loop inside the parallel one; the k loop reads B[i][k] for k > i.
static void kernel_trmm(int n, DATA_TYPE alpha, DATA_TYPE ARRAY_2D(A, N, N, n, n), DATA_TYPE ARRAY_2D(B, N, N, n, n)) {
#pragma acc parallel loop
  for (int j = 0; j < LB_N; j++)
    for (int i = LB_N - 1; i >= 0; i--) {
      DATA_TYPE s = B[i][j];
      for (int k = i + 1; k < LB_N; k++)
        s += A[k][i] * B[k][j];
      B[i][j] = alpha * s;
    }
}
