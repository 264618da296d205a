/* Issue 14's first acceptance rule ("never worse than the baseline", see
 * never-worse-shared-memory.c) on the kernels of test/frontend/linear-algebra.c and
 * stencils-medley.c, compiled with their C99 array parameters (-DBENCH_C99) so that the harness's
 * n and m size the arrays (the default build sizes them with macros, N = 48, M = 40);
 * stencils-medley.c in double precision as its own test builds it. Functions without a kernel
 * (kernel_seidel, kernel_floyd, kernel_durbin, kernel_misc: sequential) are left out; kernel_lu
 * launches two kernels per k step (the row scaling and the update, parallel over j and (i, j)).
 *
 * Sizes: n = m = 32 (the block extent along x on a100 and gtx690) and 128 (4x it; 2x the 64-wide
 * blocks of mi250x); tsteps = 2 (enough to run the time loop's second step on the first one's
 * output); correlation's float_n is n. */
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
// RUN:     for t in a100 gtx690 mi250x; do for v in baseline default; do rm -rf %t.d/o && \
// RUN:       sharc-run %t.d/$p.$t.$v.mlir --entry=$k --target=$t --inputs=%t.d/r/in --dump=%t.d/o --metrics=json --max-ops=100000000000 > %t.d/m.json && \
// RUN:       for f in %t.d/r/out/*.npy; do cmp $f %t.d/o/$(basename $f) || return 1; done && \
// RUN:       echo "$(basename $F):$k $t ${a%%%% *} $v $(grep -o '"global_sectors": [0-9]*' %t.d/m.json | grep -o '[0-9]*$' | paste -sd+ | bc)" \
// RUN:         >> %t.d/rows || return 1; \
// RUN:     done; done; done; }; \
// RUN: declare -f cf nw > %t.d/nw.sh
// RUN: . %t.d/nw.sh && cf la a100 %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs -DBENCH_C99
// RUN: . %t.d/nw.sh && cf la gtx690 %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs -DBENCH_C99
// RUN: . %t.d/nw.sh && cf la mi250x %S/../../frontend/linear-algebra.c -I %S/../../frontend/Inputs -DBENCH_C99
// RUN: . %t.d/nw.sh && nw la kernel_2mm "n=32 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw la kernel_2mm "n=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw la kernel_atax "n=32 m=32" "n=128 m=128" && nw la kernel_mvt "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw la kernel_syrk "n=32 m=32 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw la kernel_syrk "n=128 m=128 alpha=1.5 beta=1.25"
// RUN: . %t.d/nw.sh && nw la kernel_trmm "n=32 alpha=1.5"
// RUN: . %t.d/nw.sh && nw la kernel_trmm "n=128 alpha=1.5"
// RUN: . %t.d/nw.sh && cf sm a100 %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double -DBENCH_C99
// RUN: . %t.d/nw.sh && cf sm gtx690 %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double -DBENCH_C99
// RUN: . %t.d/nw.sh && cf sm mi250x %S/../../frontend/stencils-medley.c -I %S/../../frontend/Inputs -DDATA_TYPE=double -DBENCH_C99
// RUN: . %t.d/nw.sh && nw sm kernel_correlation "n=32 m=32 float_n=32.0"
// RUN: . %t.d/nw.sh && nw sm kernel_correlation "n=128 m=128 float_n=128.0"
// RUN: . %t.d/nw.sh && nw sm kernel_jacobi_2d "n=32 tsteps=2" "n=128 tsteps=2" && nw sm kernel_reg "n=32 m=32" "n=128 m=128"
// RUN: . %t.d/nw.sh && nw sm kernel_lu "n=32" "n=64"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
