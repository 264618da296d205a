// RUN: sharc-opt %s --sharc-partition="target=a100" -o %t.plan.mlir 2> %t.plan.diag
// RUN: FileCheck %s --check-prefix=PLAN --input-file=%t.plan.mlir
// RUN: FileCheck %s --check-prefix=SEARCH --input-file=%t.plan.diag
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.plan.mlir -o /dev/null %}
// RUN: sharc-opt %t.plan.mlir --sharc-map-baseline="target=a100" --sharc-map --sharc-promote -o %t.promoted.mlir 2> %t.promoted.diag
// RUN: FileCheck %s --input-file=%t.promoted.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.promoted.diag
// Then the rest of sharcc's default pipeline: the bank-conflict pass and sharc-ilp see one
// buffer per tile; the kernels equal the affine originals at a size that is not a multiple of
// the block (37; syrk also at 64, a multiple of the strips), without a race (an error of
// sharc-run), in the simulator and compiled for the host.
// RUN: sharc-opt %t.promoted.mlir --sharc-bank-conflicts="target=a100" --sharc-ilp="target=a100" --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir 2> %t.gpu.diag
// RUN: FileCheck %s --check-prefix=OPT --input-file=%t.gpu.diag
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.gpu.mlir -o /dev/null %}
// RUN: for k in syrk_37 syrk_64 syr2k_37 syrk_tri_37 syrk_tri_64; do \
// RUN:   sharc-run %s --entry $k --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --target=a100 --compare=%t.gpu.mlir || exit 1; done
// RUN: for k in syrk syr2k syrk_tri; do \
// RUN:   sharc-run %s --entry ${k}_37 --arg=alpha=1.5 --arg=beta=-0.75 --random-inputs=1 --exec=host --compare=%t.gpu.mlir || exit 1; done
// RUN: sharc-run %s --entry planes_37 --random-inputs=1 --target=a100 --compare=%t.gpu.mlir

// More than one tile per array (issue 14): an array's references are grouped by the linear part
// of their subscripts over the section's loops; each group of a read-only array is a candidate
// tile of its own (hull, reuse, coalescing, budget), with a `staged` entry whose `subscript` map
// (offsets dropped) tells sharc-promote which accesses it serves.

// syrk as the C front-end emits it (bench/kernels/shared-memory.c): A[i][k] and A[j][k] are two
// tiles, like gemm's A and B: with i -> y, j -> x and k strip-mined, A[i-block][k-strip] and
// A[j-block][k-strip]. Every x thread of a row reads A[i][k] (reuse); A[j][k] gives each thread
// a row of its own (a column per warp access: time and space adjacency broken), and every y
// thread reads it again (reuse). The sector model takes 64x16 with a strip of 64 (the search's
// profit alone would take 1024x1 with a strip of 8).
// PLAN: #[[SI:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// PLAN: #[[SJ:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// PLAN-LABEL: func.func @syrk
// PLAN: staged = [{access = "read", arg = 3 : i64, {{.*}}name = "A", origin = #[[SI]], per_strip = array<i64: 2>, subscript = #[[SI]], tile = array<i64: 16, 64>, why = "reuse,coalesce"}, {access = "read", arg = 3 : i64, {{.*}}name = "A", origin = #[[SJ]], per_strip = array<i64: 2>, subscript = #[[SJ]], tile = array<i64: 64, 64>, why = "reuse,coalesce"}], strips = [{loop = 2 : i64, size = 64 : i64}]}
// SEARCH: remark: array C: reuse ratio 1.00 (below θ_r = 1.4), coalesced, not staged
// SEARCH: remark: array A[%arg5, %arg7]: reuse ratio 64.00 (in ReuseSet, θ_r = 1.4), non-coalesced (time adjacency), staged, tile 16x64 (4096 B)
// SEARCH: remark: array A[%arg6, %arg7]: reuse ratio 16.00 (in ReuseSet, θ_r = 1.4), non-coalesced (time and space adjacency), staged, tile 64x64 (16384 B)
// SEARCH: remark: chosen: plan 0, block 64x16x1, y = %arg5, x = %arg6, strip %arg7 by 64; staged [A[%arg5, %arg7], A[%arg6, %arg7]]
// One buffer per tile, both copied at the top of each strip (block row i and block columns j),
// one barrier after the copies and one before the next strip; each load reads its own tile.
// CHECK-LABEL: func.func @syrk
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = {{.*}} origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK-NEXT: %[[AI:.*]] = memplace.alloc_shared : memref<16x64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[AJ:.*]] = memplace.alloc_shared : memref<64x64xf32, #gpu.address_space<workgroup>>
// CHECK: affine.for %[[KK:.*]] = 0 to %arg0 step 64
// CHECK-NEXT: memplace.copy_in %arg3[%[[BI]], %[[KK]]] to %[[AI]] sizes [16, 64]
// CHECK-NEXT: memplace.copy_in %arg3[%[[BJ]], %[[KK]]] to %[[AJ]] sizes [64, 64]
// CHECK-NEXT: memplace.barrier
// CHECK-NEXT: affine.for %[[K:[a-z0-9_]+]] =
// CHECK: affine.load %[[AI]][%[[I]] - %[[BI]], %[[K]] - %[[KK]]]
// CHECK: affine.load %[[AJ]][%[[J]] - %[[BJ]], %[[K]] - %[[KK]]]
// CHECK: } {sharc.loop = 2 : i64}
// CHECK-NEXT: memplace.barrier
// CHECK-NOT: affine.load %arg3
// CHECK: return
// REMARK: remark: A[d0, d2] staged in shared memory: tile 16x64 (4096 B) at (d0, d1, d2) -> (d0, d2) = (origin of loop 0, strip of loop 2), copied per strip of loop 2
// REMARK: remark: A[d1, d2] staged in shared memory: tile 64x64 (16384 B) at (d0, d1, d2) -> (d1, d2) = (origin of loop 1, strip of loop 2), copied per strip of loop 2

