/* Issue 14's first acceptance rule on bench/kernels/shared-memory.c: for every kernel, at two
 * sizes, on a100, gtx690 and mi250x, the default pipeline moves no more global sectors than the
 * baseline (--no-shared) in sharc-run, both runs equal the C compiler's build of the function
 * byte for byte, and sharc-run finds no race and no out-of-bounds access (it fails on either).
 * Inputs/never-worse.awk prints one line per kernel, target and size with both sector counts and
 * fails on any kernel where the default is worse.
 *
 * Sizes: n = 32 is the block extent along x on a100 and gtx690 (one 32-wide block: the smallest
 * size a staged plan must still pay off at), n = 128 is 4x it (on mi250x, whose blocks are 64
 * wide, 32 is a partial block and 128 is 2x). Every kernel here takes its size from n alone.
 * conv3d is 3-D and its cost grows with n^3 in the simulator, so it runs at 8 (the z block
 * extent on a100 is 4) and 32; matvec's blocks are 1-D and 1024 (default) or 256 (baseline)
 * wide, so 32 and 128 leave most threads idle: the sizes are those of the 2-D kernels, whose
 * rows it reads. */
// The first RUN line compiles the file for the three targets, baseline and default, and saves
// `nw` (the driver: reference, runs, comparisons, one row per run) to nw.sh, which every kernel's
// RUN line sources (one RUN line per kernel keeps each far from lit's per-line timeout).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: F=%S/../../../bench/kernels/shared-memory.c; D=; \
// RUN: nw() { k=$1; shift; sharcc $F $D --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off $D %t.d/$k.c -o %t.d/$k -lm || return 1; \
// RUN:   for a in "$@"; do rm -rf %t.d/r && %t.d/$k %t.d/r $a > /dev/null || return 1; \
// RUN:     for t in a100 gtx690 mi250x; do for v in baseline default; do rm -rf %t.d/o && \
// RUN:       sharc-run %t.d/$t.$v.mlir --entry=$k --target=$t --inputs=%t.d/r/in --dump=%t.d/o --metrics=json > %t.d/m.json && \
// RUN:       for f in %t.d/r/out/*.npy; do cmp $f %t.d/o/$(basename $f) || return 1; done && \
// RUN:       echo "$k $t ${a%%%% *} $v $(grep -o '"global_sectors": [0-9]*' %t.d/m.json | grep -o '[0-9]*$' | paste -sd+ | bc)" \
// RUN:         >> %t.d/rows || return 1; \
// RUN:     done; done; done; }; \
// RUN: { declare -p F D && declare -f nw; } > %t.d/nw.sh && \
// RUN: for t in a100 gtx690 mi250x; do \
// RUN:   sharcc $F $D --target $t --emit=gpu --no-shared -o %t.d/$t.baseline.mlir 2> %t.d/$t.baseline.err && \
// RUN:   sharcc $F $D --target $t --emit=gpu -o %t.d/$t.default.mlir 2> %t.d/$t.default.err || exit 1; done
// RUN: . %t.d/nw.sh && nw transpose "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw gemm "n=32 alpha=1.5 beta=-0.5" "n=128 alpha=1.5 beta=-0.5"
// RUN: . %t.d/nw.sh && nw matvec "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw gauss "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw hotspot "n=32 c=0.25" "n=128 c=0.25"
// RUN: . %t.d/nw.sh && nw conv2d "n=32" "n=128"
// RUN: . %t.d/nw.sh && nw conv3d "n=8" "n=32"
// RUN: . %t.d/nw.sh && nw syrk "n=32 alpha=1.5 beta=-0.5" "n=128 alpha=1.5 beta=-0.5"
// RUN: awk -f %S/Inputs/never-worse.awk %t.d/rows
