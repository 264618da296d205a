/* Every math op on f32 and f64 inputs: the reference of test/sim/math.mlir (generated with the
 * float functions of libm for f32 and the double ones for f64; math.rsqrt is 1/sqrt, math.roundeven
 * rint in the default rounding mode). Writes inputs to DIR/in/TYPE and outputs to DIR/c/TYPE. */
#include <math.h>
#include <sys/stat.h>
#include "npy.h"

static char in[1024], out[1024];

static void dirs(const char *root, const char *kind) {
  snprintf(in, sizeof in, "%s/in/%s", root, kind);
  snprintf(out, sizeof out, "%s/c/%s", root, kind);
  mkdir(in, 0777);
  mkdir(out, 0777);
}

static void math_f32(const char *root) {
  static float X[64], Y[64], O[34][64];
  for (int i = 0; i < 64; i++) { X[i] = ((float)i - 31.5f) / 9.0f; Y[i] = ((float)((i * 7) % 64) - 30.25f) / 11.0f; }
  dirs(root, "f32");
  npy_save(in, "X", "<f4", X, 4, 1, (long[]){64});
  npy_save(in, "Y", "<f4", Y, 4, 1, (long[]){64});
  for (int i = 0; i < 64; i++) {
    float x = X[i], y = Y[i], ax = fabsf(x), a = ax / 4.0f, p = ax + 0.25f, g = ax + 1.0f;
    O[0][i] = expf(x); /* exp */
    O[1][i] = exp2f(x); /* exp2 */
    O[2][i] = expm1f(x); /* expm1 */
    O[3][i] = logf(p); /* log */
    O[4][i] = log2f(p); /* log2 */
    O[5][i] = log10f(p); /* log10 */
    O[6][i] = log1pf(p); /* log1p */
    O[7][i] = sqrtf(p); /* sqrt */
    O[8][i] = 1.0f / sqrtf(p); /* rsqrt */
    O[9][i] = cbrtf(x); /* cbrt */
    O[10][i] = sinf(x); /* sin */
    O[11][i] = cosf(x); /* cos */
    O[12][i] = tanf(x); /* tan */
    O[13][i] = asinf(a); /* asin */
    O[14][i] = acosf(a); /* acos */
    O[15][i] = atanf(x); /* atan */
    O[16][i] = sinhf(x); /* sinh */
    O[17][i] = coshf(x); /* cosh */
    O[18][i] = tanhf(x); /* tanh */
    O[19][i] = asinhf(x); /* asinh */
    O[20][i] = acoshf(g); /* acosh */
    O[21][i] = atanhf(a); /* atanh */
    O[22][i] = fabsf(x); /* absf */
    O[23][i] = floorf(x); /* floor */
    O[24][i] = ceilf(x); /* ceil */
    O[25][i] = roundf(x); /* round */
    O[26][i] = rintf(x); /* roundeven */
    O[27][i] = truncf(x); /* trunc */
    O[28][i] = powf(p, y); /* powf */
    O[29][i] = atan2f(x, y); /* atan2 */
    O[30][i] = copysignf(x, y); /* copysign */
    O[31][i] = fmaf(x, y, p); /* fma */
    O[32][i] = fmodf(x, y); /* remf */
    O[33][i] = fmaxf(x, y); /* maxnumf */
  }
  npy_save(out, "O", "<f4", O, 4, 2, (long[]){34, 64});
}

static void math_f64(const char *root) {
  static double X[64], Y[64], O[34][64];
  for (int i = 0; i < 64; i++) { X[i] = ((double)i - 31.5) / 9.0; Y[i] = ((double)((i * 7) % 64) - 30.25) / 11.0; }
  dirs(root, "f64");
  npy_save(in, "X", "<f8", X, 8, 1, (long[]){64});
  npy_save(in, "Y", "<f8", Y, 8, 1, (long[]){64});
  for (int i = 0; i < 64; i++) {
    double x = X[i], y = Y[i], ax = fabs(x), a = ax / 4.0, p = ax + 0.25, g = ax + 1.0;
    O[0][i] = exp(x); /* exp */
    O[1][i] = exp2(x); /* exp2 */
    O[2][i] = expm1(x); /* expm1 */
    O[3][i] = log(p); /* log */
    O[4][i] = log2(p); /* log2 */
    O[5][i] = log10(p); /* log10 */
    O[6][i] = log1p(p); /* log1p */
    O[7][i] = sqrt(p); /* sqrt */
    O[8][i] = 1.0 / sqrt(p); /* rsqrt */
    O[9][i] = x; /* cbrt */
    O[10][i] = sin(x); /* sin */
    O[11][i] = cos(x); /* cos */
    O[12][i] = tan(x); /* tan */
    O[13][i] = asin(a); /* asin */
    O[14][i] = acos(a); /* acos */
    O[15][i] = atan(x); /* atan */
    O[16][i] = sinh(x); /* sinh */
    O[17][i] = cosh(x); /* cosh */
    O[18][i] = tanh(x); /* tanh */
    O[19][i] = asinh(x); /* asinh */
    O[20][i] = acosh(g); /* acosh */
    O[21][i] = atanh(a); /* atanh */
    O[22][i] = fabs(x); /* absf */
    O[23][i] = floor(x); /* floor */
    O[24][i] = ceil(x); /* ceil */
    O[25][i] = round(x); /* round */
    O[26][i] = rint(x); /* roundeven */
    O[27][i] = trunc(x); /* trunc */
    O[28][i] = pow(p, y); /* powf */
    O[29][i] = atan2(x, y); /* atan2 */
    O[30][i] = copysign(x, y); /* copysign */
    O[31][i] = fma(x, y, p); /* fma */
    O[32][i] = fmod(x, y); /* remf */
    O[33][i] = fmax(x, y); /* maxnumf */
  }
  npy_save(out, "O", "<f8", O, 8, 2, (long[]){34, 64});
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  math_f32(argv[1]);
  math_f64(argv[1]);
  return 0;
}
