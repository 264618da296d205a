// RUN: sharc-opt %s --sharc-partition="target=gtx690" -split-input-file -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -split-input-file %t.mlir > /dev/null %}
// RUN: sharc-opt %s --sharc-partition="target=gtx690 literal-eq11" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=LITERAL
// RUN: sharc-opt %s --sharc-partition -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=A100
// RUN: sharc-opt %s --sharc-partition="target=gtx690 explain" -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=EXPLAIN

// Seed 000's gemm (Fig. 2(a)) as the C front-end emits it, n symbolic, on the GTX 690
// (θ_s = 0.25, 48 KB, TranSize 256): digest 000 §12.2. Candidates {A, B, C} (C through the value
// flow of `ab`), ReuseSet {A, B}, CoalesceSet {A} (time adjacency), TB 32x32 under the occupancy
// reading of (11), k = 32, two 32x32 float tiles = 8 KB. The paper's Profit (12) is
// 8·n·TB_Y·(TB_X + 32) = 16384·n; sharc's coalescing term subtracts the copy-in of A's tile (one
// transaction per tile row and strip, TB_Y·n/32 = n; docs/partition.md, "Deviation from eq. (7)"):
// 8192·n + 256·(32·n - n) = 16128·n.
// The origin maps: A's tile starts at (block row, strip), B's at (strip, block column); with no
// halo, each tile's subscript map (the references it serves, offsets dropped) is its origin map.
// CHECK: #[[MA:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #[[MB:map[0-9]*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @gemm
// CHECK: sharc.plan = {block = array<i64: 32, 32, 1>, blocks_per_sm = 2 : i64, candidates = ["A", "B", "C"], loops = ["y", "x"], occupancy = 1.000000e+00 : f64, profit = "16128 * n", shared_bytes = 8192 : i64, staged = [{access = "read", arg = 3 : i64, bytes = 4096 : i64, elem_bytes = 4 : i64, first_access = 0 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "A", origin = #[[MA]], per_strip = array<i64: 2>, subscript = #[[MA]], tile = array<i64: 32, 32>, why = "reuse,coalesce"}, {access = "read", arg = 4 : i64, bytes = 4096 : i64, elem_bytes = 4 : i64, first_access = 1 : i64, halo_hi = array<i64: 0, 0>, halo_lo = array<i64: 0, 0>, name = "B", origin = #[[MB]], per_strip = array<i64: 2>, subscript = #[[MB]], tile = array<i64: 32, 32>, why = "reuse"}], strips = [{loop = 2 : i64, size = 32 : i64}]}
// REMARK: remark: candidate A: seed
// REMARK: remark: candidate B: seed
// REMARK: remark: candidate C: A[%arg6, %arg8] (read) --value flow-- the value %0 carried by an affine.for --value flow-- C[%arg6, %arg7] (write)
// REMARK: remark: 2 iteration split(s) from the seeds, 1 plan(s) after intersection
// REMARK: remark: plan 0: %arg6: TB_Y, %arg7: TB_X, %arg8: * (%arg6 -> y, %arg7 -> x)
// REMARK: remark: array A: reuse ratio 32.00 (in ReuseSet, θ_r = 2), non-coalesced (time adjacency), staged, tile 32x32 (4096 B); staging saves 31 * n of its 32 * n transactions per block (copy 1 * n)
// REMARK: remark: array B: reuse ratio 32.00 (in ReuseSet, θ_r = 2), coalesced, staged, tile 32x32 (4096 B)
// REMARK: remark: array C: reuse ratio 1.00 (below θ_r = 2), coalesced, not staged
// REMARK: remark: chosen: plan 0, block 32x32x1, y = %arg6, x = %arg7, strip %arg8 by 32; staged [A, B]; profit 16128 * n, 8192 B shared, 2 block(s)/SM, occupancy 1.00
// Read literally, (11) excludes every 1024-thread block; the argmax is 32x16 (digest §6.3).
// LITERAL: remark: chosen: plan 0, block 32x16x1, y = %arg6, x = %arg7, strip %arg8 by 64; staged [A, B]; profit 8128 * n, 12288 B shared
// On the A100 (TranSize 128, 41 KB budget) 32x32 still wins; the smallest strip with whole loads is 32.
// A100: remark: chosen: plan 0, block 32x32x1, y = %arg6, x = %arg7, strip %arg8 by 32; staged [A, B]; profit 12160 * n, 8192 B shared
// The runner-up TB shape of the digest's enumeration: (64, 16), 12288·n in the paper; here
// 12160·n at k = 32 (half the copy-in rows, but half the original transactions: two warps of a
// row read one element of A, which is reuse, not a second request).
// EXPLAIN: remark: plan 0 block 64x16x1, %arg8=32: profit 12160 * n
// EXPLAIN: remark: plan 0 block 32x32x1, %arg8=32: profit 16128 * n, 8192 B shared, 2 block(s)/SM, occupancy 1.00, staged [A, B]
// EXPLAIN: remark: plan 0 block 32x32x1, %arg8=64: illegal: needs 16384 B of shared memory, over θ_s × SMSize = 12288 B (9)
func.func @gemm(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "a"}, %arg2: f32 {sharc.name = "b"}, %arg3: memref<?x?xf32> {sharc.name = "A"}, %arg4: memref<?x?xf32> {sharc.name = "B"}, %arg5: memref<?x?xf32> {sharc.name = "C"}) {
  affine.parallel (%arg6, %arg7) = (0, 0) to (symbol(%arg0), symbol(%arg0)) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %arg8 = 0 to %arg0 iter_args(%arg9 = %cst) -> (f32) {
      %5 = affine.load %arg3[%arg6, %arg8] : memref<?x?xf32>
      %6 = affine.load %arg4[%arg8, %arg7] : memref<?x?xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %arg9, %7 : f32
      affine.yield %8 : f32
    }
    %1 = arith.mulf %arg1, %0 : f32
    %2 = affine.load %arg5[%arg6, %arg7] : memref<?x?xf32>
    %3 = arith.mulf %arg2, %2 : f32
    %4 = arith.addf %1, %3 : f32
    affine.store %4, %arg5[%arg6, %arg7] : memref<?x?xf32>
  } {sharc.acc = "acc kernels loop independent; acc loop independent", sharc.share = #sharc.share<B[*][TB_X], A[TB_Y][*]:coalesce>}
  return
}

