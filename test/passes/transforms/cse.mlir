// RUN: sharc-opt %s --cse -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s --cse -split-input-file | mlir-opt -split-input-file > /dev/null %}
// RUN: sharc-opt %s --cse -split-input-file > %t
// RUN: %if mlir-opt %{ mlir-opt %s --cse -split-input-file | diff -u - %t %}
// RUN: sharc-opt %s --pass-pipeline='builtin.module(func.func(cse))' -split-input-file > %t.func
// RUN: %if mlir-opt %{ mlir-opt %s --pass-pipeline='builtin.module(func.func(cse))' -split-input-file | diff -u - %t.func %}

// Lines 4-5 and 6-7 require the output to be byte-identical to upstream's: the CHECK lines below
// are upstream's output.

// Identical pure ops merge; commutative operands match in either order.
// CHECK-LABEL: func.func @simple(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    %3 = arith.muli %0, %0 : i32
// CHECK-NEXT:    %4 = arith.addi %1, %2 : i32
// CHECK-NEXT:    %5 = arith.addi %1, %3 : i32
// CHECK-NEXT:    return %3, %4, %5 : i32, i32, i32
// CHECK-NEXT:  }
func.func @simple(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.subi %a, %b : i32
  %5 = arith.muli %0, %1 : i32
  %6 = arith.addi %2, %3 : i32
  %7 = arith.addi %4, %5 : i32
  return %5, %6, %7 : i32, i32, i32
}

// -----

// Equal constants merge, constants of different types or values do not; unused pure ops die.
// CHECK-LABEL: func.func @constants() -> (index, index, i32, i32) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    return %c0, %c0, %c0_i32, %c1_i32 : index, index, i32, i32
// CHECK-NEXT:  }
func.func @constants() -> (index, index, i32, i32) {
  %c0 = arith.constant 0 : index
  %c0_0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %dead = arith.addi %c0_i32, %c1_i32 : i32
  return %c0, %c0_0, %c0_i32, %c1_i32 : index, index, i32, i32
}

// -----

// Attributes take part: different predicates or overflow flags keep ops apart.
// CHECK-LABEL: func.func @attributes(%arg0: i32, %arg1: i32) -> (i1, i1, i1, i32, i32) {
// CHECK-NEXT:    %0 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    %3 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    return %0, %1, %0, %2, %3 : i1, i1, i1, i32, i32
// CHECK-NEXT:  }
func.func @attributes(%a: i32, %b: i32) -> (i1, i1, i1, i32, i32) {
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi sgt, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.addi %a, %b overflow<nsw> : i32
  %4 = arith.addi %a, %b : i32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i32, i32
}

// -----

// A value computed before a loop is reused inside it; one computed inside the loop body is not
// visible after the loop.
// CHECK-LABEL: func.func @scopes(%arg0: index, %arg1: memref<?xindex>) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:    scf.for %arg2 = %c0 to %arg0 step %c1 {
// CHECK-NEXT:      %3 = arith.addi %0, %arg2 : index
// CHECK-NEXT:      %4 = arith.addi %3, %c1 : index
// CHECK-NEXT:      memref.store %4, %arg1[%arg2] : memref<?xindex>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %arg2 = 0 to 4 {
// CHECK-NEXT:      %3 = arith.addi %0, %arg2 : index
// CHECK-NEXT:      %4 = arith.addi %3, %3 : index
// CHECK-NEXT:      memref.store %4, %arg1[%arg2] : memref<?xindex>
// CHECK-NEXT:    }
// CHECK-NEXT:    %1 = arith.addi %arg0, %c0 : index
// CHECK-NEXT:    %2 = arith.addi %1, %1 : index
// CHECK-NEXT:    memref.store %2, %arg1[%c0] : memref<?xindex>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @scopes(%a: index, %m: memref<?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = arith.muli %a, %a : index
  scf.for %i = %c0 to %a step %c1 {
    %1 = arith.muli %a, %a : index
    %2 = arith.addi %1, %i : index
    %c1_1 = arith.constant 1 : index
    %3 = arith.addi %2, %c1_1 : index
    memref.store %3, %m[%i] : memref<?xindex>
  }
  affine.for %i = 0 to 4 {
    %4 = arith.addi %0, %i : index
    %5 = arith.addi %0, %i : index
    %6 = arith.addi %4, %5 : index
    memref.store %6, %m[%i] : memref<?xindex>
  }
  %7 = arith.addi %a, %c0 : index
  %8 = arith.addi %a, %c0 : index
  %9 = arith.addi %7, %8 : index
  memref.store %9, %m[%c0] : memref<?xindex>
  return
}

