// Scalars a parallel loop assigns: private to an iteration when each iteration assigns them
// before reading them and nothing reads them after the loop (also inside a time loop, and when
// both branches of an `if` assign them); a scalar an iteration may read before assigning keeps
// the loop sequential. Results in sharc-run equal the system C compiler's.
// RUN: sharcc %s -o %t.mlir 2> %t.warnings
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warnings
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in cond_keep cond_both nested_time; do \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=40 && \
// RUN:   sharc-run %t.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/sharc && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do cmp $f %t.d/$k.out/sharc/$(basename $f) || exit 1; done || exit 1; done

// CHECK-LABEL: func.func @cond_keep(
// CHECK-NOT: affine.parallel
// CHECK-LABEL: func.func @cond_both(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// CHECK-LABEL: func.func @nested_time(
// CHECK: affine.for %{{.*}} = 0 to 3 iter_args(
// CHECK: affine.parallel (%{{.*}}) = (0) to (symbol(%arg0)) {
// WARN: private-scalars.c:[[@LINE+5]]:3: warning: loop stays sequential: an iteration reads the value of 't' that the previous iteration left (a reduction or a recurrence)
// WARN-NOT: warning
void cond_keep(int n, float A[64], float B[64]) {
  float t = 0.0f;
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    if (B[i] > 0.0f) t = B[i];
    A[i] = t;
  }
}
void cond_both(int n, float A[64], float B[64]) {
  float t;
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
    if (B[i] > 0.0f) t = B[i]; else t = -B[i];
    A[i] = t;
  }
}
void nested_time(int n, float A[64][64], float B[64]) {
  float t;
  for (int s = 0; s < 3; s++) {
#pragma acc parallel loop
    for (int i = 0; i < n; i++) {
      t = B[i] + s;
      for (int j = 0; j < n; j++)
        A[i][j] += t;
    }
  }
}
