/* scf loops, reductions, calls, temporaries and views on dynamically shaped arrays: the
 * reference of test/sim/control.mlir. Writes the inputs to DIR/in and the outputs to DIR/c. */
#include <math.h>
#include "npy.h"

#define N 9
#define M 13
#define K 40

static float A[N][M], B[N][M], rowsum[N], prefix[N], stats[6];
static int X[K], steps[K], peak[K];

/* The helper of control.mlir: a value and whether to keep it. */
static float helper(float a, long i, long j, int *keep) {
  *keep = ((i + j) % 3) != 0;
  return a * (float)(i + 1) - (float)j;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  char in[1024], out[1024];
  snprintf(in, sizeof in, "%s/in", argv[1]);
  snprintf(out, sizeof out, "%s/c", argv[1]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = (float)((i * 7 + j * 5) % 23) / 7.0f - 1.5f;
  for (int k = 0; k < K; k++) X[k] = k * 37 % 101 + 1;
  npy_save(in, "A", "<f4", A, 4, 2, (long[]){N, M});
  npy_save(in, "B", "<f4", B, 4, 2, (long[]){N, M});
  npy_save(in, "rowsum", "<f4", rowsum, 4, 1, (long[]){N});
  npy_save(in, "prefix", "<f4", prefix, 4, 1, (long[]){N});
  npy_save(in, "X", "<i4", X, 4, 1, (long[]){K});
  npy_save(in, "steps", "<i4", steps, 4, 1, (long[]){K});
  npy_save(in, "peak", "<i4", peak, 4, 1, (long[]){K});
  /* Row sums (scf.for iter_args). */
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = 0; j < M; j++) s = s + A[i][j];
    rowsum[i] = s;
  }
  /* Prefix sums through a temporary of dynamic size, copied back. */
  float tmp[N];
  float run = 0.0f;
  for (int i = 0; i < N; i++) {
    run = run + rowsum[i];
    tmp[i] = run;
  }
  for (int i = 0; i < N; i++) prefix[i] = tmp[i];
  /* Elementwise with a called helper and a branch with results. */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      int keep;
      float v = helper(A[i][j], i, j, &keep);
      B[i][j] = keep ? v : -sqrtf(fabsf(v));
    }
  /* scf.parallel with two reductions, row-major order. */
  float sum = 0.0f, mx = -INFINITY;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      sum = sum + B[i][j];
      mx = fmaxf(mx, B[i][j]);
    }
  stats[0] = sum;
  stats[1] = mx;
  /* affine.parallel reductions over the interior window (a subview). */
  float mn = INFINITY, wsum = 0.0f;
  for (int i = 0; i < N - 2; i++)
    for (int j = 0; j < M - 2; j++) {
      float v = A[i + 1][j + 1];
      mn = v < mn ? v : mn;
      wsum = wsum + v;
    }
  stats[2] = mn;
  stats[3] = wsum;
  /* A strided subview: every other column of row 2. */
  float alt = 0.0f;
  for (int j = 0; j < M; j += 2) alt = alt + A[2][j];
  stats[4] = alt;
  stats[5] = (float)(N * M);
  /* scf.while: Collatz steps and peaks. */
  for (int k = 0; k < K; k++) {
    int x = X[k], n = 0, p = x;
    while (x != 1) {
      x = (x % 2 == 0) ? x / 2 : 3 * x + 1;
      p = x > p ? x : p;
      n++;
    }
    steps[k] = n;
    peak[k] = p;
  }
  npy_save(out, "B", "<f4", B, 4, 2, (long[]){N, M});
  npy_save(out, "rowsum", "<f4", rowsum, 4, 1, (long[]){N});
  npy_save(out, "prefix", "<f4", prefix, 4, 1, (long[]){N});
  npy_save(out, "stats", "<f4", stats, 4, 1, (long[]){6});
  npy_save(out, "steps", "<i4", steps, 4, 1, (long[]){K});
  npy_save(out, "peak", "<i4", peak, 4, 1, (long[]){K});
  return 0;
}
