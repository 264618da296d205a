// RUN: sharc-opt %s --canonicalize -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --canonicalize -split-input-file | mlir-opt -split-input-file > /dev/null %}
// RUN: sharc-opt %s --canonicalize -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --canonicalize -split-input-file | diff -u - %t %}
// RUN: sharc-opt %s --canonicalize="max-iterations=1" -split-input-file | FileCheck %s --check-prefix=ONE
// RUN: sharc-opt %s --canonicalize="max-iterations=1" -split-input-file > %t.one
// RUN: %if mlir-opt %{ mlir-opt %s --canonicalize="max-iterations=1" -split-input-file | diff -u - %t.one %}
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' -split-input-file > %t.bottom-up
// RUN: %if mlir-opt %{ mlir-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{top-down=false}))' -split-input-file | diff -u - %t.bottom-up %}

// Lines 4-5 (and 7-8, 9-10 for options) require the output to be byte-identical to upstream's:
// the CHECK lines below are upstream's output.

// Constants are hoisted to the start of the function in upstream's order: the first constant
// stays, each later one that is not in the leading run moves to the very front, and a folded
// result is materialized before its op and hoisted on the next iteration. With one
// iteration, the folded constant is still where it was materialized.
// ONE-LABEL: func.func @hoist_order(%arg0: i32) -> i32 {
// ONE-NEXT:    %c5_i32 = arith.constant 5 : i32
// ONE-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// ONE-NEXT:    %c3_i32 = arith.constant 3 : i32
// ONE-NEXT:    %1 = arith.muli %0, %c3_i32 : i32
// CHECK-LABEL: func.func @hoist_order(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %c3_i32 : i32
// CHECK-NEXT:    %2 = arith.addi %1, %c5_i32 : i32
// CHECK-NEXT:    return %2 : i32
// CHECK-NEXT:  }
func.func @hoist_order(%a: i32) -> i32 {
  %x = arith.addi %a, %a : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %y = arith.addi %c1, %c2 : i32
  %z = arith.muli %x, %y : i32
  %c5 = arith.constant 5 : i32
  %w = arith.addi %c5, %z : i32
  return %w : i32
}

// -----

// Equal constants are merged, also when one sits in a loop body: constants of loop bodies
// are hoisted to the function entry block.
// CHECK-LABEL: func.func @dedup_nested(%arg0: memref<16xi32>, %arg1: index) {
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg2 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:      %0 = arith.addi %arg2, %c1 : index
// CHECK-NEXT:      memref.store %c1_i32, %arg0[%0] : memref<16xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %arg2 = 0 to 16 {
// CHECK-NEXT:      affine.store %c7_i32, %arg0[%arg2] : memref<16xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dedup_nested(%m: memref<16xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %c1_i32 = arith.constant 1 : i32
    %c1_0 = arith.constant 1 : index
    %j = arith.addi %i, %c1_0 : index
    memref.store %c1_i32, %m[%j] : memref<16xi32>
  }
  affine.for %i = 0 to 16 {
    %c7 = arith.constant 7 : i32
    affine.store %c7, %m[%i] : memref<16xi32>
  }
  return
}

// -----

// Identities fold to their operand; a constant on the left of a commutative op moves right.
// CHECK-LABEL: func.func @identities(%arg0: i32, %arg1: index) -> (i32, i32, index, i32) {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:    %0 = arith.muli %arg0, %c4_i32 : i32
// CHECK-NEXT:    return %arg0, %0, %arg1, %c0_i32 : i32, i32, index, i32
// CHECK-NEXT:  }
func.func @identities(%a: i32, %b: index) -> (i32, i32, index, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %c1, %0 : i32
  %2 = arith.muli %c4, %1 : i32
  %c0_idx = arith.constant 0 : index
  %3 = arith.subi %b, %c0_idx : index
  %4 = arith.subi %a, %a : i32
  return %1, %2, %3, %4 : i32, i32, index, i32
}

// -----

// Comparisons and selects fold; the i1 constant is materialized as `true`/`false`.
// CHECK-LABEL: func.func @compare_select(%arg0: i32, %arg1: i32) -> (i1, i32, i1) {
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    return %true, %arg0, %true : i1, i32, i1
// CHECK-NEXT:  }
func.func @compare_select(%a: i32, %b: i32) -> (i1, i32, i1) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %0 = arith.cmpi slt, %c3, %c4 : i32
  %1 = arith.select %0, %a, %b : i32
  %2 = arith.cmpi eq, %a, %a : i32
  return %0, %1, %2 : i1, i32, i1
}

// -----

