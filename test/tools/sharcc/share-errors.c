// A share pragma sharc cannot honour is an error that says what to change, from C to the end.
// RUN: not sharcc %s --function too_big --target gtx690 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FIT
// FIT: share-errors.c:[[@LINE+15]]:3: error: the arrays of the share pragma cannot fit in shared memory on gtx690: the smallest legal thread block needs 262144 B, over θ_s × SMSize = 12288 B; use smaller constant lengths, TB primitives or * in the pragma, or drop :coalesce
// RUN: not sharcc %s --function not_parallel --target a100 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PAR
// PAR: share-errors.c:[[@LINE+25]]:1: error: share pragma governs a loop nest that is not parallel: an iteration reads an element of 'A' that an earlier iteration wrote (distance 1)
// PAR: share-errors.c:[[@LINE+27]]:12: note: the dependence
// RUN: not sharcc %s --function twice --target a100 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: share-errors.c:[[@LINE+31]]:1: error: a second share pragma before the loop nest of the first
// RUN: not sharcc %s --function fixed_parallel --target a100 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: share-errors.c:[[@LINE+39]]:3: error: conflicting share pragma: partition length '100' of A dimension 1 splits the parallel loop
// The baseline mapping does not read the pragma's sizes, so --no-shared still compiles.
// RUN: sharcc %s --function too_big --target gtx690 --no-shared --emit=gpu -o /dev/null

void too_big(int n, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc share(A[TB_Y][65536])
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float s = 0.0f;
      for (k = 0; k < n; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

void not_parallel(int n, float A[n]) {
  int i;
#pragma acc share(A[TB_X])
#pragma acc kernels loop independent
  for (i = 1; i < n; i++)
    A[i] = A[i - 1] + 1.0f;
}

void twice(int n, float A[n], float B[n]) {
  int i;
#pragma acc share(A[TB_X])
#pragma acc share(A[TB_X * 2])
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
    B[i] = A[i];
}

void fixed_parallel(int n, float A[n][n], float B[n][n]) {
  int i, j;
#pragma acc share(A[TB_Y][100])
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++)
      B[i][j] = A[i][j];
}
