/* The acceptance of sharc-ilp's thread merge (seed 001, the blocked distribution) on bands that
 * stage nothing: gemm, gauss and hotspot under sharcc --no-shared (the baseline mapping, a 32x8
 * block), blocked f = 2, 4, 8 and cyclic f = 8, on the a100 plan at n = 37 and 64 and the gtx690
 * plan at n = 37, run in sharc-run (which fails on a race, an out-of-bounds access or a divergent
 * barrier) and compared byte for byte with the C compiler's outputs; each run's metrics are
 * checked against the same kernel at --ilp=off by Inputs/ilp-invariants.awk: the thread merge
 * keeps the block and divides grid y by f (ceil(grid_y / f)), cyclic keeps the tile and divides
 * block y by f. */
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: ref() { sharcc $K --function $1 --emit=c-harness -o %t.d/$1.c && cc -O0 -ffp-contract=off %t.d/$1.c -o %t.d/$1 -lm && \
// RUN:   %t.d/$1 %t.d/$1.$2 n=$2 alpha=1.5 beta=-0.5 c=0.25 > /dev/null; }; \
// RUN: run() { g=%t.d/$1.$2.$3.$4.$5.mlir && sharcc $K --function $1 --target $2 --no-shared --ilp=$5 --ilp-distribution=$4 --emit=gpu -o $g && \
// RUN:   rm -rf %t.d/o && sharc-run $g --entry=$1 --target=$2 --inputs=%t.d/$1.$3/in --dump=%t.d/o --metrics=json > %t.d/m.json && \
// RUN:   for f in %t.d/$1.$3/out/*.npy; do cmp $f %t.d/o/$(basename $f) || return 1; done && \
// RUN:   v() { grep -o "\"$1\": [0-9]*" %t.d/m.json | grep -o '[0-9]*$' | paste -sd+ | bc; } && \
// RUN:   d() { grep -o "\"$1\": \[[0-9]*, [0-9]*" %t.d/m.json | head -1 | tr -d '[:alpha:]":[,'; } && \
// RUN:   echo "$1 $2 n=$3 no-shared $([ $5 = off ] && echo off || echo $4) $5 $(v barriers) $(v global_load_requests) \
// RUN:     $(v global_store_requests) $(v global_sectors) $(v shared_load_requests) $(v shared_store_requests) $(d grid) $(d block)"; }; \
// RUN: for k in gemm gauss hotspot; do ref $k 37 && ref $k 64 || exit 1; done && \
// RUN: for k in gemm gauss hotspot; do for tn in a100:37 a100:64 gtx690:37; do t=${tn%%:*}; n=${tn#*:}; \
// RUN:   run $k $t $n cyclic off && run $k $t $n blocked 2 && run $k $t $n blocked 4 && run $k $t $n blocked 8 && \
// RUN:   run $k $t $n cyclic 8 || exit 1; done; done > %t.d/rows
// RUN: awk -f %S/Inputs/ilp-invariants.awk %t.d/rows | FileCheck %s
// The generated machine code of the merged threads computes the same (--exec=host).
// RUN: for k in gemm gauss hotspot; do for f in 4 8; do rm -rf %t.d/h && \
// RUN:   sharc-run %t.d/$k.a100.37.blocked.$f.mlir --entry=$k --inputs=%t.d/$k.37/in --dump=%t.d/h --exec=host && \
// RUN:   for o in %t.d/$k.37/out/*.npy; do cmp $o %t.d/h/$(basename $o) || exit 1; done || exit 1; done; done

// gemm's B[k][j] is the same in every replica: it is loaded once per k under the replicas'
// weakest guard, so its requests and sectors fall with f (16512 -> 10368 requests and 41984 ->
// 17408 sectors at n = 64, f = 4; A's broadcast loads and the stores are unchanged).
// CHECK:      gemm a100 n=37 no-shared off: barriers 0 requests 5550 74 sectors 11942 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: gemm a100 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 4218 74 sectors 7694 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: gemm a100 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 3552 74 sectors 5570 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gemm a100 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 3182 74 sectors 4390 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gemm a100 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 3182 74 sectors 4390 shared 0 0 grid 2x5 block 32x1
// CHECK-NEXT: gemm a100 n=64 no-shared off: barriers 0 requests 16512 128 sectors 41984 shared 0 0 grid 2x8 block 32x8
// CHECK-NEXT: gemm a100 n=64 no-shared blocked 2: invariants hold; barriers 0 requests 12416 128 sectors 25600 shared 0 0 grid 2x4 block 32x8
// CHECK-NEXT: gemm a100 n=64 no-shared blocked 4: invariants hold; barriers 0 requests 10368 128 sectors 17408 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gemm a100 n=64 no-shared blocked 8: invariants hold; barriers 0 requests 9344 128 sectors 13312 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gemm a100 n=64 no-shared cyclic 8: invariants hold; barriers 0 requests 9344 128 sectors 13312 shared 0 0 grid 2x8 block 32x1
// CHECK-NEXT: gemm gtx690 n=37 no-shared off: barriers 0 requests 5550 74 sectors 11942 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: gemm gtx690 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 4218 74 sectors 7694 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: gemm gtx690 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 3552 74 sectors 5570 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gemm gtx690 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 3182 74 sectors 4390 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gemm gtx690 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 3182 74 sectors 4390 shared 0 0 grid 2x5 block 32x1
// CHECK-NEXT: gauss a100 n=37 no-shared off: barriers 0 requests 3300 66 sectors 6690 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: gauss a100 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 2500 66 sectors 5890 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: gauss a100 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 2100 66 sectors 5490 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gauss a100 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 1900 66 sectors 5290 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gauss a100 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 1900 66 sectors 5290 shared 0 0 grid 2x5 block 32x1
// CHECK-NEXT: gauss a100 n=64 no-shared off: barriers 0 requests 6000 120 sectors 16740 shared 0 0 grid 2x8 block 32x8
// CHECK-NEXT: gauss a100 n=64 no-shared blocked 2: invariants hold; barriers 0 requests 4500 120 sectors 15240 shared 0 0 grid 2x4 block 32x8
// CHECK-NEXT: gauss a100 n=64 no-shared blocked 4: invariants hold; barriers 0 requests 3750 120 sectors 14490 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gauss a100 n=64 no-shared blocked 8: invariants hold; barriers 0 requests 3400 120 sectors 14140 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gauss a100 n=64 no-shared cyclic 8: invariants hold; barriers 0 requests 3400 120 sectors 14140 shared 0 0 grid 2x8 block 32x1
// CHECK-NEXT: gauss gtx690 n=37 no-shared off: barriers 0 requests 3300 66 sectors 6690 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: gauss gtx690 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 2500 66 sectors 5890 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: gauss gtx690 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 2100 66 sectors 5490 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: gauss gtx690 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 1900 66 sectors 5290 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: gauss gtx690 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 1900 66 sectors 5290 shared 0 0 grid 2x5 block 32x1
// CHECK-NEXT: hotspot a100 n=37 no-shared off: barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: hotspot a100 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: hotspot a100 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: hotspot a100 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: hotspot a100 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x5 block 32x1
// CHECK-NEXT: hotspot a100 n=64 no-shared off: barriers 0 requests 744 124 sectors 3844 shared 0 0 grid 2x8 block 32x8
// CHECK-NEXT: hotspot a100 n=64 no-shared blocked 2: invariants hold; barriers 0 requests 744 124 sectors 3844 shared 0 0 grid 2x4 block 32x8
// CHECK-NEXT: hotspot a100 n=64 no-shared blocked 4: invariants hold; barriers 0 requests 744 124 sectors 3844 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: hotspot a100 n=64 no-shared blocked 8: invariants hold; barriers 0 requests 744 124 sectors 3844 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: hotspot a100 n=64 no-shared cyclic 8: invariants hold; barriers 0 requests 744 124 sectors 3844 shared 0 0 grid 2x8 block 32x1
// CHECK-NEXT: hotspot gtx690 n=37 no-shared off: barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x5 block 32x8
// CHECK-NEXT: hotspot gtx690 n=37 no-shared blocked 2: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x3 block 32x8
// CHECK-NEXT: hotspot gtx690 n=37 no-shared blocked 4: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x2 block 32x8
// CHECK-NEXT: hotspot gtx690 n=37 no-shared blocked 8: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x1 block 32x8
// CHECK-NEXT: hotspot gtx690 n=37 no-shared cyclic 8: invariants hold; barriers 0 requests 420 70 sectors 1500 shared 0 0 grid 2x5 block 32x1
// CHECK-NOT: {{.}}
