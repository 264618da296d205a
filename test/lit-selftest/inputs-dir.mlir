// Harness self-test: files under an Inputs/ directory are inputs of other tests, not tests themselves
// (Inputs/callee.mlir has no RUN line, which would fail it as a test).
// RUN: mlir-opt %S/Inputs/callee.mlir | FileCheck %s

// CHECK-LABEL: func.func @callee
// CHECK:         arith.constant 7 : index
