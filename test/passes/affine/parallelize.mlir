// sharc-parallelize on sequential affine nests (every loop a candidate): which loop becomes
// parallel and which stays sequential, with the remark that says why; then the simulator runs
// the input and the parallelized program mapped to GPU threads (sharc-map-baseline, sharc-map, sharc-lower-gpumap), whose
// outputs must be equal: a loop made parallel by mistake would race or read stale values there.
// RUN: sharc-opt %s --sharc-parallelize --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %t.mlir --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.gpu.mlir
// RUN: sharc-run %s --entry=matmul --random-inputs=1 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=matmul_acc --random-inputs=2 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=jacobi --random-inputs=3 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=trisolv --random-inputs=4 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=prefix_sum --random-inputs=5 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=scan --random-inputs=6 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=row_sums --random-inputs=7 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=total --random-inputs=8 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=temporary --random-inputs=9 --compare=%t.gpu.mlir
// The pass is listed with its option.
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sharc-parallelize[=<sharc-parallelize>]
// HELP-NEXT: Turn the affine.for loops the dependence analysis proves parallel into affine.parallel bands
// HELP-NEXT: candidates=<all|marked> (default all): Which loops to consider

// matmul with the sum in a register: i and j form one 2-D band; k carries the sum.
// CHECK-LABEL: func.func @matmul(
// CHECK: affine.parallel (%[[I:.*]], %[[J:.*]]) = (0, 0) to (12, 10) {
// CHECK: %[[S:.*]] = affine.for %{{.*}} = 0 to 9 iter_args(
// CHECK: affine.store %[[S]], %{{.*}}[%[[I]], %[[J]]]
func.func @matmul(%A: memref<12x9xf32> {sharc.name = "A"}, %B: memref<9x10xf32> {sharc.name = "B"},
                  %C: memref<12x10xf32> {sharc.name = "C"}) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 12 {  // expected-remark {{loop runs in parallel}}
    affine.for %j = 0 to 10 {  // expected-remark {{loop runs in parallel}}
      // expected-remark @+1 {{loop stays sequential: an iteration reads the value of carried value #0 that the previous iteration left (a reduction or a recurrence)}}
      %s = affine.for %k = 0 to 9 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<12x9xf32>
        %b = affine.load %B[%k, %j] : memref<9x10xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%i, %j] : memref<12x10xf32>
    }
  }
  return
}

// matmul accumulating in memory: k is a reduction into C, recognised and kept in the thread.
// CHECK-LABEL: func.func @matmul_acc(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (12, 10) {
// CHECK-NEXT: affine.for %{{.*}} = 0 to 9 {
func.func @matmul_acc(%A: memref<12x9xf32> {sharc.name = "A"}, %B: memref<9x10xf32> {sharc.name = "B"},
                      %C: memref<12x10xf32> {sharc.name = "C"}) {
  affine.for %i = 0 to 12 {  // expected-remark {{loop runs in parallel}}
    affine.for %j = 0 to 10 {  // expected-remark {{loop runs in parallel}}
      // expected-remark @+1 {{loop stays sequential: an iteration writes an element of 'C' that an earlier iteration read (distance 0, 0, 1); it is a reduction, which sharc keeps in one thread}}
      affine.for %k = 0 to 9 {
        %a = affine.load %A[%i, %k] : memref<12x9xf32>
        %b = affine.load %B[%k, %j] : memref<9x10xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %C[%i, %j] : memref<12x10xf32>
        %n = arith.addf %c, %p : f32
        affine.store %n, %C[%i, %j] : memref<12x10xf32>  // expected-note {{here}}
      }
    }
  }
  return
}

