// RUN: sharc-opt %s --sharc-partition="target=gtx690" -split-input-file -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -split-input-file %t.mlir > /dev/null %}
// RUN: sharc-opt %s --sharc-partition="target=a100" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=A100

// Matrix transpose (seed 000's mt) with `in[TB_Y][TB_X]:coalesce`: `in` is staged as asked,
// `out` breaks the space constraint (consecutive x threads write a column). The coalescing term
// is what staging saves (docs/partition.md, "Deviation from eq. (7)"): the store's transactions,
// one per thread (32 per warp), minus the copy-out's, one 128-byte row of 32 floats per tile
// row: 1024 - 32 = 992 at 32x32, nothing at 1024x1 (a 1-wide tile is copied out as badly as
// the original store). Profit 992 x TranSize = 253952; the copy-in of `in` saves nothing.
// CHECK-LABEL: func.func @transpose
// CHECK: sharc.plan = {block = array<i64: 32, 32, 1>, {{.*}}profit = "253952", {{.*}}name = "in", {{.*}}tile = array<i64: 32, 32>, why = "coalesce"}, {access = "write", {{.*}}name = "out", {{.*}}tile = array<i64: 32, 32>, why = "coalesce"}]
// REMARK: remark: array in: reuse ratio 1.00 (below θ_r = 2), coalesce requested, staged, tile 32x32 (4096 B); staging saves 0 of its 32 transactions per block (copy 32)
// REMARK: remark: array out: reuse ratio 1.00 (below θ_r = 2), non-coalesced (space adjacency), staged, tile 32x32 (4096 B); staging saves 992 of its 1024 transactions per block (copy 32)
// REMARK: remark: chosen: plan 0, block 32x32x1, y = %arg2, x = %arg3; staged [in, out]; profit 253952, 8192 B shared{{.*}}it beats the runner-up (block 64x16x1, profit 249856) on higher profit
// On the A100 (TranSize 128): the same 32x32 block, 992 x 128.
// A100: remark: chosen: plan 0, block 32x32x1, y = %arg2, x = %arg3; staged [in, out]; profit 126976, 8192 B shared
func.func @transpose(%A: memref<2048x2048xf32> {sharc.name = "in"}, %B: memref<2048x2048xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (0, 0) to (2048, 2048) {
    %v = affine.load %A[%i, %j] : memref<2048x2048xf32>
    affine.store %v, %B[%j, %i] : memref<2048x2048xf32>
  } {sharc.share = #sharc.share<in[TB_Y][TB_X]:coalesce>}
  return
}

// -----

// Matrix-vector (seed 000's mv), 1-D blocks: x is read by every thread (ReuseSet, time
// constraint), A's rows are per thread (space constraint); both staged (digest §12.4 item 23),
// x and A's vague lengths meet on loop j: one strip. A's saving per strip of s is 1024·s
// transactions (a row per thread and step) minus the copy-in's 1024·⌈4s/256⌉; the 12 KB budget
// (θ_s × 48 KB) leaves s = 2 at 1024 threads, the highest profit per block — but its copy rows are
// 8 bytes, a quarter of a sector each: the sector model takes 256 threads and s = 8, whose rows
// fill one sector (8256 predicted sectors at n = 256 against 1024 threads' s = 2, and the
// baseline's 67616).
// CHECK-LABEL: func.func @mv
// CHECK: sharc.plan = {block = array<i64: 256, 1, 1>, {{.*}}loops = ["x"], {{.*}}name = "A", {{.*}}why = "coalesce"}, {{.*}}name = "x", {{.*}}why = "reuse,coalesce"}], strips = [{loop = 1 : i64, size = 8 : i64}]}
// REMARK: remark: candidate y: A[%arg4, %arg5] (read) --value flow-- the value %0 carried by an affine.for --value flow-- y[%arg4] (write)
// REMARK: remark: array A: reuse ratio 1.00 (below θ_r = 2), non-coalesced (time and space adjacency), staged, tile 256x8 (8192 B); staging saves 224 * n of its 256 * n transactions per block (copy 32 * n)
// REMARK: remark: array x: reuse ratio 256.00 (in ReuseSet, θ_r = 2), non-coalesced (time adjacency), staged
// REMARK: remark: chosen: plan 0, block 256x1x1, x = %arg4, strip %arg5 by 8; staged [A, x]; profit 58592 * n, {{.*}}; the sector model prefers it to the search's best-ranked setting (block 1024x1x1, %arg5=2, profit 135296 * n): fewer predicted global sectors per iteration
// REMARK: remark: placement: plan taken: at n = 256 / 1024: plan 8256 / 131712, baseline 67616 / 1081472 global sectors per launch
// The A100's 41 KB budget allows s = 8: A's tile rows are 32 bytes, one sector each.
// A100: remark: chosen: plan 0, block 1024x1x1, x = %arg4, strip %arg5 by 8; staged [A, x]; profit 118896 * n
func.func @mv(%n: index {sharc.name = "n"}, %A: memref<?x?xf32> {sharc.name = "A"}, %x: memref<?xf32> {sharc.name = "x"}, %y: memref<?xf32> {sharc.name = "y"}) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %j = 0 to %n iter_args(%acc = %cst) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      affine.yield %s : f32
    }
    affine.store %0, %y[%i] : memref<?xf32>
  } {sharc.share = #sharc.share<x[*], A[TB_X][*]:coalesce>}
  return
}

