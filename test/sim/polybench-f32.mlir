// PolyBench 2mm, atax, bicg, mvt, gesummv and correlation in f32 give the same bits as the same
// programs in C compiled by the system compiler: affine loops with memory and iter_args
// accumulators, a memref.alloc temporary, transposed accesses, scf.for with two loop-carried
// sums, math.sqrt on f32 (sqrtf) and an arith.cmpf/select clamp.
// RUN: cc -std=c11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/polybench-f32.c -o %t.exe -lm
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=mm2 --arg=alpha=1.5 --arg=beta=1.2 --arg=A=@%t/in/2mm/A.npy --arg=B=@%t/in/2mm/B.npy --arg=C=@%t/in/2mm/C.npy --arg=D=@%t/in/2mm/D.npy --dump=%t/sim/2mm
// RUN: cmp %t/c/2mm/D.npy %t/sim/2mm/D.npy
// RUN: sharc-run %s --entry=atax --arg=A=@%t/in/atax/A.npy --arg=x=@%t/in/atax/x.npy --random-inputs=1 --dump=%t/sim/atax
// RUN: cmp %t/c/atax/y.npy %t/sim/atax/y.npy
// RUN: sharc-run %s --entry=bicg --arg=A=@%t/in/bicg/A.npy --arg=p=@%t/in/bicg/p.npy --arg=r=@%t/in/bicg/r.npy --random-inputs=1 --dump=%t/sim/bicg
// RUN: cmp %t/c/bicg/s.npy %t/sim/bicg/s.npy
// RUN: cmp %t/c/bicg/q.npy %t/sim/bicg/q.npy
// RUN: sharc-run %s --entry=mvt --arg=A=@%t/in/mvt/A.npy --arg=x1=@%t/in/mvt/x1.npy --arg=x2=@%t/in/mvt/x2.npy --arg=y1=@%t/in/mvt/y1.npy --arg=y2=@%t/in/mvt/y2.npy --dump=%t/sim/mvt
// RUN: cmp %t/c/mvt/x1.npy %t/sim/mvt/x1.npy
// RUN: cmp %t/c/mvt/x2.npy %t/sim/mvt/x2.npy
// RUN: sharc-run %s --entry=gesummv --arg=alpha=1.5 --arg=beta=1.2 --arg=A=@%t/in/gesummv/A.npy --arg=B=@%t/in/gesummv/B.npy --arg=x=@%t/in/gesummv/x.npy --random-inputs=1 --dump=%t/sim/gesummv
// RUN: cmp %t/c/gesummv/y.npy %t/sim/gesummv/y.npy
// RUN: sharc-run %s --entry=correlation --arg=data=@%t/in/correlation/data.npy --random-inputs=1 --dump=%t/sim/correlation
// RUN: cmp %t/c/correlation/corr.npy %t/sim/correlation/corr.npy
// RUN: cmp %t/c/correlation/data.npy %t/sim/correlation/data.npy

func.func @mm2(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"},
               %A: memref<16x20xf32> {sharc.name = "A"}, %B: memref<20x18xf32> {sharc.name = "B"},
               %C: memref<18x22xf32> {sharc.name = "C"}, %D: memref<16x22xf32> {sharc.name = "D"}) {
  %tmp = memref.alloc() : memref<16x18xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 18 {
      affine.store %zero, %tmp[%i, %j] : memref<16x18xf32>
      affine.for %k = 0 to 20 {
        %a = affine.load %A[%i, %k] : memref<16x20xf32>
        %aa = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%k, %j] : memref<20x18xf32>
        %p = arith.mulf %aa, %b : f32
        %t = affine.load %tmp[%i, %j] : memref<16x18xf32>
        %s = arith.addf %t, %p : f32
        affine.store %s, %tmp[%i, %j] : memref<16x18xf32>
      }
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 22 {
      %d = affine.load %D[%i, %j] : memref<16x22xf32>
      %db = arith.mulf %d, %beta : f32
      %r = affine.for %k = 0 to 18 iter_args(%acc = %db) -> (f32) {
        %t = affine.load %tmp[%i, %k] : memref<16x18xf32>
        %c = affine.load %C[%k, %j] : memref<18x22xf32>
        %p = arith.mulf %t, %c : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %r, %D[%i, %j] : memref<16x22xf32>
    }
  }
  memref.dealloc %tmp : memref<16x18xf32>
  return
}

