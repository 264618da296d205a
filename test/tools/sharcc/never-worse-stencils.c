/* Issue 14's first acceptance rule ("never worse than the baseline", see
 * never-worse-shared-memory.c) on the kernels of test/frontend/polybench-stencils.c and
 * polybench-medley.c, compiled with their C99 array parameters (-DPOLYBENCH_USE_C99_PROTO) so that
 * the harness's sizes size the arrays, in double precision. Functions without a kernel
 * (kernel_seidel_2d, kernel_nussinov: sequential) are left out.
 *
 * Sizes: the 2-D kernels run at 32 (the block extent along x on a100 and gtx690) and 128 (4x it;
 * 2x the 64-wide blocks of mi250x), with nx = ny and ni = nj; time steps (tsteps, tmax) = 2.
 * heat_3d and conv3d are 3-D (n^3 work per step): 8 and 32. jacobi_1d is 1-D with 256-wide
 * blocks: 256 and 1024. */
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
// RUN: . %t.d/nw.sh && cf pst a100 %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && cf pst gtx690 %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && cf pst mi250x %S/../../frontend/polybench-stencils.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO
// RUN: . %t.d/nw.sh && nw pst kernel_jacobi_1d "n=256 tsteps=2" "n=1024 tsteps=2"
// RUN: . %t.d/nw.sh && nw pst kernel_fdtd_2d "nx=32 ny=32 tmax=2" "nx=128 ny=128 tmax=2"
// RUN: . %t.d/nw.sh && nw pst kernel_heat_3d "n=8 tsteps=2" "n=32 tsteps=2"
// RUN: . %t.d/nw.sh && nw pst kernel_adi "n=32 tsteps=2" "n=128 tsteps=2"
// RUN: . %t.d/nw.sh && nw pst kernel_conv2d "ni=32 nj=32" "ni=128 nj=128" && nw pst kernel_conv3d "ni=8 nj=8 nk=8" "ni=32 nj=32 nk=32"
// RUN: . %t.d/nw.sh && cf pme a100,gtx690,mi250x %S/../../frontend/polybench-medley.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO && \
// RUN:   nw pme kernel_deriche "n=32 m=32 alpha=0.25" "n=128 m=128 alpha=0.25"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
