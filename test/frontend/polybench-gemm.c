// A whole benchmark program in the PolyBench/ACC layout: the suite's header with its array and
// allocation macros, a per-benchmark header choosing sizes and the element type, init_array with
// pointer parameters, print_array with fprintf, main with malloc'd arrays and timers. sharcc
// compiles the kernel and init_array, skips print_array with a remark (main is not compiled
// unless asked for), and the kernel's results in sharc-run equal the system C compiler's, whose
// harness includes the whole program (main and what only it calls are dropped).
// RUN: sharcc %s -I %S/Inputs -o %t.mlir 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s -I %S/Inputs --function kernel_gemm --emit=c-harness -o %t.d/h.c
// RUN: cc -O0 -ffp-contract=off -I %S/Inputs %t.d/h.c -o %t.d/h -lm
// RUN: %t.d/h %t.d/out ni=20 nj=25 nk=30 alpha=1.5 beta=1.2
// RUN: sharc-run %t.mlir --entry kernel_gemm --inputs %t.d/out/in --dump %t.d/out/sharc
// RUN: cmp %t.d/out/out/C.npy %t.d/out/sharc/C.npy
// The same in single precision, with C99 array parameters.
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO -o %t.f.mlir 2> /dev/null
// RUN: FileCheck %s --check-prefix=C99 --input-file=%t.f.mlir
// RUN: sharcc %s -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO --function kernel_gemm --emit=c-harness -o %t.d/hf.c
// RUN: cc -O0 -ffp-contract=off -I %S/Inputs -DDATA_TYPE_IS_FLOAT -DPOLYBENCH_USE_C99_PROTO %t.d/hf.c -o %t.d/hf -lm
// RUN: %t.d/hf %t.d/outf ni=13 nj=17 nk=11 alpha=1.5 beta=1.2
// RUN: sharc-run %t.f.mlir --entry kernel_gemm --inputs %t.d/outf/in --dump %t.d/outf/sharc
// RUN: cmp %t.d/outf/out/C.npy %t.d/outf/sharc/C.npy

// `*alpha = 1.5` stores through a pointer parameter.
// CHECK-LABEL: func.func @init_array(%arg0: index {sharc.name = "ni"}, %arg1: index {sharc.name = "nj"}, %arg2: index {sharc.name = "nk"}, %arg3: memref<?xf64> {sharc.name = "alpha"}, %arg4: memref<?xf64> {sharc.name = "beta"}, %arg5: memref<20x25xf64> {sharc.name = "C"}
// CHECK: affine.store %{{.*}}, %arg3[0] : memref<?xf64>
// CHECK-LABEL: func.func @kernel_gemm(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg1)) {
// CHECK: } {sharc.acc = "acc data copyin(A[0:ni][0:nk], B[0:nk][0:nj]) copy(C[0:ni][0:nj]); acc parallel present(A, B, C) num_gangs(ni) vector_length(32); acc loop gang; acc loop vector"}
// CHECK-NOT: func.func @main
// C99-LABEL: func.func @kernel_gemm(%arg0: index {sharc.name = "ni"}, %arg1: index {sharc.name = "nj"}, %arg2: index {sharc.name = "nk"}, %arg3: f32 {sharc.name = "alpha"}, %arg4: f32 {sharc.name = "beta"}, %arg5: memref<?x?xf32> {sharc.name = "C"}
// REMARK: polybench-gemm.c:[[@LINE+41]]:6: remark: function 'print_array' is not compiled: call to 'fprintf' is not supported: sharc compiles calls to the C math library and to functions of the file that take and return scalars
// REMARK-NOT: error
/* gemm in the PolyBench/ACC style. */
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <math.h>

/* Include polybench common header. */
#include <polybench.h>

/* Include benchmark-specific header. */
#include "gemm.h"

