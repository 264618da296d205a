// Harness self-test: `not` inverts an exit code, `2>&1` feeds a diagnostic to FileCheck, and
// `[[@LINE+N]]` pins it to this file's line. The input below is deliberately malformed.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s

// CHECK: not-malformed.mlir:[[@LINE+3]]:{{[0-9]+}}: error: use of undeclared SSA value name
func.func @broken(%x: f32) -> f32 {
  // The operand %z is never defined.
  %y = arith.addf %x, %z : f32
  return %y : f32
}
