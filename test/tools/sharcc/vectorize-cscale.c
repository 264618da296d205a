/* sharc-vectorize on the interleaved complex scaling (issue 20; /work/shared/specs/kernels/cscale.c,
 * seed 001 §3.3.1 and Fig. 3.14): x[2*i], x[2*i+1] (each loaded twice) and y[2*i], y[2*i+1]
 * become one 8-byte vector load and one vector store per thread. a100, n = 1024, 256-thread
 * blocks, 32 warps: each warp's vector access covers 32 × 8 = 256 contiguous bytes, 8 sectors.
 * - baseline mapping (--no-shared): 128 load and 64 store requests, 1024 and 512 sectors,
 *   become 32 and 32 requests, 256 and 256 sectors;
 * - default pipeline: without vectorization the partition search stages x (its pairs are a
 *   stride-2, non-coalesced access); vectorized, x is coalesced and nothing is staged;
 * - every output equals the C compiler's, bit for bit, in the simulator and on the host;
 * - the PTX holds the 8-byte accesses (LLVM 22's NVPTX prints them ld/st.global.v2.b32);
 * - cshift's pairs start at odd elements (2*i+1, 2*i+2): no 8-byte alignment, they stay scalar
 *   with a remark. */
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s --function cscale --emit=c-harness -o %t.d/h.c && cc -O0 -ffp-contract=off %t.d/h.c -o %t.d/h -lm
// RUN: %t.d/h %t.d/ref n=1024 a=1.5 b=-0.25 > /dev/null
// RUN: run() { sharcc %s --function cscale --target a100 $1 --emit=gpu -o %t.d/$2.mlir --report 2> %t.d/$2.report && \
// RUN:   rm -rf %t.d/$2 && sharc-run %t.d/$2.mlir --entry=cscale --inputs=%t.d/ref/in --dump=%t.d/$2 --metrics=json > %t.d/$2.json && \
// RUN:   for f in %t.d/ref/out/*.npy; do cmp $f %t.d/$2/$(basename $f) || return 1; done; }; \
// RUN: run "--no-shared" base && run "--no-shared --vectorize=off" base-off && run "" default && run "--vectorize=off" default-off
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.d/base.json
// RUN: FileCheck %s --check-prefix=SCALAR --input-file=%t.d/base-off.json
// RUN: FileCheck %s --check-prefix=VECTOR --input-file=%t.d/default.json
// RUN: FileCheck %s --check-prefix=DEFAULT --input-file=%t.d/default.report
// RUN: FileCheck %s --check-prefix=DEFAULT-OFF --input-file=%t.d/default-off.report
// RUN: rm -rf %t.d/host && sharc-run %t.d/default.mlir --entry=cscale --inputs=%t.d/ref/in --dump=%t.d/host --exec=host > /dev/null
// RUN: for f in %t.d/ref/out/*.npy; do cmp $f %t.d/host/$(basename $f) || exit 1; done
// RUN: sharcc %s --function cscale --target a100 -o %t.d/cscale.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.d/cscale.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.d/cscale.ptx -o %t.d/cscale.cubin %}
// The partition search's verdict on x, in the default pipeline's order, with and without the pass.
// RUN: sharcc %s --function cscale --emit=affine -o %t.d/cscale.affine.mlir
// RUN: P='sharc-parallelize{candidates=marked}, sharc-expose-parallel, sharc-distribute'; \
// RUN: sharc-opt %t.d/cscale.affine.mlir --pass-pipeline="builtin.module($P, sharc-vectorize, sharc-register-promote, sharc-partition{target=a100 explain=true})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN && \
// RUN: sharc-opt %t.d/cscale.affine.mlir --pass-pipeline="builtin.module($P, sharc-register-promote, sharc-partition{target=a100 explain=true})" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN-OFF
// RUN: sharcc %s --function cshift --target a100 --emit=gpu --remarks -o %t.d/cshift.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CSHIFT --input-file=%t.d/cshift.mlir

// VECTOR: "kernel": "cscale_b0", "grid": [4, 1, 1], "block": [256, 1, 1]
// VECTOR-SAME: "global_load_requests": 32, "global_store_requests": 32, "global_sectors": 512, "global_load_sectors": 256, "global_store_sectors": 256
// VECTOR-SAME: "shared_load_requests": 0, "shared_store_requests": 0
// SCALAR: "kernel": "cscale_b0", "grid": [4, 1, 1], "block": [256, 1, 1]
// SCALAR-SAME: "global_load_requests": 128, "global_store_requests": 64, "global_sectors": 1536, "global_load_sectors": 1024, "global_store_sectors": 512
// DEFAULT: @cscale_kernels::@cscale_b0 vectorize-cscale.c:[[@LINE+17]] 256x1x1 none (baseline mapping)
// DEFAULT-OFF: @cscale_kernels::@cscale_b0 vectorize-cscale.c:[[@LINE+16]] 1024x1x1 x 2048 (coalesce), read;
// PTX: ld.global.v2.b32
// PTX: st.global.v2.b32
// PTX-NOT: ld.global.b32
// PLAN: remark: array x: reuse ratio 1.00 (below θ_r = 1.4), coalesced, not staged
// PLAN: remark: placement: no setting stages an array; baseline mapping
// PLAN-OFF: remark: array x: reuse ratio 1.00 (below θ_r = 1.4), non-coalesced (space adjacency), staged
// REMARK: vectorize-cscale.c:[[@LINE+19]]:20: remark: pair of loads of 'x' not vectorized: the first element's offset is odd (2 * x + 1)
// REMARK-NEXT: {{^}}    y[2*i+1] = a * x[2*i+1] - b * x[2*i+2];
// REMARK-NEXT: {{^}}                   ^
// REMARK: vectorize-cscale.c:[[@LINE+17]]:5: remark: pair of stores of 'y' not vectorized: the first element's offset is odd (2 * x + 1)
// CSHIFT-NOT: vector

void cscale(int n, float a, float b, float x[2*n], float y[2*n]) {
  int i;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
    y[2*i]   = a * x[2*i] - b * x[2*i+1];
    y[2*i+1] = b * x[2*i] + a * x[2*i+1];
  }
}

void cshift(int n, float a, float b, float x[2*n], float y[2*n]) {
  int i;
#pragma acc kernels loop independent
  for (i = 0; i < n - 1; i++) {
    y[2*i+1] = a * x[2*i+1] - b * x[2*i+2];
    y[2*i+2] = b * x[2*i+1] + a * x[2*i+2];
  }
}
