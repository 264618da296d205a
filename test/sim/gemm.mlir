// The affine gemm gives the same bits as the same program in C compiled by the system
// compiler (without FMA contraction, which C may apply and MLIR's arith does not).
// RUN: cc -std=c11 -O2 -ffp-contract=off -I %S/Inputs %S/Inputs/gemm.c -o %t.exe
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=gemm --arg=alpha=1.5 --arg=beta=1.2 --arg=A=@%t/in/A.npy --arg=B=@%t/in/B.npy --arg=C=@%t/in/C.npy --dump=%t/sim
// RUN: cmp %t/c/C.npy %t/sim/C.npy

func.func @gemm(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"},
                %C: memref<24x20xf32> {sharc.name = "C"}, %A: memref<24x28xf32> {sharc.name = "A"},
                %B: memref<28x20xf32> {sharc.name = "B"}) {
  affine.for %i = 0 to 24 {
    affine.for %j = 0 to 20 {
      %c = affine.load %C[%i, %j] : memref<24x20xf32>
      %s = arith.mulf %c, %beta : f32
      affine.store %s, %C[%i, %j] : memref<24x20xf32>
    }
    affine.for %k = 0 to 28 {
      affine.for %j = 0 to 20 {
        %a = affine.load %A[%i, %k] : memref<24x28xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<28x20xf32>
        %p = arith.mulf %aa, %b : f32
        %c = affine.load %C[%i, %j] : memref<24x20xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<24x20xf32>
      }
    }
  }
  return
}
