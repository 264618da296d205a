// The partition search's sector model (passes/src/analysis/partition/sectors.rs) against the
// simulator: for every staged kernel of bench/kernels/shared-memory.c, the global sectors the
// `placement:` remark predicts for the taken plan at a full-block size (the larger of the sizes
// it names; the smaller for matvec, whose 1-D block is already 1024 wide) are within 10% of what
// sharc-run counts on the generated kernel. Interior blocks are exact; the stencils lose the
// halo rows and columns that fall outside the arrays at the edges (gauss 8%, conv3d 7.5%).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in transpose:2 gemm:2 matvec:1 gauss:2 hotspot:2 conv2d:2 conv3d:2; do \
// RUN:   f=$(echo $k | cut -d: -f1); w=$(echo $k | cut -d: -f2); \
// RUN:   sharcc %S/../../../bench/kernels/shared-memory.c --function $f --target a100 --emit=gpu --remarks -o %t.d/$f.mlir 2> %t.d/$f.remarks && \
// RUN:   n=$(grep -m1 'placement: plan taken' %t.d/$f.remarks | sed -E "s|.*at n = ([0-9]+) / ([0-9]+):.*|\\$w|") && \
// RUN:   sharcc %S/../../../bench/kernels/shared-memory.c --function $f --emit=c-harness -o %t.d/$f.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$f.c -o %t.d/$f -lm && \
// RUN:   %t.d/$f %t.d/$f.out n=$n alpha=1.5 beta=0.5 c=0.25 > /dev/null && \
// RUN:   sharc-run %t.d/$f.mlir --entry $f --target a100 --inputs %t.d/$f.out/in --metrics=json --max-ops=100000000000 > %t.d/$f.json && \
// RUN:   awk -v which=$w -f %S/Inputs/sector-prediction.awk %t.d/$f.remarks %t.d/$f.json >> %t.d/rows || exit 1; done
// RUN: FileCheck %s --input-file=%t.d/rows
// CHECK: transpose_{{.*}} n=128 predicted 4096 simulated 4096 within 10%: yes
// CHECK: gemm_{{.*}} n=128 predicted 20480 simulated 20480 within 10%: yes
// CHECK: matvec_{{.*}} n=1024 predicted 131328 simulated 131328 within 10%: yes
// CHECK: gauss_{{.*}} within 10%: yes
// CHECK: hotspot_{{.*}} within 10%: yes
// CHECK: conv2d_{{.*}} within 10%: yes
// CHECK: conv3d_{{.*}} within 10%: yes
