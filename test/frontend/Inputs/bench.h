/* A small benchmark framework in the style of the suites sharc's users compile (written for
 * sharc's tests): element type and sizes as macros, array parameters through macros with a
 * padding term, loop bounds through macros, prototypes with GCC attributes, and the system
 * headers every benchmark includes. */
#ifndef BENCH_H
#define BENCH_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef DATA_TYPE
#define DATA_TYPE float
#endif
#ifndef N
#define N 48
#endif
#ifndef M
#define M 40
#endif
#ifndef TSTEPS
#define TSTEPS 3
#endif

#define BENCH_PAD 0
#ifdef BENCH_C99
#define BENCH_SELECT(fixed, param) param
#else
#define BENCH_SELECT(fixed, param) fixed
#endif
#define ARRAY_1D(v, d1, p1) v[BENCH_SELECT(d1, p1) + BENCH_PAD]
#define ARRAY_2D(v, d1, d2, p1, p2) v[BENCH_SELECT(d1, p1) + BENCH_PAD][BENCH_SELECT(d2, p2) + BENCH_PAD]
#define ARRAY_3D(v, d1, d2, d3, p1, p2, p3) \
  v[BENCH_SELECT(d1, p1) + BENCH_PAD][BENCH_SELECT(d2, p2) + BENCH_PAD][BENCH_SELECT(d3, p3) + BENCH_PAD]
#define LB_N n
#define LB_M m
#define LB_T tsteps

typedef struct bench_timer { double start, stop; } bench_timer_t;
extern void bench_timer_start(bench_timer_t *t) __attribute__((nonnull(1)));
extern double bench_timer_stop(bench_timer_t *t) __attribute__((nonnull(1)));
static inline double bench_square(double x) { return x * x; }
typedef int (*bench_cmp_fn)(const void *, const void *);

#endif
