// memref.reinterpret_cast in the simulator and in host code: views of one buffer with a new
// offset, sizes and strides, counted from the buffer's base, and an access outside the buffer.

// RUN: sharc-run %s --entry=views | FileCheck %s
// RUN: sharc-run %s --entry=views --exec=host | FileCheck %s
// The 4x4 table [0..15] seen as 2x8 (element [1, 3] = 11), as a flat pointer with row pitch
// %w = 4 (element [3, 1] = 13), and as a column at offset 2 with stride 4 (sum 2+6+10+14 = 32).
// CHECK: result 0: 11.0 : f32
// CHECK-NEXT: result 1: 13.0 : f32
// CHECK-NEXT: result 2: 32.0 : f32

// RUN: not sharc-run %s --entry=outside 2>&1 | FileCheck %s --check-prefix=OUT
// A 5x4 view of a 16-element buffer: row 4 lies outside the buffer.
// OUT: reinterpret-cast.mlir:[[@LINE+30]]:8: error: invalid load: the element lies outside its buffer

memref.global "private" constant @table : memref<4x4xf32> = dense<[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]>

func.func @views() -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @table : memref<4x4xf32>
  %wide = memref.reinterpret_cast %g to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<4x4xf32> to memref<2x8xf32>
  %a = memref.load %wide[%c1, %c3] : memref<2x8xf32>
  %flat = memref.reinterpret_cast %g to offset: [0], sizes: [16], strides: [1] : memref<4x4xf32> to memref<16xf32>
  %rows = memref.reinterpret_cast %flat to offset: [0], sizes: [%c4, %c4], strides: [%c4, 1] : memref<16xf32> to memref<?x?xf32>
  %b = memref.load %rows[%c3, %c1] : memref<?x?xf32>
  %col = memref.reinterpret_cast %g to offset: [2], sizes: [4], strides: [4] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 2>>
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %col[%i] : memref<4xf32, strided<[4], offset: 2>>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %a, %b, %s : f32, f32, f32
}

func.func @outside() -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @table : memref<4x4xf32>
  %v = memref.reinterpret_cast %g to offset: [0], sizes: [5, 4], strides: [4, 1] : memref<4x4xf32> to memref<5x4xf32>
  %x = memref.load %v[%c4, %c0] : memref<5x4xf32>
  return %x : f32
}
