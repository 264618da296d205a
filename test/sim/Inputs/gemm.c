/* PolyBench gemm in single precision: C = beta*C + alpha*A*B. Writes the inputs to DIR/in and
 * the result to DIR/c (see test/sim/gemm.mlir). */
#include "npy.h"

#define NI 24
#define NJ 20
#define NK 28

static float A[NI][NK], B[NK][NJ], C[NI][NJ];

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  char in[1024], out[1024];
  snprintf(in, sizeof in, "%s/in", argv[1]);
  snprintf(out, sizeof out, "%s/c", argv[1]);
  float alpha = 1.5f, beta = 1.2f;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) C[i][j] = (float)((i * j + 1) % NI) / NI;
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++) A[i][k] = (float)(i * (k + 1) % NK) / NK;
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) B[k][j] = (float)(k * (j + 2) % NJ) / NJ;
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){NI, NK});
  npy_save(in, "B", "<f4", B, 4, 2, (long[]){NK, NJ});
  npy_save(in, "C", "<f4", C, 4, 2, (long[]){NI, NJ});
  for (int i = 0; i < NI; i++) {
    for (int j = 0; j < NJ; j++) C[i][j] *= beta;
    for (int k = 0; k < NK; k++)
      for (int j = 0; j < NJ; j++) C[i][j] += alpha * A[i][k] * B[k][j];
  }
  npy_save(out, "C", "<f4", C, 4, 2, (long[]){NI, NJ});
  return 0;
}
