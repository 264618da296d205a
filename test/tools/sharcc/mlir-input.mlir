// sharcc takes an affine-level module (a file ending in .mlir) as its input: the same pipeline
// as for C from sharc-parallelize on, here a two-dimensional band with a step and min/max bounds.
// RUN: sharcc %s --target gtx690 --emit=gpu -o %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=GPU < %t.gpu.mlir
// GPU: gpu.launch_func @scale_kernels::@scale_b0
// GPU: gpu.module @scale_kernels
// GPU: gpu.func @scale_b0
// The gpu level computes what the module computes.
// RUN: sharc-run %s --entry scale --arg n=9 --random-inputs 3 --compare %t.gpu.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: sharc-run: 2 outputs match
// A bad module is reported where it is wrong.
// RUN: echo 'func.func @f() { "bogus.op"() : () -> () }' > %t.bad.mlir
// RUN: not sharcc %t.bad.mlir --emit=gpu 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: bad.mlir:1:28: error: operation being parsed with an unregistered dialect
// BAD-NEXT: func.func @f() { "bogus.op"() : () -> () }
// BAD-NEXT: {{^}}                           ^
// The C front-end's options are errors with a module, not silently ignored.
// RUN: not sharcc %s --function scale 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: sharcc: error: --function applies to C input; {{.*}}mlir-input.mlir is an MLIR module
// RUN: not sharcc %s --emit=c-harness 2>&1 | FileCheck %s --check-prefix=HARNESS
// HARNESS: sharcc: error: the C harness is made from a C file; {{.*}}mlir-input.mlir is an MLIR module
module {
  func.func @scale(%n: index {sharc.name = "n"}, %A: memref<16x16xf32> {sharc.name = "A"}, %B: memref<16x16xf32> {sharc.name = "B"}) {
    affine.parallel (%i, %j) = (max(0, symbol(%n) - 9), 1) to (symbol(%n), min(symbol(%n), 12)) step (1, 2) {
      %v = affine.load %B[%i, %j floordiv 2] : memref<16x16xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<16x16xf32>
    }
    return
  }
}
