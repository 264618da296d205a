/* More than one tile per array (issue 14) through sharcc's default pipeline: syrk and syr2k read
 * A (and B) through a row of the block (A[i][k]) and through its columns (A[j][k]), two groups of
 * uniformly generated references, one shared tile each. At n = 37 (partial blocks) and 64, the
 * gpu level run in sharc-run (which fails on a race, an out-of-bounds access or a divergent
 * barrier) equals the C compiler's build byte for byte, with and without --no-shared on a100
 * and with the gtx690 plan at n = 37; on a100 the default pipeline's global sectors are at most
 * a quarter of the baseline's (Inputs/sectors-ratio.awk; syrk 1416 / 53863 and 3584 / 271360,
 * syr2k 2360 / 107254 and 5120 / 541696 when written). Issue 14's acceptance size, n = 256, takes
 * minutes in the simulator: the numbers are in docs/partition.md. One run per RUN line: each is
 * slow in a debug build. */
// RUN: rm -rf %t.d && mkdir -p %t.d && : > %t.d/rows
// RUN: ref() { sharcc %s --function $1 --emit=c-harness -o %t.d/$1.c && cc -O0 -ffp-contract=off %t.d/$1.c -o %t.d/$1 -lm && \
// RUN:   %t.d/$1 %t.d/$1.$2 n=$2 alpha=1.5 beta=-0.5 > /dev/null; }; \
// RUN: run() { g=%t.d/$1.$2.$3.$4.mlir && sharcc %s --function $1 --target $3 $([ $4 = no-shared ] && echo --no-shared) --emit=gpu -o $g && \
// RUN:   rm -rf %t.d/o.$1.$2.$3.$4 && sharc-run $g --entry=$1 --target=$3 --inputs=%t.d/$1.$2/in --dump=%t.d/o.$1.$2.$3.$4 --metrics=json > %t.d/m.$1.$2.$3.$4.json && \
// RUN:   for f in %t.d/$1.$2/out/*.npy; do cmp $f %t.d/o.$1.$2.$3.$4/$(basename $f) || return 1; done && \
// RUN:   echo "$1 $3 n=$2 $4 $(grep -o '"global_sectors": [0-9]*' %t.d/m.$1.$2.$3.$4.json | grep -o '[0-9]*$' | paste -sd+ | bc)" >> %t.d/rows; }; \
// RUN: declare -f ref run > %t.d/fns.sh
// RUN: . %t.d/fns.sh && ref syrk 37 && ref syrk 64 && ref syr2k 37 && ref syr2k 64
// RUN: . %t.d/fns.sh && run syrk 37 a100 default
// RUN: . %t.d/fns.sh && run syrk 37 a100 no-shared
// RUN: . %t.d/fns.sh && run syrk 37 gtx690 default
// RUN: . %t.d/fns.sh && run syrk 64 a100 default
// RUN: . %t.d/fns.sh && run syrk 64 a100 no-shared
// RUN: . %t.d/fns.sh && run syr2k 37 a100 default
// RUN: . %t.d/fns.sh && run syr2k 37 a100 no-shared
// RUN: . %t.d/fns.sh && run syr2k 37 gtx690 default
// RUN: . %t.d/fns.sh && run syr2k 64 a100 default
// RUN: . %t.d/fns.sh && run syr2k 64 a100 no-shared
// RUN: awk -f %S/Inputs/sectors-ratio.awk -v target=a100 -v at_most=0.25 %t.d/rows | FileCheck %s
// The plan stages two tiles of A (four of A and B for syr2k), each with its own buffer.
// RUN: sharcc %s --function syrk --target a100 --emit=gpu --remarks -o %t.d/syrk.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=GPU --input-file=%t.d/syrk.mlir

// CHECK: syrk a100 n=37: default {{[0-9]+}} baseline {{[0-9]+}}: ratio {{0\.[0-9]+}} <= 0.25
// CHECK-NEXT: syrk a100 n=64: default {{[0-9]+}} baseline {{[0-9]+}}: ratio {{0\.[0-9]+}} <= 0.25
// CHECK-NEXT: syr2k a100 n=37: default {{[0-9]+}} baseline {{[0-9]+}}: ratio {{0\.[0-9]+}} <= 0.25
// CHECK-NEXT: syr2k a100 n=64: default {{[0-9]+}} baseline {{[0-9]+}}: ratio {{0\.[0-9]+}} <= 0.25
// CHECK-NOT: {{.}}
// REMARK: remark: chosen: plan 0, {{.*}}; staged [A[{{.*}}], A[{{.*}}]]
// REMARK: remark: A[d0, d2] staged in shared memory
// REMARK: remark: A[d1, d2] staged in shared memory
// GPU: gpu.func @syrk_b0({{.*}}) workgroup(%{{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<{{[0-9]+}}x{{[0-9]+}}xf32, #gpu.address_space<workgroup>>)

void syrk(int n, float alpha, float beta, float A[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float s = beta * C[i][j];
      for (k = 0; k < n; k++)
        s += alpha * A[i][k] * A[j][k];
      C[i][j] = s;
    }
}

void syr2k(int n, float alpha, float beta, float A[n][n], float B[n][n], float C[n][n]) {
  int i, j, k;
#pragma acc kernels loop independent
  for (i = 0; i < n; i++)
#pragma acc loop independent
    for (j = 0; j < n; j++) {
      float s = beta * C[i][j];
      for (k = 0; k < n; k++)
        s += alpha * A[i][k] * B[j][k] + alpha * B[i][k] * A[j][k];
      C[i][j] = s;
    }
}
