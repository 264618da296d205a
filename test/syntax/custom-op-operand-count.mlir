// Wrong operand count in a custom-syntax op: too many / too few operands for
// arith.addi, and a result-count mismatch on the SSA binding.
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}custom-op-operand-count.mlir:15:25: error:
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}custom-op-operand-count.mlir:22:21: error:
// CHECK-NEXT: {{^}}  %0 = arith.addi %a : i32{{$}}
// CHECK-NEXT: {{^}}                    ^{{$}}
// CHECK: {{.*}}custom-op-operand-count.mlir:29:3: error:
// CHECK-NEXT: {{^}}  %0:2 = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}

func.func @too_many(%a: i32) -> i32 {
  %0 = arith.addi %a, %a, %a : i32
  return %0 : i32
}

// -----

func.func @too_few(%a: i32) -> i32 {
  %0 = arith.addi %a : i32
  return %0 : i32
}

// -----

func.func @bind_two(%a: i32) -> i32 {
  %0:2 = arith.addi %a, %a : i32
  return %0#0 : i32
}
