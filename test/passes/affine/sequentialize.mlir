// sharc-sequentialize: reduction-free affine.parallel bands become perfect affine.for nests,
// first dimension outermost, each loop with its dimension's bound groups and step. The simulator
// runs input and output on the same inputs (the outputs must be equal), and upstream's
// convert-affine-for-to-gpu, in-process, maps the nest it produces: the kernel it builds runs in
// the simulator too.
// RUN: sharc-opt %s --sharc-sequentialize --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: for e in rows bounded nested once; do sharc-run %s --entry=$e --arg=arg0=37 --random-inputs=5 --compare=%t.mlir || exit 1; done
// RUN: %if upstream %{ sharc-opt %s --pass-pipeline='builtin.module(sharc-sequentialize, upstream{pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=1}), gpu-kernel-outlining, lower-affine)"})' -o %t.gpu.mlir %}
// RUN: %if upstream %{ FileCheck %s --check-prefix=GPU --input-file=%t.gpu.mlir %}
// RUN: %if upstream %{ sharc-run %s --entry=rows --arg=arg0=37 --random-inputs=6 --compare=%t.gpu.mlir %}
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --sharc-sequentialize
// HELP-NEXT: Rewrite reduction-free affine.parallel bands as perfect affine.for nests

// A 2-D band: i outer, j inner; the band's attributes move to the outer loop.
// CHECK-LABEL: func.func @rows(
// CHECK: affine.for %[[I:.*]] = 0 to {{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to {{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: } {sharc.acc = "acc parallel loop"}
// CHECK-NOT: affine.parallel
// GPU-LABEL: func.func @rows(
// GPU: gpu.launch_func @rows_kernel::@rows_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (
// GPU: gpu.func @rows_kernel(
// GPU: gpu.block_id x
// GPU: gpu.thread_id x
func.func @rows(%n: index, %A: memref<40x40xf32>, %B: memref<40x40xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (%n, %n) {
    %a = affine.load %A[%i, %j] : memref<40x40xf32>
    %c = arith.constant 2.0 : f32
    %b = arith.mulf %a, %c : f32
    affine.store %b, %B[%i, %j] : memref<40x40xf32>
  } {sharc.acc = "acc parallel loop"}
  return
}

// Bound groups (max of lower bounds, min of upper bounds) and steps carry over per dimension.
// CHECK-LABEL: func.func @bounded(
// CHECK: affine.for %[[I:.*]] = max #{{.*}}()[%{{.*}}] to min #{{.*}}()[%{{.*}}] step 2 {
// CHECK-NEXT: affine.for %{{.*}} = 1 to #{{.*}}()[%{{.*}}] step 3 {
func.func @bounded(%n: index, %A: memref<40x40xf32>) {
  affine.parallel (%i, %j) = (max(1, symbol(%n) - 20), 1) to (min(symbol(%n), 30), symbol(%n) - 1) step (2, 3) {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i, %j] : memref<40x40xf32>
  }
  return
}

// A band nested in a sequential loop and a band nested in a band both become nests; a band
// with a reduction stays, with a remark.
// CHECK-LABEL: func.func @nested(
// CHECK: affine.for %[[T:.*]] = 0 to 3 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to {{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 4 {
// CHECK: affine.parallel (%{{.*}}) = (0) to (4) reduce ("addf") -> (f32) {
func.func @nested(%n: index, %A: memref<40x4xf32>, %s: memref<f32>) {
  affine.for %t = 0 to 3 {
    affine.parallel (%i) = (0) to (%n) {
      affine.parallel (%j) = (0) to (4) {
        %a = affine.load %A[%i, %j] : memref<40x4xf32>
        %c = arith.constant 1.0 : f32
        %b = arith.addf %a, %c : f32
        affine.store %b, %A[%i, %j] : memref<40x4xf32>
      }
    }
  }
  // expected-remark @below {{band not sequentialized: it has reductions}}
  %r = affine.parallel (%k) = (0) to (4) reduce ("addf") -> (f32) {
    %v = affine.load %A[0, %k] : memref<40x4xf32>
    affine.yield %v : f32
  }
  affine.store %r, %s[] : memref<f32>
  return
}

// A band without dimensions runs its body once: the body takes its place.
// CHECK-LABEL: func.func @once(
// CHECK-NEXT: arith.constant 3.0
// CHECK-NEXT: affine.store
// CHECK-NEXT: return
func.func @once(%n: index, %A: memref<40x4xf32>) {
  affine.parallel () = () to () {
    %c = arith.constant 3.0 : f32
    affine.store %c, %A[0, 0] : memref<40x4xf32>
  }
  return
}