// Float constants fold too.
// CHECK-LABEL: func.func @float(%arg0: f32) -> (f32, f32) {
// CHECK-NEXT:    %cst = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT:    return %cst, %0 : f32, f32
// CHECK-NEXT:  }
func.func @float(%x: f32) -> (f32, f32) {
  %c1 = arith.constant 1.5 : f32
  %c2 = arith.constant 2.0 : f32
  %0 = arith.mulf %c1, %c2 : f32
  %1 = arith.addf %x, %0 : f32
  return %0, %1 : f32, f32
}

// -----

// A float is rounded to a narrower format once, from its exact value:
// 1.0004882812500002 = 1 + 2^-11 + 2^-52 lies just above the halfway point between the halves
// 1.0 and 1 + 2^-10, so as an f16 literal it is 1 + 2^-10 (0x3C01); rounding it to f32 first
// would give the tie 1 + 2^-11 and then 1.0. The same for bf16 with 1 + 2^-8 + 2^-40. truncf
// folds only when the value is exact in the narrower format (1.5), as upstream.
// CHECK-LABEL: func.func @narrow_float_rounding() -> (f16, f16, f16, bf16) {
// CHECK-NEXT:    %cst = arith.constant 1.500000e+00 : f16
// CHECK-NEXT:    %cst_0 = arith.constant 1.007810e+00 : bf16
// CHECK-NEXT:    %cst_1 = arith.constant 1.000980e+00 : f16
// CHECK-NEXT:    %cst_2 = arith.constant 1.0004882812500002 : f64
// CHECK-NEXT:    %0 = arith.truncf %cst_2 : f64 to f16
// CHECK-NEXT:    return %0, %cst, %cst_1, %cst_0 : f16, f16, f16, bf16
// CHECK-NEXT:  }
func.func @narrow_float_rounding() -> (f16, f16, f16, bf16) {
  %c = arith.constant 1.0004882812500002 : f64
  %exact = arith.constant 1.5 : f64
  %0 = arith.truncf %c : f64 to f16
  %1 = arith.truncf %exact : f64 to f16
  %2 = arith.constant 1.0004882812500002 : f16
  %3 = arith.constant 1.0039062500009095 : bf16
  return %0, %1, %2, %3 : f16, f16, f16, bf16
}

// -----

// sitofp folds with one rounding from the integer: 2^62 + 2^54 + 1 is just above the halfway
// point between the bf16 values 2^62 and 2^62 + 2^55, so it is 2^62 + 2^55 (4.647710e+18); as
// an f64 it would be the tie 2^62 + 2^54 and then 2^62 (4.611690e+18). uitofp alike.
// CHECK-LABEL: func.func @int_to_narrow_float() -> (bf16, bf16, f32) {
// CHECK-NEXT:    %cst = arith.constant 4.647710e+18 : bf16
// CHECK-NEXT:    %cst_0 = arith.constant 4.62970042E+18 : f32
// CHECK-NEXT:    return %cst, %cst, %cst_0 : bf16, bf16, f32
// CHECK-NEXT:  }
func.func @int_to_narrow_float() -> (bf16, bf16, f32) {
  %c = arith.constant 4629700416936869889 : i64
  %0 = arith.sitofp %c : i64 to bf16
  %1 = arith.uitofp %c : i64 to bf16
  %2 = arith.sitofp %c : i64 to f32
  return %0, %1, %2 : bf16, bf16, f32
}

// -----

// Unused pure ops die, and so do unused loads and allocations, also inside loops; stores stay.
// CHECK-LABEL: func.func @dead_code(%arg0: memref<8xf32>, %arg1: i32) {
// CHECK-NEXT:    affine.for %arg2 = 0 to 8 {
// CHECK-NEXT:      %0 = affine.load %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:      %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:      affine.store %1, %arg0[%arg2] : memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dead_code(%m: memref<8xf32>, %a: i32) {
  %0 = arith.muli %a, %a : i32
  %1 = arith.addi %0, %a : i32
  %c0 = arith.constant 0 : index
  %2 = memref.load %m[%c0] : memref<8xf32>
  %alloc = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %3 = affine.load %m[%i] : memref<8xf32>
    %4 = arith.addf %3, %3 : f32
    %5 = arith.mulf %4, %4 : f32
    affine.store %4, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// A loop whose body has no effect and whose results are unused is dead as a whole.
// CHECK-LABEL: func.func @dead_loop(%arg0: index) {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @dead_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.addi %i, %i : index
  }
  affine.for %i = 0 to 10 {
    %1 = arith.muli %i, %i : index
  }
  return
}
