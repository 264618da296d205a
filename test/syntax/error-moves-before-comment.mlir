// When the unexpected token starts a line, upstream backs up over blank
// lines AND over a trailing `// comment` on the previous line, reporting the
// error right after the last real token (`%a` below), not at `return`.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}error-moves-before-comment.mlir:10:25: error:
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a // the `: i32` is missing{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a // the `: i32` is missing

  return %0 : i32
}