func.func @syrk(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %arg4[%i, %j] : memref<?x?xf32>
    %1 = arith.mulf %arg2, %0 : f32
    %2 = affine.for %k = 0 to %arg0 iter_args(%acc = %1) -> (f32) {
      %3 = affine.load %arg3[%i, %k] : memref<?x?xf32>
      %4 = arith.mulf %arg1, %3 : f32
      %5 = affine.load %arg3[%j, %k] : memref<?x?xf32>
      %6 = arith.mulf %4, %5 : f32
      %7 = arith.addf %acc, %6 : f32
      affine.yield %7 : f32
    }
    affine.store %2, %arg4[%i, %j] : memref<?x?xf32>
  } {sharc.acc = "acc parallel loop independent collapse(2)"}
  return
}

// syrk with its triangular band (j <= i, test/frontend/linear-algebra.c): the plan of the
// rectangular one plus C, read and written once per element. The band runs over the hull of the
// triangle; the tiles are those of the hull's blocks (C's copy back clamped to the array by its
// valid extent), and the accesses are guarded by j <= i, so the elements of C above the diagonal
// that a diagonal block copies in go back unchanged. The never-worse gate credits the baseline
// with half of the hull (its threads above the diagonal are idle).
// PLAN-LABEL: func.func @syrk_tri
// PLAN: loops = ["y", "x"], {{.*}}staged = [{access = "readwrite", {{.*}}name = "C"{{.*}}tile = array<i64: 32, 32>, {{.*}}name = "A"{{.*}}name = "A"{{.*}}], strips = [{loop = 2 : i64, size = 32 : i64}]}
// SEARCH: remark: placement: plan taken: at n = 32 / 128: plan 512 / 20480, baseline 21120 / 1345536 global sectors per launch
// CHECK-LABEL: func.func @syrk_tri
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%[[BI:.*]], %[[BJ:.*]]) {
// CHECK: memplace.copy_in %arg4[%[[BI]], %[[BJ]]] to %[[CS:.*]] sizes [32, 32]
// CHECK: affine.if #[[TRI:set[0-9]*]](%[[I]], %[[J]])[%arg0]
// CHECK: memplace.copy_out %[[CS]] to %arg4[%[[BI]], %[[BJ]]] sizes [32, 32] valid
// CHECK: return
// REMARK: remark: C staged in shared memory: tile 32x32 (4096 B) at (d0, d1, d2) -> (d0, d1) = (origin of loop 0, origin of loop 1), copied once per block, copied back within the block's iterations
// The bank-conflict pass and sharc-ilp see the triangle's tiles as any other: A[j][k] read by
// columns is swizzled, and ILP gives each thread 4 rows of the block (its guards replicated with
// the accesses); the kernels above equal the affine original at 37 and 64 without a race.
// OPT: remark: C: no bank conflict
// OPT: remark: A[d0, d2]: no bank conflict
// OPT: remark: A[d1, d2]: 34668544 bank wavefronts per block (minimum 2162688), 2162688 after xor<vec = 1, per_phase = 1, max_phase = 32>
// OPT: remark: ilp: 4 iterations per thread along loop 0 (cyclic): block 8 (tile 32 kept)
func.func @syrk_tri(%arg0: index {sharc.name = "n"}, %arg1: index {sharc.name = "m"}, %arg2: f32 {sharc.name = "alpha"}, %arg3: f32 {sharc.name = "beta"}, %arg4: memref<?x?xf32> {sharc.name = "C"}, %arg5: memref<?x?xf32> {sharc.name = "A"}) {
  affine.parallel (%i) = (0) to (symbol(%arg0)) {
    affine.parallel (%j) = (0) to (%i + 1) {
      %0 = affine.load %arg4[%i, %j] : memref<?x?xf32>
      %1 = arith.mulf %0, %arg3 : f32
      affine.store %1, %arg4[%i, %j] : memref<?x?xf32>
      affine.for %k = 0 to %arg1 {
        %2 = affine.load %arg5[%i, %k] : memref<?x?xf32>
        %3 = arith.mulf %arg2, %2 : f32
        %4 = affine.load %arg5[%j, %k] : memref<?x?xf32>
        %5 = arith.mulf %3, %4 : f32
        %6 = affine.load %arg4[%i, %j] : memref<?x?xf32>
        %7 = arith.addf %6, %5 : f32
        affine.store %7, %arg4[%i, %j] : memref<?x?xf32>
      }
    }
  } {sharc.acc = "acc parallel loop collapse(1) copy(C) copyin(A)"}
  return
}

// syr2k: A and B are each read through a row of the block (i) and its columns (j): four tiles,
// four buffers, four copies per strip, every load of A and B from its tile.
// PLAN-LABEL: func.func @syr2k
// PLAN: staged = [{{.*}}name = "A", origin = #[[SI]], {{.*}}subscript = #[[SI]], tile = array<i64: 32, 32>{{.*}}name = "A", origin = #[[SJ]], {{.*}}subscript = #[[SJ]], tile = array<i64: 32, 32>{{.*}}name = "B", origin = #[[SJ]], {{.*}}subscript = #[[SJ]], tile = array<i64: 32, 32>{{.*}}name = "B", origin = #[[SI]], {{.*}}subscript = #[[SI]], tile = array<i64: 32, 32>
// SEARCH: remark: chosen: plan 0, block 32x32x1, y = %arg6, x = %arg7, strip %arg8 by 32; staged [A[%arg6, %arg8], A[%arg7, %arg8], B[%arg7, %arg8], B[%arg6, %arg8]]
// CHECK-LABEL: func.func @syr2k
// CHECK-COUNT-4: memplace.alloc_shared
// CHECK: affine.for %[[KK2:.*]] = 0 to %arg0 step 32
// CHECK-COUNT-4: memplace.copy_in
// CHECK-NEXT: memplace.barrier
// CHECK-NOT: affine.load %arg3
// CHECK-NOT: affine.load %arg4
// CHECK: return
// REMARK: remark: A[d0, d2] staged in shared memory: tile 32x32 (4096 B) at (d0, d1, d2) -> (d0, d2)
// REMARK: remark: A[d1, d2] staged in shared memory: tile 32x32 (4096 B) at (d0, d1, d2) -> (d1, d2)
// REMARK: remark: B[d1, d2] staged in shared memory: tile 32x32 (4096 B) at (d0, d1, d2) -> (d1, d2)
// REMARK: remark: B[d0, d2] staged in shared memory: tile 32x32 (4096 B) at (d0, d1, d2) -> (d0, d2)
func.func @syr2k(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "alpha"}, %arg2: f32 {sharc.name = "beta"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %arg5[%i, %j] : memref<?x?xf32>
    %1 = arith.mulf %arg2, %0 : f32
    %2 = affine.for %k = 0 to %arg0 iter_args(%acc = %1) -> (f32) {
      %3 = affine.load %arg3[%i, %k] : memref<?x?xf32>
      %4 = affine.load %arg4[%j, %k] : memref<?x?xf32>
      %5 = affine.load %arg4[%i, %k] : memref<?x?xf32>
      %6 = affine.load %arg3[%j, %k] : memref<?x?xf32>
      %7 = arith.mulf %arg1, %3 : f32
      %8 = arith.mulf %7, %4 : f32
      %9 = arith.mulf %arg1, %5 : f32
      %10 = arith.mulf %9, %6 : f32
      %11 = arith.addf %acc, %8 : f32
      %12 = arith.addf %11, %10 : f32
      affine.yield %12 : f32
    }
    affine.store %2, %arg5[%i, %j] : memref<?x?xf32>
  }
  return
}

