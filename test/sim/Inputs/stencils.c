/* PolyBench jacobi-1d and fdtd-2d (float), seidel-2d and heat-3d (double): the reference of
 * test/sim/stencils.mlir. Writes each kernel's inputs to DIR/in/KERNEL and its outputs to
 * DIR/c/KERNEL. */
#include <sys/stat.h>
#include "npy.h"

static char in[1024], out[1024];

static void dirs(const char *root, const char *kernel) {
  snprintf(in, sizeof in, "%s/in/%s", root, kernel);
  snprintf(out, sizeof out, "%s/c/%s", root, kernel);
  mkdir(in, 0777);
  mkdir(out, 0777);
}

#define N1 30
static void jacobi1d(const char *root) {
  static float A[N1], B[N1];
  for (int i = 0; i < N1; i++) {
    A[i] = ((float)i + 2) / N1;
    B[i] = ((float)i + 3) / N1;
  }
  dirs(root, "jacobi1d");
  npy_save(in, "A", "<f4", A, 4, 1, (long[]){N1});
  npy_save(in, "B", "<f4", B, 4, 1, (long[]){N1});
  for (int t = 0; t < 8; t++) {
    for (int i = 1; i < N1 - 1; i++) B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N1 - 1; i++) A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
  npy_save(out, "A", "<f4", A, 4, 1, (long[]){N1});
  npy_save(out, "B", "<f4", B, 4, 1, (long[]){N1});
}

#define N2 14
static void seidel2d(const char *root) {
  static double A[N2][N2];
  for (int i = 0; i < N2; i++)
    for (int j = 0; j < N2; j++) A[i][j] = ((double)i * (j + 2) + 2) / N2;
  dirs(root, "seidel2d");
  npy_save(in, "A", "<f8", A, 8, 2, (long[]){N2, N2});
  for (int t = 0; t < 5; t++)
    for (int i = 1; i <= N2 - 2; i++)
      for (int j = 1; j <= N2 - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] + A[i][j + 1] +
                   A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
  npy_save(out, "A", "<f8", A, 8, 2, (long[]){N2, N2});
}

#define NX 12
#define NY 14
#define TMAX 6
static void fdtd2d(const char *root) {
  static float ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];
  for (int i = 0; i < TMAX; i++) fict[i] = (float)i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((float)i * (j + 1)) / NX;
      ey[i][j] = ((float)i * (j + 2)) / NY;
      hz[i][j] = ((float)i * (j + 3)) / NX;
    }
  dirs(root, "fdtd2d");
  npy_save(in, "ex", "<f4", ex, 4, 2, (long[]){NX, NY});
  npy_save(in, "ey", "<f4", ey, 4, 2, (long[]){NX, NY});
  npy_save(in, "hz", "<f4", hz, 4, 2, (long[]){NX, NY});
  npy_save(in, "fict", "<f4", fict, 4, 1, (long[]){TMAX});
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < NY; j++) ey[0][j] = fict[t];
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++) ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++) ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++) hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
  npy_save(out, "ex", "<f4", ex, 4, 2, (long[]){NX, NY});
  npy_save(out, "ey", "<f4", ey, 4, 2, (long[]){NX, NY});
  npy_save(out, "hz", "<f4", hz, 4, 2, (long[]){NX, NY});
}

#define N3 8
static double HA[N3][N3][N3], HB[N3][N3][N3];
static void heat_step(double (*a)[N3][N3], double (*b)[N3][N3]) {
  for (int i = 1; i < N3 - 1; i++)
    for (int j = 1; j < N3 - 1; j++)
      for (int k = 1; k < N3 - 1; k++)
        b[i][j][k] = 0.125 * (a[i + 1][j][k] - 2.0 * a[i][j][k] + a[i - 1][j][k]) +
                     0.125 * (a[i][j + 1][k] - 2.0 * a[i][j][k] + a[i][j - 1][k]) +
                     0.125 * (a[i][j][k + 1] - 2.0 * a[i][j][k] + a[i][j][k - 1]) + a[i][j][k];
}
static void heat3d(const char *root) {
  for (int i = 0; i < N3; i++)
    for (int j = 0; j < N3; j++)
      for (int k = 0; k < N3; k++) HA[i][j][k] = HB[i][j][k] = (double)(i + j + (N3 - k)) * 10 / N3;
  dirs(root, "heat3d");
  npy_save(in, "A", "<f8", HA, 8, 3, (long[]){N3, N3, N3});
  npy_save(in, "B", "<f8", HB, 8, 3, (long[]){N3, N3, N3});
  for (int t = 1; t <= 4; t++) {
    heat_step(HA, HB);
    heat_step(HB, HA);
  }
  npy_save(out, "A", "<f8", HA, 8, 3, (long[]){N3, N3, N3});
  npy_save(out, "B", "<f8", HB, 8, 3, (long[]){N3, N3, N3});
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  jacobi1d(argv[1]);
  seidel2d(argv[1]);
  fdtd2d(argv[1]);
  heat3d(argv[1]);
  return 0;
}
