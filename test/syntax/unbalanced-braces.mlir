// Missing `}` at end of file. An error at EOF is reported one character
// before EOF, then moved back over trailing whitespace/newlines: i.e. at the
// end of the last non-blank line (here: after the `return`).
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}unbalanced-braces.mlir:11:11: error:
// CHECK-NEXT: {{^}}    return{{$}}
// CHECK-NEXT: {{^}}          ^{{$}}

module {
  func.func @f() {
    return

