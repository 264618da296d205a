// Flat pointers subscripted as multi-dimensional arrays (issue 21): `p[r * w + c]`, with `w` an
// int parameter and `0 <= c < w` proven from the loop bounds, becomes an access of a
// memref.reinterpret_cast view of `p` with row pitch `w`, so the loop nest reaches the affine
// analyses: the 3x3 blur maps, its input is staged with its halo, and the results equal the C
// compiler's in the simulator and on the host. A parameter with one access that does not fit
// stays one-dimensional; C's aliasing rule still sees through the view.
//
// RUN: sharcc %s -o %t.mlir --remarks 2> %t.remarks
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
//
// RUN: sharcc %S/Inputs/flat-pointers-acc.c --emit=affine -o %t.acc.mlir
// RUN: FileCheck %S/Inputs/flat-pointers-acc.c --check-prefix=ACC --input-file=%t.acc.mlir
//
// The blur's kernel: the input staged in shared memory with its halo; ptxas accepts the PTX.
// RUN: sharcc %s --function blur --target a100 -o %t.blur.ptx --report 2> %t.report
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.report
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.blur.ptx -o %t.blur.cubin %}
// REPORT: @blur_kernels::@blur_b0 {{.*}} in 18x66 (reuse), read
//
// Equal to the C compiler, in the simulator and on the host; a negative pitch runs no
// iteration (and the view of it must not trap).
// RUN: sharcc %s --target a100 --emit=gpu -o %t.gpu.mlir
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: for run in "blur h=37 w=29" "blur h=5 w=-3" "shift h=9 w=13" "mixed n=9 w=13" "mirror h=9 w=13" \
// RUN:            "heat3 d=7 h=11 w=13" "laplace h=17 w=19"; do \
// RUN:   set -- $run; k=$1; shift; d=%t.d/$k.$2; \
// RUN:   sharcc %s --function $k --emit=c-harness -o %t.d/$k.c && \
// RUN:   cc -O0 -ffp-contract=off %t.d/$k.c -o %t.d/$k -lm && \
// RUN:   %t.d/$k $d "$@" in=1073 out=1073 a=1073 b=1073 && \
// RUN:   sharc-run %t.gpu.mlir --entry $k --inputs $d/in --dump $d/interp && \
// RUN:   sharc-run %t.gpu.mlir --entry $k --inputs $d/in --dump $d/host --exec=host && \
// RUN:   for f in $d/out/*.npy; do \
// RUN:     cmp $f $d/interp/$(basename $f) && cmp $f $d/host/$(basename $f) || exit 1; \
// RUN:   done || exit 1; done

// CHECK-LABEL: func.func @blur(
// CHECK-NOT: sharc.may_alias
// CHECK: %[[IN:.*]] = memref.reinterpret_cast %arg2 to offset: [0], sizes: [%{{.*}}, %[[W:.*]]], strides: [%[[W]], 1] : memref<?xf32> to memref<?x?xf32>
// CHECK: %[[OUT:.*]] = memref.reinterpret_cast %arg3 to offset: [0]
// CHECK: affine.parallel (%[[Y:.*]], %[[X:.*]]) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg1) - 1)
// CHECK: affine.for %[[DY:.*]] = -1 to 2
// CHECK: affine.for %[[DX:.*]] = -1 to 2
// CHECK: affine.load %[[IN]][%[[Y]] + %[[DY]], %[[X]] + %[[DX]]] : memref<?x?xf32>
// CHECK: affine.store %{{.*}}, %[[OUT]][%[[Y]], %[[X]]] : memref<?x?xf32>
// REMARK: flat-pointers.c:[[@LINE+2]]:3: remark: loop runs in parallel: no iteration depends on another
void blur(int h, int w, const float *restrict in, float *restrict out) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float s = 0.0f;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[(y + dy) * w + (x + dx)];
      out[y * w + x] = s / 9.0f;
    }
}

// Without restrict, C lets `in` and `out` be one array: the view does not hide that.
// CHECK-LABEL: func.func @blur_alias(
// CHECK-SAME: sharc.may_alias
// CHECK-NOT: affine.parallel
// CHECK: return
// REMARK: flat-pointers.c:[[@LINE+2]]:3: remark: loop stays sequential: parameters 'in' and 'out' may alias
void blur_alias(int h, int w, const float *in, float *out) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++)
      out[y * w + x] = 0.5f * (in[y * w + x - 1] + in[y * w + x + 1]);
}

