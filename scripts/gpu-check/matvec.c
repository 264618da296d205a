/* y = A x: one thread per row, the row read with a stride of n between threads
 * (scripts/gpu-check.sh). */
void matvec(int n, float A[n][n], float x[n], float y[n]) {
  int i, j;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
    float s = 0.0f;
    for (j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}
