// A kernel function that cannot compile is an error at the statement that stops it, however its
// OpenACC pragma is spelled ('# pragma acc' with blanks is a pragma too): it was skipped with a
// remark and the file compiled without it (exit 0), or, with no other function, reported as
// "no function of the file could be compiled" at the file's first function.
// RUN: not sharcc %s 2>&1 | FileCheck %s

float twice(float x) { return 2 * x; }

void kernel(int n, float A[n]) {
  # pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    // CHECK: errors-goto.c:[[@LINE+3]]:16: error: 'goto' is not supported: sharc compiles structured loops and conditionals
    // CHECK-NEXT: {{^}}    if (i > 3) goto skip;
    // CHECK-NEXT: {{^}}               ^
    if (i > 3) goto skip;
    A[i] = twice(A[i]);
  skip:;
  }
}
// CHECK-NEXT: errors-goto.c:9:6: note: while compiling function 'kernel' (select functions with --function)
// CHECK-NOT: remark
