/* 3x3 convolution with fixed coefficients over the interior (scripts/gpu-check.sh). */
void conv2d(int n, float A[n][n], float B[n][n]) {
  int i, j;
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++) {
#pragma acc loop independent
    for (j = 1; j < n - 1; j++)
      B[i][j] = 0.2f * A[i - 1][j - 1] + 0.5f * A[i - 1][j] - 0.8f * A[i - 1][j + 1]
              - 0.3f * A[i][j - 1] + 0.6f * A[i][j] - 0.9f * A[i][j + 1]
              + 0.4f * A[i + 1][j - 1] + 0.7f * A[i + 1][j] + 0.1f * A[i + 1][j + 1];
  }
}
