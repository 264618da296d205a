// The 64x64 transpose as a sequential affine loop nest: the reference the GPU versions are
// compared with (--compare).
func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %in[%i, %j] : memref<64x64xf32>
      affine.store %v, %out[%j, %i] : memref<64x64xf32>
    }
  }
  return
}
