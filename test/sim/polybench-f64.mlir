// PolyBench 3mm, syr2k, trmm, doitgen and covariance in f64 give the same bits as the same
// programs in C: triangular loops whose bounds are affine maps of outer induction variables,
// memref.alloc temporaries, an alloca inside a loop nest, rank-3 memrefs.
// RUN: cc -std=c11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/polybench-f64.c -o %t.exe
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=mm3 --arg=A=@%t/in/3mm/A.npy --arg=B=@%t/in/3mm/B.npy --arg=C=@%t/in/3mm/C.npy --arg=D=@%t/in/3mm/D.npy --random-inputs=3 --dump=%t/sim/3mm
// RUN: cmp %t/c/3mm/G.npy %t/sim/3mm/G.npy
// RUN: sharc-run %s --entry=syr2k --arg=alpha=1.5 --arg=beta=1.2 --arg=A=@%t/in/syr2k/A.npy --arg=B=@%t/in/syr2k/B.npy --arg=C=@%t/in/syr2k/C.npy --dump=%t/sim/syr2k
// RUN: cmp %t/c/syr2k/C.npy %t/sim/syr2k/C.npy
// RUN: sharc-run %s --entry=trmm --arg=alpha=1.5 --arg=A=@%t/in/trmm/A.npy --arg=B=@%t/in/trmm/B.npy --dump=%t/sim/trmm
// RUN: cmp %t/c/trmm/B.npy %t/sim/trmm/B.npy
// RUN: sharc-run %s --entry=doitgen --arg=A=@%t/in/doitgen/A.npy --arg=C4=@%t/in/doitgen/C4.npy --dump=%t/sim/doitgen
// RUN: cmp %t/c/doitgen/A.npy %t/sim/doitgen/A.npy
// RUN: sharc-run %s --entry=covariance --arg=data=@%t/in/covariance/data.npy --random-inputs=3 --dump=%t/sim/covariance
// RUN: cmp %t/c/covariance/cov.npy %t/sim/covariance/cov.npy
// RUN: cmp %t/c/covariance/data.npy %t/sim/covariance/data.npy

#lb_next = affine_map<(d0) -> (d0 + 1)>

func.func @mm3(%A: memref<10x12xf64> {sharc.name = "A"}, %B: memref<12x11xf64> {sharc.name = "B"},
               %C: memref<11x14xf64> {sharc.name = "C"}, %D: memref<14x13xf64> {sharc.name = "D"},
               %G: memref<10x13xf64> {sharc.name = "G"}) {
  %E = memref.alloc() : memref<10x11xf64>
  %F = memref.alloc() : memref<11x13xf64>
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 11 {
      affine.store %zero, %E[%i, %j] : memref<10x11xf64>
      affine.for %k = 0 to 12 {
        %a = affine.load %A[%i, %k] : memref<10x12xf64>
        %b = affine.load %B[%k, %j] : memref<12x11xf64>
        %p = arith.mulf %a, %b : f64
        %e = affine.load %E[%i, %j] : memref<10x11xf64>
        %s = arith.addf %e, %p : f64
        affine.store %s, %E[%i, %j] : memref<10x11xf64>
      }
    }
  }
  affine.for %i = 0 to 11 {
    affine.for %j = 0 to 13 {
      %f = affine.for %k = 0 to 14 iter_args(%acc = %zero) -> (f64) {
        %c = affine.load %C[%i, %k] : memref<11x14xf64>
        %d = affine.load %D[%k, %j] : memref<14x13xf64>
        %p = arith.mulf %c, %d : f64
        %s = arith.addf %acc, %p : f64
        affine.yield %s : f64
      }
      affine.store %f, %F[%i, %j] : memref<11x13xf64>
    }
  }
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 13 {
      %g = affine.for %k = 0 to 11 iter_args(%acc = %zero) -> (f64) {
        %e = affine.load %E[%i, %k] : memref<10x11xf64>
        %f = affine.load %F[%k, %j] : memref<11x13xf64>
        %p = arith.mulf %e, %f : f64
        %s = arith.addf %acc, %p : f64
        affine.yield %s : f64
      }
      affine.store %g, %G[%i, %j] : memref<10x13xf64>
    }
  }
  memref.dealloc %E : memref<10x11xf64>
  memref.dealloc %F : memref<11x13xf64>
  return
}

