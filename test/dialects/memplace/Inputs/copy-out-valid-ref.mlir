// The affine B[i][j] = 2 A[i][j] for i, j < n that copy-out-valid.mlir is compared with: B's
// elements past n keep their input values.
func.func @scale(%A: memref<40x40xf32> {sharc.name = "A"}, %B: memref<40x40xf32> {sharc.name = "B"}, %n: index {sharc.name = "n"}) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<40x40xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<40x40xf32>
    }
  }
  return
}
