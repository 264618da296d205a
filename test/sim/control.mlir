// Structured control flow and views on dynamically shaped arguments give the same bits as the
// same program in C: memref.dim of memref<?x?xf32> arguments (sized by the .npy files),
// scf.for with iter_args, a memref.alloc of dynamic size and an alloca, func.call of a helper
// with two results, scf.if with results, scf.parallel with two scf.reduce regions,
// affine.parallel with "minimumf"/"addf" reductions over a dynamic subview, a strided subview
// with a memref.cast, and scf.while loops with two loop-carried values.
// RUN: cc -std=c11 -O0 -ffp-contract=off -I %S/Inputs %S/Inputs/control.c -o %t.exe -lm
// RUN: rm -rf %t && mkdir -p %t/in %t/c && %t.exe %t
// RUN: sharc-run %s --entry=control --arg=A=@%t/in/A.npy --arg=B=@%t/in/B.npy --arg=rowsum=@%t/in/rowsum.npy --arg=prefix=@%t/in/prefix.npy --arg=X=@%t/in/X.npy --arg=steps=@%t/in/steps.npy --arg=peak=@%t/in/peak.npy --dump=%t/sim | FileCheck %s
// RUN: cmp %t/c/B.npy %t/sim/B.npy
// RUN: cmp %t/c/rowsum.npy %t/sim/rowsum.npy
// RUN: cmp %t/c/prefix.npy %t/sim/prefix.npy
// RUN: cmp %t/c/steps.npy %t/sim/steps.npy
// RUN: cmp %t/c/peak.npy %t/sim/peak.npy
// The reductions read the B the C program computed; stats is overwritten.
// RUN: sharc-run %s --entry=stats_only --arg=A=@%t/in/A.npy --arg=B=@%t/c/B.npy --random-inputs=1 --dump=%t/stats
// RUN: cmp %t/c/stats.npy %t/stats/stats.npy
// CHECK: result 0: 9 : index
// CHECK-NEXT: result 1: 13 : index

func.func private @helper(%a: f32, %i: index, %j: index) -> (f32, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %s = arith.addi %i, %j : index
  %m = arith.remsi %s, %c3 : index
  %keep = arith.cmpi ne, %m, %c0 : index
  %i1 = arith.addi %i, %c1 : index
  %ii = arith.index_cast %i1 : index to i64
  %fi = arith.sitofp %ii : i64 to f32
  %jj = arith.index_cast %j : index to i64
  %fj = arith.sitofp %jj : i64 to f32
  %p = arith.mulf %a, %fi : f32
  %v = arith.subf %p, %fj : f32
  return %v, %keep : f32, i1
}

