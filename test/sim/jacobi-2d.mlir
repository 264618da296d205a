// The affine jacobi-2d (f64, affine maps with offsets in subscripts) gives the same bits as
// the same program in C compiled by the system compiler.
// RUN: cc -std=c11 -O2 -ffp-contract=off -I %S/Inputs %S/Inputs/jacobi-2d.c -o %t.exe
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=jacobi --arg=A=@%t/in/A.npy --arg=B=@%t/in/B.npy --dump=%t/sim
// RUN: cmp %t/c/A.npy %t/sim/A.npy
// RUN: cmp %t/c/B.npy %t/sim/B.npy

#map = affine_map<(d0) -> (d0 - 1)>
#map1 = affine_map<(d0) -> (d0 + 1)>
func.func @jacobi(%A: memref<30x30xf64> {sharc.name = "A"}, %B: memref<30x30xf64> {sharc.name = "B"}) {
  %cst = arith.constant 2.000000e-01 : f64
  affine.for %t = 0 to 6 {
    affine.for %i = 1 to 29 {
      affine.for %j = 1 to 29 {
        %0 = affine.load %A[%i, %j] : memref<30x30xf64>
        %1 = affine.load %A[%i, %j - 1] : memref<30x30xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %A[%i, %j + 1] : memref<30x30xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = affine.load %A[%i + 1, %j] : memref<30x30xf64>
        %6 = arith.addf %4, %5 : f64
        %7 = affine.load %A[%i - 1, %j] : memref<30x30xf64>
        %8 = arith.addf %6, %7 : f64
        %9 = arith.mulf %cst, %8 : f64
        affine.store %9, %B[%i, %j] : memref<30x30xf64>
      }
    }
    affine.for %i = 1 to 29 {
      affine.for %j = 1 to 29 {
        %0 = affine.load %B[%i, %j] : memref<30x30xf64>
        %1 = affine.load %B[%i, %j - 1] : memref<30x30xf64>
        %2 = arith.addf %0, %1 : f64
        %3 = affine.load %B[%i, %j + 1] : memref<30x30xf64>
        %4 = arith.addf %2, %3 : f64
        %5 = affine.load %B[%i + 1, %j] : memref<30x30xf64>
        %6 = arith.addf %4, %5 : f64
        %7 = affine.load %B[%i - 1, %j] : memref<30x30xf64>
        %8 = arith.addf %6, %7 : f64
        %9 = arith.mulf %cst, %8 : f64
        affine.store %9, %A[%i, %j] : memref<30x30xf64>
      }
    }
  }
  return
}
