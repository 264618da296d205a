// The plain affine gemm that gemm.mlir is compared with: the sums run over k in order.
func.func @gemm(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}, %C: memref<64x64xf32> {sharc.name = "C"}) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %sum = affine.for %k = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %A[%i, %k] : memref<64x64xf32>
        %y = affine.load %B[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
