// The indexed clause forms of OpenACC suites written for dimensioned gangs (PolyBench/ACC style):
// `num_gangs[d](e)`, `num_workers[d](e)` and `vector_length[d](e)` on the compute construct,
// `gang[d]`, `worker[d]` and `vector[d]` on its loops. They mean what the bare clauses mean: the
// same affine.parallel band and the same kernels as the bare forms (`-DBARE`), byte for byte
// once the recorded directive text is dropped; each size and dimension is set aside with a
// located remark, and the results in sharc-run equal the system C compiler's.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: sharcc %s -I %S/Inputs -DBARE -o %t.bare.mlir 2> /dev/null
// RUN: sed 's/sharc.acc = "[^"]*"//' %t.mlir > %t.strip.mlir
// RUN: sed 's/sharc.acc = "[^"]*"//' %t.bare.mlir > %t.bare.strip.mlir
// RUN: diff %t.strip.mlir %t.bare.strip.mlir
// RUN: sharcc %s -I %S/Inputs --emit=gpu -o %t.gpu.mlir 2> /dev/null
// RUN: sharcc %s -I %S/Inputs -DBARE --emit=gpu -o %t.bare.gpu.mlir 2> /dev/null
// RUN: sed 's/sharc.acc = "[^"]*"//' %t.gpu.mlir > %t.gpu.strip.mlir
// RUN: sed 's/sharc.acc = "[^"]*"//' %t.bare.gpu.mlir > %t.bare.gpu.strip.mlir
// RUN: diff %t.gpu.strip.mlir %t.bare.gpu.strip.mlir
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in kernel_gemm kernel_conv2d; do \
// RUN:   sharcc %s -I %S/Inputs --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off -I %S/Inputs %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out ni=20 nj=27 nk=10 alpha=1.5 beta=1.25 && \
// RUN:   sharc-run %t.gpu.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done

#include <stdio.h>
#include "polybench-kernels.h"

// CHECK-LABEL: func.func @kernel_gemm(%arg0: index {sharc.name = "ni"}, %arg1: index {sharc.name = "nj"}, %arg2: index {sharc.name = "nk"}, %arg3: f64 {sharc.name = "alpha"}, %arg4: f64 {sharc.name = "beta"}, %arg5: memref<28x32xf64> {sharc.name = "C"}
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg1)) {
// CHECK: affine.for %{{.*}} = 0 to %arg2 {
// CHECK: } {sharc.acc = "acc data copyin(A, B) copy(C); acc parallel present(A,B,C) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) num_workers[1](8); acc loop gang[1] worker[1]; acc loop gang[0] worker[0]"}
// CHECK-NEXT: return
static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE POLYBENCH_2D(C, M, N, ni, nj), DATA_TYPE POLYBENCH_2D(A, M, P, ni, nk),
                        DATA_TYPE POLYBENCH_2D(B, P, N, nk, nj))
{
  int i, j, k;

#pragma scop
#pragma acc data copyin(A, B) copy(C)
  {
#ifdef BARE
#pragma acc parallel present(A,B,C) num_gangs(nj/8) num_workers(8)
#else
// REMARK: indexed-clauses.c:[[@LINE+10]]:37: remark: OpenACC clause 'num_gangs[0](nj/8)' is ignored: sharc chooses the grid of a parallel loop nest itself
// REMARK-NEXT: {{^}}#pragma acc parallel present(A,B,C) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) num_workers[1](8)
// REMARK-NEXT: {{^}}                                    ^
// REMARK-NEXT: indexed-clauses.c:[[@LINE+7]]:56: remark: OpenACC clause 'num_gangs[1](ni/8)' is ignored: sharc chooses the grid of a parallel loop nest itself
// REMARK-NEXT: {{^}}#pragma acc parallel present(A,B,C) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) num_workers[1](8)
// REMARK-NEXT: {{^}}                                                       ^
// REMARK-NEXT: indexed-clauses.c:[[@LINE+4]]:75: remark: OpenACC clause 'num_workers[0](8)' is ignored: sharc chooses the block shape of a parallel loop nest itself
// REMARK: indexed-clauses.c:[[@LINE+3]]:93: remark: OpenACC clause 'num_workers[1](8)' is ignored
// REMARK-NEXT: {{^}}#pragma acc parallel present(A,B,C) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) num_workers[1](8)
// REMARK-NEXT: {{^}}                                                                                            ^
#pragma acc parallel present(A,B,C) num_gangs[0](nj/8) num_gangs[1](ni/8) num_workers[0](8) num_workers[1](8)
#endif
    {
#ifdef BARE
#pragma acc loop gang worker
#else
// REMARK: indexed-clauses.c:[[@LINE+5]]:18: remark: OpenACC clause 'gang[1]' is read as 'gang': sharc chooses the grid and block shape of a parallel loop nest itself
// REMARK-NEXT: {{^}}#pragma acc loop gang[1] worker[1]
// REMARK-NEXT: {{^}}                 ^
// REMARK-NEXT: indexed-clauses.c:[[@LINE+2]]:26: remark: OpenACC clause 'worker[1]' is read as 'worker'
// REMARK-NEXT: {{^}}#pragma acc loop gang[1] worker[1]
#pragma acc loop gang[1] worker[1]
#endif
      for (i = 0; i < ni; i++)
#ifdef BARE
#pragma acc loop gang worker
#else
// REMARK: indexed-clauses.c:[[@LINE+2]]:18: remark: OpenACC clause 'gang[0]' is read as 'gang'
// REMARK: indexed-clauses.c:[[@LINE+1]]:26: remark: OpenACC clause 'worker[0]' is read as 'worker'
#pragma acc loop gang[0] worker[0]
#endif
        for (j = 0; j < nj; j++) {
          C[i][j] *= beta;
          for (k = 0; k < nk; ++k)
            C[i][j] += alpha * A[i][k] * B[k][j];
        }
    }
  }
#pragma endscop
}

