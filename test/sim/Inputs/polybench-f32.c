/* PolyBench 2mm, atax, bicg, mvt, gesummv and correlation in single precision: the reference of
 * test/sim/polybench-f32.mlir. Writes each kernel's inputs to DIR/in/KERNEL and its outputs
 * to DIR/c/KERNEL. */
#include <sys/stat.h>
#include <math.h>
#include "npy.h"

static char in[1024], out[1024];

static void dirs(const char *root, const char *kernel) {
  snprintf(in, sizeof in, "%s/in/%s", root, kernel);
  snprintf(out, sizeof out, "%s/c/%s", root, kernel);
  mkdir(in, 0777);
  mkdir(out, 0777);
}

#define NI 16
#define NJ 18
#define NK 20
#define NL 22

static void mm2(const char *root) {
  static float A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL], tmp[NI][NJ];
  float alpha = 1.5f, beta = 1.2f;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++) A[i][k] = (float)((i * k + 1) % NI) / NI;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) B[k][j] = (float)(k * (j + 1) % NJ) / NJ;
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++) C[i][j] = (float)((i * (j + 3) + 1) % NL) / NL;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) D[i][j] = (float)(i * (j + 2) % NK) / NK;
  dirs(root, "2mm");
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){NI, NK});
  npy_save(in, "B", "<f4", B, 4, 2, (long[]){NK, NJ});
  npy_save(in, "C", "<f4", C, 4, 2, (long[]){NJ, NL});
  npy_save(in, "D", "<f4", D, 4, 2, (long[]){NI, NL});
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < NK; ++k) tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < NJ; ++k) D[i][j] += tmp[i][k] * C[k][j];
    }
  npy_save(out, "D", "<f4", D, 4, 2, (long[]){NI, NL});
}

#define M 19
#define N 23

static void atax(const char *root) {
  static float A[M][N], x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = 1.0f + (float)i / N;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) A[i][j] = (float)((i + j) % N) / (5 * M);
  dirs(root, "atax");
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){M, N});
  npy_save(in, "x", "<f4", x, 4, 1, (long[]){N});
  for (int i = 0; i < N; i++) y[i] = 0;
  for (int i = 0; i < M; i++) {
    float tmp = 0.0f;
    for (int j = 0; j < N; j++) tmp = tmp + A[i][j] * x[j];
    for (int j = 0; j < N; j++) y[j] = y[j] + A[i][j] * tmp;
  }
  npy_save(out, "y", "<f4", y, 4, 1, (long[]){N});
}

static void bicg(const char *root) {
  static float A[N][M], s[M], q[N], p[M], r[N];
  for (int i = 0; i < M; i++) p[i] = (float)(i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (float)(i % N) / N;
    for (int j = 0; j < M; j++) A[i][j] = (float)(i * (j + 1) % N) / N;
  }
  dirs(root, "bicg");
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){N, M});
  npy_save(in, "p", "<f4", p, 4, 1, (long[]){M});
  npy_save(in, "r", "<f4", r, 4, 1, (long[]){N});
  for (int i = 0; i < M; i++) s[i] = 0;
  for (int i = 0; i < N; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < M; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
  npy_save(out, "s", "<f4", s, 4, 1, (long[]){M});
  npy_save(out, "q", "<f4", q, 4, 1, (long[]){N});
}

static void mvt(const char *root) {
  static float A[N][N], x1[N], x2[N], y1[N], y2[N];
  for (int i = 0; i < N; i++) {
    x1[i] = (float)(i % N) / N;
    x2[i] = (float)((i + 1) % N) / N;
    y1[i] = (float)((i + 3) % N) / N;
    y2[i] = (float)((i + 4) % N) / N;
    for (int j = 0; j < N; j++) A[i][j] = (float)(i * j % N) / N;
  }
  dirs(root, "mvt");
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){N, N});
  npy_save(in, "x1", "<f4", x1, 4, 1, (long[]){N});
  npy_save(in, "x2", "<f4", x2, 4, 1, (long[]){N});
  npy_save(in, "y1", "<f4", y1, 4, 1, (long[]){N});
  npy_save(in, "y2", "<f4", y2, 4, 1, (long[]){N});
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) x1[i] = x1[i] + A[i][j] * y1[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) x2[i] = x2[i] + A[j][i] * y2[j];
  npy_save(out, "x1", "<f4", x1, 4, 1, (long[]){N});
  npy_save(out, "x2", "<f4", x2, 4, 1, (long[]){N});
}

static void gesummv(const char *root) {
  static float A[N][N], B[N][N], x[N], y[N];
  float alpha = 1.5f, beta = 1.2f;
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % N) / N;
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * j + 1) % N) / N;
      B[i][j] = (float)((i * j + 2) % N) / N;
    }
  }
  dirs(root, "gesummv");
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){N, N});
  npy_save(in, "B", "<f4", B, 4, 2, (long[]){N, N});
  npy_save(in, "x", "<f4", x, 4, 1, (long[]){N});
  for (int i = 0; i < N; i++) {
    float tmp = 0.0f, yi = 0.0f;
    for (int j = 0; j < N; j++) {
      tmp = A[i][j] * x[j] + tmp;
      yi = B[i][j] * x[j] + yi;
    }
    y[i] = alpha * tmp + beta * yi;
  }
  npy_save(out, "y", "<f4", y, 4, 1, (long[]){N});
}

#define CN 14
#define CM 10

static void correlation(const char *root) {
  static float data[CN][CM], corr[CM][CM], mean[CM], stddev[CM];
  float float_n = (float)CN, eps = 0.1f;
  for (int i = 0; i < CN; i++)
    for (int j = 0; j < CM; j++) data[i][j] = j == 3 ? 2.0f : (float)(i * j) / CM + i;
  dirs(root, "correlation");
  npy_save(in, "data", "<f4", data, 4, 2, (long[]){CN, CM});
  for (int j = 0; j < CM; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < CN; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < CM; j++) {
    stddev[j] = 0.0f;
    for (int i = 0; i < CN; i++) stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrtf(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0f : stddev[j];
  }
  for (int i = 0; i < CN; i++)
    for (int j = 0; j < CM; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrtf(float_n) * stddev[j];
    }
  for (int i = 0; i < CM - 1; i++) {
    corr[i][i] = 1.0f;
    for (int j = i + 1; j < CM; j++) {
      corr[i][j] = 0.0f;
      for (int k = 0; k < CN; k++) corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[CM - 1][CM - 1] = 1.0f;
  npy_save(out, "corr", "<f4", corr, 4, 2, (long[]){CM, CM});
  npy_save(out, "data", "<f4", data, 4, 2, (long[]){CN, CM});
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  correlation(argv[1]);
  mm2(argv[1]);
  atax(argv[1]);
  bicg(argv[1]);
  mvt(argv[1]);
  gesummv(argv[1]);
  return 0;
}