// jacobi-2d: the time loop carries the flow from one sweep to the next and stays sequential;
// each sweep's space loops become one 2-D band.
// CHECK-LABEL: func.func @jacobi(
// CHECK: affine.for %{{.*}} = 0 to 4 {
// CHECK-NEXT: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (15, 15) {
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (15, 15) {
func.func @jacobi(%A: memref<16x16xf64> {sharc.name = "A"}, %B: memref<16x16xf64> {sharc.name = "B"}) {
  %c = arith.constant 0.2 : f64
  // expected-remark @+1 {{loop stays sequential: an iteration writes an element of 'A' that an earlier iteration read}}
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 15 {  // expected-remark {{loop runs in parallel}}
      affine.for %j = 1 to 15 {  // expected-remark {{loop runs in parallel}}
        %a0 = affine.load %A[%i, %j] : memref<16x16xf64>
        %a1 = affine.load %A[%i, %j - 1] : memref<16x16xf64>
        %a2 = affine.load %A[%i, %j + 1] : memref<16x16xf64>
        %a3 = affine.load %A[%i + 1, %j] : memref<16x16xf64>
        %a4 = affine.load %A[%i - 1, %j] : memref<16x16xf64>
        %s1 = arith.addf %a0, %a1 : f64
        %s2 = arith.addf %s1, %a2 : f64
        %s3 = arith.addf %s2, %a3 : f64
        %s4 = arith.addf %s3, %a4 : f64
        %r = arith.mulf %c, %s4 : f64
        affine.store %r, %B[%i, %j] : memref<16x16xf64>
      }
    }
    affine.for %i = 1 to 15 {  // expected-remark {{loop runs in parallel}}
      affine.for %j = 1 to 15 {  // expected-remark {{loop runs in parallel}}
        %b0 = affine.load %B[%i, %j] : memref<16x16xf64>
        %b1 = affine.load %B[%i, %j - 1] : memref<16x16xf64>
        %b2 = affine.load %B[%i, %j + 1] : memref<16x16xf64>
        %b3 = affine.load %B[%i + 1, %j] : memref<16x16xf64>
        %b4 = affine.load %B[%i - 1, %j] : memref<16x16xf64>
        %s1 = arith.addf %b0, %b1 : f64
        %s2 = arith.addf %s1, %b2 : f64
        %s3 = arith.addf %s2, %b3 : f64
        %s4 = arith.addf %s3, %b4 : f64
        %r = arith.mulf %c, %s4 : f64
        affine.store %r, %A[%i, %j] : memref<16x16xf64>  // expected-note {{here}}
      }
    }
  }
  return
}

// Forward substitution (PolyBench trisolv): row i reads the x[j] of every earlier row, so i
// stays sequential; the inner j loop subtracts into x[i] and reads x[j], which is not a
// simple reduction.
// CHECK-LABEL: func.func @trisolv(
// CHECK-NOT: affine.parallel
// CHECK: return
func.func @trisolv(%L: memref<14x14xf32> {sharc.name = "L"}, %x: memref<14xf32> {sharc.name = "x"},
                   %b: memref<14xf32> {sharc.name = "b"}) {
  // expected-remark @+1 {{loop stays sequential: an iteration reads an element of 'x' that an earlier iteration wrote}}
  affine.for %i = 0 to 14 {
    %bi = affine.load %b[%i] : memref<14xf32>
    affine.store %bi, %x[%i] : memref<14xf32>
    // expected-remark @+1 {{loop stays sequential: an iteration writes an element of 'x' that an earlier iteration read}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %l = affine.load %L[%i, %j] : memref<14x14xf32>
      %xj = affine.load %x[%j] : memref<14xf32>  // expected-note {{here}}
      %p = arith.mulf %l, %xj : f32
      %xi = affine.load %x[%i] : memref<14xf32>
      %d = arith.subf %xi, %p : f32
      affine.store %d, %x[%i] : memref<14xf32>  // expected-note {{here}}
    }
    %xi = affine.load %x[%i] : memref<14xf32>
    %lii = affine.load %L[%i, %i] : memref<14x14xf32>
    %q = arith.divf %xi, %lii : f32
    affine.store %q, %x[%i] : memref<14xf32>
  }
  return
}

// A prefix sum in place: each element adds the one before it (a recurrence at distance 1).
// CHECK-LABEL: func.func @prefix_sum(
// CHECK: affine.for %{{.*}} = 1 to 40 {
// CHECK-NOT: affine.parallel
func.func @prefix_sum(%s: memref<40xi32> {sharc.name = "s"}) {
  // expected-remark @+1 {{loop stays sequential: an iteration reads an element of 's' that an earlier iteration wrote (distance 1)}}
  affine.for %i = 1 to 40 {
    %p = affine.load %s[%i - 1] : memref<40xi32>  // expected-note {{here}}
    %v = affine.load %s[%i] : memref<40xi32>
    %n = arith.addi %p, %v : i32
    affine.store %n, %s[%i] : memref<40xi32>
  }
  return
}

