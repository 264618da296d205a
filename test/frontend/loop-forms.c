// A counted loop whose start is read from memory but whose limit is affine runs as scf.while
// outside OpenACC regions (scf.for needs both bounds as values; this used to panic).
// RUN: sharcc %s -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-run %t.mlir --entry=from_memory --arg=n=7 --random-inputs=1 --dump=%t.d
// CHECK-LABEL: func.func @from_memory(
// CHECK: affine.load %{{.*}}[0] : memref<10xi32>
// CHECK: %[[START:.*]] = arith.andi
// CHECK: scf.while (%{{.*}} = %[[START]])
// CHECK: memref.store
void from_memory(int n, int A[10], float B[10]) {
  for (int i = A[0] & 3; i < n; i++)
    B[i] = 0;
}
