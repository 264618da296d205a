/* Integer arithmetic (division, remainder, shifts), casts, libm calls, a branch, a while loop
 * in a called function: the reference of test/sim/mixed.mlir. Writes the inputs to DIR/in and
 * the results to DIR/c. */
#include <math.h>
#include "npy.h"

#define N 64

static int X[N], H[8], G[N];
static float Y[N], Z[N];
static double D[N];

static int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  char in[1024], out[1024];
  snprintf(in, sizeof in, "%s/in", argv[1]);
  snprintf(out, sizeof out, "%s/c", argv[1]);
  for (int i = 0; i < N; i++) {
    X[i] = (i * 37 + 11) % 101 - 50;
    Y[i] = (float)((i * 13) % 17) / 4.0f - 2.0f;
  }
  for (int i = 0; i < 8; i++) H[i] = i;
  npy_save(in, "X", "<i4", X, 4, 1, (long[]){N});
  npy_save(in, "Y", "<f4", Y, 4, 1, (long[]){N});
  npy_save(in, "H", "<i4", H, 4, 1, (long[]){8});
  for (int i = 0; i < N; i++) {
    int x = X[i];
    int q = x / 7, r = x % 7;
    int s = (int)((unsigned)x << 2) ^ (x >> 1);
    unsigned u = (unsigned)x >> 3;
    float y = Y[i];
    float f = (float)q * y + sqrtf(fabsf(y)) - expf(y / 4.0f);
    if (x > 0)
      f = f * 0.5f;
    else
      f = -f;
    Z[i] = f;
    H[(u + (unsigned)s) & 7u] += r;
    G[i] = gcd(x < 0 ? -x : x, 1000 + i);
    D[i] = (double)f * 3.0 + (double)u;
  }
  npy_save(out, "Z", "<f4", Z, 4, 1, (long[]){N});
  npy_save(out, "H", "<i4", H, 4, 1, (long[]){8});
  npy_save(out, "G", "<i4", G, 4, 1, (long[]){N});
  npy_save(out, "D", "<f8", D, 8, 1, (long[]){N});
  return 0;
}
