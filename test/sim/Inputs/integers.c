/* Integer arithmetic, comparisons and casts on i32 and i64: the reference of test/sim/integers.mlir
 * (generated). Wrapping arithmetic goes through unsigned types, as arith's does. Writes the
 * inputs to DIR/in and the outputs to DIR/c. */
#include <stdint.h>
#include "npy.h"

static int32_t ceildiv(int32_t a, int32_t b) { int32_t q = a / b, r = a % b; return (r != 0 && ((r > 0) == (b > 0))) ? q + 1 : q; }
static int32_t floordiv(int32_t a, int32_t b) { int32_t q = a / b, r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q; }
static int64_t floordiv64(int64_t a, int64_t b) { int64_t q = a / b, r = a % b; return (r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q; }
static int32_t ipow(int32_t a, int32_t e) { uint32_t r = 1; while (e-- > 0) r *= (uint32_t)a; return (int32_t)r; }
static int32_t bits(float f) { int32_t i; memcpy(&i, &f, 4); return i; }
static int64_t bits64(double f) { int64_t i; memcpy(&i, &f, 8); return i; }

static int32_t X[64], Y[64], O[57][64];
static int64_t P[64], Q[64], O64[18][64];
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  char in[1024], out[1024];
  snprintf(in, sizeof in, "%s/in", argv[1]);
  snprintf(out, sizeof out, "%s/c", argv[1]);
  for (int i = 0; i < 64; i++) {
    uint32_t h = (uint32_t)i * 2654435761u;
    X[i] = i % 4 == 0 ? (int32_t)(h % 2001) - 1000 : (int32_t)(h | 1);
    if (X[i] == INT32_MIN) X[i] = 5;
    Y[i] = (int32_t)((i * 40503 + 7) % 2001) - 1000;
    if (Y[i] == 0) Y[i] = 7;
    if (i % 8 == 3) Y[i] = -1;
    uint64_t g = (uint64_t)i * 0x9e3779b97f4a7c15ull;
    P[i] = i % 3 == 0 ? (int64_t)(g % 100001) - 50000 : (int64_t)(g >> 1) * (i % 2 ? -1 : 1);
    Q[i] = (int64_t)((i * 7919 + 13) % 20001) - 10000;
    if (Q[i] == 0) Q[i] = 3;
  }
  npy_save(in, "X", "<i4", X, 4, 1, (long[]){64});
  npy_save(in, "Y", "<i4", Y, 4, 1, (long[]){64});
  npy_save(in, "P", "<i8", P, 8, 1, (long[]){64});
  npy_save(in, "Q", "<i8", Q, 8, 1, (long[]){64});
  for (int i = 0; i < 64; i++) {
    int32_t a = X[i], b = Y[i], s = b & 31, b2 = a ^ (b & 3);
    int64_t p = P[i], q = Q[i], s64 = q & 63;
    (void)b2;
    O[0][i] = (int32_t)((uint32_t)a + (uint32_t)b); /* addi */
    O[1][i] = (int32_t)((uint32_t)a - (uint32_t)b); /* subi */
    O[2][i] = (int32_t)((uint32_t)a * (uint32_t)b); /* muli */
    O[3][i] = a / b; /* divsi */
    O[4][i] = (int32_t)((uint32_t)a / (uint32_t)b); /* divui */
    O[5][i] = a % b; /* remsi */
    O[6][i] = (int32_t)((uint32_t)a % (uint32_t)b); /* remui */
    O[7][i] = ceildiv(a, b); /* ceildivsi */
    O[8][i] = floordiv(a, b); /* floordivsi */
    O[9][i] = (int32_t)((uint32_t)a / (uint32_t)b + ((uint32_t)a % (uint32_t)b != 0)); /* ceildivui */
    O[10][i] = (int32_t)((uint32_t)a << s); /* shli */
    O[11][i] = a >> s; /* shrsi */
    O[12][i] = (int32_t)((uint32_t)a >> s); /* shrui */
    O[13][i] = a & b; /* andi */
    O[14][i] = a | b; /* ori */
    O[15][i] = a ^ b; /* xori */
    O[16][i] = a > b ? a : b; /* maxsi */
    O[17][i] = a < b ? a : b; /* minsi */
    O[18][i] = (uint32_t)a > (uint32_t)b ? a : b; /* maxui */
    O[19][i] = (uint32_t)a < (uint32_t)b ? a : b; /* minui */
    O[20][i] = a < 0 ? -a : a; /* absi */
    O[21][i] = a == 0 ? 32 : __builtin_clz((uint32_t)a); /* ctlz */
    O[22][i] = a == 0 ? 32 : __builtin_ctz((uint32_t)a); /* cttz */
    O[23][i] = __builtin_popcount((uint32_t)a); /* ctpop */
    O[24][i] = ipow(a, b & 7); /* ipowi */
    O[25][i] = (a == b2) ? a : b; /* cmpi_eq */
    O[26][i] = (a != b2) ? a : b; /* cmpi_ne */
    O[27][i] = (a < b2) ? a : b; /* cmpi_slt */
    O[28][i] = (a <= b2) ? a : b; /* cmpi_sle */
    O[29][i] = (a > b2) ? a : b; /* cmpi_sgt */
    O[30][i] = (a >= b2) ? a : b; /* cmpi_sge */
    O[31][i] = ((uint32_t)a < (uint32_t)b2) ? a : b; /* cmpi_ult */
    O[32][i] = ((uint32_t)a <= (uint32_t)b2) ? a : b; /* cmpi_ule */
    O[33][i] = ((uint32_t)a > (uint32_t)b2) ? a : b; /* cmpi_ugt */
    O[34][i] = ((uint32_t)a >= (uint32_t)b2) ? a : b; /* cmpi_uge */
    O[35][i] = (int32_t)(int16_t)a; /* trunc16 */
    O[36][i] = (int32_t)(uint8_t)a; /* trunc8u */
    O[37][i] = (int32_t)((float)a * (1.0f / 3.0f)); /* sitofp */
    O[38][i] = (int32_t)(uint32_t)((double)(uint32_t)a * (1.0 / 3.0)); /* uitofp */
    O[39][i] = bits((float)b); /* bitcast */
    O[40][i] = (int32_t)(uint32_t)((int64_t)a + (int64_t)(uint32_t)b); /* index */
    O[41][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)((uint8_t)x + (uint8_t)y)); }); /* addi_i8 */
    O[42][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)((uint8_t)x * (uint8_t)y)); }); /* muli_i8 */
    O[43][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)((uint8_t)x >> ((uint8_t)y & 7))); }); /* shrui_i8 */
    O[44][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)(x >> ((uint8_t)y & 7))); }); /* shrsi_i8 */
    O[45][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)((uint8_t)x / (uint8_t)(y | 1))); }); /* divui_i8 */
    O[46][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)((int8_t)(x % (y | 1))); }); /* remsi_i8 */
    O[47][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)(((uint8_t)x > (uint8_t)y ? x : y)); }); /* maxui_i8 */
    O[48][i] = ({ int8_t x = (int8_t)a, y = (int8_t)b; (int32_t)(((uint8_t)x < (uint8_t)y)); }); /* ult_i8 */
    O[49][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)((uint16_t)x + (uint16_t)y)); }); /* addi_i16 */
    O[50][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)((uint16_t)x * (uint16_t)y)); }); /* muli_i16 */
    O[51][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)((uint16_t)x >> ((uint16_t)y & 15))); }); /* shrui_i16 */
    O[52][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)(x >> ((uint16_t)y & 15))); }); /* shrsi_i16 */
    O[53][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)((uint16_t)x / (uint16_t)(y | 1))); }); /* divui_i16 */
    O[54][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)((int16_t)(x % (y | 1))); }); /* remsi_i16 */
    O[55][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)(((uint16_t)x > (uint16_t)y ? x : y)); }); /* maxui_i16 */
    O[56][i] = ({ int16_t x = (int16_t)a, y = (int16_t)b; (int32_t)(((uint16_t)x < (uint16_t)y)); }); /* ult_i16 */
    O64[0][i] = (int64_t)((uint64_t)p + (uint64_t)q); /* addi */
    O64[1][i] = (int64_t)((uint64_t)p * (uint64_t)q); /* muli */
    O64[2][i] = p / q; /* divsi */
    O64[3][i] = p % q; /* remsi */
    O64[4][i] = (int64_t)((uint64_t)p / (uint64_t)q); /* divui */
    O64[5][i] = floordiv64(p, q); /* floordivsi */
    O64[6][i] = (int64_t)((uint64_t)p << s64); /* shli */
    O64[7][i] = p >> s64; /* shrsi */
    O64[8][i] = (int64_t)((uint64_t)p >> s64); /* shrui */
    O64[9][i] = (int64_t)a; /* ext */
    O64[10][i] = (int64_t)(uint32_t)a; /* extui */
    O64[11][i] = (int64_t)((double)p / 7.0); /* sitofp */
    O64[12][i] = (int64_t)bits((float)p); /* sitofp32 */
    O64[13][i] = bits64((double)(uint64_t)p); /* uitofp */
    O64[14][i] = p == 0 ? 64 : __builtin_clzll((uint64_t)p); /* ctlz */
    O64[15][i] = __builtin_popcountll((uint64_t)p); /* ctpop */
    O64[16][i] = (uint64_t)p > (uint64_t)q ? p : q; /* maxui */
    O64[17][i] = (uint64_t)p < (uint64_t)q; /* cmp_ult */
  }
  npy_save(out, "O", "<i4", O, 4, 2, (long[]){57, 64});
  npy_save(out, "O64", "<i8", O64, 8, 2, (long[]){18, 64});
  return 0;
}
