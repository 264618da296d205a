// Columns are BYTE offsets: the two-byte UTF-8 characters in the string
// shift the column by 2 each. When the echoed source line contains non-ASCII
// characters, upstream prints no caret line at all.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}utf8-column.mlir:9:56: error:
// CHECK-NEXT: {{^}}func.func @f() -> i32 attributes {s = "éé"} { return %x : i32 }{{$}}
// CHECK-NOT: ^

func.func @f() -> i32 attributes {s = "éé"} { return %x : i32 }
