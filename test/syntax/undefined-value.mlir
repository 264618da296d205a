// Use of an SSA value that is never defined.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}undefined-value.mlir:8:23: error:
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %x : i32{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %x : i32
  return %0 : i32
}
