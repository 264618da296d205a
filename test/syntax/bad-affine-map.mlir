// Malformed affine maps: undeclared dim identifier, non-affine product,
// missing `->`, and an affine.load subscript that is not affine.
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}bad-affine-map.mlir:18:41: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) -> (d1)>(%a){{$}}
// CHECK-NEXT: {{^}}                                        ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:25:44: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) -> (d0 * d0)>(%a){{$}}
// CHECK-NEXT: {{^}}                                           ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:32:36: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) (d0 + 1)>(%a){{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:39:26: error:
// CHECK-NEXT: {{^}}  %0 = affine.load %A[%i * %i] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}

func.func @undeclared(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d1)>(%a)
  return %0 : index
}

// -----

func.func @non_affine(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * d0)>(%a)
  return %0 : index
}

// -----

func.func @missing_arrow(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) (d0 + 1)>(%a)
  return %0 : index
}

// -----

func.func @non_affine_subscript(%A: memref<16xf32>, %i: index) -> f32 {
  %0 = affine.load %A[%i * %i] : memref<16xf32>
  return %0 : f32
}
