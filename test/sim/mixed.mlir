// Integer division, remainder and shifts, casts, math.sqrt/exp, scf.if with results, and an
// scf.while loop in a called function give the same bits as the same program in C.
// RUN: cc -std=c11 -O2 -ffp-contract=off -I %S/Inputs %S/Inputs/mixed.c -o %t.exe -lm
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=mixed --arg=X=@%t/in/X.npy --arg=Y=@%t/in/Y.npy --arg=H=@%t/in/H.npy --random-inputs=5 --dump=%t/sim
// RUN: cmp %t/c/Z.npy %t/sim/Z.npy
// RUN: cmp %t/c/H.npy %t/sim/H.npy
// RUN: cmp %t/c/G.npy %t/sim/G.npy
// RUN: cmp %t/c/D.npy %t/sim/D.npy

func.func private @gcd(%a0: i32, %b0: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r:2 = scf.while (%a = %a0, %b = %b0) : (i32, i32) -> (i32, i32) {
    %ne = arith.cmpi ne, %b, %c0 : i32
    scf.condition(%ne) %a, %b : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    %t = arith.remsi %a, %b : i32
    scf.yield %b, %t : i32, i32
  }
  return %r#0 : i32
}

func.func @mixed(%X: memref<64xi32> {sharc.name = "X"}, %Y: memref<64xf32> {sharc.name = "Y"},
                 %Z: memref<64xf32> {sharc.name = "Z"}, %H: memref<8xi32> {sharc.name = "H"},
                 %G: memref<64xi32> {sharc.name = "G"}, %D: memref<64xf64> {sharc.name = "D"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c0i = arith.constant 0 : i32
  %c1i = arith.constant 1 : i32
  %c2i = arith.constant 2 : i32
  %c3i = arith.constant 3 : i32
  %c7i = arith.constant 7 : i32
  %c1000 = arith.constant 1000 : i32
  %four = arith.constant 4.0 : f32
  %half = arith.constant 0.5 : f32
  %three = arith.constant 3.0 : f64
  scf.for %i = %c0 to %c64 step %c1 {
    %x = memref.load %X[%i] : memref<64xi32>
    %q = arith.divsi %x, %c7i : i32
    %r = arith.remsi %x, %c7i : i32
    %sl = arith.shli %x, %c2i : i32
    %sr = arith.shrsi %x, %c1i : i32
    %s = arith.xori %sl, %sr : i32
    %u = arith.shrui %x, %c3i : i32
    %y = memref.load %Y[%i] : memref<64xf32>
    %qf = arith.sitofp %q : i32 to f32
    %m = arith.mulf %qf, %y : f32
    %ay = math.absf %y : f32
    %sq = math.sqrt %ay : f32
    %y4 = arith.divf %y, %four : f32
    %e = math.exp %y4 : f32
    %t0 = arith.addf %m, %sq : f32
    %f0 = arith.subf %t0, %e : f32
    %pos = arith.cmpi sgt, %x, %c0i : i32
    %f = scf.if %pos -> (f32) {
      %h = arith.mulf %f0, %half : f32
      scf.yield %h : f32
    } else {
      %n = arith.negf %f0 : f32
      scf.yield %n : f32
    }
    memref.store %f, %Z[%i] : memref<64xf32>
    %us = arith.addi %u, %s : i32
    %k = arith.andi %us, %c7i : i32
    %ki = arith.index_castui %k : i32 to index
    %h0 = memref.load %H[%ki] : memref<8xi32>
    %h1 = arith.addi %h0, %r : i32
    memref.store %h1, %H[%ki] : memref<8xi32>
    %ax = math.absi %x : i32
    %ii = arith.index_cast %i : index to i32
    %bb = arith.addi %c1000, %ii : i32
    %g = func.call @gcd(%ax, %bb) : (i32, i32) -> i32
    memref.store %g, %G[%i] : memref<64xi32>
    %fd = arith.extf %f : f32 to f64
    %f3 = arith.mulf %fd, %three : f64
    %ud = arith.uitofp %u : i32 to f64
    %dd = arith.addf %f3, %ud : f64
    memref.store %dd, %D[%i] : memref<64xf64>
  }
  return
}
