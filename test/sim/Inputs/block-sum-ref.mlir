// The sequential reference of test/sim/gpu-block-sum.mlir: per-256-element sums and the total.
func.func @main(%in: memref<1000xf32> {sharc.name = "in"}, %partial: memref<4xf32> {sharc.name = "partial"}) -> f32 {
  %zero = arith.constant 0.0 : f32
  affine.for %b = 0 to 4 {
    %s = affine.for %i = affine_map<(d0) -> (d0 * 256)>(%b) to min affine_map<(d0) -> (d0 * 256 + 256, 1000)>(%b) iter_args(%acc = %zero) -> (f32) {
      %v = affine.load %in[%i] : memref<1000xf32>
      %t = arith.addf %acc, %v : f32
      affine.yield %t : f32
    }
    affine.store %s, %partial[%b] : memref<4xf32>
  }
  %total = affine.for %b = 0 to 4 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %partial[%b] : memref<4xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  return %total : f32
}