// -----

// syrk: a triangular band (j <= i) of two perfectly nested affine.parallel ops; no pragma.
// A[i][k] and A[j][k] are not uniformly generated: each is a candidate tile of its own, with
// its own hull, reuse and coalescing, and a staged entry with the subscripts of the references
// it serves. In a 32x32 block every x thread of a row reads A[i][k] and every y thread reads
// A[j][k] (reuse 32 each); A[j][k] also gives each thread of a warp a row of its own (time and
// space adjacency). The search's profit alone would take 1024x1 (a 1024x2 tile of A[j][k]); the
// sector model prefers 32x32 with a strip of 32. C is read and written once per element (one
// statement through the iter_args): not staged. (sharc-map stages it over the hull of the
// triangle, its accesses guarded by j <= i: see promote-two-tiles.mlir.)
// CHECK: #[[SI:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[SJ:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-LABEL: func.func @syrk
// CHECK: sharc.plan = {block = array<i64: 32, 32, 1>, {{.*}}candidates = ["C", "A"], loops = ["y", "x"], {{.*}}staged = [{access = "read", arg = 4 : i64, bytes = 4096 : i64, {{.*}}name = "A", origin = #[[SI]], per_strip = array<i64: 2>, subscript = #[[SI]], tile = array<i64: 32, 32>, why = "reuse,coalesce"}, {access = "read", arg = 4 : i64, bytes = 4096 : i64, {{.*}}name = "A", origin = #[[SJ]], per_strip = array<i64: 2>, subscript = #[[SJ]], tile = array<i64: 32, 32>, why = "reuse,coalesce"}], strips = [{loop = 2 : i64, size = 32 : i64}]}
// REMARK: remark: array C: reuse ratio 1.00 (below θ_r = 2), coalesced, not staged
// REMARK: remark: array A[%arg5, %arg7]: reuse ratio 32.00 (in ReuseSet, θ_r = 2), non-coalesced (time adjacency), staged, tile 32x32 (4096 B)
// REMARK: remark: array A[%arg6, %arg7]: reuse ratio 32.00 (in ReuseSet, θ_r = 2), non-coalesced (time and space adjacency), staged, tile 32x32 (4096 B)
// REMARK: remark: chosen: plan 0, block 32x32x1, y = %arg5, x = %arg6, strip %arg7 by 32; staged [A[%arg5, %arg7], A[%arg6, %arg7]]
// A100: remark: chosen: plan 0, block {{[0-9]+}}x{{[0-9]+}}x1, y = %arg5, x = %arg6, strip %arg7 by {{[0-9]+}}; staged [A[%arg5, %arg7], A[%arg6, %arg7]]
func.func @syrk(%n: index {sharc.name = "n"}, %m: index {sharc.name = "m"}, %alpha: f32, %C: memref<?x?xf32> {sharc.name = "C"}, %A: memref<?x?xf32> {sharc.name = "A"}) {
  affine.parallel (%i) = (0) to (symbol(%n)) {
    affine.parallel (%j) = (0) to (%i + 1) {
      %c0 = affine.load %C[%i, %j] : memref<?x?xf32>
      %0 = affine.for %k = 0 to %m iter_args(%acc = %c0) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %A[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.mulf %alpha, %p : f32
        %s = arith.addf %acc, %q : f32
        affine.yield %s : f32
      }
      affine.store %0, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// 2-D convolution with a 3x3 filter, no pragma: `in` gets a (TB_Y+2) x (TB_X+2) tile with the
// filter loops whole (strip 3 = trip count, the least traffic); the filter `w` breaks the time
// constraint and is read by every thread: staged whole. 32x32 and 64x16 have the same profit;
// 64x16's wider halo rows waste fewer sectors, so the sector model takes it.
// CHECK: #[[C2:map[0-9]*]] = affine_map<(d0, d1, d2, d3) -> (d0 + d2, d1 + d3)>
// CHECK-LABEL: func.func @conv2d
// CHECK: sharc.plan = {block = array<i64: 64, 16, 1>, {{.*}}name = "in", origin = #[[C2]], per_strip = array<i64: 2, 3>, subscript = #[[C2]], tile = array<i64: 18, 66>, why = "reuse"}, {{.*}}name = "w", {{.*}}tile = array<i64: 3, 3>, why = "reuse,coalesce"}], strips = [{loop = 2 : i64, size = 3 : i64}, {loop = 3 : i64, size = 3 : i64}]}
// REMARK: remark: chosen: plan 0, block 64x16x1, y = %arg3, x = %arg4, strip %arg5 by 3, strip %arg7 by 3; staged [in, w]
// A100: remark: chosen: plan 0, block 64x16x1, y = %arg3, x = %arg4, strip %arg5 by 3, strip %arg7 by 3; staged [in, w]
func.func @conv2d(%in: memref<514x514xf32> {sharc.name = "in"}, %w: memref<3x3xf32> {sharc.name = "w"}, %out: memref<512x512xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (0, 0) to (512, 512) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %p = 0 to 3 iter_args(%a0 = %cst) -> (f32) {
      %1 = affine.for %q = 0 to 3 iter_args(%a1 = %a0) -> (f32) {
        %x = affine.load %in[%i + %p, %j + %q] : memref<514x514xf32>
        %c = affine.load %w[%p, %q] : memref<3x3xf32>
        %m = arith.mulf %x, %c : f32
        %s = arith.addf %a1, %m : f32
        affine.yield %s : f32
      }
      affine.yield %1 : f32
    }
    affine.store %0, %out[%i, %j] : memref<512x512xf32>
  }
  return
}

// -----

// 3-D 7-point stencil: a 3-D block (x one warp), a (TB_Z+2) x (TB_Y+2) x (TB_X+2) tile.
// CHECK: #[[C3:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0 - 1, d1 - 1, d2 - 1)>
// CHECK: #[[C3S:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @conv3d
// CHECK: sharc.plan = {block = array<i64: 32, 8, 4>, {{.*}}loops = ["z", "y", "x"], {{.*}}halo_hi = array<i64: 1, 1, 1>, halo_lo = array<i64: 1, 1, 1>, name = "in", origin = #[[C3]], per_strip = array<i64>, subscript = #[[C3S]], tile = array<i64: 6, 10, 34>, why = "reuse"}], strips = []}
// REMARK: remark: chosen: plan 0, block 32x8x4, z = %arg2, y = %arg3, x = %arg4; staged [in]
// A100: remark: chosen: plan 0, block 32x8x4, z = %arg2, y = %arg3, x = %arg4; staged [in]
func.func @conv3d(%in: memref<66x66x66xf32> {sharc.name = "in"}, %out: memref<64x64x64xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j, %k) = (1, 1, 1) to (65, 65, 65) {
    %c = affine.load %in[%i, %j, %k] : memref<66x66x66xf32>
    %a = affine.load %in[%i - 1, %j, %k] : memref<66x66x66xf32>
    %b = affine.load %in[%i + 1, %j, %k] : memref<66x66x66xf32>
    %d = affine.load %in[%i, %j - 1, %k] : memref<66x66x66xf32>
    %e = affine.load %in[%i, %j + 1, %k] : memref<66x66x66xf32>
    %f = affine.load %in[%i, %j, %k - 1] : memref<66x66x66xf32>
    %g = affine.load %in[%i, %j, %k + 1] : memref<66x66x66xf32>
    %0 = arith.addf %c, %a : f32
    %1 = arith.addf %0, %b : f32
    %2 = arith.addf %1, %d : f32
    %3 = arith.addf %2, %e : f32
    %4 = arith.addf %3, %f : f32
    %5 = arith.addf %4, %g : f32
    affine.store %5, %out[%i - 1, %j - 1, %k - 1] : memref<64x64x64xf32>
  }
  return
}
