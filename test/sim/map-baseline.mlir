// Differential tests of sharc-map-baseline: every function computes the same outputs after the
// mapping (kernels simulated block by block) and after lowering the kernels' affine ops to scf.
// RUN: sharc-opt %s --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.mlir 2> /dev/null
// RUN: sharc-opt %t.mlir --lower-affine -o %t.scf.mlir
// RUN: sharc-run %s --entry=transpose --random-inputs=1 --compare=%t.mlir
// RUN: sharc-run %s --entry=transpose --random-inputs=1 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=gemm --arg=alpha=1.5 --random-inputs=2 --compare=%t.mlir
// RUN: sharc-run %s --entry=gemm --arg=alpha=1.5 --random-inputs=2 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=matvec --random-inputs=3 --compare=%t.mlir
// RUN: sharc-run %s --entry=matvec --random-inputs=3 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=stencil --arg=steps=4 --random-inputs=4 --compare=%t.mlir
// RUN: sharc-run %s --entry=stencil --arg=steps=4 --random-inputs=4 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=triangular --random-inputs=5 --compare=%t.mlir
// RUN: sharc-run %s --entry=triangular --random-inputs=5 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=cube --random-inputs=6 --compare=%t.mlir
// RUN: sharc-run %s --entry=cube --random-inputs=6 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=nested --random-inputs=7 --compare=%t.mlir
// RUN: sharc-run %s --entry=nested --random-inputs=7 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=partial --arg=n=37 --arg=m=71 --random-inputs=8 --compare=%t.mlir
// RUN: sharc-run %s --entry=partial --arg=n=37 --arg=m=71 --random-inputs=8 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=partial --arg=n=0 --arg=m=5 --random-inputs=8 --compare=%t.mlir
// RUN: sharc-run %s --entry=once --random-inputs=9 --compare=%t.mlir
// RUN: sharc-run %s --entry=strided --arg=a=2 --arg=n=90 --random-inputs=10 --compare=%t.mlir
// RUN: sharc-run %s --entry=strided --arg=a=2 --arg=n=90 --random-inputs=10 --compare=%t.scf.mlir
// RUN: sharc-run %t.scf.mlir --entry=strided --arg=a=2 --arg=n=90 --random-inputs=10 --exec=host --compare=%s
// RUN: sharc-run %s --entry=strided --arg=a=0 --arg=n=200 --random-inputs=10 --compare=%t.mlir
// RUN: sharc-run %s --entry=strided --arg=a=5 --arg=n=3 --random-inputs=10 --compare=%t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %s --sharc-map-baseline="target=mi250x" --sharc-map --sharc-lower-gpumap -o %t.amd.mlir 2> /dev/null
// RUN: sharc-run %s --entry=triangular --random-inputs=5 --compare=%t.amd.mlir
// RUN: sharc-run %s --entry=partial --arg=n=37 --arg=m=71 --random-inputs=8 --compare=%t.amd.mlir

// Sizes are deliberately not multiples of the blocks (32x8 and 256 on a100, 64x4 on mi250x),
// so most kernels have partial tiles; `partial` has symbolic bounds, and an empty space
// (n = 0) launches nothing; `strided` has steps and max/min bounds, which the band keeps as
// groups (the grid is the minimum over them, the start the maximum).

func.func @transpose(%A: memref<37x45xf32> {sharc.name = "A"}, %B: memref<45x37xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (37, 45) {
    %v = affine.load %A[%i, %j] : memref<37x45xf32>
    affine.store %v, %B[%j, %i] : memref<45x37xf32>
  }
  return
}

func.func @gemm(%alpha: f32 {sharc.name = "alpha"}, %C: memref<40x50xf32> {sharc.name = "C"}, %A: memref<40x30xf32> {sharc.name = "A"}, %B: memref<30x50xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j) = (0, 0) to (40, 50) {
    %c0 = affine.load %C[%i, %j] : memref<40x50xf32>
    %s = affine.for %k = 0 to 30 iter_args(%acc = %c0) -> (f32) {
      %a = affine.load %A[%i, %k] : memref<40x30xf32>
      %b = affine.load %B[%k, %j] : memref<30x50xf32>
      %p = arith.mulf %a, %b : f32
      %q = arith.mulf %alpha, %p : f32
      %r = arith.addf %acc, %q : f32
      affine.yield %r : f32
    }
    affine.store %s, %C[%i, %j] : memref<40x50xf32>
  }
  return
}

func.func @matvec(%A: memref<300x70xf64> {sharc.name = "A"}, %x: memref<70xf64> {sharc.name = "x"}, %y: memref<300xf64> {sharc.name = "y"}) {
  affine.parallel (%i) = (0) to (300) {
    %z = arith.constant 0.0 : f64
    %s = affine.for %j = 0 to 70 iter_args(%acc = %z) -> (f64) {
      %a = affine.load %A[%i, %j] : memref<300x70xf64>
      %b = affine.load %x[%j] : memref<70xf64>
      %p = arith.mulf %a, %b : f64
      %r = arith.addf %acc, %p : f64
      affine.yield %r : f64
    }
    affine.store %s, %y[%i] : memref<300xf64>
  }
  return
}

