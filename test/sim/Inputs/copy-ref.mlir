// The sequential reference of test/sim/gpu-copy-metrics.mlir.
func.func @main(%in: memref<4096xf32> {sharc.name = "in"}, %out: memref<4096xf32> {sharc.name = "out"},
                %wide: memref<8192xf32> {sharc.name = "wide"}, %strided: memref<4096xf32> {sharc.name = "strided"},
                %a: memref<45x37xf32> {sharc.name = "a"}, %at: memref<37x45xf32> {sharc.name = "at"}) {
  affine.for %i = 0 to 4096 {
    %v = affine.load %in[%i] : memref<4096xf32>
    affine.store %v, %out[%i] : memref<4096xf32>
    %w = affine.load %wide[%i * 2] : memref<8192xf32>
    affine.store %w, %strided[%i] : memref<4096xf32>
  }
  affine.for %i = 0 to 45 {
    affine.for %j = 0 to 37 {
      %v = affine.load %a[%i, %j] : memref<45x37xf32>
      %s = arith.mulf %v, %v : f32
      %t = arith.addf %s, %v : f32
      affine.store %t, %at[%j, %i] : memref<37x45xf32>
    }
  }
  return
}
