// A func.func body whose block does not end in a terminator: upstream
// reports it at the last op of the block.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}missing-terminator.mlir:10:8: error:
// CHECK-NEXT: {{^}}  %1 = arith.muli %0, %0 : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
}
