/* PolyBench lu and cholesky (double, with sqrt) and floyd-warshall (int): the reference of
 * test/sim/triangular.mlir. Writes each kernel's inputs to DIR/in/KERNEL and its outputs to
 * DIR/c/KERNEL. */
#include <math.h>
#include <sys/stat.h>
#include "npy.h"

static char in[1024], out[1024];

static void dirs(const char *root, const char *kernel) {
  snprintf(in, sizeof in, "%s/in/%s", root, kernel);
  snprintf(out, sizeof out, "%s/c/%s", root, kernel);
  mkdir(in, 0777);
  mkdir(out, 0777);
}

#define N 13

static void lu(const char *root) {
  static double A[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (double)((i * j + 1) % N) / N + (i == j ? N : 0);
  dirs(root, "lu");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){N, N});
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++) A[i][j] -= A[i][k] * A[k][j];
  }
  npy_save(out, "A", "<f8", A, 8, 2, (long[]){N, N});
}

static void cholesky(const char *root) {
  static double A[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = (double)((i + j) % N) / N + (i == j ? N : 0);
  dirs(root, "cholesky");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){N, N});
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++) A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++) A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
  npy_save(out, "A", "<f8", A, 8, 2, (long[]){N, N});
}

#define NF 17
static void floyd(const char *root) {
  static int path[NF][NF];
  for (int i = 0; i < NF; i++)
    for (int j = 0; j < NF; j++) {
      path[i][j] = i * j % 7 + 1;
      if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0) path[i][j] = 999;
    }
  dirs(root, "floyd");
  npy_save(in, "path", "<i4", path, 4, 2, (long[]){NF, NF});
  for (int k = 0; k < NF; k++)
    for (int i = 0; i < NF; i++)
      for (int j = 0; j < NF; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
  npy_save(out, "path", "<i4", path, 4, 2, (long[]){NF, NF});
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  lu(argv[1]);
  cholesky(argv[1]);
  floyd(argv[1]);
  return 0;
}