// -----

// Sibling regions do not see each other's values.
// CHECK-LABEL: func.func @siblings(%arg0: i1, %arg1: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
func.func @siblings(%c: i1, %a: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %1 = arith.muli %a, %a : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  }
  return %0 : i32
}

// -----

// Functions are isolated from above: each keeps its own constants.
// CHECK-LABEL: func.func @first() -> i32 {
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    return %c7_i32 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @second() -> i32 {
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %0 = arith.addi %c7_i32, %c7_i32 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
func.func @first() -> i32 {
  %c7 = arith.constant 7 : i32
  return %c7 : i32
}
func.func @second() -> i32 {
  %c7 = arith.constant 7 : i32
  %c7_0 = arith.constant 7 : i32
  %0 = arith.addi %c7, %c7_0 : i32
  return %0 : i32
}

// -----

// Affine ops are pure: equal affine.apply ops merge, even nested in loops.
// CHECK-DAG: #map = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// CHECK-LABEL: func.func @affine(%arg0: memref<16x16xf32>) {
// CHECK-NEXT:    affine.for %arg1 = 0 to 8 {
// CHECK-NEXT:      affine.for %arg2 = 0 to 8 {
// CHECK-NEXT:        %0 = affine.apply #map(%arg1, %arg2)
// CHECK-NEXT:        %1 = affine.load %arg0[%0, %0] : memref<16x16xf32>
// CHECK-NEXT:        affine.store %1, %arg0[%0, %0] : memref<16x16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @affine(%m: memref<16x16xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %0 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %j)
      %1 = affine.apply affine_map<(d0, d1) -> (d0 * 2 + d1)>(%i, %j)
      %2 = affine.load %m[%0, %1] : memref<16x16xf32>
      affine.store %2, %m[%1, %0] : memref<16x16xf32>
    }
  }
  return
}

// -----

// Ops with regions merge when their regions are equivalent and free of effects; conditionals
// that store stay apart.
// CHECK-LABEL: func.func @regions(%arg0: i1, %arg1: i32, %arg2: memref<4xi32>, %arg3: index) -> (i32, i32) {
// CHECK-NEXT:    %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      %1 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:      scf.yield %1 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      memref.store %arg1, %arg2[%arg3] : memref<4xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg0 {
// CHECK-NEXT:      memref.store %arg1, %arg2[%arg3] : memref<4xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0, %0 : i32, i32
// CHECK-NEXT:  }
func.func @regions(%c: i1, %a: i32, %m: memref<4xi32>, %i: index) -> (i32, i32) {
  %0 = scf.if %c -> (i32) {
    %1 = arith.muli %a, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  %2 = scf.if %c -> (i32) {
    %3 = arith.muli %a, %a : i32
    scf.yield %3 : i32
  } else {
    scf.yield %a : i32
  }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  scf.if %c {
    memref.store %a, %m[%i] : memref<4xi32>
  }
  return %0, %2 : i32, i32
}

// -----

// Loads of the same address merge when no write lies between them in the block; a store in
// between, or a different block, keeps them apart. Unused loads die.
// CHECK-LABEL: func.func @loads
// CHECK-NEXT:    %0 = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT:    %1 = arith.addf %0, %0 : f32
// CHECK-NEXT:    memref.store %1, %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT:    %2 = memref.load %arg0[%arg1] : memref<8xf32>
// CHECK-NEXT:    %3 = arith.addf %1, %2 : f32
// CHECK:           %5 = affine.load %arg0[%arg3] : memref<8xf32>
// CHECK-NEXT:      %6 = arith.addf %4, %5 : f32
// CHECK-NEXT:      %7 = arith.addf %6, %5 : f32
func.func @loads(%m: memref<8xf32>, %i: index, %v: f32) -> f32 {
  %0 = memref.load %m[%i] : memref<8xf32>
  %1 = memref.load %m[%i] : memref<8xf32>
  %2 = arith.addf %0, %1 : f32
  memref.store %2, %m[%i] : memref<8xf32>
  %3 = memref.load %m[%i] : memref<8xf32>
  %unused = memref.load %m[%i] : memref<8xf32>
  %4 = arith.addf %2, %3 : f32
  affine.for %k = 0 to 8 {
    %5 = memref.load %m[%i] : memref<8xf32>
    %6 = affine.load %m[%k] : memref<8xf32>
    %7 = affine.load %m[%k] : memref<8xf32>
    %8 = arith.addf %5, %6 : f32
    %9 = arith.addf %8, %7 : f32
    affine.store %9, %m[%k] : memref<8xf32>
  }
  return %4 : f32
}
