// An array whose static sizes make more bytes than a 64-bit signed integer counts is an error at
// its declaration (gcc: "size of array is too large"): the generated code sizes buffers and
// linearises indices in 64-bit arithmetic, which would wrap and silently address other elements.
// The largest element count that fits still compiles.
// RUN: not sharcc %s --function two_dims 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not sharcc %s --function three_dims 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not sharcc %s --function local 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: sharcc %s --function fits --emit=gpu | FileCheck %s --check-prefix=FITS

// TWO: errors-array-too-large.c:[[@LINE+3]]:22: error: array 'A' is too large: 4000000000 x 4000000000 elements of 8 bytes overflow 64-bit index arithmetic
// TWO-NEXT: {{^}}void two_dims(double A[4000000000][4000000000]) {
// TWO-NEXT: {{^}}                     ^
void two_dims(double A[4000000000][4000000000]) {
#pragma acc parallel loop
  for (long i = 0; i < 4000000000; i++)
    A[i][i] = 1.0;
}

#define N 3037000500L
// THREE: errors-array-too-large.c:[[@LINE+1]]:30: error: array 'A' is too large: ? x 3037000500 x 3037000500 elements of 4 bytes overflow 64-bit index arithmetic
void three_dims(int n, float A[n][N][N]) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    A[i][i][i] = 1.0f;
}

// LOCAL: errors-array-too-large.c:[[@LINE+3]]:9: error: array 'tmp' is too large: 3037000500 x 3037000500 elements of 4 bytes overflow 64-bit index arithmetic
void local(int n, float A[n]) {
  float s = 0.0f;
  float tmp[N][N];
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    A[i] = s;
}

// 2^30 x 2^29 elements of 8 bytes make 2^62 bytes, which fits.
// FITS: gpu.launch_func
void fits(double A[1073741824][536870912]) {
#pragma acc parallel loop
  for (long i = 0; i < 1073741824; i++)
    A[i][0] = 1.0;
}
