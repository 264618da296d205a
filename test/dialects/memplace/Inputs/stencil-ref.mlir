// The plain affine 5-point stencil that stencil.mlir is compared with.
func.func @stencil(%A: memref<50x70xf32> {sharc.name = "A"}, %B: memref<50x70xf32> {sharc.name = "B"}, %n: index {sharc.name = "n"}, %m: index {sharc.name = "m"}) {
  %fifth = arith.constant 0.2 : f32
  affine.for %i = 1 to affine_map<()[s0] -> (s0 - 1)>()[%n] {
    affine.for %j = 1 to affine_map<()[s0] -> (s0 - 1)>()[%m] {
      %c = affine.load %A[%i, %j] : memref<50x70xf32>
      %north = affine.load %A[%i - 1, %j] : memref<50x70xf32>
      %south = affine.load %A[%i + 1, %j] : memref<50x70xf32>
      %west = affine.load %A[%i, %j - 1] : memref<50x70xf32>
      %east = affine.load %A[%i, %j + 1] : memref<50x70xf32>
      %s1 = arith.addf %c, %north : f32
      %s2 = arith.addf %s1, %south : f32
      %s3 = arith.addf %s2, %west : f32
      %s4 = arith.addf %s3, %east : f32
      %r = arith.mulf %s4, %fifth : f32
      affine.store %r, %B[%i, %j] : memref<50x70xf32>
    }
  }
  return
}
