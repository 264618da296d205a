// Results of ops with regions, views and globals on the host, checked by value.

// RUN: sharc-run %s --entry=parallel_sum --random-inputs=1 | FileCheck %s --check-prefix=PAR
// scf.parallel with an scf.reduce region and affine.parallel with "addf" and "maximumf"
// reductions over the same 10x10 space (sum of i*10+j = 4950, max 99).
// PAR: result 0: 4950 : index
// PAR-NEXT: result 1: 4950.0 : f32
// PAR-NEXT: result 2: 99.0 : f32

// RUN: sharc-run %s --entry=bounds | FileCheck %s --check-prefix=BOUNDS
// affine.for with max/min bounds and a step, affine.if on a set, affine.min/max/apply with
// floordiv, mod and ceildiv: 0+3+6 = 9 iterations of i in [max(0, -2), min(10, 8)) step 3 -> 9;
// the set keeps i >= 3 (3 + 6 = 9); apply gives (-7 floordiv 2, -7 mod 3, 7 ceildiv 2).
// BOUNDS: result 0: 9 : index
// BOUNDS-NEXT: result 1: 9 : index
// BOUNDS-NEXT: result 2: -4 : index
// BOUNDS-NEXT: result 3: 2 : index
// BOUNDS-NEXT: result 4: 4 : index

// RUN: sharc-run %s --entry=views | FileCheck %s --check-prefix=VIEWS
// A strided subview of a global, memref.dim of a cast, an alloca summed in a loop.
// VIEWS: result 0: 12.0 : f32
// VIEWS-NEXT: result 1: 3 : index
// VIEWS-NEXT: result 2: 6 : i32

// RUN: not sharc-run %s --entry=divide 2>&1 | FileCheck %s --check-prefix=DIV
// DIV: semantics.mlir:[[@LINE+80]]:8: error: integer division by zero

func.func @parallel_sum() -> (index, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%c10, %c10) step (%c1, %c1) init (%c0) -> index {
    %a = arith.muli %i, %c10 : index
    %v = arith.addi %a, %j : index
    scf.reduce(%v : index) {
    ^bb0(%x: index, %y: index):
      %s = arith.addi %x, %y : index
      scf.reduce.return %s : index
    }
  }
  %s:2 = affine.parallel (%i, %j) = (0, 0) to (10, 10) reduce ("addf", "maximumf") -> (f32, f32) {
    %v = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
    %w = arith.index_cast %v : index to i64
    %f = arith.sitofp %w : i64 to f32
    affine.yield %f, %f : f32, f32
  }
  return %r, %s#0, %s#1 : index, f32, f32
}

func.func @bounds() -> (index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %cm2 = arith.constant -2 : index
  %c8 = arith.constant 8 : index
  %sum = affine.for %i = max affine_map<(d0) -> (0, d0)>(%cm2) to min affine_map<(d0) -> (10, d0)>(%c8) step 3 iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    affine.yield %n : index
  }
  %kept = affine.for %i = 0 to 8 step 3 iter_args(%acc = %c0) -> (index) {
    %n = affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) -> index {
      %a = arith.addi %acc, %i : index
      affine.yield %a : index
    } else {
      affine.yield %acc : index
    }
    affine.yield %n : index
  }
  %fd = affine.apply affine_map<()[s0] -> (-s0 floordiv 2)>()[%c7]
  %md = affine.apply affine_map<()[s0] -> (-s0 mod 3)>()[%c7]
  %cd = affine.max affine_map<()[s0] -> (s0 ceildiv 2, 1)>()[%c7]
  return %sum, %kept, %fd, %md, %cd : index, index, index, index, index
}

memref.global "private" constant @table : memref<4x4xf32> = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]>

func.func @views() -> (f32, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %g = memref.get_global @table : memref<4x4xf32>
  // Rows 1 and 3, columns 0 and 2: [[4, 6], [12, 14]].
  %sv = memref.subview %g[1, 0] [2, 2] [2, 2] : memref<4x4xf32> to memref<2x2xf32, strided<[8, 2], offset: 4>>
  %v = memref.load %sv[%c1, %c0] : memref<2x2xf32, strided<[8, 2], offset: 4>>
  %dyn = memref.cast %g : memref<4x4xf32> to memref<?x4xf32>
  %d = memref.dim %dyn, %c0 : memref<?x4xf32>
  %n = arith.subi %d, %c1 : index
  %buf = memref.alloca() : memref<4xi32>
  scf.for %i = %c0 to %c3 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %j = arith.addi %ii, %ii : i32
    memref.store %j, %buf[%i] : memref<4xi32>
  }
  %zero = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = memref.load %buf[%i] : memref<4xi32>
    %y = arith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  return %v, %n, %s : f32, index, i32
}

func.func @divide() -> i32 {
  %a = arith.constant 7 : i32
  %z = arith.constant 0 : i32
  %q = arith.divsi %a, %z : i32
  return %q : i32
}