func.func @atax(%A: memref<19x23xf32> {sharc.name = "A"}, %x: memref<23xf32> {sharc.name = "x"},
                %y: memref<23xf32> {sharc.name = "y"}) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 23 {
    affine.store %zero, %y[%j] : memref<23xf32>
  }
  affine.for %i = 0 to 19 {
    %tmp = affine.for %j = 0 to 23 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<19x23xf32>
      %b = affine.load %x[%j] : memref<23xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %p : f32
      affine.yield %s : f32
    }
    affine.for %j = 0 to 23 {
      %yj = affine.load %y[%j] : memref<23xf32>
      %a = affine.load %A[%i, %j] : memref<19x23xf32>
      %p = arith.mulf %a, %tmp : f32
      %s = arith.addf %yj, %p : f32
      affine.store %s, %y[%j] : memref<23xf32>
    }
  }
  return
}

func.func @bicg(%A: memref<23x19xf32> {sharc.name = "A"}, %s: memref<19xf32> {sharc.name = "s"},
                %q: memref<23xf32> {sharc.name = "q"}, %p: memref<19xf32> {sharc.name = "p"},
                %r: memref<23xf32> {sharc.name = "r"}) {
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to 19 {
    affine.store %zero, %s[%j] : memref<19xf32>
  }
  affine.for %i = 0 to 23 {
    affine.store %zero, %q[%i] : memref<23xf32>
    affine.for %j = 0 to 19 {
      %sj = affine.load %s[%j] : memref<19xf32>
      %ri = affine.load %r[%i] : memref<23xf32>
      %a = affine.load %A[%i, %j] : memref<23x19xf32>
      %m = arith.mulf %ri, %a : f32
      %ns = arith.addf %sj, %m : f32
      affine.store %ns, %s[%j] : memref<19xf32>
      %qi = affine.load %q[%i] : memref<23xf32>
      %pj = affine.load %p[%j] : memref<19xf32>
      %m2 = arith.mulf %a, %pj : f32
      %nq = arith.addf %qi, %m2 : f32
      affine.store %nq, %q[%i] : memref<23xf32>
    }
  }
  return
}

func.func @mvt(%A: memref<23x23xf32> {sharc.name = "A"}, %x1: memref<23xf32> {sharc.name = "x1"},
               %x2: memref<23xf32> {sharc.name = "x2"}, %y1: memref<23xf32> {sharc.name = "y1"},
               %y2: memref<23xf32> {sharc.name = "y2"}) {
  affine.for %i = 0 to 23 {
    affine.for %j = 0 to 23 {
      %x = affine.load %x1[%i] : memref<23xf32>
      %a = affine.load %A[%i, %j] : memref<23x23xf32>
      %y = affine.load %y1[%j] : memref<23xf32>
      %p = arith.mulf %a, %y : f32
      %s = arith.addf %x, %p : f32
      affine.store %s, %x1[%i] : memref<23xf32>
    }
  }
  affine.for %i = 0 to 23 {
    affine.for %j = 0 to 23 {
      %x = affine.load %x2[%i] : memref<23xf32>
      %a = affine.load %A[%j, %i] : memref<23x23xf32>
      %y = affine.load %y2[%j] : memref<23xf32>
      %p = arith.mulf %a, %y : f32
      %s = arith.addf %x, %p : f32
      affine.store %s, %x2[%i] : memref<23xf32>
    }
  }
  return
}

