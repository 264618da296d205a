/* gemm as seed 000 writes it (Fig. 2(a)): sequential C, OpenACC marks the two parallel loops, and
 * the share pragma names the arrays whose tiles a thread block should stage in shared memory:
 * a TB_Y-row band of A (whose row-wise reads do not coalesce) and a TB_X-column band of B.
 *
 *   bash scripts/run-example.sh     compiles it to PTX and HSACO and checks the result */
void gemm(int n, float alpha, float beta, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc share(B[*][TB_X], A[TB_Y][*]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float ab = 0.0f;
      for (k = 0; k < n; k++)
        ab += A[i][k] * B[k][j];
      C[i][j] = alpha * ab + beta * C[i][j];
    }
  }
}
