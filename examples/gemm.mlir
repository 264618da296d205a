// gemm, the PolyBench kernel sharc's seed papers start from, at the affine level:
//   C[i][j] = beta * C[i][j]                        for all i, j
//   C[i][j] += alpha * A[i][k] * B[k][j]             for all i, k, j
// over 64x64 f32 matrices. Arguments: %arg0 = alpha, %arg1 = beta, %arg2 = A, %arg3 = B, %arg4 = C;
// loop variables: %arg5 = i, %arg6 = j (first nest) or k (second nest), %arg7 = j.
//
// The IR below is in upstream MLIR's canonical printed form: `mlir-opt` prints it back byte for byte
// (test/lit-selftest/example-canonical.mlir checks that). Run it through sharc with
// `bash scripts/run-example.sh`.
module {
  func.func @gemm(%arg0: f32, %arg1: f32, %arg2: memref<64x64xf32>, %arg3: memref<64x64xf32>, %arg4: memref<64x64xf32>) {
    affine.for %arg5 = 0 to 64 {
      affine.for %arg6 = 0 to 64 {
        %0 = affine.load %arg4[%arg5, %arg6] : memref<64x64xf32>
        %1 = arith.mulf %0, %arg1 : f32
        affine.store %1, %arg4[%arg5, %arg6] : memref<64x64xf32>
      }
      affine.for %arg6 = 0 to 64 {
        affine.for %arg7 = 0 to 64 {
          %0 = affine.load %arg2[%arg5, %arg6] : memref<64x64xf32>
          %1 = arith.mulf %arg0, %0 : f32
          %2 = affine.load %arg3[%arg6, %arg7] : memref<64x64xf32>
          %3 = arith.mulf %1, %2 : f32
          %4 = affine.load %arg4[%arg5, %arg7] : memref<64x64xf32>
          %5 = arith.addf %4, %3 : f32
          affine.store %5, %arg4[%arg5, %arg7] : memref<64x64xf32>
        }
      }
    }
    return
  }
}

