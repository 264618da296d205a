/* The acceptance of sharc-ilp (issue 13) on seed 000's hotspot (a 5-point stencil) through
 * sharcc's default pipeline (an 18x66 halo tile of temp staged, 64x16 threads): every factor 1, 2, 4, 8 with
 * both distributions on the a100 and gtx690 plans, at n = 37 (partial blocks) and 64, run in
 * sharc-run (which fails on a race, an out-of-bounds access or a divergent barrier) and compared
 * byte for byte with the C compiler's outputs; each run's metrics are checked against the same
 * kernel at --ilp=off by Inputs/ilp-invariants.awk (one summary line per run). A subset also runs
 * as host machine code (--exec=host). */
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: K=%S/../../../bench/kernels/shared-memory.c; k=hotspot; \
// RUN: ref() { sharcc $K --function $k --emit=c-harness -o %t.d/$k.c && cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.$1 n=$1 c=0.25 > /dev/null; }; \
// RUN: run() { g=%t.d/$1.$2.$3.$4.mlir && sharcc $K --function $k --target $1 --ilp=$4 --ilp-distribution=$3 --emit=gpu -o $g && \
// RUN:   rm -rf %t.d/o && sharc-run $g --entry=$k --target=$1 --inputs=%t.d/$k.$2/in --dump=%t.d/o --metrics=json > %t.d/m.json && \
// RUN:   for f in %t.d/$k.$2/out/*.npy; do cmp $f %t.d/o/$(basename $f) || return 1; done && \
// RUN:   v() { grep -o "\"$1\": [0-9]*" %t.d/m.json | grep -o '[0-9]*$' | paste -sd+ | bc; } && \
// RUN:   d() { grep -o "\"$1\": \[[0-9]*, [0-9]*" %t.d/m.json | head -1 | tr -d '[:alpha:]":[,'; } && \
// RUN:   echo "$k $1 n=$2 shared $([ $4 = off ] && echo off || echo $3) $4 $(v barriers) $(v global_load_requests) \
// RUN:     $(v global_store_requests) $(v global_sectors) $(v shared_load_requests) $(v shared_store_requests) $(d grid) $(d block)"; }; \
// RUN: ref 37 && ref 64 && \
// RUN: for t in a100 gtx690; do for n in 37 64; do run $t $n cyclic off || exit 1; \
// RUN:   for dist in cyclic blocked; do for f in 1 2 4 8; do run $t $n $dist $f || exit 1; done; done; done; done > %t.d/rows
// RUN: awk -f %S/Inputs/ilp-invariants.awk %t.d/rows | FileCheck %s
// The generated machine code computes the same (sharc-run --exec=host on the gpu level).
// RUN: for dist in cyclic blocked; do for f in 4 8; do rm -rf %t.d/h && \
// RUN:   sharc-run %t.d/a100.37.$dist.$f.mlir --entry=hotspot --inputs=%t.d/hotspot.37/in --dump=%t.d/h --exec=host && \
// RUN:   for o in %t.d/hotspot.37/out/*.npy; do cmp $o %t.d/h/$(basename $o) || exit 1; done || exit 1; done; done

// Nothing is hoisted (every temp read depends on the row): only the block shrinks. The shared
// loads are those left after sharc-register-promote reuses the first read of temp[i][j].
// CHECK:      hotspot a100 n=37 off: barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot a100 n=37 cyclic 1: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot a100 n=37 cyclic 2: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x8
// CHECK-NEXT: hotspot a100 n=37 cyclic 4: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x4
// CHECK-NEXT: hotspot a100 n=37 cyclic 8: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x2
// CHECK-NEXT: hotspot a100 n=37 blocked 1: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot a100 n=37 blocked 2: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x8
// CHECK-NEXT: hotspot a100 n=37 blocked 4: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x4
// CHECK-NEXT: hotspot a100 n=37 blocked 8: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x2
// CHECK-NEXT: hotspot a100 n=64 off: barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot a100 n=64 cyclic 1: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot a100 n=64 cyclic 2: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x8
// CHECK-NEXT: hotspot a100 n=64 cyclic 4: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x4
// CHECK-NEXT: hotspot a100 n=64 cyclic 8: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x2
// CHECK-NEXT: hotspot a100 n=64 blocked 1: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot a100 n=64 blocked 2: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x8
// CHECK-NEXT: hotspot a100 n=64 blocked 4: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x4
// CHECK-NEXT: hotspot a100 n=64 blocked 8: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x2
// CHECK-NEXT: hotspot gtx690 n=37 off: barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot gtx690 n=37 cyclic 1: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot gtx690 n=37 cyclic 2: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x8
// CHECK-NEXT: hotspot gtx690 n=37 cyclic 4: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x4
// CHECK-NEXT: hotspot gtx690 n=37 cyclic 8: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x2
// CHECK-NEXT: hotspot gtx690 n=37 blocked 1: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x16
// CHECK-NEXT: hotspot gtx690 n=37 blocked 2: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x8
// CHECK-NEXT: hotspot gtx690 n=37 blocked 4: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x4
// CHECK-NEXT: hotspot gtx690 n=37 blocked 8: invariants hold; barriers 3 requests 154 70 sectors 690 shared 350 114 grid 1x3 block 64x2
// CHECK-NEXT: hotspot gtx690 n=64 off: barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot gtx690 n=64 cyclic 1: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot gtx690 n=64 cyclic 2: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x8
// CHECK-NEXT: hotspot gtx690 n=64 cyclic 4: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x4
// CHECK-NEXT: hotspot gtx690 n=64 cyclic 8: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x2
// CHECK-NEXT: hotspot gtx690 n=64 blocked 1: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x16
// CHECK-NEXT: hotspot gtx690 n=64 blocked 2: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x8
// CHECK-NEXT: hotspot gtx690 n=64 blocked 4: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x4
// CHECK-NEXT: hotspot gtx690 n=64 blocked 8: invariants hold; barriers 4 requests 271 124 sectors 1778 shared 620 152 grid 1x4 block 64x2
// CHECK-NOT: {{.}}
