// --verify-diagnostics: expected-* comments are checked per chunk, located diagnostics match by
// line and message substring, and a mismatch fails the run.
// RUN: sharc-opt %s -split-input-file --verify-diagnostics --allow-unregistered-dialect
// RUN: not sharc-opt %S/Inputs/wrong-expectation.mlir --verify-diagnostics --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG-DAG: wrong-expectation.mlir:2:{{[0-9]+}}: error: unexpected error: use of undeclared SSA value name
// WRONG-DAG: wrong-expectation.mlir:1:4: error: expected error "this is not the message" was not produced
// RUN: not sharc-opt %S/Inputs/missing-expectation.mlir --verify-diagnostics --allow-unregistered-dialect 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing-expectation.mlir:1:4: error: expected error "never" was not produced
// MISSING-NEXT: // {{expected}}-error @+1 {{[{][{]never[}][}]}}
// MISSING-NEXT: {{^   \^$}}

// expected-error @+1 {{use of undeclared SSA value name}}
"test.op"(%undefined) : (i32) -> ()

// -----

"test.op"() : () -> ()
%x = "test.other"() : () -> i32
// expected-error @below {{redefinition of SSA value '%x'}}
%x = "test.other"() : () -> i32

// -----

// A chunk without diagnostics must not produce any.
"test.fine"() : () -> ()
