// RUN: sharc-opt %s --canonicalize -split-input-file | FileCheck %s
// RUN: sharc-opt %s --canonicalize -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --canonicalize -split-input-file | diff -u - %t %}

// The scf canonicalization patterns sharc implements (a subset of upstream's), each with
// upstream's result: line 3-4 require sharc's output to be byte-identical to mlir-opt's.

// scf.if on a constant condition is replaced by the branch taken (RemoveStaticCondition).
// CHECK-LABEL: func.func @if_static_condition(%arg0: f32) -> (f32, f32) {
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:    %1 = arith.mulf %arg0, %arg0 : f32
// CHECK-NEXT:    return %0, %1 : f32, f32
func.func @if_static_condition(%x: f32) -> (f32, f32) {
  %true = arith.constant true
  %false = arith.constant false
  %a = scf.if %true -> f32 {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  } else {
    scf.yield %x : f32
  }
  %b = scf.if %false -> f32 {
    scf.yield %x : f32
  } else {
    %y = arith.mulf %x, %x : f32
    scf.yield %y : f32
  }
  return %a, %b : f32, f32
}

// -----

// A false scf.if without else and results disappears; an empty else branch is dropped
// (RemoveEmptyElseBranch).
// CHECK-LABEL: func.func @if_dead_and_empty_else(%arg0: f32, %arg1: memref<4xf32>, %arg2: i1) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    scf.if %arg2 {
// CHECK-NEXT:      memref.store %arg0, %arg1[%c0] : memref<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_dead_and_empty_else(%x: f32, %m: memref<4xf32>, %c: i1) {
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  scf.if %false {
    memref.store %x, %m[%c0] : memref<4xf32>
  }
  scf.if %c {
    memref.store %x, %m[%c0] : memref<4xf32>
  } else {
  }
  return
}

// -----

// scf.for running zero times is replaced by its inits, running once by its body
// (SimplifyTrivialLoops).
// CHECK-LABEL: func.func @for_trivial_trip_counts(%arg0: f32, %arg1: memref<4xf32>) -> (f32, f32) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    memref.store %arg0, %arg1[%c0] : memref<4xf32>
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:    return %arg0, %0 : f32, f32
func.func @for_trivial_trip_counts(%x: f32, %m: memref<4xf32>) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero_trips = scf.for %i = %c4 to %c0 step %c1 iter_args(%s = %x) -> (f32) {
    %y = arith.addf %s, %s : f32
    scf.yield %y : f32
  }
  %one_trip = scf.for %i = %c0 to %c1 step %c4 iter_args(%s = %x) -> (f32) {
    memref.store %s, %m[%i] : memref<4xf32>
    %y = arith.addf %s, %s : f32
    scf.yield %y : f32
  }
  return %zero_trips, %one_trip : f32, f32
}

// -----

// A single-block scf.execute_region is inlined unless marked no_inline
// (SingleBlockExecuteInliner).
// CHECK-LABEL: func.func @execute_region(%arg0: f32) -> (f32, f32) {
// CHECK-NEXT:    %0 = arith.subf %arg0, %arg0 : f32
// CHECK-NEXT:    %1 = scf.execute_region -> f32 no_inline {
// CHECK-NEXT:      %2 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:      scf.yield %2 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0, %1 : f32, f32
func.func @execute_region(%x: f32) -> (f32, f32) {
  %a = scf.execute_region -> f32 {
    %y = arith.subf %x, %x : f32
    scf.yield %y : f32
  }
  %b = scf.execute_region -> f32 no_inline {
    %y = arith.addf %x, %x : f32
    scf.yield %y : f32
  }
  return %a, %b : f32, f32
}
