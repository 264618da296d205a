// The plain loop nest lower-gpumap-tiles.mlir's tiled bands are compared with.
module {
  func.func @cyclic(%n: index, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
    affine.for %i = 0 to %n {
      affine.for %j = 0 to 64 {
        %v = affine.load %A[%i, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i, %j] : memref<64x64xf32>
      }
    }
    return
  }
  func.func @blocked(%n: index, %A: memref<64x64xf32>, %B: memref<64x64xf32>) {
    affine.for %i = 0 to %n {
      affine.for %j = 0 to 64 {
        %v = affine.load %A[%i, %j] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        affine.store %w, %B[%i, %j] : memref<64x64xf32>
      }
    }
    return
  }
}
