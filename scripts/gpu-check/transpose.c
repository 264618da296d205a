/* Out-of-place transpose: one side of every pair of accesses is strided, the case shared-memory
 * tiles fix (scripts/gpu-check.sh). */
void transpose(int n, float A[n][n], float B[n][n]) {
  int i, j;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
#pragma acc loop independent
    for (j = 0; j < n; j++)
      B[i][j] = A[j][i];
  }
}
