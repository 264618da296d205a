// Use before def in the same block (a dominance violation detected by the
// verifier, not the parser): error at the user, note at the definition.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}dominance.mlir:12:8: error:
// CHECK-NEXT: {{^}}  %1 = arith.addi %0, %a : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: {{.*}}dominance.mlir:13:8: note:
// CHECK-NEXT: {{^}}  %0 = arith.muli %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}

func.func @f(%a: i32) -> i32 {
  %1 = arith.addi %0, %a : i32
  %0 = arith.muli %a, %a : i32
  return %1 : i32
}
