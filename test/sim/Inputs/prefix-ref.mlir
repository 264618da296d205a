// Inclusive prefix sums, sequentially (the reference of divergence.mlir); odd positions are
// also copied to %odd.
func.func @main(%in: memref<64xf32>, %out: memref<64xf32>, %odd: memref<64xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %t = 0 to 64 {
    %sum = affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%t) iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %in[%k] : memref<64xf32>
      %s = arith.addf %acc, %v : f32
      affine.yield %s : f32
    }
    affine.store %sum, %out[%t] : memref<64xf32>
    affine.if affine_set<(d0) : (d0 mod 2 - 1 == 0)>(%t) {
      affine.store %sum, %odd[%t] : memref<64xf32>
    }
  }
  return
}