// The same scan with the running sum in a register that each iteration stores.
// CHECK-LABEL: func.func @scan(
// CHECK-NOT: affine.parallel
func.func @scan(%a: memref<40xi32> {sharc.name = "a"}, %out: memref<40xi32> {sharc.name = "out"}) {
  %zero = arith.constant 0 : i32
  // expected-remark @+1 {{loop stays sequential: an iteration reads the value of carried value #0 that the previous iteration left}}
  %last = affine.for %i = 0 to 40 iter_args(%run = %zero) -> (i32) {
    %v = affine.load %a[%i] : memref<40xi32>
    %n = arith.addi %run, %v : i32
    affine.store %n, %out[%i] : memref<40xi32>
    affine.yield %n : i32
  }
  return
}

// Row sums: the rows are independent; the reduction over a row stays in its thread.
// CHECK-LABEL: func.func @row_sums(
// CHECK: affine.parallel (%{{.*}}) = (0) to (20) {
// CHECK: affine.for %{{.*}} = 0 to 30 {
func.func @row_sums(%M: memref<20x30xf32> {sharc.name = "M"}, %r: memref<20xf32> {sharc.name = "r"}) {
  affine.for %i = 0 to 20 {  // expected-remark {{loop runs in parallel}}
    // expected-remark @+1 {{loop stays sequential: an iteration writes an element of 'r' that an earlier iteration read (distance 0, 1); it is a reduction}}
    affine.for %j = 0 to 30 {
      %m = affine.load %M[%i, %j] : memref<20x30xf32>
      %v = affine.load %r[%i] : memref<20xf32>
      %n = arith.addf %v, %m : f32
      affine.store %n, %r[%i] : memref<20xf32>  // expected-note {{here}}
    }
  }
  return
}

// A full reduction into one element whose result the function returns in memory, and a
// maximum whose last value is read after the loop.
// CHECK-LABEL: func.func @total(
// CHECK-NOT: affine.parallel
func.func @total(%a: memref<50xf32> {sharc.name = "a"}, %out: memref<2xf32> {sharc.name = "out"}) {
  // expected-remark @+1 {{loop stays sequential: an iteration writes an element of 'out' that an earlier iteration read (distance 1); it is a reduction}}
  affine.for %i = 0 to 50 {
    %v = affine.load %a[%i] : memref<50xf32>
    %s = affine.load %out[0] : memref<2xf32>
    %n = arith.addf %s, %v : f32
    affine.store %n, %out[0] : memref<2xf32>  // expected-note {{here}}
  }
  %init = affine.load %a[0] : memref<50xf32>
  // expected-remark @+1 {{loop stays sequential: an iteration reads the value of carried value #0 that the previous iteration left}}
  %m = affine.for %i = 1 to 50 iter_args(%cur = %init) -> (f32) {
    %v = affine.load %a[%i] : memref<50xf32>
    %n = arith.maximumf %cur, %v : f32
    affine.yield %n : f32
  }
  affine.store %m, %out[1] : memref<2xf32>
  return
}

// A temporary each iteration sets before reading it and nobody reads after the loop is private
// to the iteration: the loop is parallel and the carried value disappears.
// CHECK-LABEL: func.func @temporary(
// CHECK: affine.parallel (%{{.*}}) = (0) to (30) {
// CHECK-NOT: iter_args
// CHECK: return
func.func @temporary(%a: memref<30xf32> {sharc.name = "a"}, %b: memref<30xf32> {sharc.name = "b"}) {
  %zero = arith.constant 0.0 : f32
  %unused = affine.for %i = 0 to 30 iter_args(%t = %zero) -> (f32) {  // expected-remark {{loop runs in parallel}}
    %v = affine.load %a[%i] : memref<30xf32>
    %sq = arith.mulf %v, %v : f32
    affine.store %sq, %b[%i] : memref<30xf32>
    affine.yield %sq : f32
  }
  return
}
