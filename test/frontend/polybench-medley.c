// PolyBench-style medley kernels: nussinov (a `char` typedef, integer tables, function-like
// macros with conditionals, a decreasing outer loop, affine conditions) and deriche (EXP_FUN
// and POW_FUN, many scalar coefficients, chained assignments, recursive filters whose rows are
// marked `parallel loop private(...)`, whose scalars each row resets before reading them, so
// that the rows run in parallel). Each kernel's results in sharc-run equal the system C compiler's, in double and
// single precision.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: not grep . %t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_nussinov kernel_deriche; do \
// RUN:   sharcc %s -I %S/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=32 m=28 alpha=0.25 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -o %t.f.mlir 2> /dev/null
// RUN: FileCheck %s --check-prefix=FLOAT --input-file=%t.f.mlir
// RUN: for k in kernel_nussinov kernel_deriche; do \
// RUN:   sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT --function $k --emit=c-harness -o %t.d/$k.f.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DDATA_TYPE_IS_FLOAT %t.d/$k.f.c -o %t.d/$k.f -lm && \
// RUN:   %t.d/$k.f %t.d/$k.f.out n=19 m=23 alpha=0.25 && \
// RUN:   sharc-run %t.f.mlir --entry $k --inputs %t.d/$k.f.out/in --dump %t.d/$k.f.out/sharc && \
// RUN:   for f in %t.d/$k.f.out/out/*.npy; do cmp $f %t.d/$k.f.out/sharc/$(basename $f) || exit 1; done || exit 1; done

#include <stdio.h>
#include "polybench-kernels.h"

typedef char base;
#define match(b1, b2) (((b1) + (b2)) == 3 ? 1 : 0)
#define max_score(s1, s2) ((s1 >= s2) ? s1 : s2)

// CHECK-LABEL: func.func @kernel_nussinov(%arg0: index {sharc.name = "n"}, %arg1: memref<32xi8> {sharc.name = "seq"}, %arg2: memref<32x32xi32> {sharc.name = "table"})
// CHECK: affine.if
static void kernel_nussinov(int n, base POLYBENCH_1D(seq, N, n), int POLYBENCH_2D(table, N, N, n, n))
{
  int i, j, k;
#pragma scop
  for (i = _PB_N - 1; i >= 0; i--) {
    for (j = i + 1; j < _PB_N; j++) {
      if (j - 1 >= 0)
        table[i][j] = max_score(table[i][j], table[i][j - 1]);
      if (i + 1 < _PB_N)
        table[i][j] = max_score(table[i][j], table[i + 1][j]);
      if (j - 1 >= 0 && i + 1 < _PB_N) {
        /* don't allow adjacent elements to bond */
        if (i < j - 1)
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1] + match(seq[i], seq[j]));
        else
          table[i][j] = max_score(table[i][j], table[i + 1][j - 1]);
      }
      for (k = i + 1; k < j; k++) {
        table[i][j] = max_score(table[i][j], table[i][k] + table[k + 1][j]);
      }
    }
  }
#pragma endscop
}

// The row filters reset their scalars before reading them: private, the rows run in parallel.
// CHECK-LABEL: func.func @kernel_deriche(
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.powf %{{.*}}, %{{.*}} : f64
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc parallel loop private(ym1, ym2, xm1)"}
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK: } {sharc.acc = "acc parallel loop private(yp1, yp2, xp1, xp2)"}
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg1)) {
// FLOAT-LABEL: func.func @kernel_deriche(
// FLOAT: math.exp %{{.*}} : f32
static void kernel_deriche(int m, int n, DATA_TYPE alpha, DATA_TYPE POLYBENCH_2D(imgIn, M, N, m, n),
                           DATA_TYPE POLYBENCH_2D(imgOut, M, N, m, n), DATA_TYPE POLYBENCH_2D(y1, M, N, m, n),
                           DATA_TYPE POLYBENCH_2D(y2, M, N, m, n))
{
  int i, j;
  DATA_TYPE xm1, tm1, ym1, ym2;
  DATA_TYPE xp1, xp2;
  DATA_TYPE tp1, tp2;
  DATA_TYPE yp1, yp2;
  DATA_TYPE k;
  DATA_TYPE a1, a2, a3, a4, a5, a6, a7, a8;
  DATA_TYPE b1, b2, c1, c2;
#pragma scop
  k = (SCALAR_VAL(1.0) - EXP_FUN(-alpha)) * (SCALAR_VAL(1.0) - EXP_FUN(-alpha))
      / (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * alpha * EXP_FUN(-alpha) - EXP_FUN(SCALAR_VAL(2.0) * alpha));
  a1 = a5 = k;
  a2 = a6 = k * EXP_FUN(-alpha) * (alpha - SCALAR_VAL(1.0));
  a3 = a7 = k * EXP_FUN(-alpha) * (alpha + SCALAR_VAL(1.0));
  a4 = a8 = -k * EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  b1 = POW_FUN(SCALAR_VAL(2.0), -alpha);
  b2 = -EXP_FUN(SCALAR_VAL(-2.0) * alpha);
  c1 = c2 = 1;

#pragma acc parallel loop private(ym1, ym2, xm1)
  for (i = 0; i < _PB_M; i++) {
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    xm1 = SCALAR_VAL(0.0);
    for (j = 0; j < _PB_N; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

#pragma acc parallel loop private(yp1, yp2, xp1, xp2)
  for (i = 0; i < _PB_M; i++) {
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    xp1 = SCALAR_VAL(0.0);
    xp2 = SCALAR_VAL(0.0);
    for (j = _PB_N - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

#pragma acc parallel loop collapse(2)
  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++) {
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);
    }

  for (j = 0; j < _PB_N; j++) {
    tm1 = SCALAR_VAL(0.0);
    ym1 = SCALAR_VAL(0.0);
    ym2 = SCALAR_VAL(0.0);
    for (i = 0; i < _PB_M; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

  for (j = 0; j < _PB_N; j++) {
    tp1 = SCALAR_VAL(0.0);
    tp2 = SCALAR_VAL(0.0);
    yp1 = SCALAR_VAL(0.0);
    yp2 = SCALAR_VAL(0.0);
    for (i = _PB_M - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

  for (i = 0; i < _PB_M; i++)
    for (j = 0; j < _PB_N; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
#pragma endscop
}
