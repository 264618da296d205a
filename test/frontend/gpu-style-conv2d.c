// A whole program in the style of GPU benchmark suites: flattened arrays with subscripts like
// `A[(i - 1)*NJ + (j + 1)]` (affine, since NJ is a macro constant), a DATA_TYPE typedef, helper
// functions from a header (timers with struct timeval, percentDiff), init with rand(), a
// comparison printing with printf, and main with malloc. sharcc compiles both convolutions,
// skips init and compareResults with a remark, and the OpenACC version's results in sharc-run
// equal the system C compiler's.
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s -I %S/Inputs --function conv2D_acc --emit=c-harness -o %t.d/h.c
// RUN: cc -O0 -ffp-contract=off -I %S/Inputs %t.d/h.c -o %t.d/h -lm
// RUN: %t.d/h %t.d/out
// RUN: sharc-run %t.mlir --entry conv2D_acc --inputs %t.d/out/in --dump %t.d/out/sharc
// RUN: cmp %t.d/out/out/B.npy %t.d/out/sharc/B.npy

// CHECK-LABEL: func.func @conv2D(%arg0: memref<?xf32> {sharc.name = "A"}, %arg1: memref<?xf32> {sharc.name = "B"})
// CHECK-LABEL: func.func @conv2D_acc(%arg0: memref<3072xf32> {sharc.name = "A"}, %arg1: memref<3072xf32> {sharc.name = "B"})
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (63, 47) {
// CHECK: affine.store %{{.*}}, %arg1[%{{.*}} * 48 + %{{.*}}] : memref<3072xf32>
// CHECK: } {sharc.acc = "acc kernels copyin(A[0:NI*NJ]) copyout(B[0:NI*NJ]); acc loop independent; acc loop independent"}
// CHECK-NOT: func.func @main
// REMARK: remark: function 'init' is not compiled: call to 'rand' is not supported: sharc compiles calls to the C math library and to functions of the file that take and return scalars
// REMARK: remark: function 'compareResults' is not compiled: call to 'percentDiff' is not supported
// REMARK-NOT: error

#include <unistd.h>
#include <stdio.h>
#include <time.h>
#include <sys/time.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include "gpu-bench-utils.h"

//define the error threshold for the results "not matching"
#define PERCENT_DIFF_ERROR_THRESHOLD 0.05

/* Problem size */
#define NI 64
#define NJ 48

/* Can switch DATA_TYPE between float and double */
typedef float DATA_TYPE;

void conv2D(DATA_TYPE* A, DATA_TYPE* B)
{
  int i, j;
  DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;

  c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
  c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
  c13 = +0.4;  c23 = +0.7;  c33 = +0.10;

  for (i = 1; i < NI - 1; ++i) // 0
  {
    for (j = 1; j < NJ - 1; ++j) // 1
    {
      B[i*NJ + j] = c11 * A[(i - 1)*NJ + (j - 1)]  +  c12 * A[(i + 0)*NJ + (j - 1)]  +  c13 * A[(i + 1)*NJ + (j - 1)]
        + c21 * A[(i - 1)*NJ + (j + 0)]  +  c22 * A[(i + 0)*NJ + (j + 0)]  +  c23 * A[(i + 1)*NJ + (j + 0)]
        + c31 * A[(i - 1)*NJ + (j + 1)]  +  c32 * A[(i + 0)*NJ + (j + 1)]  +  c33 * A[(i + 1)*NJ + (j + 1)];
    }
  }
}

void conv2D_acc(DATA_TYPE A[NI * NJ], DATA_TYPE B[NI * NJ])
{
  int i, j;
  DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;

  c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
  c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
  c13 = +0.4;  c23 = +0.7;  c33 = +0.10;

  #pragma acc kernels copyin(A[0:NI*NJ]) copyout(B[0:NI*NJ])
  {
  #pragma acc loop independent
  for (i = 1; i < NI - 1; ++i) // 0
  {
    #pragma acc loop independent
    for (j = 1; j < NJ - 1; ++j) // 1
    {
      B[i*NJ + j] = c11 * A[(i - 1)*NJ + (j - 1)]  +  c12 * A[(i + 0)*NJ + (j - 1)]  +  c13 * A[(i + 1)*NJ + (j - 1)]
        + c21 * A[(i - 1)*NJ + (j + 0)]  +  c22 * A[(i + 0)*NJ + (j + 0)]  +  c23 * A[(i + 1)*NJ + (j + 0)]
        + c31 * A[(i - 1)*NJ + (j + 1)]  +  c32 * A[(i + 0)*NJ + (j + 1)]  +  c33 * A[(i + 1)*NJ + (j + 1)];
    }
  }
  }
}

void init(DATA_TYPE* A)
{
  int i, j;
  for (i = 0; i < NI; ++i)
    for (j = 0; j < NJ; ++j)
      A[i*NJ + j] = (float)rand()/RAND_MAX;
}

void compareResults(DATA_TYPE* B, DATA_TYPE* B_outputFromGpu)
{
  int i, j, fail;
  fail = 0;
  // Compare a and b
  for (i=1; i < (NI-1); i++)
    for (j=1; j < (NJ-1); j++)
      if (percentDiff(B[i*NJ + j], B_outputFromGpu[i*NJ + j]) > PERCENT_DIFF_ERROR_THRESHOLD)
        fail++;
  // Print results
  printf("Non-Matching CPU-GPU Outputs Beyond Error Threshold of %4.2f Percent: %d\n", PERCENT_DIFF_ERROR_THRESHOLD, fail);
}

int main(int argc, char *argv[])
{
  double t_start, t_end;
  DATA_TYPE* A;
  DATA_TYPE* B;
  DATA_TYPE* B_outputFromGpu;
  A = (DATA_TYPE*)malloc(NI*NJ*sizeof(DATA_TYPE));
  B = (DATA_TYPE*)malloc(NI*NJ*sizeof(DATA_TYPE));
  B_outputFromGpu = (DATA_TYPE*)malloc(NI*NJ*sizeof(DATA_TYPE));
  init(A);
  t_start = rtclock();
  conv2D_acc(A, B_outputFromGpu);
  t_end = rtclock();
  fprintf(stdout, "GPU Runtime: %0.6lfs\n", t_end - t_start);
  t_start = rtclock();
  conv2D(A, B);
  t_end = rtclock();
  fprintf(stdout, "CPU Runtime: %0.6lfs\n", t_end - t_start);
  compareResults(B, B_outputFromGpu);
  free(A);
  free(B);
  free(B_outputFromGpu);
  return 0;
}
