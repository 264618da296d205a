/* PolyBench jacobi-2d in double precision, 6 time steps on a 30x30 grid. Writes the inputs to
 * DIR/in and the results to DIR/c (see test/sim/jacobi-2d.mlir). */
#include "npy.h"

#define N 30
#define TSTEPS 6

static double A[N][N], B[N][N];

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  char in[1024], out[1024];
  snprintf(in, sizeof in, "%s/in", argv[1]);
  snprintf(out, sizeof out, "%s/c", argv[1]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){N, N});
  npy_save(in, "B", "<f8", B, 8, 2, (long[]){N, N});
  for (int t = 0; t < TSTEPS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
  npy_save(out, "A", "<f8", A, 8, 2, (long[]){N, N});
  npy_save(out, "B", "<f8", B, 8, 2, (long[]){N, N});
  return 0;
}
