// sharcc from C to every output: the gpu level (accepted by upstream mlir-opt), PTX that ptxas
// assembles for sm_80 and sm_90, an HSACO whose notes list each kernel, and host code. For each
// kernel, with shared memory (the default) and without (--no-shared), the C compiler's result,
// the interpreter's run of the gpu level and the host execution of the generated machine code
// (sharc-run --exec=host) are byte-identical.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharcc %s --target a100 --emit=gpu -o %t.d/gpu.mlir
// RUN: FileCheck %s --check-prefix=GPU --input-file=%t.d/gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.d/gpu.mlir > /dev/null %}
// RUN: sharcc %s --target a100 --emit=gpu --no-shared -o %t.d/base.mlir
// RUN: FileCheck %s --check-prefix=BASE --input-file=%t.d/base.mlir
// RUN: for k in gemm transpose matvec jacobi_2d conv_3x3 syrk; do \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=37 m=29 alpha=1.5 beta=-0.75 && \
// RUN:   for level in gpu base; do \
// RUN:     sharc-run %t.d/$level.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/$level.interp && \
// RUN:     sharc-run %t.d/$level.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/$level.host --exec=host && \
// RUN:     for f in %t.d/$k.out/out/*.npy; do \
// RUN:       cmp $f %t.d/$k.out/$level.interp/$(basename $f) && cmp $f %t.d/$k.out/$level.host/$(basename $f) || exit 1; \
// RUN:     done || exit 1; done || exit 1; done
// The output format follows -o's extension, as a C compiler's does.
// RUN: sharcc %s --target a100 -o %t.d/k.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.d/k.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.d/k.ptx -o %t.d/k.cubin %}
// RUN: sharcc %s --target h100 --emit=ptx -O3 -o %t.d/k90.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_90 %t.d/k90.ptx -o %t.d/k90.cubin %}
// RUN: sharcc %s --target mi250x --emit=hsaco -o %t.d/k.hsaco
// RUN: llvm-readelf --notes %t.d/k.hsaco | FileCheck %s --check-prefix=HSACO
// RUN: sharcc %s --target a100 --emit=llvm -O0 | FileCheck %s --check-prefix=LLVM
// Remarks only on request.
// RUN: sharcc %s --function transpose --emit=gpu --no-shared --remarks -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: sharcc %s --function transpose --emit=gpu -o /dev/null 2>&1 | count 0

// With shared memory, gemm stages 32x32 tiles of A and B (seed 000's plan); sharc-ilp gives each
// thread 4 rows of the 32x32 tile (the a100 model's factor), so the block is 32x8; the second
// jacobi section stages nothing and keeps the baseline mapping.
// GPU: module attributes {gpu.container_module}
// GPU: gpu.launch_func @gemm_kernels::@gemm_b0
// GPU: gpu.module @gemm_kernels
// GPU: gpu.func @gemm_b0({{.*}}) workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 8, 1>
// GPU: gpu.barrier
// GPU-NOT: affine.
// GPU: gpu.func @jacobi_2d_b0(
// GPU: gpu.func @jacobi_2d_b1(
// Without shared memory gemm keeps the 32x8 tile of the baseline plan, and sharc-ilp gives each
// thread its 8 rows (factor 8, cyclic): a 32x1 block.
// BASE: gpu.func @gemm_b0({{.*}}) kernel attributes {known_block_size = array<i32: 32, 1, 1>
// BASE-NOT: workgroup(
// BASE-NOT: gpu.barrier

// PTX: .target sm_80
// PTX-DAG: .visible .entry gemm_b0(
// PTX-DAG: .visible .entry transpose_b0(
// PTX-DAG: .visible .entry jacobi_2d_b0(
// PTX-DAG: .visible .entry jacobi_2d_b1(
// PTX-DAG: .visible .entry syrk_b0(
// PTX-DAG: bar.sync 0

// HSACO-DAG: .name: gemm_b0
// HSACO-DAG: .name: matvec_b0
// HSACO-DAG: .name: conv_3x3_b0
// HSACO-DAG: .name: syrk_b0
// HSACO-DAG: .group_segment_fixed_size: {{[1-9][0-9]*}}

// LLVM: addrspace(3) global [1024 x float] poison
// LLVM: define ptx_kernel void @transpose_b0(
// LLVM: call {{.*}}@llvm.nvvm.read.ptx.sreg.tid.x()
// LLVM: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)

// REMARK: end-to-end.c:[[@LINE+5]]:3: remark: baseline plan: x = {{.*}}, block 32x8x1, bounds checked in the kernel

void transpose(int n, int m, float A[n][m], float B[m][n]) {
  int i, j;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < m; j++)
      B[j][i] = A[i][j];
}

void gemm(int n, float alpha, float beta, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc share(B[*][TB_X], A[TB_Y][*]:coalesce)
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float ab = 0.0f;
      for (k = 0; k < n; k++)
        ab += A[i][k] * B[k][j];
      C[i][j] = alpha * ab + beta * C[i][j];
    }
  }
}

void matvec(int n, int m, float A[n][m], float x[m], float y[n]) {
  int i, j;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++) {
    float s = 0.0f;
    for (j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

void jacobi_2d(int n, double A[n][n], double B[n][n]) {
  int i, j;
#pragma acc data copy(A) create(B)
  {
#pragma acc parallel loop independent collapse(2)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma acc parallel loop independent collapse(2)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
}

void conv_3x3(int n, int m, float W[3][3], float In[n][m], float Out[n][m]) {
  int i, j, a, b;
#pragma acc kernels loop independent
  for (i = 1; i < n - 1; i++)
#pragma acc loop independent
    for (j = 1; j < m - 1; j++) {
      float s = 0.0f;
      for (a = 0; a < 3; a++)
        for (b = 0; b < 3; b++)
          s += W[a][b] * In[i + a - 1][j + b - 1];
      Out[i][j] = s;
    }
}

void syrk(int n, int m, double alpha, double beta, double A[n][m], double C[n][n]) {
  int i, j, k;
#pragma acc parallel loop independent collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double s = beta * C[i][j];
      for (k = 0; k < m; k++)
        s += alpha * A[i][k] * A[j][k];
      C[i][j] = s;
    }
}
