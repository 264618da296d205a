// An op from an unregistered dialect is rejected unless
// --allow-unregistered-dialect is given (see roundtrip.mlir for that case).
// Location: the start of the op name.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}unknown-op.mlir:10:8: error:
// CHECK-NEXT: {{^}}  %0 = foo.bar : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}

func.func @f() -> i32 {
  %0 = foo.bar : i32
  return %0 : i32
}
