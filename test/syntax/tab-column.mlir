// Columns count a TAB as one column (byte offset + 1), while the echoed
// source line expands tabs to 8-column tab stops and the caret is aligned to
// the expanded text.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}tab-column.mlir:10:9: error:
// CHECK-NEXT: {{^}}        return %x : i32{{$}}
// CHECK-NEXT: {{^}}               ^{{$}}

func.func @f() -> i32 {
	return %x : i32
}