func.func @syr2k(%alpha: f64 {sharc.name = "alpha"}, %beta: f64 {sharc.name = "beta"},
                 %C: memref<15x15xf64> {sharc.name = "C"}, %A: memref<15x12xf64> {sharc.name = "A"},
                 %B: memref<15x12xf64> {sharc.name = "B"}) {
  affine.for %i = 0 to 15 {
    affine.for %j = 0 to #lb_next(%i) {
      %c = affine.load %C[%i, %j] : memref<15x15xf64>
      %s = arith.mulf %c, %beta : f64
      affine.store %s, %C[%i, %j] : memref<15x15xf64>
    }
    affine.for %k = 0 to 12 {
      affine.for %j = 0 to #lb_next(%i) {
        %ajk = affine.load %A[%j, %k] : memref<15x12xf64>
        %t0 = arith.mulf %ajk, %alpha : f64
        %bik = affine.load %B[%i, %k] : memref<15x12xf64>
        %t1 = arith.mulf %t0, %bik : f64
        %bjk = affine.load %B[%j, %k] : memref<15x12xf64>
        %t2 = arith.mulf %bjk, %alpha : f64
        %aik = affine.load %A[%i, %k] : memref<15x12xf64>
        %t3 = arith.mulf %t2, %aik : f64
        %t4 = arith.addf %t1, %t3 : f64
        %c = affine.load %C[%i, %j] : memref<15x15xf64>
        %s = arith.addf %c, %t4 : f64
        affine.store %s, %C[%i, %j] : memref<15x15xf64>
      }
    }
  }
  return
}

func.func @trmm(%alpha: f64 {sharc.name = "alpha"}, %A: memref<12x12xf64> {sharc.name = "A"},
                %B: memref<12x15xf64> {sharc.name = "B"}) {
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 15 {
      affine.for %k = #lb_next(%i) to 12 {
        %a = affine.load %A[%k, %i] : memref<12x12xf64>
        %bk = affine.load %B[%k, %j] : memref<12x15xf64>
        %p = arith.mulf %a, %bk : f64
        %b = affine.load %B[%i, %j] : memref<12x15xf64>
        %s = arith.addf %b, %p : f64
        affine.store %s, %B[%i, %j] : memref<12x15xf64>
      }
      %b = affine.load %B[%i, %j] : memref<12x15xf64>
      %s = arith.mulf %alpha, %b : f64
      affine.store %s, %B[%i, %j] : memref<12x15xf64>
    }
  }
  return
}

func.func @doitgen(%A: memref<5x6x7xf64> {sharc.name = "A"}, %C4: memref<7x7xf64> {sharc.name = "C4"}) {
  %zero = arith.constant 0.0 : f64
  affine.for %r = 0 to 5 {
    affine.for %q = 0 to 6 {
      %sum = memref.alloca() : memref<7xf64>
      affine.for %p = 0 to 7 {
        affine.store %zero, %sum[%p] : memref<7xf64>
        affine.for %s = 0 to 7 {
          %a = affine.load %A[%r, %q, %s] : memref<5x6x7xf64>
          %c = affine.load %C4[%s, %p] : memref<7x7xf64>
          %m = arith.mulf %a, %c : f64
          %t = affine.load %sum[%p] : memref<7xf64>
          %n = arith.addf %t, %m : f64
          affine.store %n, %sum[%p] : memref<7xf64>
        }
      }
      affine.for %p = 0 to 7 {
        %t = affine.load %sum[%p] : memref<7xf64>
        affine.store %t, %A[%r, %q, %p] : memref<5x6x7xf64>
      }
    }
  }
  return
}

func.func @covariance(%data: memref<15x12xf64> {sharc.name = "data"}, %cov: memref<12x12xf64> {sharc.name = "cov"}) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %float_n = arith.constant 15.0 : f64
  %mean = memref.alloc() : memref<12xf64>
  affine.for %j = 0 to 12 {
    affine.store %zero, %mean[%j] : memref<12xf64>
    affine.for %i = 0 to 15 {
      %m = affine.load %mean[%j] : memref<12xf64>
      %d = affine.load %data[%i, %j] : memref<15x12xf64>
      %s = arith.addf %m, %d : f64
      affine.store %s, %mean[%j] : memref<12xf64>
    }
    %m = affine.load %mean[%j] : memref<12xf64>
    %q = arith.divf %m, %float_n : f64
    affine.store %q, %mean[%j] : memref<12xf64>
  }
  affine.for %i = 0 to 15 {
    affine.for %j = 0 to 12 {
      %d = affine.load %data[%i, %j] : memref<15x12xf64>
      %m = affine.load %mean[%j] : memref<12xf64>
      %s = arith.subf %d, %m : f64
      affine.store %s, %data[%i, %j] : memref<15x12xf64>
    }
  }
  %nm1 = arith.subf %float_n, %one : f64
  affine.for %i = 0 to 12 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to 12 {
      affine.store %zero, %cov[%i, %j] : memref<12x12xf64>
      affine.for %k = 0 to 15 {
        %a = affine.load %data[%k, %i] : memref<15x12xf64>
        %b = affine.load %data[%k, %j] : memref<15x12xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %cov[%i, %j] : memref<12x12xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %cov[%i, %j] : memref<12x12xf64>
      }
      %c = affine.load %cov[%i, %j] : memref<12x12xf64>
      %q = arith.divf %c, %nm1 : f64
      affine.store %q, %cov[%i, %j] : memref<12x12xf64>
      affine.store %q, %cov[%j, %i] : memref<12x12xf64>
    }
  }
  return
}
