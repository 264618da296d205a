// test/sim/vector.mlir at the affine level: affine.vector_load/affine.vector_store.
func.func @main(%in: memref<8192xf32> {sharc.name = "in"}, %out: memref<8192xf32> {sharc.name = "out"},
                %out2: memref<8192xf32> {sharc.name = "out2"}, %sin: memref<512xf32> {sharc.name = "sin"},
                %sout: memref<512xf32> {sharc.name = "sout"}) {
  affine.for %i = 0 to 4096 {
    %v = affine.vector_load %in[%i * 2] {alignment = 8 : i64} : memref<8192xf32>, vector<2xf32>
    %re = vector.extract %v[0] : f32 from vector<2xf32>
    %im = vector.extract %v[1] : f32 from vector<2xf32>
    %w = vector.from_elements %im, %re : vector<2xf32>
    affine.vector_store %w, %out[%i * 2] {alignment = 8 : i64} : memref<8192xf32>, vector<2xf32>
    affine.vector_store %w, %out2[%i * 2] : memref<8192xf32>, vector<2xf32>
  }
  affine.for %t = 0 to 256 {
    %v = affine.vector_load %sin[-(%t * 2) + 510] : memref<512xf32>, vector<2xf32>
    %re = vector.extract %v[0] : f32 from vector<2xf32>
    %im = vector.extract %v[1] : f32 from vector<2xf32>
    %w = vector.from_elements %im, %re : vector<2xf32>
    affine.vector_store %w, %sout[%t * 2] : memref<512xf32>, vector<2xf32>
  }
  return
}
