// Inputs upstream accepts in a non-canonical spelling: sharc must read them and
// print what mlir-opt prints (the printed forms are not fixed points of the
// input, so this is not an ops.mlir-style file).
// RUN: %if mlir-opt %{ mlir-opt %s -split-input-file > %t.up %}
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | diff -u %t.up - %}
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | sharc-opt -split-input-file | diff -u %t.up - %}
// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s

// An integer set without constraints is upstream's degenerate `0 == 0` set.
// CHECK: #set = affine_set<() : (0 == 0)>
// CHECK: #set1 = affine_set<(d0)[s0] : (0 == 0)>
// CHECK-LABEL: func.func @empty_set
// CHECK: affine.if #set() {
// CHECK: affine.if #set1(%arg0)[%arg0] {
func.func @empty_set(%n: index) {
  affine.if affine_set<() : ()>() {
  }
  affine.if affine_set<(d0)[s0] : ()>(%n)[%n] {
  }
  return
}

// -----

// Division by a zero constant is not folded, and not an error.
// CHECK: #map = affine_map<(d0) -> (d0 floordiv 0)>
// CHECK: #map1 = affine_map<(d0) -> (d0 mod 0)>
// CHECK: #map2 = affine_map<(d0) -> (d0 ceildiv 0)>
// CHECK-LABEL: func.func @zero_divisor
func.func @zero_divisor(%n: index) -> (index, index, index) {
  %0 = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%n)
  %1 = affine.apply affine_map<(d0) -> (d0 mod 0)>(%n)
  %2 = affine.apply affine_map<(d0) -> (d0 ceildiv 0)>(%n)
  return %0, %1, %2 : index, index, index
}

// -----

// Memory space 0 is the default, also for unranked memrefs.
// CHECK-LABEL: func.func @unranked_space_zero(%arg0: memref<*xf32>, %arg1: memref<*xf32>) -> memref<*xf32> {
func.func @unranked_space_zero(%a: memref<*xf32, 0>, %b: memref<*xf32, 0 : i32>) -> memref<*xf32> {
  return %a : memref<*xf32>
}

// -----

// Any 128-bit pattern is an i128 literal; 2^128 - 1 is -1.
// CHECK-LABEL: func.func @i128_max
// CHECK: %c-1_i128 = arith.constant -1 : i128
func.func @i128_max() -> i128 {
  %0 = arith.constant 340282366920938463463374607431768211455 : i128
  return %0 : i128
}

// -----

// gpu index ops read their dimension as a keyword or a string.
// CHECK-LABEL: func.func @thread_id_string
// CHECK: %thread_id_y = gpu.thread_id  y
func.func @thread_id_string() -> index {
  %0 = gpu.thread_id "y"
  return %0 : index
}