func.func @stencil(%A: memref<34x35xf32> {sharc.name = "A"}, %B: memref<34x35xf32> {sharc.name = "B"}, %steps: index {sharc.name = "steps"}) {
  %cst = arith.constant 0.2 : f32
  affine.for %t = 0 to %steps {
    affine.parallel (%i, %j) = (1, 1) to (33, 34) {
      %c = affine.load %A[%i, %j] : memref<34x35xf32>
      %n = affine.load %A[%i - 1, %j] : memref<34x35xf32>
      %s = affine.load %A[%i + 1, %j] : memref<34x35xf32>
      %w = affine.load %A[%i, %j - 1] : memref<34x35xf32>
      %e = affine.load %A[%i, %j + 1] : memref<34x35xf32>
      %0 = arith.addf %c, %n : f32
      %1 = arith.addf %0, %s : f32
      %2 = arith.addf %1, %w : f32
      %3 = arith.addf %2, %e : f32
      %4 = arith.mulf %3, %cst : f32
      affine.store %4, %B[%i, %j] : memref<34x35xf32>
    }
    affine.parallel (%i, %j) = (1, 1) to (33, 34) {
      %v = affine.load %B[%i, %j] : memref<34x35xf32>
      affine.store %v, %A[%i, %j] : memref<34x35xf32>
    }
  }
  return
}

// lu-like: bounds on the time loop, and j from i + 1.
func.func @triangular(%A: memref<41x41xf32> {sharc.name = "A"}) {
  affine.for %k = 0 to 41 {
    affine.parallel (%i) = (%k + 1) to (41) {
      affine.parallel (%j) = (%i) to (41) {
        %a = affine.load %A[%i, %k] : memref<41x41xf32>
        %b = affine.load %A[%k, %j] : memref<41x41xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %A[%i, %j] : memref<41x41xf32>
        %s = arith.subf %c, %p : f32
        affine.store %s, %A[%i, %j] : memref<41x41xf32>
      }
    }
  }
  return
}

func.func @cube(%A: memref<5x9x33xf32> {sharc.name = "A"}, %B: memref<5x9x33xf32> {sharc.name = "B"}) {
  affine.parallel (%i, %j, %k) = (0, 0, 0) to (5, 9, 33) {
    %v = affine.load %A[%i, %j, %k] : memref<5x9x33xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %B[%i, %j, %k] : memref<5x9x33xf32>
  }
  return
}

// a nested parallel loop under a sequential one: it runs inside the thread.
func.func @nested(%A: memref<20x30xf32> {sharc.name = "A"}, %B: memref<20x30xf32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (20) {
    affine.for %r = 0 to 3 {
      affine.parallel (%j) = (0) to (30) {
        %v = affine.load %A[%i, %j] : memref<20x30xf32>
        %b = affine.load %B[%i, %j] : memref<20x30xf32>
        %w = arith.addf %v, %b : f32
        affine.store %w, %B[%i, %j] : memref<20x30xf32>
      }
    }
  }
  return
}

// symbolic sizes, not multiples of the block: partial tiles.
func.func @partial(%A: memref<100x100xf32> {sharc.name = "A"}, %n: index {sharc.name = "n"}, %m: index {sharc.name = "m"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) {
    %v = affine.load %A[%i, %j] : memref<100x100xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i, %j] : memref<100x100xf32>
  }
  return
}

// A band without dimensions runs its body once: one block of one thread (a wider block would
// repeat the non-idempotent update).
func.func @once(%A: memref<4xf32> {sharc.name = "A"}) {
  affine.parallel () = () to () {
    %c0 = arith.constant 0 : index
    %v = memref.load %A[%c0] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %A[%c0] : memref<4xf32>
  }
  return
}

// CHECK-LABEL: func.func @strided
// CHECK: affine.min #{{.*}}()[%{{.*}}, %{{.*}}]
// CHECK: gpu.launch_func @strided_kernels::@strided_b0
// CHECK: gpu.func @strided_b0
// CHECK: affine.max #{{.*}}()[%{{.*}}, %{{.*}}]
func.func @strided(%A: memref<100x50xf32> {sharc.name = "A"}, %B: memref<100x50xf32> {sharc.name = "B"}, %a: index {sharc.name = "a"}, %n: index {sharc.name = "n"}) {
  %two = arith.constant 2.0 : f32
  affine.parallel (%i, %j) = (max(1, symbol(%a)), 0) to (min(symbol(%n), 97), 50) step (3, 2) {
    %v = affine.load %A[%i, %j] : memref<100x50xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %B[%i, %j] : memref<100x50xf32>
  }
  return
}
