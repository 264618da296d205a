// PolyBench-style stencils and PolyBench/GPU-style convolutions: time loops around parallel
// sweeps, `collapse(2)` and `collapse(3)`, nested `acc loop` bands, boundary rows written
// outside the band, forward and backward sweeps (adi), a `kernels` region whose loops carry
// dependences (seidel-2d, kept sequential silently), parenthesised subscripts, scalar
// coefficients. Each kernel's results in sharc-run equal the system C compiler's, in double
// precision with fixed-size arrays and in single precision with C99 array parameters.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: not grep . %t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_jacobi_1d kernel_fdtd_2d kernel_heat_3d kernel_adi kernel_seidel_2d kernel_conv2d kernel_conv3d; do \
// RUN:   sharcc %s -I %S/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=12 nx=20 ny=24 tmax=4 tsteps=4 ni=12 nj=12 nk=12 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO -o %t.f.mlir
// RUN: FileCheck %s --check-prefix=C99 --input-file=%t.f.mlir
// RUN: for k in kernel_jacobi_1d kernel_fdtd_2d kernel_heat_3d kernel_adi kernel_seidel_2d kernel_conv2d kernel_conv3d; do \
// RUN:   sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO --function $k --emit=c-harness -o %t.d/$k.f.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO %t.d/$k.f.c -o %t.d/$k.f -lm && \
// RUN:   %t.d/$k.f %t.d/$k.f.out n=9 nx=11 ny=13 tmax=3 tsteps=3 ni=7 nj=8 nk=9 && \
// RUN:   sharc-run %t.f.mlir --entry $k --inputs %t.d/$k.f.out/in --dump %t.d/$k.f.out/sharc && \
// RUN:   for f in %t.d/$k.f.out/out/*.npy; do cmp $f %t.d/$k.f.out/sharc/$(basename $f) || exit 1; done || exit 1; done

#include <stdio.h>
#include <string.h>
#include "polybench-kernels.h"

