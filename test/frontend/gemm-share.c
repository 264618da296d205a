// Seed 000's gemm (Fig. 2(a)) with its share pragma: the pragma is kept on the parallel band as
// written (digest 000 §12.1: B = [*][TB_X], A = [TB_Y][*] with :coalesce), the band is (i, j),
// the k loop carries `ab` as an iter_arg, and the result equals the system C compiler's.
// RUN: sharcc %s -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %t.mlir --verify-each -o /dev/null
// RUN: sharcc %s --function gemm --emit=c-harness -o %t.c && cc -O0 -ffp-contract=off %t.c -o %t.exe -lm
// RUN: rm -rf %t.d && %t.exe %t.d n=45 a=1.5 b=-0.75
// RUN: sharc-run %t.mlir --entry gemm --inputs %t.d/in --dump %t.d/sharc
// RUN: cmp %t.d/out/C.npy %t.d/sharc/C.npy

// CHECK-LABEL: func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "a"}, %arg2: f32 {sharc.name = "b"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"})
// CHECK: affine.parallel (%[[I:.*]], %[[J:.*]]) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
// CHECK:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[AB:.*]] = affine.for %[[K:.*]] = 0 to %arg0 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK:     affine.load %arg3[%[[I]], %[[K]]]
// CHECK:     affine.load %arg4[%[[K]], %[[J]]]
// CHECK:   affine.store %{{.*}}, %arg5[%[[I]], %[[J]]]
// CHECK: } {sharc.acc = "acc kernels loop independent; acc loop independent", sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}

void gemm(int n, float a, float b, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc share(B[*][TB_X],A[TB_Y][*]:coalesce)
#pragma acc kernels loop independent
  for(i=0;i<n;i++){
    #pragma acc loop independent
    for(j=0;j<n;j++){
      float ab=0.0f;
      for(k=0;k<n;k++)
        //S1
        ab+=A[i][k]*B[k][j];
      //S2
      C[i][j]=a*ab+b*C[i][j];}}
}
