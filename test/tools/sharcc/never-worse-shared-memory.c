/* Issue 14's first acceptance rule ("never worse than the baseline") on the kernels of
 * bench/kernels/shared-memory.c: for every kernel, at two sizes, on a100, gtx690 and mi250x, the
 * default pipeline moves no more global sectors than the baseline (--no-shared) in sharc-run, both
 * equal the C compiler's build of the function byte for byte, and sharc-run finds no race and no
 * out-of-bounds access. Inputs/never-worse.awk prints one line per kernel, target and size with
 * both sector counts and fails naming every case where the default is worse.
 *
 * Sizes: n = 32 is the block extent along x on a100 and gtx690 (one 32-wide block: the smallest
 * size a staged plan must still pay off at), n = 128 is 4x it. On mi250x, whose blocks are 64 wide,
 * 32 is a partial block and 128 is 2x the extent: 4x (256) would cost gemm and syrk 8x the
 * simulation time of n = 128 in the debug build, so mi250x runs at the same two sizes.
 * Every kernel takes its size from n alone. conv3d is 3-D and its simulation grows with n^3, so it
 * runs at 8 (the z extent of its blocks is 4) and 32. matvec's blocks are 1-D, 1024 (default) or
 * 256 (baseline) wide; it runs at the sizes of the 2-D kernels, whose rows it reads. */
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
// RUN: . %t.d/nw.sh && cf sm a100 %S/../../../bench/kernels/shared-memory.c
// RUN: . %t.d/nw.sh && cf sm gtx690 %S/../../../bench/kernels/shared-memory.c
// RUN: . %t.d/nw.sh && cf sm mi250x %S/../../../bench/kernels/shared-memory.c
// RUN: . %t.d/nw.sh && nw sm transpose "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw sm gemm "n=32 alpha=1.5 beta=-0.5"
// RUN: . %t.d/nw.sh && nw sm gemm "n=128 alpha=1.5 beta=-0.5"
// RUN: . %t.d/nw.sh && nw sm matvec "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw sm gauss "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw sm hotspot "n=32 c=0.25" "n=128 c=0.25"
// RUN: . %t.d/nw.sh && nw sm conv2d "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw sm conv3d "n=8" "n=32"
// RUN: . %t.d/nw.sh && nw sm syrk "n=32 alpha=1.5 beta=-0.5"
// RUN: . %t.d/nw.sh && nw sm syrk "n=128 alpha=1.5 beta=-0.5"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
