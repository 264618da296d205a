// More unsupported C and bad OpenACC pragmas: each ends in one diagnostic with file:line:col,
// the source line and a caret under the culprit, and a non-zero exit.
// RUN: not sharcc %s --function fn_pointer 2>&1 | FileCheck %s --check-prefix=FNPTR
// RUN: not sharcc %s --function misspelled 2>&1 | FileCheck %s --check-prefix=MISSPELLED
// RUN: not sharcc %s --function misspelled_clause 2>&1 | FileCheck %s --check-prefix=CLAUSE
// RUN: not sharcc %s --function misspelled_loop_clause 2>&1 | FileCheck %s --check-prefix=GANGG
// RUN: not sharcc %s --function unclosed_clause 2>&1 | FileCheck %s --check-prefix=UNCLOSED
// RUN: not sharcc %s --function word_index 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not sharcc %s --function unindexed_clause 2>&1 | FileCheck %s --check-prefix=NOINDEX
// RUN: not sharcc %s --function not_a_loop 2>&1 | FileCheck %s --check-prefix=NOTLOOP
// RUN: not sharcc %s --function collapse_imperfect 2>&1 | FileCheck %s --check-prefix=IMPERFECT
// RUN: not sharcc %s --function collapse_count 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not sharcc %s --function halves 2>&1 | FileCheck %s --check-prefix=HALVES
// RUN: not sharcc %s --function do_while 2>&1 | FileCheck %s --check-prefix=DOWHILE
// RUN: not sharcc %s --function pointer_walk 2>&1 | FileCheck %s --check-prefix=WALK
// RUN: not sharcc %s --function local_pointer 2>&1 | FileCheck %s --check-prefix=LOCALPTR
// RUN: not sharcc %s --function undeclared_bound 2>&1 | FileCheck %s --check-prefix=UNDECLARED
// RUN: not sharcc %s --function float_subscript 2>&1 | FileCheck %s --check-prefix=FLOATSUB
// RUN: not sharcc %s --function variable_step 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not sharcc %s --function early_return_helper 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not sharcc %s --function array_helper 2>&1 | FileCheck %s --check-prefix=ARRAYHELPER
// RUN: not sharcc %s --function recursive_helper 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// Without --function, every function with OpenACC pragmas must compile: the first error names it.
// RUN: not sharcc %s 2>&1 | FileCheck %s --check-prefix=FILE

// FNPTR: errors-constructs.c:[[@LINE+6]]:44: error: parameter 'f' is a function pointer: sharc compiles calls to functions by name only
// FNPTR-NEXT: {{^}}void fn_pointer(int n, float A[n], float (*f)(float)) {
// FNPTR-NEXT: {{^}}                                           ^
// FILE: errors-constructs.c:[[@LINE+3]]:44: error: parameter 'f' is a function pointer
// FILE: errors-constructs.c:[[@LINE+2]]:6: note: while compiling function 'fn_pointer' (select functions with --function)
// FILE-NOT: error
void fn_pointer(int n, float A[n], float (*f)(float)) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    A[i] = f(A[i]);
}

