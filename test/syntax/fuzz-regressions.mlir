// Inputs the parser fuzzer found (fuzz/fuzz_targets/parse_ir.rs), reduced. Each must be a
// diagnostic (or a clean round trip), never a panic.
// RUN: sharc-opt %s -split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not sharc-opt %s -split-input-file --allow-unregistered-dialect 2>/dev/null | FileCheck %s

// `i0` holds only zero (the width arithmetic used to underflow).
// CHECK: "foo.op"() {a = 0 : i0, b = array<i0: 0>} : () -> ()
"foo.op"() {a = 0 : i0, b = array<i0: 0>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 1 : i0} : () -> ()

// -----

// `true`/`false` are `i1` values only (upstream's words): `array<i0: true>` used to parse and
// print as `array<i0: 1>`, which does not parse (issue 16's fuzzing, target parse_ir).
// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {b = array<i0: true, false>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {b = array<i8: 1, false>} : () -> ()

// -----

// The same for dense elements: `dense<[1, 0]> : tensor<2xi0>` does not parse.
// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {b = dense<[true, false]> : tensor<2xi0>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {b = dense<true> : tensor<2xi8>} : () -> ()

// -----

// A gpu.module body takes no arguments.
// expected-error @+1 {{'gpu.module' op region should have no arguments}}
gpu.module @kernels {
^bb1(%0: i32):
}

// -----

// A module has exactly one block.
// expected-error @+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({}) : () -> ()

// -----

// Properties a registered op does not define are dropped, as upstream does.
// CHECK-LABEL: func.func @unknown_property
// CHECK: %0 = arith.addi %arg0, %arg0 : i32
func.func @unknown_property(%a: i32) -> i32 {
  %0 = "arith.addi"(%a, %a) <{bogus = 1 : i32}> : (i32, i32) -> i32
  return %0 : i32
}
