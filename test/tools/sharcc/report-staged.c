/* `sharcc --report` says what the generated kernels hold, read back from the lowered IR: the
 * buffers are the kernel's workgroup attributions (their shapes; the shared bytes are their sum),
 * each named by the plan's staged list, which sharc-promote leaves holding only what it staged;
 * the arrays it refused are listed with its reason. cscale: the partition search stages x and y
 * (16384 B; x for coalescing only: sharc-register-promote reuses the first loads of x[2*i] and
 * x[2*i+1], so no thread reads an element twice), sharc-promote refuses y (written through
 * y[2*i] and y[2*i+1], a tile with a halo): the kernel allocates x's 8192 B only, with or
 * without the bank-conflict pass (which would otherwise rewrite the shared bytes from the IR
 * itself). The plan carried to the kernel says
 * the same (with --vectorize=off: vectorized, cscale's pairs are coalesced and nothing is
 * staged). scale2: every array the plan stages is in the kernel. */
// RUN: sharcc %S/../../passes/memplace/Inputs/cscale.c --target a100 --vectorize=off --emit=gpu --report -o %t.gpu.mlir 2>&1 | FileCheck %s --check-prefix=CSCALE
// RUN: sharcc %S/../../passes/memplace/Inputs/cscale.c --target a100 --vectorize=off --emit=gpu --bank-fix=off --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSCALE
// RUN: FileCheck %s --check-prefix=PLAN --input-file=%t.gpu.mlir
// RUN: sharcc %s --target a100 --emit=gpu --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL

// CSCALE: kernel source block shared memory placement shared bytes
// CSCALE: @cscale_kernels::@cscale_b0 cscale.c:4 1024x1x1 x 2048 (coalesce), read; y: not staged (written, and its tile is not exactly the block's writes (strips or halo)) 8192 1.00
// PLAN: gpu.func @cscale_b0(
// PLAN-SAME: workgroup(%{{.*}} : memref<2048xf32, #gpu.address_space<workgroup>>) kernel
// PLAN-SAME: refused = [{name = "y", why = "written, and its tile is not exactly the block's writes (strips or halo)"}]
// PLAN-SAME: shared_bytes = 8192
// PLAN-SAME: staged = [{access = "read", {{[^]]*}} name = "x", {{[^]]*}}}]
// ALL: @scale2_kernels::@scale2_b0 report-staged.c:[[@LINE+6]] 32x32x1 in 32x32 (coalesce), read; out 32x32 (coalesce), write 8192

void scale2(int n, float in[n][n], float out[n][n]) {
  int i, j;
#pragma acc share(in[TB_Y][TB_X]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++)
      out[j][i] = 2.0f * in[i][j];
}
