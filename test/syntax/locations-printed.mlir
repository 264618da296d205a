// Location aliases with --mlir-print-debuginfo are made for what is printed:
// values an op prints without `loc(...)` (affine.parallel and scf.for induction
// variables, iter_args) and elided terminators get none; fused locations are
// normalized as upstream's FusedLoc::get builds them (nested fused locations
// flattened, `unknown` dropped, duplicates removed, a single location unwrapped);
// `"file":line` has column 0.
// RUN: %if mlir-opt %{ mlir-opt %s --mlir-print-debuginfo > %t.up %}
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-debuginfo | diff -u %t.up - %}
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-debuginfo | sharc-opt --mlir-print-debuginfo | diff -u %t.up - %}
// RUN: %if mlir-opt %{ mlir-opt %s --mlir-print-debuginfo --mlir-print-op-generic > %t.gen %}
// RUN: %if mlir-opt %{ sharc-opt %s --mlir-print-debuginfo --mlir-print-op-generic | diff -u %t.gen - %}
// RUN: sharc-opt %s --mlir-print-debuginfo | FileCheck %s

// CHECK-LABEL: func.func @loops
// CHECK: affine.parallel (%arg2, %arg3) = (0, 0) to (symbol(%arg1), 8) {
// CHECK: scf.for %arg2 = %arg1 to %arg1 step %arg1 iter_args(%arg3 = %arg0) -> (f32) {
// CHECK: #loc{{[0-9]*}} = loc("ivs":1:2)
// CHECK-NOT: loc("yield")
// CHECK: #loc{{[0-9]*}} = loc("c":3:0)
// CHECK-NEXT: #loc{{[0-9]*}} = loc(unknown)
// CHECK-NEXT: #loc{{[0-9]*}} = loc(fused[#loc{{[0-9]+}}, #loc{{[0-9]+}}])
func.func @loops(%x: f32, %n: index) -> f32 {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), 8) {
    affine.yield loc("yield")
  } loc("ivs":1:2)
  %r = scf.for %i = %n to %n step %n iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %x : f32 loc(fused["a":1:1, unknown, fused["b":2:2, "a":1:1]])
    scf.yield %y : f32
  } loc("for")
  %s = affine.for %k = 0 to 4 iter_args(%a = %r) -> (f32) {
    affine.yield %a : f32 loc(fused["c":3])
  } loc("iv")
  return %s : f32 loc(fused[unknown])
}
