/* Issue 14's first acceptance rule ("never worse than the baseline", see
 * never-worse-shared-memory.c) on the kernels of test/frontend/polybench-linear-algebra.c,
 * compiled with their C99 array parameters (-DPOLYBENCH_USE_C99_PROTO) so that the harness's sizes
 * size the arrays (the default build sizes them with macros), in double precision. Functions
 * without a kernel (kernel_cholesky, kernel_trisolv, kernel_ludcmp: sequential) are left out.
 *
 * Sizes: n = m = 32 (the block extent along x on a100 and gtx690) and 128 (4x it; 2x the 64-wide
 * blocks of mi250x); covariance's float_n is n. doitgen's loop nest is 4-deep over n, m and p
 * (n^4 work in the simulator): 8 and 32, with m = p = n. */
// The first RUN line saves the driver to %t.d/nw.sh, which every later RUN line sources (one RUN
// line per kernel, or per size of the costly ones, keeps each far from lit's per-line timeout):
// - `cf P TARGETS FILE FLAGS...` compiles FILE whole with sharcc for each of the comma-separated
//   TARGETS, as the baseline (--no-shared) and the default pipeline, into
//   P.TARGET.{baseline,default}.mlir (a large file takes one RUN line per target).
// - `nw P KERNEL ARGS...` builds KERNEL's C harness with the system C compiler (and the C files
//   in $CCX, if set) and, for each ARGS
//   (the harness's NAME=VALUE arguments of one size, quoted; the first names the size), writes
//   the inputs and the reference outputs, runs the six compiled versions in sharc-run (which fails
//   on a race or an out-of-bounds access), compares every output with the reference byte for
//   byte, and appends one row per run to rows: `FILE:KERNEL TARGET SIZE VARIANT SECTORS`, the
//   sectors summed over the run's launches.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: cf() { p=$1; ts=$2; echo "$3" > %t.d/$p.file; shift 3; echo "$*" > %t.d/$p.flags; \
// RUN:   for t in ${ts//,/ }; do \
// RUN:     sharcc $(cat %t.d/$p.file) "$@" --target $t --emit=gpu --no-shared -o %t.d/$p.$t.baseline.mlir 2> %t.d/$p.$t.baseline.err && \
// RUN:     sharcc $(cat %t.d/$p.file) "$@" --target $t --emit=gpu -o %t.d/$p.$t.default.mlir 2> %t.d/$p.$t.default.err || { cat %t.d/$p.$t.*.err; return 1; }; done; }; \
// RUN: nw() { p=$1; k=$2; shift 2; F=$(cat %t.d/$p.file); D=$(cat %t.d/$p.flags); \
// RUN:   sharcc $F $D --function $k --emit=c-harness -o %t.d/$p.$k.c && \
// RUN:   cc -O0 -ffp-contract=off $D %t.d/$p.$k.c $CCX -o %t.d/$p.$k -lm || return 1; \
// RUN:   for a in "$@"; do rm -rf %t.d/r && %t.d/$p.$k %t.d/r $a > /dev/null || return 1; \
// RUN:     for t in ${NW_TARGETS:-a100 gtx690 mi250x}; do for v in baseline default; do rm -rf %t.d/o && \
// RUN:       sharc-run %t.d/$p.$t.$v.mlir --entry=$k --target=$t --inputs=%t.d/r/in --dump=%t.d/o --metrics=json --max-ops=100000000000 > %t.d/m.json && \
// RUN:       for f in %t.d/r/out/*.npy; do cmp $f %t.d/o/$(basename $f) || return 1; done && \
// RUN:       echo "$(basename $F):$k $t ${a%%%% *} $v $(grep -o '"global_sectors": [0-9]*' %t.d/m.json | grep -o '[0-9]*$' | paste -sd+ | bc)" \
// RUN:         >> %t.d/rows || return 1; \
// RUN:     done; done; done; }; \
// RUN: declare -f cf nw > %t.d/nw.sh
// RUN: . %t.d/nw.sh && cf pla a100 %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && cf pla gtx690 %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && cf pla mi250x %S/../../frontend/polybench-linear-algebra.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && nw pla kernel_3mm "n=32"
// RUN: . %t.d/nw.sh && nw pla kernel_3mm "n=128"
// RUN: . %t.d/nw.sh && nw pla kernel_bicg "n=32 m=32" "n=128 m=128" && nw pla kernel_doitgen "n=8 m=8 p=8" "n=32 m=32 p=32"
// RUN: . %t.d/nw.sh && nw pla kernel_gemver "n=32 alpha=1.5 beta=1.25" "n=128 alpha=1.5 beta=1.25" && \
// RUN:   nw pla kernel_gesummv "n=32 alpha=1.5 beta=1.25" "n=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw pla kernel_syr2k "n=32 m=32 alpha=1.5 beta=1.25"
// syr2k at n = 128: its 1024-thread plan copies 1024-row tiles per strip, over 10^9 simulated
// thread operations on a100 (about 95 s in a debug build), so one RUN line per target.
// RUN: . %t.d/nw.sh && NW_TARGETS=a100 nw pla kernel_syr2k "n=128 m=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && NW_TARGETS=gtx690 nw pla kernel_syr2k "n=128 m=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && NW_TARGETS=mi250x nw pla kernel_syr2k "n=128 m=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw pla kernel_symm "n=32 m=32 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw pla kernel_symm "n=128 m=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw pla kernel_gramschmidt "n=32 m=32"
// RUN: . %t.d/nw.sh && nw pla kernel_gramschmidt "n=128 m=128"
// RUN: . %t.d/nw.sh && nw pla kernel_covariance "n=32 m=32 float_n=32.0"
// RUN: . %t.d/nw.sh && nw pla kernel_covariance "n=128 m=128 float_n=128.0"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
