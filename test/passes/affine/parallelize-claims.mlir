// sharc-parallelize{candidates=marked}, as sharcc runs it: only the loops the C front-end marked
// with a `sharc.claim` attribute are candidates, and what the directive claims decides the
// diagnostics and the loops the analysis cannot decide.
// RUN: sharc-opt %s --sharc-parallelize="candidates=marked" --verify-diagnostics -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: sharc-opt %t.mlir --sharc-map-baseline --sharc-map --sharc-lower-gpumap -o %t.gpu.mlir
// RUN: sharc-run %s --entry=host_loops --random-inputs=1 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=scatter --random-inputs=2 --compare=%t.gpu.mlir
// RUN: sharc-run %s --entry=section --random-inputs=3 --compare=%t.gpu.mlir
// Every loop a candidate: the same file gives remarks for the unmarked loops too.
// RUN: sharc-opt %s --sharc-parallelize 2>&1 -o /dev/null | FileCheck %s --check-prefix=ALL
// ALL: parallelize-claims.mlir:[[@LINE+11]]:3: remark: loop runs in parallel: no iteration depends on another

// Only the marked loop runs in parallel: the unmarked one (an initialisation loop of the host
// code) stays an affine.for; the claim is consumed.
// CHECK-LABEL: func.func @host_loops(
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK: affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK-NOT: sharc.claim
// CHECK: return
func.func @host_loops(%A: memref<16xf32> {sharc.name = "A"}, %B: memref<16xf32> {sharc.name = "B"}) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 16 {
    affine.store %one, %B[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {  // expected-remark {{loop runs in parallel}}
    %v = affine.load %A[%i] : memref<16xf32>
    affine.store %v, %B[%i] : memref<16xf32>
  } {sharc.claim = {acc = "acc parallel loop", directive, independent}}
  return
}

// A directive on a loop that carries a dependence: a warning, the loop stays sequential. A loop
// of a kernels region without a directive stays sequential with a remark only; the carried
// scalar is named after its C variable.
// CHECK-LABEL: func.func @dependent(
// CHECK-NOT: affine.parallel
func.func @dependent(%A: memref<16xf32> {sharc.name = "A"}, %out: memref<1xf32> {sharc.name = "out"}) {
  // expected-warning @+1 {{loop stays sequential: an iteration reads an element of 'A' that an earlier iteration wrote (distance 1)}}
  affine.for %i = 1 to 16 {
    %p = affine.load %A[%i - 1] : memref<16xf32>  // expected-note {{here}}
    affine.store %p, %A[%i] : memref<16xf32>
  } {sharc.claim = {acc = "acc parallel loop", directive, independent}}
  %zero = arith.constant 0.0 : f32
  // expected-remark @+1 {{loop stays sequential: an iteration reads the value of 'sum' that the previous iteration left}}
  %s = affine.for %i = 0 to 16 iter_args(%sum = %zero) -> (f32) {  // expected-note {{here}}
    %v = affine.load %A[%i] : memref<16xf32>
    %n = arith.addf %sum, %v : f32
    affine.yield %n : f32
  } {sharc.claim = {acc = "kernels", carried = ["sum"]}}
  affine.store %s, %out[0] : memref<1xf32>
  return
}

// A scatter through computed indices (a permutation the analysis does not see through):
// the analysis cannot decide. `independent` is trusted (with a remark); without the claim
// the loop stays sequential.
// CHECK-LABEL: func.func @scatter(
// CHECK: affine.parallel (%{{.*}}) = (0) to (16) {
// CHECK: memref.store
// CHECK: affine.for %{{.*}} = 0 to 16 {
// CHECK: memref.store
func.func @scatter(%A: memref<16xf32> {sharc.name = "A"}, %B: memref<16xf32> {sharc.name = "B"}) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c16 = arith.constant 16 : index
  // expected-remark @+1 {{loop runs in parallel as its directive claims (independent): an access in the loop is not affine, so its dependences are unknown}}
  affine.for %i = 0 to 16 {
    %m = arith.muli %i, %c5 : index
    %s = arith.addi %m, %c3 : index
    %k = arith.remui %s, %c16 : index
    %v = affine.load %A[%i] : memref<16xf32>
    memref.store %v, %B[%k] : memref<16xf32>  // expected-note {{here}}
  } {sharc.claim = {acc = "acc parallel loop", directive, independent}}
  // expected-warning @+1 {{loop stays sequential: an access in the loop is not affine, so its dependences are unknown}}
  affine.for %i = 0 to 16 {
    %m = arith.muli %i, %c5 : index
    %k = arith.remui %m, %c16 : index
    %v = affine.load %B[%i] : memref<16xf32>
    memref.store %v, %A[%k] : memref<16xf32>  // expected-note {{here}}
  } {sharc.claim = {acc = "acc kernels loop", directive}}
  return
}

// A call whose effects are unknown: the same three-way decision.
// CHECK-LABEL: func.func @calls(
// CHECK: affine.parallel
func.func private @log_progress(index)
func.func @calls(%A: memref<16xf32> {sharc.name = "A"}) {
  // expected-remark @+1 {{loop runs in parallel as its directive claims (independent): 'func.call' in the loop has unknown memory effects}}
  affine.for %i = 0 to 16 {
    func.call @log_progress(%i) : (index) -> ()  // expected-note {{here}}
  } {sharc.claim = {directive, independent}}
  // expected-warning @+1 {{loop stays sequential: 'func.call' in the loop has unknown memory effects, so its dependences are unknown}}
  affine.for %i = 0 to 16 {
    func.call @log_progress(%i) : (index) -> ()  // expected-note {{here}}
  } {sharc.claim = {directive}}
  return
}

// A perfectly nested pair becomes one band, which takes the share annotation and the OpenACC
// directives of the innermost loop (the first the front-end recorded).
// CHECK-LABEL: func.func @section(
// CHECK: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (8, 12) {
// CHECK: } {sharc.acc = "acc parallel loop; acc loop", sharc.share = #sharc.share<A[TB_Y][*]>}
func.func @section(%A: memref<8x12xf32> {sharc.name = "A"}, %B: memref<8x12xf32> {sharc.name = "B"}) {
  affine.for %i = 0 to 8 {  // expected-remark {{loop runs in parallel}}
    affine.for %j = 0 to 12 {  // expected-remark {{loop runs in parallel}}
      %v = affine.load %A[%i, %j] : memref<8x12xf32>
      affine.store %v, %B[%i, %j] : memref<8x12xf32>
    } {sharc.claim = {acc = "acc parallel loop; acc loop", directive, independent}}
  } {sharc.claim = {acc = "acc parallel loop", directive, independent,
                   share = #sharc.share<A[TB_Y][*]>, share_at = ["k.c", 3, 1]}}
  return
}

// A local buffer is named by its location (as the C front-end names local arrays).
// CHECK-LABEL: func.func @local_buffer(
func.func @local_buffer(%n: index) {
  %t = memref.alloca() : memref<16xi32> loc("tmp")
  // expected-warning @+1 {{loop stays sequential: an iteration reads an element of 'tmp' that an earlier iteration wrote (distance 1)}}
  affine.for %i = 1 to 16 {
    %p = affine.load %t[%i - 1] : memref<16xi32>
    affine.store %p, %t[%i] : memref<16xi32>
  } {sharc.claim = {directive}}
  return
}