func.func @gesummv(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"},
                   %A: memref<23x23xf32> {sharc.name = "A"}, %B: memref<23x23xf32> {sharc.name = "B"},
                   %x: memref<23xf32> {sharc.name = "x"}, %y: memref<23xf32> {sharc.name = "y"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 23 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t:2 = scf.for %j = %c0 to %n step %c1 iter_args(%tmp = %zero, %yi = %zero) -> (f32, f32) {
      %a = memref.load %A[%i, %j] : memref<23x23xf32>
      %xj = memref.load %x[%j] : memref<23xf32>
      %p = arith.mulf %a, %xj : f32
      %nt = arith.addf %p, %tmp : f32
      %b = memref.load %B[%i, %j] : memref<23x23xf32>
      %q = arith.mulf %b, %xj : f32
      %ny = arith.addf %q, %yi : f32
      scf.yield %nt, %ny : f32, f32
    }
    %at = arith.mulf %alpha, %t#0 : f32
    %by = arith.mulf %beta, %t#1 : f32
    %r = arith.addf %at, %by : f32
    memref.store %r, %y[%i] : memref<23xf32>
  }
  return
}

func.func @correlation(%data: memref<14x10xf32> {sharc.name = "data"}, %corr: memref<10x10xf32> {sharc.name = "corr"}) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 0.1 : f32
  %float_n = arith.constant 14.0 : f32
  %mean = memref.alloca() : memref<10xf32>
  %stddev = memref.alloca() : memref<10xf32>
  affine.for %j = 0 to 10 {
    %s = affine.for %i = 0 to 14 iter_args(%acc = %zero) -> (f32) {
      %d = affine.load %data[%i, %j] : memref<14x10xf32>
      %t = arith.addf %acc, %d : f32
      affine.yield %t : f32
    }
    %m = arith.divf %s, %float_n : f32
    affine.store %m, %mean[%j] : memref<10xf32>
  }
  affine.for %j = 0 to 10 {
    %m = affine.load %mean[%j] : memref<10xf32>
    %s = affine.for %i = 0 to 14 iter_args(%acc = %zero) -> (f32) {
      %d = affine.load %data[%i, %j] : memref<14x10xf32>
      %c = arith.subf %d, %m : f32
      %c2 = arith.subf %d, %m : f32
      %sq = arith.mulf %c, %c2 : f32
      %t = arith.addf %acc, %sq : f32
      affine.yield %t : f32
    }
    %v = arith.divf %s, %float_n : f32
    %sd = math.sqrt %v : f32
    %small = arith.cmpf ole, %sd, %eps : f32
    %r = arith.select %small, %one, %sd : f32
    affine.store %r, %stddev[%j] : memref<10xf32>
  }
  %sqrt_n = math.sqrt %float_n : f32
  affine.for %i = 0 to 14 {
    affine.for %j = 0 to 10 {
      %d = affine.load %data[%i, %j] : memref<14x10xf32>
      %m = affine.load %mean[%j] : memref<10xf32>
      %c = arith.subf %d, %m : f32
      %sd = affine.load %stddev[%j] : memref<10xf32>
      %den = arith.mulf %sqrt_n, %sd : f32
      %q = arith.divf %c, %den : f32
      affine.store %q, %data[%i, %j] : memref<14x10xf32>
    }
  }
  affine.for %i = 0 to 9 {
    affine.store %one, %corr[%i, %i] : memref<10x10xf32>
    affine.for %j = affine_map<(d0) -> (d0 + 1)>(%i) to 10 {
      %s = affine.for %k = 0 to 14 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %data[%k, %i] : memref<14x10xf32>
        %b = affine.load %data[%k, %j] : memref<14x10xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %corr[%i, %j] : memref<10x10xf32>
      affine.store %s, %corr[%j, %i] : memref<10x10xf32>
    }
  }
  affine.store %one, %corr[9, 9] : memref<10x10xf32>
  return
}
