/* Sizes, element type and loop-bound macros of a PolyBench-style kernel collection (written for sharc's tests). */
#ifndef KERNELS_H
# define KERNELS_H
# include <math.h>
# include <polybench.h>

# ifndef N
#  define N 32
# endif
# ifndef M
#  define M 28
# endif
# ifndef P
#  define P 12
# endif
# ifndef TSTEPS
#  define TSTEPS 4
# endif
# define _PB_N POLYBENCH_LOOP_BOUND(N, n)
# define _PB_M POLYBENCH_LOOP_BOUND(M, m)
# define _PB_P POLYBENCH_LOOP_BOUND(P, p)
# define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
# ifdef POLYBENCH_USE_SCALAR_LB
#  define POLYBENCH_LOOP_BOUND(x, y) x
# else
#  define POLYBENCH_LOOP_BOUND(x, y) y
# endif

# if !defined(DATA_TYPE_IS_FLOAT) && !defined(DATA_TYPE_IS_DOUBLE)
#  define DATA_TYPE_IS_DOUBLE
# endif
# ifdef DATA_TYPE_IS_FLOAT
#  define DATA_TYPE float
#  define DATA_PRINTF_MODIFIER "%0.2f "
#  define SCALAR_VAL(x) x##f
#  define SQRT_FUN(x) sqrtf(x)
#  define EXP_FUN(x) expf(x)
#  define POW_FUN(x, y) powf(x, y)
# else
#  define DATA_TYPE double
#  define DATA_PRINTF_MODIFIER "%0.2lf "
#  define SCALAR_VAL(x) x
#  define SQRT_FUN(x) sqrt(x)
#  define EXP_FUN(x) exp(x)
#  define POW_FUN(x, y) pow(x, y)
# endif
#endif
