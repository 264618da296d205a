// The scalar reference of test/sim/vector.mlir and Inputs/vector-affine.mlir.
func.func @main(%in: memref<8192xf32> {sharc.name = "in"}, %out: memref<8192xf32> {sharc.name = "out"},
                %out2: memref<8192xf32> {sharc.name = "out2"}, %sin: memref<512xf32> {sharc.name = "sin"},
                %sout: memref<512xf32> {sharc.name = "sout"}) {
  affine.for %i = 0 to 4096 {
    %re = affine.load %in[%i * 2] : memref<8192xf32>
    %im = affine.load %in[%i * 2 + 1] : memref<8192xf32>
    affine.store %im, %out[%i * 2] : memref<8192xf32>
    affine.store %re, %out[%i * 2 + 1] : memref<8192xf32>
    affine.store %im, %out2[%i * 2] : memref<8192xf32>
    affine.store %re, %out2[%i * 2 + 1] : memref<8192xf32>
  }
  // Thread t wrote sin[2t..2t+1] to the buffer and reads back the pair at 510 - 2t.
  affine.for %t = 0 to 256 {
    %re = affine.load %sin[-(%t * 2) + 510] : memref<512xf32>
    %im = affine.load %sin[-(%t * 2) + 511] : memref<512xf32>
    affine.store %im, %sout[%t * 2] : memref<512xf32>
    affine.store %re, %sout[%t * 2 + 1] : memref<512xf32>
  }
  return
}