// CHECK-LABEL: func.func @kernel_jacobi_1d(
// CHECK: affine.for %{{.*}} = 0 to %arg0 {
// CHECK-NEXT: affine.parallel (%{{.*}}) = (1) to (symbol(%arg1) - 1) {
// CHECK: } {sharc.acc = "acc data copy(A) create(B); acc parallel loop"}
// CHECK-NEXT: affine.parallel (%{{.*}}) = (1) to (symbol(%arg1) - 1) {
static void kernel_jacobi_1d(int tsteps, int n, DATA_TYPE POLYBENCH_1D(A, N, n), DATA_TYPE POLYBENCH_1D(B, N, n))
{
  int t, i;
#pragma scop
#pragma acc data copy(A) create(B)
  for (t = 0; t < _PB_TSTEPS; t++) {
#pragma acc parallel loop
    for (i = 1; i < _PB_N - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma acc parallel loop
    for (i = 1; i < _PB_N - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_fdtd_2d(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg2)) {
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (1, 0) to (symbol(%arg1), symbol(%arg2)) {
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 1) to (symbol(%arg1), symbol(%arg2)) {
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg1) - 1, symbol(%arg2) - 1) {
// C99-LABEL: func.func @kernel_fdtd_2d(%arg0: index {sharc.name = "tmax"}, %arg1: index {sharc.name = "nx"}, %arg2: index {sharc.name = "ny"}, %arg3: memref<?x?xf32> {sharc.name = "ex"}
static void kernel_fdtd_2d(int tmax, int nx, int ny, DATA_TYPE POLYBENCH_2D(ex, M, N, nx, ny),
                           DATA_TYPE POLYBENCH_2D(ey, M, N, nx, ny), DATA_TYPE POLYBENCH_2D(hz, M, N, nx, ny),
                           DATA_TYPE POLYBENCH_1D(_fict_, TSTEPS, tmax))
{
  int t, i, j;
#pragma scop
#pragma acc data copyin(_fict_) copy(ex, ey, hz)
  {
    for (t = 0; t < tmax; t++) {
#pragma acc parallel loop
      for (j = 0; j < ny; j++)
        ey[0][j] = _fict_[t];
#pragma acc parallel loop collapse(2)
      for (i = 1; i < nx; i++)
        for (j = 0; j < ny; j++)
          ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
#pragma acc parallel loop collapse(2)
      for (i = 0; i < nx; i++)
        for (j = 1; j < ny; j++)
          ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
#pragma acc parallel loop collapse(2)
      for (i = 0; i < nx - 1; i++)
        for (j = 0; j < ny - 1; j++)
          hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
    }
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_heat_3d(
// CHECK: affine.for %{{.*}} = 1 to 5 {
// CHECK-NEXT: affine.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (1, 1, 1) to (symbol(%arg1) - 1, symbol(%arg1) - 1, symbol(%arg1) - 1) {
// CHECK: } {sharc.acc = "acc parallel loop collapse(3) present_or_copy(A, B)"}
static void kernel_heat_3d(int tsteps, int n, DATA_TYPE POLYBENCH_3D(A, P, P, P, n, n, n),
                           DATA_TYPE POLYBENCH_3D(B, P, P, P, n, n, n))
{
  int t, i, j, k;
#pragma scop
  for (t = 1; t <= TSTEPS; t++) {
#pragma acc parallel loop collapse(3) present_or_copy(A, B)
    for (i = 1; i < _PB_N - 1; i++) {
      for (j = 1; j < _PB_N - 1; j++) {
        for (k = 1; k < _PB_N - 1; k++) {
          B[i][j][k] = SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
        }
      }
    }
#pragma acc parallel loop collapse(3) present_or_copy(A, B)
    for (i = 1; i < _PB_N - 1; i++) {
      for (j = 1; j < _PB_N - 1; j++) {
        for (k = 1; k < _PB_N - 1; k++) {
          A[i][j][k] = SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i - 1][j][k])
                     + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j - 1][k])
                     + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
        }
      }
    }
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_adi(
// CHECK-COUNT-2: } {sharc.acc = "acc data copy(u) create(v, p, q); acc parallel loop"}
static void kernel_adi(int tsteps, int n, DATA_TYPE POLYBENCH_2D(u, N, N, n, n), DATA_TYPE POLYBENCH_2D(v, N, N, n, n),
                       DATA_TYPE POLYBENCH_2D(p, N, N, n, n), DATA_TYPE POLYBENCH_2D(q, N, N, n, n))
{
  int t, i, j;
  DATA_TYPE DX, DY, DT;
  DATA_TYPE B1, B2;
  DATA_TYPE mul1, mul2;
  DATA_TYPE a, b, c, d, e, f;
#pragma scop
  DX = SCALAR_VAL(1.0) / (DATA_TYPE)_PB_N;
  DY = SCALAR_VAL(1.0) / (DATA_TYPE)_PB_N;
  DT = SCALAR_VAL(1.0) / (DATA_TYPE)_PB_TSTEPS;
  B1 = SCALAR_VAL(2.0);
  B2 = SCALAR_VAL(1.0);
  mul1 = B1 * DT / (DX * DX);
  mul2 = B2 * DT / (DY * DY);
  a = -mul1 / SCALAR_VAL(2.0);
  b = SCALAR_VAL(1.0) + mul1;
  c = a;
  d = -mul2 / SCALAR_VAL(2.0);
  e = SCALAR_VAL(1.0) + mul2;
  f = d;
#pragma acc data copy(u) create(v, p, q)
  for (t = 1; t <= _PB_TSTEPS; t++) {
    // Column Sweep
#pragma acc parallel loop
    for (i = 1; i < _PB_N - 1; i++) {
      v[0][i] = SCALAR_VAL(1.0);
      p[i][0] = SCALAR_VAL(0.0);
      q[i][0] = v[0][i];
      for (j = 1; j < _PB_N - 1; j++) {
        p[i][j] = -c / (a * p[i][j - 1] + b);
        q[i][j] = (-d * u[j][i - 1] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * d) * u[j][i] - f * u[j][i + 1] - a * q[i][j - 1]) / (a * p[i][j - 1] + b);
      }
      v[_PB_N - 1][i] = SCALAR_VAL(1.0);
      for (j = _PB_N - 2; j >= 1; j--) {
        v[j][i] = p[i][j] * v[j + 1][i] + q[i][j];
      }
    }
    // Row Sweep
#pragma acc parallel loop
    for (i = 1; i < _PB_N - 1; i++) {
      u[i][0] = SCALAR_VAL(1.0);
      p[i][0] = SCALAR_VAL(0.0);
      q[i][0] = u[i][0];
      for (j = 1; j < _PB_N - 1; j++) {
        p[i][j] = -f / (d * p[i][j - 1] + e);
        q[i][j] = (-a * v[i - 1][j] + (SCALAR_VAL(1.0) + SCALAR_VAL(2.0) * a) * v[i][j] - c * v[i + 1][j] - d * q[i][j - 1]) / (d * p[i][j - 1] + e);
      }
      u[i][_PB_N - 1] = SCALAR_VAL(1.0);
      for (j = _PB_N - 2; j >= 1; j--) {
        u[i][j] = p[i][j] * u[i][j + 1] + q[i][j];
      }
    }
  }
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_seidel_2d(
// CHECK-NOT: affine.parallel
// CHECK: return
static void kernel_seidel_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int t, i, j;
#pragma scop
#pragma acc kernels copy(A)
  for (t = 0; t <= _PB_TSTEPS - 1; t++)
    for (i = 1; i <= _PB_N - 2; i++)
      for (j = 1; j <= _PB_N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

// CHECK-LABEL: func.func @kernel_conv2d(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg1) - 1) {
static void kernel_conv2d(int ni, int nj, DATA_TYPE POLYBENCH_2D(A, M, N, ni, nj), DATA_TYPE POLYBENCH_2D(B, M, N, ni, nj))
{
  int i, j;
  DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;

  c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
  c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
  c13 = +0.4;  c23 = +0.7;  c33 = +0.10;

#pragma scop
#pragma acc parallel loop collapse(2) copyin(A[0:M][0:N]) copyout(B[0:M][0:N])
  for (i = 1; i < ni - 1; ++i)
    for (j = 1; j < nj - 1; ++j)
      B[i][j] = c11 * A[(i - 1)][(j - 1)] + c12 * A[(i + 0)][(j - 1)] + c13 * A[(i + 1)][(j - 1)]
              + c21 * A[(i - 1)][(j + 0)] + c22 * A[(i + 0)][(j + 0)] + c23 * A[(i + 1)][(j + 0)]
              + c31 * A[(i - 1)][(j + 1)] + c32 * A[(i + 0)][(j + 1)] + c33 * A[(i + 1)][(j + 1)];
#pragma endscop
}

// Three `acc loop` levels become one three-dimensional band.
// CHECK-LABEL: func.func @kernel_conv3d(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = (1, 1, 1) to (symbol(%arg0) - 1, symbol(%arg1) - 1, symbol(%arg2) - 1) {
// CHECK: } {sharc.acc = "acc parallel loop; acc loop; acc loop"}
static void kernel_conv3d(int ni, int nj, int nk, DATA_TYPE POLYBENCH_3D(A, P, P, P, ni, nj, nk),
                          DATA_TYPE POLYBENCH_3D(B, P, P, P, ni, nj, nk))
{
  int i, j, k;
  DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;
  c11 = +2;  c21 = +5;  c31 = -8;
  c12 = -3;  c22 = +6;  c32 = -9;
  c13 = +4;  c23 = +7;  c33 = +10;
#pragma scop
#pragma acc parallel loop
  for (i = 1; i < ni - 1; ++i)
#pragma acc loop
    for (j = 1; j < nj - 1; ++j)
#pragma acc loop
      for (k = 1; k < nk - 1; ++k)
        B[i][j][k] = c11 * A[(i - 1)][(j - 1)][(k - 1)] + c13 * A[(i + 1)][(j - 1)][(k - 1)]
                   + c21 * A[(i - 1)][(j - 1)][(k - 1)] + c23 * A[(i + 1)][(j - 1)][(k - 1)]
                   + c31 * A[(i - 1)][(j - 1)][(k - 1)] + c33 * A[(i + 1)][(j - 1)][(k - 1)]
                   + c12 * A[(i + 0)][(j - 1)][(k + 0)] + c22 * A[(i + 0)][(j + 0)][(k + 0)]
                   + c32 * A[(i + 0)][(j + 1)][(k + 0)] + c11 * A[(i - 1)][(j - 1)][(k + 1)]
                   + c13 * A[(i + 1)][(j - 1)][(k + 1)] + c21 * A[(i - 1)][(j + 0)][(k + 1)]
                   + c23 * A[(i + 1)][(j + 0)][(k + 1)] + c31 * A[(i - 1)][(j + 1)][(k + 1)]
                   + c33 * A[(i + 1)][(j + 1)][(k + 1)];
#pragma endscop
}