// A written array whose references are not uniformly generated (X[0][i][j] written, X[1][j][i]
// read: different planes, no race) is not split into tiles: a write through one tile would
// leave the other's copy stale.
// SEARCH: remark: array X[1, %arg3, %arg2]: not staged: it is written, and its references are not uniformly generated (X[1, %arg3, %arg2], X[0, %arg2, %arg3]): two tiles of a written array would go stale
// CHECK-LABEL: func.func @planes
// CHECK-NOT: memplace.alloc_shared
// CHECK: return
func.func @planes(%arg0: index {sharc.name = "n"}, %arg1: memref<2x?x?xf32> {sharc.name = "X"}) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %0 = affine.load %arg1[1, %j, %i] : memref<2x?x?xf32>
    %1 = arith.addf %0, %0 : f32
    affine.store %1, %arg1[0, %i, %j] : memref<2x?x?xf32>
  }
  return
}
func.func @planes_37(%X: memref<2x37x37xf32> {sharc.name = "X"}) {
  %n = arith.constant 37 : index
  %X_d = memref.cast %X : memref<2x37x37xf32> to memref<2x?x?xf32>
  func.call @planes(%n, %X_d) : (index, memref<2x?x?xf32>) -> ()
  return
}
func.func @syrk_37(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<37x37xf32> {sharc.name = "A"}, %C: memref<37x37xf32> {sharc.name = "C"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<37x37xf32> to memref<?x?xf32>
  func.call @syrk(%n, %alpha, %beta, %A_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @syrk_64(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<64x64xf32> {sharc.name = "A"}, %C: memref<64x64xf32> {sharc.name = "C"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<64x64xf32> to memref<?x?xf32>
  func.call @syrk(%n, %alpha, %beta, %A_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @syr2k_37(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<37x37xf32> {sharc.name = "A"}, %B: memref<37x37xf32> {sharc.name = "B"}, %C: memref<37x37xf32> {sharc.name = "C"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %B_d = memref.cast %B : memref<37x37xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<37x37xf32> to memref<?x?xf32>
  func.call @syr2k(%n, %alpha, %beta, %A_d, %B_d, %C_d) : (index, f32, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @syrk_tri_37(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<37x37xf32> {sharc.name = "A"}, %C: memref<37x37xf32> {sharc.name = "C"}) {
  %n = arith.constant 37 : index
  %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<37x37xf32> to memref<?x?xf32>
  func.call @syrk_tri(%n, %n, %alpha, %beta, %C_d, %A_d) : (index, index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
func.func @syrk_tri_64(%alpha: f32 {sharc.name = "alpha"}, %beta: f32 {sharc.name = "beta"}, %A: memref<64x64xf32> {sharc.name = "A"}, %C: memref<64x64xf32> {sharc.name = "C"}) {
  %n = arith.constant 64 : index
  %A_d = memref.cast %A : memref<64x64xf32> to memref<?x?xf32>
  %C_d = memref.cast %C : memref<64x64xf32> to memref<?x?xf32>
  func.call @syrk_tri(%n, %n, %alpha, %beta, %C_d, %A_d) : (index, index, f32, f32, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
