// Calls to helper functions of the file that take and return scalars are compiled as the
// helper's body (so the dependence analysis sees every access, and the kernel stays parallel):
// one-line helpers, locals, nested conditionals, a loop whose bound is an argument, a helper
// in a conditional arm. Results in sharc-run equal the system C compiler's.
// RUN: sharcc %s -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: not grep . %t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s --function k_helpers --emit=c-harness -o %t.d/h.c
// RUN: cc -O0 -ffp-contract=off %t.d/h.c -o %t.d/h -lm
// RUN: %t.d/h %t.d/out n=40
// RUN: sharc-run %t.mlir --entry k_helpers --inputs %t.d/out/in --dump %t.d/out/sharc
// RUN: for f in %t.d/out/out/*.npy; do cmp $f %t.d/out/sharc/$(basename $f) || exit 1; done

// The helpers are compiled as functions of their own too.
// CHECK-LABEL: func.func @sq(%arg0: f32 {sharc.name = "x"}) -> f32 {
// CHECK-LABEL: func.func @k_helpers(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK-NOT: func.call
// The loop of sum_to(i), bounded by the caller's loop variable.
// CHECK: affine.for %{{.*}} = 0 to #map{{[0-9]*}}(%{{.*}}) iter_args(
// CHECK: } {sharc.acc = "acc parallel loop"}
#include <math.h>
#define N 64
static inline float sq(float x) { return x * x; }
static float lerp(float a, float b, float t) { float d = b - a; return a + t * d; }
static int clamp_index(int i, int n) { return i < 0 ? 0 : (i >= n ? n - 1 : i); }
static double sum_to(int n) { double s = 0; for (int k = 0; k < n; k++) s += k; return s; }

void k_helpers(int n, float A[N], float B[N], double C[N], int D[N])
{
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    A[i] = sq(B[i]) + lerp(A[i], B[i], 0.25f);
    C[i] = sum_to(i) + (B[i] > 0 ? sq(B[i]) : 1.5);
    D[i] = clamp_index(D[i], n) + clamp_index(i - 3, n);
  }
}

