// A string literal that runs to the end of the line. Upstream reports it at
// the end of the line (where the closing quote is missing).
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}unterminated-string.mlir:8:55: error:
// CHECK-NEXT: {{^}}func.func @f() attributes {note = "no closing quote} {{{$}}
// CHECK-NEXT: {{^}}                                                      ^{{$}}

func.func @f() attributes {note = "no closing quote} {
  return
}
