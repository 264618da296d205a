// The sequential reference of test/sim/gpu-histogram.mlir: a 16-bin histogram (value & 15) of
// each block's 256 elements.
func.func @main(%data: memref<2048xi32> {sharc.name = "data"}, %out: memref<8x16xi32> {sharc.name = "out"}) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  affine.for %b = 0 to 8 {
    affine.for %k = 0 to 16 {
      affine.store %zero, %out[%b, %k] : memref<8x16xi32>
    }
    affine.for %i = 0 to 256 {
      %v = affine.load %data[%b * 256 + %i] : memref<2048xi32>
      %bin = arith.andi %v, %c15 : i32
      %k = arith.index_cast %bin : i32 to index
      %h = memref.load %out[%b, %k] : memref<8x16xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %out[%b, %k] : memref<8x16xi32>
    }
  }
  return
}
