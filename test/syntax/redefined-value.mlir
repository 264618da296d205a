// The same SSA name defined twice in one region: error at the second
// definition, note at the first.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}redefined-value.mlir:13:3: error:
// CHECK-NEXT: {{^}}  %0 = arith.muli %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}redefined-value.mlir:12:3: note:
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
