// C without pragmas (issue 21): every loop nest is a candidate, sharc-parallelize maps what it
// proves parallel, and C's aliasing rule holds: two pointer or array parameters of one element
// type may be one array (`saxpy(n, a, x, x)` is legal C), so a loop that writes one of them
// and reads the other stays sequential, with a remark naming the pair, unless they are
// `restrict` or the file is compiled with --assume-no-alias. A prefix sum stays sequential for
// its dependence; a time loop stays on the host around its parallel sweep. Results in the
// simulator and on the host equal the system C compiler's.
//
// Without restrict or --assume-no-alias: nothing maps but the restrict-qualified functions.
// RUN: sharcc %s -o %t.mlir --remarks 2> %t.remarks
// RUN: FileCheck %s --check-prefix=ALIAS --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=ALIAS-REMARK --input-file=%t.remarks
// RUN: sharcc %s --assume-no-alias -o %t.noalias.mlir --remarks 2> %t.noalias.remarks
// RUN: FileCheck %s --check-prefix=NOALIAS --input-file=%t.noalias.mlir
// RUN: FileCheck %s --check-prefix=NOALIAS-REMARK --input-file=%t.noalias.remarks
//
// A GPU output with no kernel is an error that says why per loop nest, in the user's terms.
// RUN: not sharcc %s --function saxpy -o %t.none.ptx 2> %t.none.err
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t.none.err
// RUN: not sharcc %S/Inputs/no-candidate.c -o %t.nocand.ptx 2> %t.nocand.err
// RUN: FileCheck %s --check-prefix=NOCAND --input-file=%t.nocand.err
// RUN: not sharcc %S/Inputs/sequential-only.mlir -o %t.seq.ptx 2> %t.seq.err
// RUN: FileCheck %s --check-prefix=SEQ --input-file=%t.seq.err
// SEQ: sequential-only.mlir:2:1: error: no loop nest was mapped to the GPU, so there is no kernel to write to {{.*}}.seq.ptx: the module has no affine.parallel band and no affine.for marked with sharc.claim
// NOCAND: no-candidate.c:2:6: error: no loop nest was mapped to the GPU, so there is no kernel to write to {{.*}}.nocand.ptx: no loop was a candidate (a candidate is an OpenACC loop, or in a file without OpenACC pragmas a loop with affine bounds;
//
// PTX with one kernel per mapped function, accepted by ptxas.
// RUN: sharcc %s --function saxpy_restrict -o %t.saxpy.ptx
// RUN: sharcc %s --function stencil --assume-no-alias -o %t.stencil.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.saxpy.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.stencil.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.saxpy.ptx -o %t.saxpy.cubin && ptxas -arch=sm_80 %t.stencil.ptx -o %t.stencil.cubin %}
//
// Equal to the C compiler, at the gpu level in the simulator and on the host (the harness
// takes the length of a pointer parameter as NAME=COUNT).
// RUN: sharcc %s --assume-no-alias --target a100 --emit=gpu -o %t.gpu.mlir
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for k in saxpy saxpy_restrict saxpy_sized stencil matmul jacobi_2d prefix_sum; do \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k %t.d/$k.out n=37 a=1.5 x=37 y=37 && \
// RUN:   sharc-run %t.gpu.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/interp && \
// RUN:   sharc-run %t.gpu.mlir --entry $k --inputs %t.d/$k.out/in --dump %t.d/$k.out/host --exec=host && \
// RUN:   for f in %t.d/$k.out/out/*.npy; do \
// RUN:     cmp $f %t.d/$k.out/interp/$(basename $f) && cmp $f %t.d/$k.out/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done
//
// In a file with OpenACC pragmas only the compute constructs are candidates, unless
// --auto-parallelize (test/frontend/Inputs/acc-and-plain.c).
// RUN: sharcc %S/Inputs/acc-and-plain.c -o %t.acc.mlir
// RUN: FileCheck %S/Inputs/acc-and-plain.c --check-prefix=ACC --input-file=%t.acc.mlir
// RUN: sharcc %S/Inputs/acc-and-plain.c --auto-parallelize -o %t.auto.mlir
// RUN: FileCheck %S/Inputs/acc-and-plain.c --check-prefix=AUTO --input-file=%t.auto.mlir
// Loops under OpenACC directives keep reading distinct parameters as distinct arrays, also in
// sharc-expose-parallel: PolyBench syr2k's k loop still moves inside j.
// RUN: sharcc %S/polybench-linear-algebra.c -I %S/Inputs --function kernel_syr2k --emit=gpu -o %t.syr2k.mlir --remarks 2> %t.syr2k.remarks
// RUN: FileCheck %s --check-prefix=ACC-EXPOSE --input-file=%t.syr2k.remarks
// ACC-EXPOSE: remark: a loop of the section joins its band as a parallel loop (1 interchange, 1 fusion)
// ACC-EXPOSE-NOT: may alias