// The 2-D convolution of the suites, with a vector dimension: the stencil nest is one band.
// CHECK-LABEL: func.func @kernel_conv2d(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg1) - 1) {
// CHECK: } {sharc.acc = "acc parallel present(A,B) num_gangs[0](nj/32) num_gangs[1](ni/8) vector_length[0](32) num_workers[1](8) async(1); acc loop gang[1] worker[1]; acc loop gang[0] vector[0]"}
static void kernel_conv2d(int ni, int nj, DATA_TYPE POLYBENCH_2D(A, M, N, ni, nj), DATA_TYPE POLYBENCH_2D(B, M, N, ni, nj))
{
  int i, j;
  DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;

  c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
  c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
  c13 = +0.4;  c23 = +0.7;  c33 = +0.10;

#pragma scop
#ifdef BARE
#pragma acc parallel present(A,B) num_gangs(nj/32) vector_length(32) num_workers(8) async(1)
#else
// REMARK: indexed-clauses.c:[[@LINE+2]]:74: remark: OpenACC clause 'vector_length[0](32)' is ignored: sharc chooses the block shape of a parallel loop nest itself
// REMARK: indexed-clauses.c:[[@LINE+1]]:113: remark: OpenACC clause 'async(1)' is ignored: sharc runs every construct to completion in program order, which changes no result
#pragma acc parallel present(A,B) num_gangs[0](nj/32) num_gangs[1](ni/8) vector_length[0](32) num_workers[1](8) async(1)
#endif
  {
#ifdef BARE
#pragma acc loop gang worker
#else
#pragma acc loop gang[1] worker[1]
#endif
    for (i = 1; i < ni - 1; ++i) {
#ifdef BARE
#pragma acc loop gang vector
#else
// REMARK: indexed-clauses.c:[[@LINE+3]]:26: remark: OpenACC clause 'vector[0]' is read as 'vector'
// REMARK-NOT: error
// REMARK-NOT: warning
#pragma acc loop gang[0] vector[0]
#endif
      for (j = 1; j < nj - 1; ++j)
        B[i][j] = c11 * A[(i - 1)][(j - 1)] + c12 * A[(i + 0)][(j - 1)] + c13 * A[(i + 1)][(j - 1)]
                + c21 * A[(i - 1)][(j + 0)] + c22 * A[(i + 0)][(j + 0)] + c23 * A[(i + 1)][(j + 0)]
                + c31 * A[(i - 1)][(j + 1)] + c32 * A[(i + 0)][(j + 1)] + c33 * A[(i + 1)][(j + 1)];
    }
  }
#pragma endscop
}
