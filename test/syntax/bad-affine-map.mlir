// Malformed affine maps: undeclared dim identifier, non-affine product,
// missing `->`, an affine.load subscript that is not affine, a missing operand
// after `+` (at the token found), a half comparison `>` in a set (after the `>`)
// and an undefined map alias (right after its name).
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}bad-affine-map.mlir:29:41: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) -> (d1)>(%a){{$}}
// CHECK-NEXT: {{^}}                                        ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:36:44: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) -> (d0 * d0)>(%a){{$}}
// CHECK-NEXT: {{^}}                                           ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:43:36: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) (d0 + 1)>(%a){{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:50:26: error:
// CHECK-NEXT: {{^}}  %0 = affine.load %A[%i * %i] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:57:47: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0) -> (d0 +  )>(%a){{$}}
// CHECK-NEXT: {{^}}                                              ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:64:38: error:
// CHECK-NEXT: {{^}}  affine.if affine_set<(d0) : (d0 >  3)>(%a) {{{$}}
// CHECK-NEXT: {{^}}                                     ^{{$}}
// CHECK: {{.*}}bad-affine-map.mlir:72:27: error:
// CHECK-NEXT: {{^}}  %0 = affine.apply #nomap  (%a){{$}}
// CHECK-NEXT: {{^}}                          ^{{$}}

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

// -----

func.func @missing_operand(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 +  )>(%a)
  return %0 : index
}

// -----

func.func @half_comparison(%a: index) {
  affine.if affine_set<(d0) : (d0 >  3)>(%a) {
  }
  return
}

// -----

func.func @undefined_map_alias(%a: index) -> index {
  %0 = affine.apply #nomap  (%a)
  return %0 : index
}
