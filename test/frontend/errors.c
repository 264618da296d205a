// Unsupported C and bad pragmas end in a diagnostic with file:line:col, the source line and a
// caret, and a non-zero exit.
// RUN: not sharcc %s --function ptr_arith 2>&1 | FileCheck %s --check-prefix=PTR
// RUN: not sharcc %s --function uses_goto 2>&1 | FileCheck %s --check-prefix=GOTO
// RUN: not sharcc %s --function fn_ptr 2>&1 | FileCheck %s --check-prefix=FNPTR
// RUN: not sharcc %s --function while_in_section 2>&1 | FileCheck %s --check-prefix=WHILE
// RUN: not sharcc %s --function indirect 2>&1 | FileCheck %s --check-prefix=INDIRECT
// RUN: not sharcc %s --function product 2>&1 | FileCheck %s --check-prefix=PRODUCT
// RUN: not sharcc %s --function data_bound 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not sharcc %s --function share_unknown 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not sharcc %s --function share_rank 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not sharcc %s --function share_zero 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not sharcc %s --function share_primitive 2>&1 | FileCheck %s --check-prefix=PRIM
// RUN: not sharcc %s --function share_malformed 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not sharcc %s --function share_sequential 2>&1 | FileCheck %s --check-prefix=SEQ
// RUN: not sharcc %s --function syntax 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not sharcc %s --function calls_printf 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not sharcc %s --function missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not sharcc %S/no-such-file.c 2>&1 | FileCheck %s --check-prefix=NOFILE

// PTR: errors.c:[[@LINE+3]]:30: error: pointer arithmetic is not supported; write p[i] instead of *(p + i)
// PTR-NEXT: {{^}}void ptr_arith(float *p) { *(p + 1) = 0.0f; }
// PTR-NEXT: {{^}}                             ^
void ptr_arith(float *p) { *(p + 1) = 0.0f; }

// GOTO: errors.c:[[@LINE+1]]:28: error: 'goto' is not supported: sharc compiles structured loops and conditionals
void uses_goto(float *p) { goto out; out: p[0] = 1; }

// FNPTR: errors.c:[[@LINE+1]]:39: error: call to 'f' is not supported: sharc compiles calls to the C math library and to functions of the file that take and return scalars
void fn_ptr(float *p, int f) { p[0] = f(2); }

void while_in_section(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    int j = 0;
    // WHILE: errors.c:[[@LINE+1]]:5: error: while loops are not supported inside an OpenACC compute region
    while (j < i) j++;
    A[i] = j;
  }
}

void indirect(int n, float A[n], int B[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // INDIRECT: errors.c:[[@LINE+1]]:7: error: subscript 'B[i]' is not affine inside an OpenACC compute region: it reads memory (indirect access)
    A[B[i]] = 0;
}

void product(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // PRODUCT: errors.c:[[@LINE+1]]:7: error: subscript 'i * i' is not affine inside an OpenACC compute region: it multiplies two variables
    A[i * i] = 0;
}

void data_bound(int n, float A[n], int B[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // BOUND: errors.c:[[@LINE+1]]:25: error: loop bound 'B[i]' is not affine inside an OpenACC compute region: it reads memory (indirect access)
    for (int j = 0; j < B[i]; j++)
      A[i] += 1;
}

void share_unknown(int n, float A[n][n]) {
// UNKNOWN: errors.c:[[@LINE+1]]:31: error: share pragma names 'Q', which is not an array in scope
#pragma acc share(A[TB_Y][*], Q[TB_X])
#pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    A[i][0] = 0;
}

void share_rank(int n, float A[n][n]) {
// RANK: errors.c:[[@LINE+1]]:19: error: share pragma gives 1 partition length(s) for 'A', which has 2 dimension(s); give one per dimension, e.g. A[*][*]
#pragma acc share(A[*])
#pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    A[i][0] = 0;
}

void share_zero(int n, float A[n][n]) {
// ZERO: errors.c:[[@LINE+1]]:21: error: constants in a share pragma must be positive
#pragma acc share(A[0][TB_X])
#pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    A[i][0] = 0;
}

void share_primitive(int n, float A[n][n]) {
// PRIM: errors.c:[[@LINE+1]]:21: error: expected a partition length (TB_X, TB_Y, TB_Z, a positive integer, an expression of them, or *) in share pragma
#pragma acc share(A[TB_W][TB_X])
#pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    A[i][0] = 0;
}

void share_malformed(int n, float A[n][n]) {
// MALFORMED: errors.c:[[@LINE+1]]:28: error: expected a partition length
#pragma acc share(A[TB_Y + ][TB_X])
#pragma acc kernels loop independent
  for (int i = 0; i < n; i++)
    A[i][0] = 0;
}

void share_sequential(int n, float A[n][n]) {
// SEQ: errors.c:[[@LINE+1]]:1: error: share pragma governs a loop nest that is not parallel: an iteration reads an element of 'A' that an earlier iteration wrote (distance 1)
#pragma acc share(A[TB_Y][TB_X])
#pragma acc kernels loop independent
  for (int i = 1; i < n; i++)
    A[i][0] = A[i - 1][0] + 1;
}

// SYNTAX: errors.c:[[@LINE+1]]:43: error: expected
void syntax(int n, float A[n]) { A[0] = 1 A[1] = 2; }

// CALL: errors.c:[[@LINE+1]]:37: error: call to 'printf' is not supported
void calls_printf(float *p) { p[0]; printf("%f", p[0]); }

// MISSING: error: no function named 'missing' in the file (it defines: ptr_arith, uses_goto
// NOFILE: error: cannot read '{{.*}}no-such-file.c'