// MISSPELLED: errors-constructs.c:[[@LINE+4]]:13: error: expected an OpenACC construct (parallel, kernels, loop, data, ...)
// MISSPELLED-NEXT: {{^}}#pragma acc paralel loop
// MISSPELLED-NEXT: {{^}}            ^
void misspelled(int n, float A[n]) {
#pragma acc paralel loop
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

// A misspelled clause is an error, not a clause sharc ignores.
// CLAUSE: errors-constructs.c:[[@LINE+5]]:53: error: unknown OpenACC clause 'num_gang'; did you mean 'num_gangs'?
// CLAUSE-NEXT: {{^}}#pragma acc parallel present(A) num_gangs[0](n / 8) num_gang[1](8)
// CLAUSE-NEXT: {{^}}                                                    ^
// CLAUSE-NOT: error
void misspelled_clause(int n, float A[n][n]) {
#pragma acc parallel present(A) num_gangs[0](n / 8) num_gang[1](8)
  {
#pragma acc loop gang[1]
    for (int i = 0; i < n; i++)
#pragma acc loop gang[0]
      for (int j = 0; j < n; j++)
        A[i][j] = 0;
  }
}

void misspelled_loop_clause(int n, float A[n]) {
  // GANGG: errors-constructs.c:[[@LINE+3]]:27: error: unknown OpenACC clause 'gangg'; did you mean 'gang'?
  // GANGG-NEXT: {{^}}#pragma acc parallel loop gangg worker
  // GANGG-NEXT: {{^}}                          ^
#pragma acc parallel loop gangg worker
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void unclosed_clause(int n, float A[n]) {
  // UNCLOSED: errors-constructs.c:[[@LINE+3]]:39: error: the '(' of OpenACC clause 'num_gangs' is not closed
  // UNCLOSED-NEXT: {{^}}#pragma acc parallel loop num_gangs[0](n / 8 vector_length(32)
  // UNCLOSED-NEXT: {{^}}                                      ^
#pragma acc parallel loop num_gangs[0](n / 8 vector_length(32)
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void word_index(int n, float A[n]) {
  // INDEX: errors-constructs.c:[[@LINE+3]]:32: error: the index of OpenACC clause 'gang[x]' must be a grid dimension: the integer 0, 1 or 2
  // INDEX-NEXT: {{^}}#pragma acc parallel loop gang[x] worker[0]
  // INDEX-NEXT: {{^}}                               ^
#pragma acc parallel loop gang[x] worker[0]
  for (int i = 0; i < n; i++)
    A[i] = 0;
}

void unindexed_clause(int n, float A[n][n]) {
  // NOINDEX: errors-constructs.c:[[@LINE+3]]:35: error: OpenACC clause 'collapse' has no indexed form: only gang, worker, vector, num_gangs, num_workers and vector_length take a dimension [d]
  // NOINDEX-NEXT: {{^}}#pragma acc parallel loop collapse[0](2)
  // NOINDEX-NEXT: {{^}}                                  ^
#pragma acc parallel loop collapse[0](2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}

void not_a_loop(int n, float A[n]) {
#pragma acc loop
  // NOTLOOP: errors-constructs.c:[[@LINE+3]]:3: error: an OpenACC loop directive must be followed by a 'for' loop
  // NOTLOOP-NEXT: {{^}}  A[0] = 1;
  // NOTLOOP-NEXT: {{^}}  ^
  A[0] = 1;
}

void collapse_imperfect(int n, float A[n][n]) {
  // IMPERFECT: errors-constructs.c:[[@LINE+6]]:31: error: the loops of a 'collapse' clause must be perfectly nested: a 'for' loop must stand here
  // IMPERFECT-NEXT: {{^}}  for (int i = 0; i < n; i++) {
  // IMPERFECT-NEXT: {{^}}                              ^
  // IMPERFECT-NEXT: errors-constructs.c:[[@LINE+2]]:27: note: the collapse clause
  // IMPERFECT-NEXT: {{^}}#pragma acc parallel loop collapse(2)
#pragma acc parallel loop collapse(2)
  for (int i = 0; i < n; i++) {
    A[i][0] = 1;
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
  }
}

void collapse_count(int n, float A[n][n]) {
  // COUNT: errors-constructs.c:[[@LINE+3]]:27: error: 'collapse' takes one positive integer constant, not '(0)'
  // COUNT-NEXT: {{^}}#pragma acc parallel loop collapse(0)
  // COUNT-NEXT: {{^}}                          ^
#pragma acc parallel loop collapse(0)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = 0;
}

void halves(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // HALVES: errors-constructs.c:[[@LINE+3]]:7: error: subscript 'i / 2' is not affine inside an OpenACC compute region: division and remainder round toward zero in C, which affine maps cannot express
    // HALVES-NEXT: {{^}}    A[i / 2] = 0;
    // HALVES-NEXT: {{^}}      ^
    A[i / 2] = 0;
}

void do_while(int n, float A[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    int j = 0;
    // DOWHILE: errors-constructs.c:[[@LINE+3]]:5: error: while loops are not supported inside an OpenACC compute region: the iteration count must be affine; write a 'for' loop with affine bounds
    // DOWHILE-NEXT: {{^}}    do { j++; } while (j < i);
    // DOWHILE-NEXT: {{^}}    ^
    do { j++; } while (j < i);
    A[i] = j;
  }
}

void pointer_walk(int n, float *p) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // WALK: errors-constructs.c:[[@LINE+3]]:13: error: pointer arithmetic is not supported; write p[i] instead of *(p + i)
    // WALK-NEXT: {{^}}    p[i] = *p++;
    // WALK-NEXT: {{^}}            ^
    p[i] = *p++;
}

void local_pointer(int n, float A[n]) {
  // LOCALPTR: errors-constructs.c:[[@LINE+3]]:10: error: local pointer 'q' is not supported: sharc compiles code without pointers
  // LOCALPTR-NEXT: {{^}}  float *q = A;
  // LOCALPTR-NEXT: {{^}}         ^
  float *q = A;
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    q[i] = 0;
}

void undeclared_bound(int n, float A[n]) {
  // UNDECLARED: errors-constructs.c:[[@LINE+4]]:23: error: loop bound 'm' is not affine inside an OpenACC compute region: 'm' is not declared
  // UNDECLARED-NEXT: {{^}}  for (int i = 0; i < m; i++)
  // UNDECLARED-NEXT: {{^}}                      ^
#pragma acc parallel loop
  for (int i = 0; i < m; i++)
    A[i] = 0;
}

void float_subscript(int n, float A[n], float x) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // FLOATSUB: errors-constructs.c:[[@LINE+3]]:7: error: subscript '(int)x' is not affine inside an OpenACC compute region: 'x' is not an integer
    // FLOATSUB-NEXT: {{^}}    A[(int)x] = 0;
    // FLOATSUB-NEXT: {{^}}      ^
    A[(int)x] = 0;
}

void variable_step(int n, int s, float A[n]) {
#pragma acc parallel loop
  // STEP: errors-constructs.c:[[@LINE+3]]:3: error: loop is not a counted loop with affine bounds:
  // STEP-NEXT: {{^}}  for (int i = 0; i < n; i += s)
  // STEP-NEXT: {{^}}  ^
  for (int i = 0; i < n; i += s)
    A[i] = 0;
}

// A helper is compiled as its body only when it ends with its only `return`.
static int maximum(int a, int b, int c) {
  int k = a <= b ? b : a;
  if (k <= c)
    // HELPER: errors-constructs.c:[[@LINE+3]]:5: error: 'return' is supported only as the last statement of a function
    // HELPER-NEXT: {{^}}    return c;
    // HELPER-NEXT: {{^}}    ^
    return c;
  return k;
}

void early_return_helper(int n, int D[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // HELPER-NEXT: errors-constructs.c:[[@LINE+3]]:12: note: in the call to 'maximum', compiled as its body
    // HELPER-NEXT: {{^}}    D[i] = maximum(D[i], i, 3);
    // HELPER-NEXT: {{^}}           ^
    D[i] = maximum(D[i], i, 3);
}

// ... and takes scalars only: a helper given an array could touch memory behind the analysis.
static float first(float v[4]) { return v[0]; }

void array_helper(int n, float A[n][4], float B[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // ARRAYHELPER: errors-constructs.c:[[@LINE+1]]:12: error: call to 'first' is not supported: parameter 'v' is not a scalar; sharc inlines functions of scalar parameters only
    B[i] = first(A[i]);
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

void recursive_helper(int n, int D[n]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    // RECURSIVE: errors-constructs.c:[[@LINE-5]]:44: error: call to 'fib' is not supported: it is recursive
    // RECURSIVE: errors-constructs.c:[[@LINE+1]]:12: note: in the call to 'fib', compiled as its body
    D[i] = fib(i);
}
