// Input of ../upstream.mlir: a band at the gpumap level, which upstream MLIR does not know.
func.func @fill(%A: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%bi) {
    affine.store %one, %A[%i] : memref<64xf32>
  }
  return
}
