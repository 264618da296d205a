/* The kernels of issue 6's acceptance, as a user writes them: seed 000's five benchmarks
 * (transpose, gemm, matrix-vector, a 5x5 Gaussian filter, a hotspot-like five-point stencil)
 * with the share pragmas digest 000 §2.4 reconstructs, and three kernels without a pragma
 * (2-D and 3-D convolution, syrk), where every array is a candidate.
 * bench/src/bin/shared-traffic.rs compiles each with and without shared memory and compares
 * the global-memory traffic in sharc-run. */
#include <math.h>

void transpose(int n, float in[n][n], float out[n][n]) {
  int i, j;
#pragma acc share(in[TB_Y][TB_X]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++)
      out[j][i] = in[i][j];
}

void gemm(int n, float alpha, float beta, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc share(B[*][TB_X], A[TB_Y][*]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float ab = 0.0f;
      for (k = 0; k < n; k++)
        ab += A[i][k] * B[k][j];
      C[i][j] = alpha * ab + beta * C[i][j];
    }
}

void matvec(int n, float A[n][n], float x[n], float y[n]) {
  int i, j;
#pragma acc share(x[*], A[TB_X][*]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
    float s = 0.0f;
    for (j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

void gauss(int n, float W[5][5], float img[n][n], float out[n][n]) {
  int i, j, a, b;
#pragma acc share(img[TB_Y][TB_X])
#pragma acc kernels loop independent
  for (i = 2; i < n - 2; i++)
#pragma acc loop independent
    for (j = 2; j < n - 2; j++) {
      float s = 0.0f;
      for (a = 0; a < 5; a++)
        for (b = 0; b < 5; b++)
          s += W[a][b] * img[i + a - 2][j + b - 2];
      out[i][j] = s;
    }
}

void hotspot(int n, float c, float temp[n][n], float power[n][n], float result[n][n]) {
  int i, j;
#pragma acc share(temp[TB_Y][TB_X])
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++)
#pragma acc loop independent
    for (j = 1; j < n - 1; j++)
      result[i][j] = temp[i][j] + c * (power[i][j] + temp[i - 1][j] + temp[i + 1][j] + temp[i][j - 1] +
                                      temp[i][j + 1] - 4.0f * temp[i][j]);
}

void conv2d(int n, float K[3][3], float in[n][n], float out[n][n]) {
  int i, j, a, b;
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++)
#pragma acc loop independent
    for (j = 1; j < n - 1; j++) {
      float s = 0.0f;
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          s += K[a][b] * in[i + a - 1][j + b - 1];
      out[i][j] = s;
    }
}

void conv3d(int n, float in[n][n][n], float out[n][n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++)
#pragma acc loop independent
    for (j = 1; j < n - 1; j++)
#pragma acc loop independent
      for (k = 1; k < n - 1; k++)
        out[i][j][k] = 0.5f * in[i][j][k] + 0.1f * (in[i - 1][j][k] + in[i + 1][j][k] + in[i][j - 1][k] +
                                                     in[i][j + 1][k] + in[i][j][k - 1] + in[i][j][k + 1]);
}

void syrk(int n, float alpha, float beta, float A[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float s = beta * C[i][j];
      for (k = 0; k < n; k++)
        s += alpha * A[i][k] * A[j][k];
      C[i][j] = s;
    }
}
