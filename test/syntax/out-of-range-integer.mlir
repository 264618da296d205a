// Integer literals that do not fit the type. (NB: upstream accepts any value
// in [-2^(w-1), 2^w - 1], e.g. `255 : i8` and `128 : i8`, re-printing them as
// signed: -1 and -128; see dialects/arith/ops.mlir.)
// RUN: not sharc-opt %s -split-input-file 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}out-of-range-integer.mlir:19:23: error:
// CHECK-NEXT: {{^}}  %0 = arith.constant 300 : i8{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK: {{.*}}out-of-range-integer.mlir:26:24: error:
// CHECK-NEXT: {{^}}  %0 = arith.constant -129 : i8{{$}}
// CHECK-NEXT: {{^}}                       ^{{$}}
// CHECK: {{.*}}out-of-range-integer.mlir:33:23: error:
// CHECK-NEXT: {{^}}  %0 = arith.constant 99999999999999999999 : i64{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK: {{.*}}out-of-range-integer.mlir:40:23: error:
// CHECK-NEXT: {{^}}  %0 = arith.constant 2 : i1{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}

func.func @f() -> i8 {
  %0 = arith.constant 300 : i8
  return %0 : i8
}

// -----

func.func @g() -> i8 {
  %0 = arith.constant -129 : i8
  return %0 : i8
}

// -----

func.func @h() -> i64 {
  %0 = arith.constant 99999999999999999999 : i64
  return %0 : i64
}

// -----

func.func @i() -> i1 {
  %0 = arith.constant 2 : i1
  return %0 : i1
}
