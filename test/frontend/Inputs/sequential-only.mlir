// An affine module with no parallel band and no marked loop (test/frontend/plain-c.c).
func.func @f(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %c = arith.constant 1.0 : f32
    affine.store %c, %A[%i] : memref<8xf32>
  }
  return
}
