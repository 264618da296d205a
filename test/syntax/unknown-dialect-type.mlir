// Types and attributes of an unregistered dialect are rejected without
// --allow-unregistered-dialect. Upstream points INSIDE the token: at the
// dialect-specific body after `!foo.` / `#foo.`.
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}unknown-dialect-type.mlir:12:31: error:
// CHECK-NEXT: {{^}}func.func private @f(%a: !foo.bar){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK: {{.*}}unknown-dialect-type.mlir:16:45: error:
// CHECK-NEXT: {{^}}func.func private @g() attributes {x = #foo.attr}{{$}}
// CHECK-NEXT: {{^}}                                            ^{{$}}

func.func private @f(%a: !foo.bar)

// -----

func.func private @g() attributes {x = #foo.attr}