// -----

// Without a pragma every array is a seed with TB-derived partitions; n = 1024 is known: the
// same decisions, with a concrete profit 16128 · 1024.
// CHECK-LABEL: func.func @gemm_1024
// CHECK: sharc.plan = {block = array<i64: 32, 32, 1>, {{.*}}profit = "16515072"{{.*}}strips = [{loop = 2 : i64, size = 32 : i64}]}
// REMARK: remark: candidate arg0: seed
// REMARK: remark: candidate arg1: seed
// REMARK: remark: candidate arg2: seed
// REMARK: remark: 1 iteration split(s) from the seeds, 1 plan(s) after intersection
// REMARK: remark: chosen: plan 0, block 32x32x1, y = %arg3, x = %arg4, strip %arg5 by 32; staged [arg0, arg1]; profit 16515072, 8192 B shared
func.func @gemm_1024(%A: memref<1024x1024xf32>, %B: memref<1024x1024xf32>, %C: memref<1024x1024xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (1024, 1024) {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = affine.for %k = 0 to 1024 iter_args(%acc = %cst) -> (f32) {
      %5 = affine.load %A[%i, %k] : memref<1024x1024xf32>
      %6 = affine.load %B[%k, %j] : memref<1024x1024xf32>
      %7 = arith.mulf %5, %6 : f32
      %8 = arith.addf %acc, %7 : f32
      affine.yield %8 : f32
    }
    %2 = affine.load %C[%i, %j] : memref<1024x1024xf32>
    %4 = arith.addf %0, %2 : f32
    affine.store %4, %C[%i, %j] : memref<1024x1024xf32>
  }
  return
}
