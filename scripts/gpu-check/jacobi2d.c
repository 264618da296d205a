/* Time-stepped 5-point Jacobi: two kernels per step, launched from a host loop
 * (scripts/gpu-check.sh). */
void jacobi2d(int tsteps, int n, float A[n][n], float B[n][n]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma acc kernels loop independent
    for (i = 1; i < n - 1; i++) {
#pragma acc loop independent
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    }
#pragma acc kernels loop independent
    for (i = 1; i < n - 1; i++) {
#pragma acc loop independent
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
    }
  }
}
