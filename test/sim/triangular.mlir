// Triangular loop nests give the same bits as the same programs in C: lu as one j loop whose
// k bound is an affine.min of two induction variables and whose division sits under an
// affine.if, cholesky with math.sqrt on f64 and an affine.max lower bound, and
// floyd-warshall on i32 with arith.cmpi/select (and the same with arith.minsi).
// RUN: cc -std=c11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/triangular.c -o %t.exe -lm
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=lu --arg=A=@%t/in/lu/A.npy --dump=%t/sim/lu
// RUN: cmp %t/c/lu/A.npy %t/sim/lu/A.npy
// RUN: sharc-run %s --entry=cholesky --arg=A=@%t/in/cholesky/A.npy --dump=%t/sim/cholesky
// RUN: cmp %t/c/cholesky/A.npy %t/sim/cholesky/A.npy
// RUN: sharc-run %s --entry=floyd --arg=path=@%t/in/floyd/path.npy --dump=%t/sim/floyd
// RUN: cmp %t/c/floyd/path.npy %t/sim/floyd/path.npy
// RUN: sharc-run %s --entry=floyd_min --arg=path=@%t/in/floyd/path.npy --dump=%t/sim/floyd_min
// RUN: cmp %t/c/floyd/path.npy %t/sim/floyd_min/path.npy

func.func @lu(%A: memref<13x13xf64> {sharc.name = "A"}) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to 13 {
      affine.for %k = 0 to min affine_map<(d0, d1) -> (d0, d1)>(%i, %j) {
        %a = affine.load %A[%i, %k] : memref<13x13xf64>
        %b = affine.load %A[%k, %j] : memref<13x13xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %A[%i, %j] : memref<13x13xf64>
        %s = arith.subf %c, %p : f64
        affine.store %s, %A[%i, %j] : memref<13x13xf64>
      }
      // j < i
      affine.if affine_set<(d0, d1) : (d0 - d1 - 1 >= 0)>(%i, %j) {
        %c = affine.load %A[%i, %j] : memref<13x13xf64>
        %d = affine.load %A[%j, %j] : memref<13x13xf64>
        %q = arith.divf %c, %d : f64
        affine.store %q, %A[%i, %j] : memref<13x13xf64>
      }
    }
  }
  return
}

func.func @cholesky(%A: memref<13x13xf64> {sharc.name = "A"}) {
  affine.for %i = 0 to 13 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = max affine_map<(d0) -> (0, d0 - 20)>(%j) to affine_map<(d0) -> (d0)>(%j) {
        %a = affine.load %A[%i, %k] : memref<13x13xf64>
        %b = affine.load %A[%j, %k] : memref<13x13xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %A[%i, %j] : memref<13x13xf64>
        %s = arith.subf %c, %p : f64
        affine.store %s, %A[%i, %j] : memref<13x13xf64>
      }
      %c = affine.load %A[%i, %j] : memref<13x13xf64>
      %d = affine.load %A[%j, %j] : memref<13x13xf64>
      %q = arith.divf %c, %d : f64
      affine.store %q, %A[%i, %j] : memref<13x13xf64>
    }
    affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %k] : memref<13x13xf64>
      %p = arith.mulf %a, %a : f64
      %c = affine.load %A[%i, %i] : memref<13x13xf64>
      %s = arith.subf %c, %p : f64
      affine.store %s, %A[%i, %i] : memref<13x13xf64>
    }
    %c = affine.load %A[%i, %i] : memref<13x13xf64>
    %r = math.sqrt %c : f64
    affine.store %r, %A[%i, %i] : memref<13x13xf64>
  }
  return
}

func.func @floyd(%path: memref<17x17xi32> {sharc.name = "path"}) {
  affine.for %k = 0 to 17 {
    affine.for %i = 0 to 17 {
      affine.for %j = 0 to 17 {
        %ij = affine.load %path[%i, %j] : memref<17x17xi32>
        %ik = affine.load %path[%i, %k] : memref<17x17xi32>
        %kj = affine.load %path[%k, %j] : memref<17x17xi32>
        %s = arith.addi %ik, %kj : i32
        %lt = arith.cmpi slt, %ij, %s : i32
        %r = arith.select %lt, %ij, %s : i32
        affine.store %r, %path[%i, %j] : memref<17x17xi32>
      }
    }
  }
  return
}

func.func @floyd_min(%path: memref<17x17xi32> {sharc.name = "path"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 17 : index
  scf.for %k = %c0 to %n step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %ij = memref.load %path[%i, %j] : memref<17x17xi32>
        %ik = memref.load %path[%i, %k] : memref<17x17xi32>
        %kj = memref.load %path[%k, %j] : memref<17x17xi32>
        %s = arith.addi %ik, %kj : i32
        %r = arith.minsi %ij, %s : i32
        memref.store %r, %path[%i, %j] : memref<17x17xi32>
      }
    }
  }
  return
}
