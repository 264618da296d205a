/* PolyBench 3mm, syr2k, trmm, doitgen and covariance in double precision: the reference of
 * test/sim/polybench-f64.mlir. Writes each kernel's inputs to DIR/in/KERNEL and its outputs
 * to DIR/c/KERNEL. */
#include <sys/stat.h>
#include "npy.h"

static char in[1024], out[1024];

static void dirs(const char *root, const char *kernel) {
  snprintf(in, sizeof in, "%s/in/%s", root, kernel);
  snprintf(out, sizeof out, "%s/c/%s", root, kernel);
  mkdir(in, 0777);
  mkdir(out, 0777);
}

#define NI 10
#define NJ 11
#define NK 12
#define NL 13
#define NM 14

static void mm3(const char *root) {
  static double A[NI][NK], B[NK][NJ], C[NJ][NM], D[NM][NL], E[NI][NJ], F[NJ][NL], G[NI][NL];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NK; j++) A[i][j] = (double)((i * j + 1) % NI) / (5 * NI);
  for (int i = 0; i < NK; i++)
    for (int j = 0; j < NJ; j++) B[i][j] = (double)((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NM; j++) C[i][j] = (double)(i * (j + 3) % NL) / (5 * NL);
  for (int i = 0; i < NM; i++)
    for (int j = 0; j < NL; j++) D[i][j] = (double)((i * (j + 2) + 2) % NK) / (5 * NK);
  dirs(root, "3mm");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){NI, NK});
  npy_save(in, "B", "<f8", B, 8, 2, (long[]){NK, NJ});
  npy_save(in, "C", "<f8", C, 8, 2, (long[]){NJ, NM});
  npy_save(in, "D", "<f8", D, 8, 2, (long[]){NM, NL});
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < NK; ++k) E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < NJ; i++)
    for (int j = 0; j < NL; j++) {
      F[i][j] = 0.0;
      for (int k = 0; k < NM; ++k) F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NL; j++) {
      G[i][j] = 0.0;
      for (int k = 0; k < NJ; ++k) G[i][j] += E[i][k] * F[k][j];
    }
  npy_save(out, "G", "<f8", G, 8, 2, (long[]){NI, NL});
}

#define M 12
#define N 15

static void syr2k(const char *root) {
  static double A[N][M], B[N][M], C[N][N];
  double alpha = 1.5, beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * j + 1) % N) / N;
      B[i][j] = (double)((i * j + 2) % M) / M;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = (double)((i * j + 3) % N) / M;
  dirs(root, "syr2k");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){N, M});
  npy_save(in, "B", "<f8", B, 8, 2, (long[]){N, M});
  npy_save(in, "C", "<f8", C, 8, 2, (long[]){N, N});
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++) C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++) C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
  npy_save(out, "C", "<f8", C, 8, 2, (long[]){N, N});
}

static void trmm(const char *root) {
  static double A[M][M], B[M][N];
  double alpha = 1.5;
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++) A[i][j] = (double)((i + j) % M) / M;
    A[i][i] = 1.0;
    for (int j = 0; j < N; j++) B[i][j] = (double)((N + (i - j)) % N) / N;
  }
  dirs(root, "trmm");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){M, M});
  npy_save(in, "B", "<f8", B, 8, 2, (long[]){M, N});
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      for (int k = i + 1; k < M; k++) B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
  npy_save(out, "B", "<f8", B, 8, 2, (long[]){M, N});
}

#define NR 5
#define NQ 6
#define NP 7

static void doitgen(const char *root) {
  static double A[NR][NQ][NP], C4[NP][NP], sum[NP];
  for (int i = 0; i < NR; i++)
    for (int j = 0; j < NQ; j++)
      for (int k = 0; k < NP; k++) A[i][j][k] = (double)((i * j + k) % NP) / NP;
  for (int i = 0; i < NP; i++)
    for (int j = 0; j < NP; j++) C4[i][j] = (double)(i * j % NP) / NP;
  dirs(root, "doitgen");
  npy_save(in, "A", "<f8", A, 8, 3, (long[]){NR, NQ, NP});
  npy_save(in, "C4", "<f8", C4, 8, 2, (long[]){NP, NP});
  for (int r = 0; r < NR; r++)
    for (int q = 0; q < NQ; q++) {
      for (int p = 0; p < NP; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < NP; s++) sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < NP; p++) A[r][q][p] = sum[p];
    }
  npy_save(out, "A", "<f8", A, 8, 3, (long[]){NR, NQ, NP});
}

static void covariance(const char *root) {
  static double data[N][M], cov[M][M], mean[M];
  double float_n = (double)N;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) data[i][j] = ((double)i * j) / M;
  dirs(root, "covariance");
  npy_save(in, "data", "<f8", data, 8, 2, (long[]){N, M});
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < N; i++) mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) data[i][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < N; k++) cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
  npy_save(out, "cov", "<f8", cov, 8, 2, (long[]){M, M});
  npy_save(out, "data", "<f8", data, 8, 2, (long[]){N, M});
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  mm3(argv[1]);
  syr2k(argv[1]);
  trmm(argv[1]);
  doitgen(argv[1]);
  covariance(argv[1]);
  return 0;
}
