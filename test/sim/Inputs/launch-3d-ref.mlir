// The sequential reference of test/sim/gpu-launch-3d.mlir.
func.func @main(%in: memref<5x10x7xf32> {sharc.name = "in"}, %out: memref<5x10x7xf32> {sharc.name = "out"},
                %ids: memref<5x10x7xi32> {sharc.name = "ids"}) {
  %two = arith.constant 2.0 : f32
  affine.for %z = 0 to 5 {
    affine.for %y = 0 to 10 {
      affine.for %x = 0 to 7 {
        %v = affine.load %in[%z, %y, %x] : memref<5x10x7xf32>
        %d = arith.mulf %v, %two : f32
        %r = affine.if affine_set<(d0) : (5 - d0 >= 0)>(%x) -> f32 {
          %n = affine.load %in[%z, %y, %x + 1] : memref<5x10x7xf32>
          %s = arith.addf %d, %n : f32
          affine.yield %s : f32
        } else {
          affine.yield %d : f32
        }
        affine.store %r, %out[%z, %y, %x] : memref<5x10x7xf32>
        %lin = affine.apply affine_map<(d0, d1, d2) -> (d0 * 100 + d1 * 10 + d2)>(%z, %y, %x)
        %li = arith.index_cast %lin : index to i32
        affine.store %li, %ids[%z, %y, %x] : memref<5x10x7xi32>
      }
    }
  }
  return
}
