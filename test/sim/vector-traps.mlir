// RUN: not sharc-run %s --entry=tail --random-inputs=1 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: not sharc-run %s --entry=column --random-inputs=1 2>&1 | FileCheck %s --check-prefix=COLUMN
// RUN: not sharc-run %s --entry=wide --random-inputs=1 2>&1 | FileCheck %s --check-prefix=WIDE

// A vector load is in bounds only if its last lane is: the error names that lane's index.
// TAIL: vector-traps.mlir:[[@LINE+5]]:8: error: out-of-bounds vector load: index [4] is out of bounds of shape [4]
// TAIL-NEXT: {{^}}  %v = vector.load %a[%c3] : memref<4xf32>, vector<2xf32>
// TAIL-NEXT: {{^}}       ^
func.func @tail(%a: memref<4xf32>) {
  %c3 = arith.constant 3 : index
  %v = vector.load %a[%c3] : memref<4xf32>, vector<2xf32>
  vector.store %v, %a[%c3] : memref<4xf32>, vector<2xf32>
  return
}

// A view whose innermost stride is not 1 has no adjacent elements to load as one access.
// COLUMN: vector-traps.mlir:[[@LINE+6]]:3: error: invalid vector store: the vector's elements are not adjacent in memory
// COLUMN-NEXT: {{^}}  vector.store %v, %t[%c0, %c0] : memref<4x2xf32, strided<[4, 2]>>, vector<2xf32>
func.func @column(%a: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0, %c0] : memref<4x4xf32>, vector<2xf32>
  %t = memref.subview %a[0, 0] [4, 2] [1, 2] : memref<4x4xf32> to memref<4x2xf32, strided<[4, 2]>>
  vector.store %v, %t[%c0, %c0] : memref<4x2xf32, strided<[4, 2]>>, vector<2xf32>
  return
}

// Vector values wider than 8 bytes are not executable (yet): said when the function is compiled.
// WIDE: vector-traps.mlir:[[@LINE+3]]:8: error: cannot execute values of type vector<4xf32> (sharc-run holds 1-d vectors of up to 8 bytes)
func.func @wide(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = vector.load %a[%c0] : memref<4xf32>, vector<4xf32>
  return
}

