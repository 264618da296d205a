// RUN: not sharc-run %s --entry=main --random-inputs=1 --compare=%S/Inputs/transpose-ref.mlir 2>&1 | FileCheck %s

// A "transpose" that copies instead: --compare reports the first element (in row-major order)
// where the outputs differ, with both values and the files they come from.
// CHECK: error: outputs differ: argument 'out' at [0, 1]: {{.*}} ({{.*}}compare-differs.mlir) vs {{.*}} ({{.*}}transpose-ref.mlir)

func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %in[%i, %j] : memref<64x64xf32>
      affine.store %v, %out[%i, %j] : memref<64x64xf32>
    }
  }
  return
}