func.func @control(%A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"},
                   %rowsum: memref<?xf32> {sharc.name = "rowsum"}, %prefix: memref<?xf32> {sharc.name = "prefix"},
                   %X: memref<?xi32> {sharc.name = "X"}, %steps: memref<?xi32> {sharc.name = "steps"},
                   %peak: memref<?xi32> {sharc.name = "peak"}) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %A, %c0 : memref<?x?xf32>
  %m = memref.dim %A, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %zero) -> (f32) {
      %a = memref.load %A[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %a : f32
      scf.yield %t : f32
    }
    memref.store %s, %rowsum[%i] : memref<?xf32>
  }
  %tmp = memref.alloc(%n) : memref<?xf32>
  %run = memref.alloca() : memref<1xf32>
  memref.store %zero, %run[%c0] : memref<1xf32>
  scf.for %i = %c0 to %n step %c1 {
    %r = memref.load %run[%c0] : memref<1xf32>
    %x = memref.load %rowsum[%i] : memref<?xf32>
    %t = arith.addf %r, %x : f32
    memref.store %t, %run[%c0] : memref<1xf32>
    memref.store %t, %tmp[%i] : memref<?xf32>
  }
  %len = memref.dim %tmp, %c0 : memref<?xf32>
  scf.for %i = %c0 to %len step %c1 {
    %t = memref.load %tmp[%i] : memref<?xf32>
    memref.store %t, %prefix[%i] : memref<?xf32>
  }
  memref.dealloc %tmp : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %m step %c1 {
      %a = memref.load %A[%i, %j] : memref<?x?xf32>
      %v, %keep = func.call @helper(%a, %i, %j) : (f32, index, index) -> (f32, i1)
      %r = scf.if %keep -> (f32) {
        scf.yield %v : f32
      } else {
        %av = math.absf %v : f32
        %sq = math.sqrt %av : f32
        %ng = arith.negf %sq : f32
        scf.yield %ng : f32
      }
      memref.store %r, %B[%i, %j] : memref<?x?xf32>
    }
  }
  %k = memref.dim %X, %c0 : memref<?xi32>
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %zi = arith.constant 0 : i32
  scf.for %i = %c0 to %k step %c1 {
    %x0 = memref.load %X[%i] : memref<?xi32>
    %res:3 = scf.while (%x = %x0, %cnt = %zi, %p = %x0) : (i32, i32, i32) -> (i32, i32, i32) {
      %ne = arith.cmpi ne, %x, %one : i32
      scf.condition(%ne) %x, %cnt, %p : i32, i32, i32
    } do {
    ^bb0(%x: i32, %cnt: i32, %p: i32):
      %r = arith.remsi %x, %two : i32
      %even = arith.cmpi eq, %r, %zi : i32
      %nx = scf.if %even -> (i32) {
        %h = arith.divsi %x, %two : i32
        scf.yield %h : i32
      } else {
        %t = arith.muli %x, %three : i32
        %t1 = arith.addi %t, %one : i32
        scf.yield %t1 : i32
      }
      %np = arith.maxsi %nx, %p : i32
      %nc = arith.addi %cnt, %one : i32
      scf.yield %nx, %nc, %np : i32, i32, i32
    }
    memref.store %res#1, %steps[%i] : memref<?xi32>
    memref.store %res#2, %peak[%i] : memref<?xi32>
  }
  return %n, %m : index, index
}

func.func @stats_only(%A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"},
                      %stats: memref<6xf32> {sharc.name = "stats"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = memref.dim %B, %c0 : memref<?x?xf32>
  %m = memref.dim %B, %c1 : memref<?x?xf32>
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%zero, %ninf) -> (f32, f32) {
    %b = memref.load %B[%i, %j] : memref<?x?xf32>
    scf.reduce(%b, %b : f32, f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%x: f32, %y: f32):
      %s = arith.maxnumf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  memref.store %r#0, %stats[%c0] : memref<6xf32>
  memref.store %r#1, %stats[%c1] : memref<6xf32>
  %n2 = arith.subi %n, %c2 : index
  %m2 = arith.subi %m, %c2 : index
  %win = memref.subview %A[1, 1] [%n2, %m2] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %wn = memref.dim %win, %c0 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %wm = memref.dim %win, %c1 : memref<?x?xf32, strided<[?, 1], offset: ?>>
  %w:2 = affine.parallel (%i, %j) = (0, 0) to (symbol(%wn), symbol(%wm)) reduce ("minimumf", "addf") -> (f32, f32) {
    %v = memref.load %win[%i, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
    affine.yield %v, %v : f32, f32
  }
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  memref.store %w#0, %stats[%c2] : memref<6xf32>
  memref.store %w#1, %stats[%c3] : memref<6xf32>
  %half = arith.divui %m, %c2 : index
  %cols = arith.addi %half, %c1 : index
  %row = memref.subview %A[2, 0] [1, %cols] [1, 2] : memref<?x?xf32> to memref<?xf32, strided<[2], offset: ?>>
  %dyn = memref.cast %row : memref<?xf32, strided<[2], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %cn = memref.dim %dyn, %c0 : memref<?xf32, strided<[?], offset: ?>>
  %alt = scf.for %j = %c0 to %cn step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %dyn[%j] : memref<?xf32, strided<[?], offset: ?>>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  memref.store %alt, %stats[%c4] : memref<6xf32>
  %nm = arith.muli %n, %m : index
  %nmi = arith.index_cast %nm : index to i32
  %nmf = arith.sitofp %nmi : i32 to f32
  memref.store %nmf, %stats[%c5] : memref<6xf32>
  return
}
