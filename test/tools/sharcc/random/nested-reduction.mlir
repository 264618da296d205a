// random module seeds 10, 50, 60, 160, 180 and 210 (bench/src/random_module.rs), reduced: a
// parallel reduction nested in a mapped parallel loop. sharc-map ran the nested loop in each
// thread but left a reduction as an affine.parallel, which reached the kernel as an
// scf.parallel with init values, and no code generator (PTX, HSACO, host) translates that.
// It now becomes loops that carry one accumulator per reduction from the identity, combined in
// iteration order.
// RUN: sharcc %s --target a100 --emit=gpu -o %t.a100.mlir
// RUN: FileCheck %s < %t.a100.mlir
// CHECK: gpu.func @kernel_b0
// CHECK-NOT: scf.parallel
// CHECK: %[[OUT:.*]]:3 = scf.for %{{.*}} iter_args(%[[S:.*]] = %{{.*}}, %[[AND:.*]] = %{{.*}}, %[[OR:.*]] = %{{.*}}) -> (f32, i32, i32)
// CHECK: %[[IN:.*]]:3 = scf.for %{{.*}} iter_args(%[[S2:.*]] = %[[S]], %[[AND2:.*]] = %[[AND]], %[[OR2:.*]] = %[[OR]]) -> (f32, i32, i32)
// CHECK: arith.addf %[[S2]], %{{.*}} : f32
// CHECK: arith.andi %[[AND2]], %{{.*}} : i32
// CHECK: arith.ori %[[OR2]], %{{.*}} : i32
// CHECK: scf.yield %[[IN]]#0, %[[IN]]#1, %[[IN]]#2
// CHECK: memref.store %[[OUT]]#0
// The kernels compute what the module computes, in the simulator and as host code.
// RUN: sharc-run %s --entry kernel --random-inputs 5 --compare %t.a100.mlir 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: sharc-run %t.a100.mlir --entry kernel --random-inputs 5 --exec=host --compare %s 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: sharcc %s --target mi250x --emit=gpu -o %t.mi250x.mlir
// RUN: sharc-run %t.mi250x.mlir --entry kernel --random-inputs 5 --exec=host --compare %s 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: sharc-run: 4 outputs match
// Code generation accepts it for both vendors.
// RUN: sharcc %s --target a100 --emit=ptx -o %t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: sharcc %s --target mi250x --emit=hsaco -o %t.hsaco
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=HSACO
// HSACO: .name: kernel_b0
func.func @kernel(%A: memref<16x8x4xf32> {sharc.name = "A"}, %I: memref<16x8x4xi32> {sharc.name = "I"},
                  %S: memref<16xf32> {sharc.name = "S"}, %B: memref<16x2xi32> {sharc.name = "B"}) {
  affine.parallel (%i) = (0) to (16) {
    %s, %a, %o = affine.parallel (%j, %k) = (0, 0) to (8, 4) step (2, 1) reduce ("addf", "andi", "ori") -> (f32, i32, i32) {
      %v = affine.load %A[%i, %j, %k] : memref<16x8x4xf32>
      %w = affine.load %I[%i, %j, %k] : memref<16x8x4xi32>
      affine.yield %v, %w, %w : f32, i32, i32
    }
    affine.store %s, %S[%i] : memref<16xf32>
    affine.store %a, %B[%i, 0] : memref<16x2xi32>
    affine.store %o, %B[%i, 1] : memref<16x2xi32>
  }
  return
}