// `x + 1` reaches the next row when x = w - 1: `in` stays one-dimensional (and not affine),
// `out` is viewed.
// CHECK-LABEL: func.func @shift(
// CHECK-NOT: memref.reinterpret_cast %arg2
// CHECK: memref.reinterpret_cast %arg3
// CHECK: memref.load %arg2[%{{.*}}] : memref<?xf32>
void shift(int h, int w, float *restrict in, float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + x + 1 < h * w ? y * w + x + 1 : 0];
}

// `a[j]` has no row: `a` stays one-dimensional; `b` is viewed.
// CHECK-LABEL: func.func @mixed(
// CHECK-NOT: memref.reinterpret_cast %arg2
// CHECK: memref.reinterpret_cast %arg3
// CHECK: affine.load %arg2[%{{.*}}] : memref<?xf32>
void mixed(int n, int w, float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < w; j++)
      b[i * w + j] = a[i * w + j] + a[j];
}

// The column `w - 1 - x` is proved in range too (rows and columns are split by the factor w).
// CHECK-LABEL: func.func @mirror(
// CHECK: %[[A:.*]] = memref.reinterpret_cast %arg2
// CHECK: %[[B:.*]] = memref.reinterpret_cast %arg3
// CHECK: affine.parallel
// CHECK: affine.load %[[A]][%{{.*}}, -%{{.*}} + symbol(%arg1) - 1]
void mirror(int h, int w, const float *restrict a, float *restrict b) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      b[y * w + x] = a[y * w + (w - 1 - x)];
}

// Two pitches: `(z * h + y) * w + x` is a three-dimensional view (strides h*w, w, 1).
// CHECK-LABEL: func.func @heat3(
// CHECK: %[[W:.*]] = arith.maxsi %arg2, %{{.*}} : index
// CHECK: %[[H:.*]] = arith.maxsi %arg1, %{{.*}} : index
// CHECK: %[[HW:.*]] = arith.muli %[[W]], %[[H]] : index
// CHECK: %[[A:.*]] = memref.reinterpret_cast %arg3 to offset: [0], sizes: [%{{.*}}, %[[H]], %[[W]]], strides: [%[[HW]], %[[W]], 1] : memref<?xf32> to memref<?x?x?xf32>
// CHECK: affine.parallel (%[[Z:.*]], %[[Y:.*]], %[[X:.*]]) = (1, 1, 1) to (symbol(%arg0) - 1, symbol(%arg1) - 1, symbol(%arg2) - 1)
// CHECK: affine.load %[[A]][%[[Z]] - 1, %[[Y]], %[[X]]] : memref<?x?x?xf32>
// CHECK: affine.load %[[A]][%[[Z]], %[[Y]], %[[X]] + 1] : memref<?x?x?xf32>
void heat3(int d, int h, int w, const float *restrict a, float *restrict b) {
  for (int z = 1; z < d - 1; z++)
    for (int y = 1; y < h - 1; y++)
      for (int x = 1; x < w - 1; x++)
        b[(z * h + y) * w + x] = (a[((z - 1) * h + y) * w + x] + a[((z + 1) * h + y) * w + x]
                                + a[(z * h + y - 1) * w + x] + a[(z * h + y + 1) * w + x]
                                + a[(z * h + y) * w + x - 1] + a[(z * h + y) * w + x + 1]) / 6.0f;
}

// A subscript through a local that is fixed where it is visible (declared once with its value,
// never assigned) splits like its definition; `idx - w` is the row above.
// CHECK-LABEL: func.func @laplace(
// CHECK: %[[IN:.*]] = memref.reinterpret_cast %arg2
// CHECK: affine.parallel (%[[Y:.*]], %[[X:.*]]) = (1, 1)
// CHECK: affine.load %[[IN]][%[[Y]] - 1, %[[X]]] : memref<?x?xf32>
// CHECK: affine.load %[[IN]][%[[Y]] + 1, %[[X]]] : memref<?x?xf32>
// CHECK: affine.load %[[IN]][%[[Y]], %[[X]] - 1] : memref<?x?xf32>
void laplace(int h, int w, const float *restrict in, float *restrict out) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int idx = y * w + x;
      out[idx] = in[idx - w] + in[idx + w] + in[idx - 1] + in[idx + 1] - 4.0f * in[idx];
    }
}
