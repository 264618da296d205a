// Malformed types: unknown element type `q32`, missing `>`, negative
// dimension, dynamic (`?`) vector dimension.
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}bad-type.mlir:17:31: error:
// CHECK-NEXT: {{^}}func.func private @f(memref<4xq32>){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK: {{.*}}bad-type.mlir:21:34: error:
// CHECK-NEXT: {{^}}func.func private @g(memref<4xf32){{$}}
// CHECK-NEXT: {{^}}                                 ^{{$}}
// CHECK: {{.*}}bad-type.mlir:25:31: error:
// CHECK-NEXT: {{^}}func.func private @h(tensor<4x-1xf32>){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK: {{.*}}bad-type.mlir:29:31: error:
// CHECK-NEXT: {{^}}func.func private @i(vector<4x?xf32>){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}

func.func private @f(memref<4xq32>)

// -----

func.func private @g(memref<4xf32)

// -----

func.func private @h(tensor<4x-1xf32>)

// -----

func.func private @i(vector<4x?xf32>)
