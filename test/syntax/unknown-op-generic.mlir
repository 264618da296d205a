// A generic-form op of an unregistered dialect is rejected too; the location
// is the op's opening quote.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}unknown-op-generic.mlir:9:12: error:
// CHECK-NEXT: {{^}}  "foo.bar"() : () -> (){{$}}
// CHECK-NEXT: {{^}}           ^{{$}}

func.func @f() {
  "foo.bar"() : () -> ()
  return
}
