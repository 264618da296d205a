// Harness self-test: `%s` as input and as check file, a pipe into FileCheck, `-o %t` followed by
// `&&` and `--input-file=%t`, all against upstream mlir-opt 22.
// RUN: mlir-opt %s | FileCheck %s
// RUN: mlir-opt %s -o %t && FileCheck %s --input-file=%t

// mlir-opt prints the function back in canonical form (generic argument names, the implicit module).
// CHECK-LABEL: func.func @scale
// CHECK-SAME:    (%[[ARG:.*]]: f32) -> f32
// CHECK:         %[[R:.*]] = arith.mulf %[[ARG]], %[[ARG]] : f32
// CHECK-NEXT:    return %[[R]] : f32
func.func @scale(%x: f32) -> f32 {
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
