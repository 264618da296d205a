/* Issue 14's first acceptance rule ("never worse than the baseline", see
 * never-worse-shared-memory.c) on the kernels of the smaller front-end tests: gemm-share.c,
 * gpu-style-conv2d.c, helpers.c, idioms.c, openacc-runtime.c, private-scalars.c and
 * polybench-gemm.c (test/frontend). Their functions without a kernel (helpers.c's sq, lerp, ...,
 * idioms.c's k_reduce, k_blocked, k_last_value, private-scalars.c's cond_keep, loop-forms.c's
 * from_memory: sequential or host-only code) are left out; errors*.c hold only error cases.
 *
 * Sizes: the 2-D kernels run at 32 (the block extent along x on a100 and gtx690) and 128 (4x it;
 * 2x the 64-wide blocks of mi250x); polybench-gemm with its C99 array parameters
 * (-DPOLYBENCH_USE_C99_PROTO) and ni = nj = nk. Fixed sizes: helpers.c, idioms.c and
 * private-scalars.c declare their arrays 64 long (macros N and NN, defined unconditionally), so n
 * is at most 64 there: 32 and 64. gpu-style-conv2d.c's sizes are macros (NI = 64, NJ = 48) and its
 * harness takes no argument: one size, labelled NI=64 (the harness ignores that argument).
 * idioms.c's k_ptr_to_array has no C harness (sharcc cannot emit one for a pointer-to-row
 * parameter), so it is left out here. openacc-runtime.c's scale is 1-D with 256-wide blocks: 256
 * and 1024; its reference links Inputs/openacc-stubs.c for the runtime calls it makes. */
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
// RUN: . %t.d/nw.sh && cf gs a100,gtx690,mi250x %S/../../frontend/gemm-share.c && nw gs gemm "n=32 a=1.5 b=-0.75"
// RUN: . %t.d/nw.sh && nw gs gemm "n=128 a=1.5 b=-0.75"
// RUN: . %t.d/nw.sh && cf cv a100,gtx690,mi250x %S/../../frontend/gpu-style-conv2d.c -I %S/../../frontend/Inputs && nw cv conv2D_acc "NI=64"
// RUN: . %t.d/nw.sh && cf hp a100,gtx690,mi250x %S/../../frontend/helpers.c && nw hp k_helpers "n=32" "n=64"
// RUN: . %t.d/nw.sh && cf id a100,gtx690,mi250x %S/../../frontend/idioms.c && \
// RUN:   for k in k_restrict k_steps k_int k_multi_assign k_private; do nw id $k "n=32" "n=64" || exit 1; done && \
// RUN:   nw id k_cond "n=32 m=32" "n=64 m=64"
// RUN: . %t.d/nw.sh && cf oa a100,gtx690,mi250x %S/../../frontend/openacc-runtime.c && CCX=%S/Inputs/openacc-stubs.c nw oa scale "n=256" "n=1024"
// RUN: . %t.d/nw.sh && cf ps a100,gtx690,mi250x %S/../../frontend/private-scalars.c && nw ps cond_both "n=32" "n=64" && nw ps nested_time "n=32" "n=64"
// RUN: . %t.d/nw.sh && cf pg a100,gtx690,mi250x %S/../../frontend/polybench-gemm.c -I %S/../../frontend/Inputs -DPOLYBENCH_USE_C99_PROTO && \
// RUN:   nw pg kernel_gemm "ni=32 nj=32 nk=32 alpha=1.5 beta=1.2"
// RUN: . %t.d/nw.sh && nw pg kernel_gemm "ni=128 nj=128 nk=128 alpha=1.5 beta=1.2"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