/* Array initialization. */
static
void init_array(int ni, int nj, int nk,
		DATA_TYPE *alpha,
		DATA_TYPE *beta,
		DATA_TYPE POLYBENCH_2D(C,NI,NJ,ni,nj),
		DATA_TYPE POLYBENCH_2D(A,NI,NK,ni,nk),
		DATA_TYPE POLYBENCH_2D(B,NK,NJ,nk,nj))
{
  int i, j;

  *alpha = 1.5;
  *beta = 1.2;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = (DATA_TYPE) ((i*j+1) % ni) / ni;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nk; j++)
      A[i][j] = (DATA_TYPE) (i*(j+1) % nk) / nk;
  for (i = 0; i < nk; i++)
    for (j = 0; j < nj; j++)
      B[i][j] = (DATA_TYPE) (i*(j+2) % nj) / nj;
}

/* DCE code. Must scan the entire live-out data.
   Can be used also to check the correctness of the output. */
static
void print_array(int ni, int nj,
		 DATA_TYPE POLYBENCH_2D(C,NI,NJ,ni,nj))
{
  int i, j;

  POLYBENCH_DUMP_START;
  POLYBENCH_DUMP_BEGIN("C");
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
	if ((i * ni + j) % 20 == 0) fprintf (POLYBENCH_DUMP_TARGET, "\n");
	fprintf (POLYBENCH_DUMP_TARGET, DATA_PRINTF_MODIFIER, C[i][j]);
    }
  POLYBENCH_DUMP_END("C");
  POLYBENCH_DUMP_FINISH;
}

/* Main computational kernel. The whole function will be timed,
   including the call and return. */
static
void kernel_gemm(int ni, int nj, int nk,
		 DATA_TYPE alpha,
		 DATA_TYPE beta,
		 DATA_TYPE POLYBENCH_2D(C,NI,NJ,ni,nj),
		 DATA_TYPE POLYBENCH_2D(A,NI,NK,ni,nk),
		 DATA_TYPE POLYBENCH_2D(B,NK,NJ,nk,nj))
{
  int i, j, k;

  #pragma scop
  #pragma acc data copyin(A[0:ni][0:nk], B[0:nk][0:nj]) copy(C[0:ni][0:nj])
  {
    #pragma acc parallel present(A, B, C) num_gangs(ni) vector_length(32)
    {
      #pragma acc loop gang
      for (i = 0; i < _PB_NI; i++)
        #pragma acc loop vector
	for (j = 0; j < _PB_NJ; j++)
	  {
	    C[i][j] *= beta;
	    for (k = 0; k < _PB_NK; ++k)
	      C[i][j] += alpha * A[i][k] * B[k][j];
	  }
    }
  }
  #pragma endscop
}

int main(int argc, char** argv)
{
  /* Retrieve problem size. */
  int ni = NI;
  int nj = NJ;
  int nk = NK;

  /* Variable declaration/allocation. */
  DATA_TYPE alpha;
  DATA_TYPE beta;
  POLYBENCH_2D_ARRAY_DECL(C,DATA_TYPE,NI,NJ,ni,nj);
  POLYBENCH_2D_ARRAY_DECL(A,DATA_TYPE,NI,NK,ni,nk);
  POLYBENCH_2D_ARRAY_DECL(B,DATA_TYPE,NK,NJ,nk,nj);

  /* Initialize array(s). */
  init_array (ni, nj, nk, &alpha, &beta,
	      POLYBENCH_ARRAY(C),
	      POLYBENCH_ARRAY(A),
	      POLYBENCH_ARRAY(B));

  /* Start timer. */
  polybench_start_instruments;

  /* Run kernel. */
  kernel_gemm (ni, nj, nk,
	       alpha, beta,
	       POLYBENCH_ARRAY(C),
	       POLYBENCH_ARRAY(A),
	       POLYBENCH_ARRAY(B));

  /* Stop and print timer. */
  polybench_stop_instruments;
  polybench_print_instruments;

  /* Prevent dead-code elimination. All live-out data must be printed
     by the function call in argument. */
  polybench_prevent_dce(print_array(ni, nj,  POLYBENCH_ARRAY(C)));

  /* Be clean. */
  POLYBENCH_FREE_ARRAY(C);
  POLYBENCH_FREE_ARRAY(A);
  POLYBENCH_FREE_ARRAY(B);

  return 0;
}
