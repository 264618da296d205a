// When no function of a file compiles, the error is the first function's own, at the statement
// that stops it (here a 'goto'), not "no function of the file could be compiled" at the first
// function; the other functions keep their remarks.
// RUN: not sharcc %s 2>&1 | FileCheck %s

// CHECK: errors-no-function-compiles.c:[[@LINE+6]]:6: remark: function 'second' is not compiled: 'goto' is not supported
// CHECK: errors-no-function-compiles.c:[[@LINE+4]]:38: error: 'goto' is not supported: sharc compiles structured loops and conditionals
// CHECK-NEXT: {{^}}void first(float *p) { if (p[0] > 0) goto out; p[0] = 1; out:; }
// CHECK-NEXT: {{^}}                                     ^
// CHECK-NEXT: errors-no-function-compiles.c:[[@LINE+1]]:6: note: while compiling function 'first' (no function of the file compiles; select functions with --function)
void first(float *p) { if (p[0] > 0) goto out; p[0] = 1; out:; }
void second(float *p) { goto again; again: p[0] = 2; }