// ALIAS-LABEL: func.func @saxpy(
// ALIAS-SAME: attributes {sharc.may_alias = [array<i64: 2, 3>]}
// ALIAS-NOT: affine.parallel
// ALIAS-LABEL: func.func @saxpy_restrict(
// ALIAS-NOT: sharc.may_alias
// ALIAS: affine.parallel
// ALIAS-LABEL: func.func @stencil(
// ALIAS-NOT: affine.parallel
// ALIAS-LABEL: func.func @stencil_restrict(
// ALIAS: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1)
// ALIAS-LABEL: func.func @mixed_types(
// ALIAS-NOT: sharc.may_alias
// ALIAS: affine.parallel
// ALIAS-LABEL: func.func @saxpy_sized(

// ALIAS-REMARK: plain-c.c:[[@LINE+7]]:50: remark: loop stays sequential: parameters 'x' and 'y' may alias (C lets a caller pass one array for both); add restrict to them or compile with --assume-no-alias
// ALIAS-REMARK-NEXT: void saxpy(
// ALIAS-REMARK: note: here
// NONE: plain-c.c:[[@LINE+4]]:50: remark: not mapped to the GPU: parameters 'x' and 'y' may alias (C lets a caller pass one array for both); add restrict to them or compile with --assume-no-alias
// NONE: note: here
// NONE: plain-c.c:[[@LINE+2]]:50: error: no loop nest was mapped to the GPU, so there is no kernel to write to {{.*}}.none.ptx: see the remarks above
// NONE-NOT: no kernel to translate
void saxpy(int n, float a, float *x, float *y) { for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }

// ALIAS-REMARK: plain-c.c:[[@LINE+1]]:77: remark: loop runs in parallel: no iteration depends on another
void saxpy_restrict(int n, float a, float *restrict x, float *restrict y) { for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }

// ALIAS-REMARK: plain-c.c:[[@LINE+2]]:3: remark: loop stays sequential: parameters 'A' and 'B' may alias
void stencil(int n, float A[n][n], float B[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.25f * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
}

void stencil_restrict(int n, float A[restrict n][n], float (*restrict B)[n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.25f * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
}

// Pointers to different types may not overlap (C11 6.5p7): no group.
void mixed_types(int n, const double *x, float *y) { for (int i = 0; i < n; i++) y[i] = (float)x[i]; }

void saxpy_sized(int n, float a, float x[n], float y[n]) { for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i]; }

// NOALIAS-LABEL: func.func @matmul(
// NOALIAS: affine.parallel (%{{.*}}, %{{.*}}) = (0, 0) to (symbol(%arg0), symbol(%arg0))
// NOALIAS: affine.for
void matmul(int n, float A[n][n], float B[n][n], float C[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

// The time loop carries the flow from B back to A: it stays on the host, its sweeps map.
// NOALIAS-LABEL: func.func @jacobi_2d(
// NOALIAS: affine.for %{{.*}} = 0 to 4 {
// NOALIAS: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1)
// NOALIAS: affine.parallel (%{{.*}}, %{{.*}}) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1)
// NOALIAS-REMARK: plain-c.c:[[@LINE+2]]:3: remark: loop stays sequential: an iteration writes an element of 'A' that an earlier iteration read
void jacobi_2d(int n, float A[n][n], float B[n][n]) {
  for (int t = 0; t < 4; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
}

// NOALIAS-LABEL: func.func @prefix_sum(
// NOALIAS-NOT: affine.parallel
// NOALIAS-REMARK: plain-c.c:[[@LINE+2]]:3: remark: loop stays sequential: an iteration reads an element of 'x' that an earlier iteration wrote (distance 1)
void prefix_sum(int n, float x[n]) {
  for (int i = 1; i < n; i++)
    x[i] = x[i - 1] + x[i];
}

// PTX: .entry
// PTX-NOT: .entry
