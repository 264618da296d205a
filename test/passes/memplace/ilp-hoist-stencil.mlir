// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.b4.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.b4.mlir
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=2})' -o %t.c2.mlir
// RUN: FileCheck %s --input-file=%t.c2.mlir --check-prefix=CYCLIC
// RUN: sharc-run %t.c2.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.c2.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=BEFORE
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=AFTER

// A row stencil with a weight per column, rows 1 .. n-2 (a lower and an upper bound on the
// replicated i). w[j] does not depend on the row: it is loaded once, under the weakest of the
// replicas' guards, each constraint at the replica where it is weakest. Blocked f = 4 (rows
// i .. i+3): the lower bound i - 1 >= 0 is taken at the largest offset (i + 3 - 1 >= 0), the
// upper bound n - 2 - i >= 0 at the smallest (replica 0), the bound on j unchanged.
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (blocked): {{.*}} 1 global load(s) hoisted under the replicas' weakest guard, 0 guard(s) sunk
// REMARK: remark: ilp: 4 iterations per thread along loop 0 (blocked): {{.*}} 0 global load(s) hoisted under the replicas' weakest guard, 0 guard(s) sunk
// CHECK-DAG: #[[WEAK:.*]] = affine_set<(d0, d1)[s0] : (d0 + 2 >= 0, -d0 + s0 - 2 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-DAG: #[[ROWS:.*]] = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0, -d1 + s0 - 1 >= 0)>
// CHECK-LABEL: func.func @rows
// CHECK: gpumap.band (%[[I:.*]], %[[J:.*]]) =
// CHECK: %[[W:.*]] = affine.if #[[WEAK]](%[[I]], %[[J]])[%{{.*}}] -> f32 {
// CHECK-NEXT: affine.load %arg2[%[[J]]]
// CHECK: } else {
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK-COUNT-4: affine.if #[[ROWS]]
// CHECK-NOT: affine.load %arg2
// CHECK-LABEL: func.func @first_row
// An equality on i holds for one replica at most: w[j] stays in every replica's guard.
// CHECK-COUNT-4: affine.load %arg1[
// Cyclic f = 2 (block 8 / 2: rows i and i + 4): the lower bound at i + 4 - 1 >= 0.
// CYCLIC: affine_set<(d0, d1)[s0] : (d0 + 3 >= 0, -d0 + s0 - 2 >= 0, -d1 + s0 - 1 >= 0)>
// Rows 1 .. 62 of 64, 2 warps a row: 124 warps of 3 row loads and w[j] (496 requests) become
// 124 x 3 row loads and one w[j] per warp of 4 rows (32 warps, each with a row in 1 .. 62):
// 404; the stores are unchanged.
// BEFORE: "global_load_requests": 496, "global_store_requests": 124
// AFTER: "global_load_requests": 404, "global_store_requests": 124

#rows = affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, -d0 + s0 - 2 >= 0, -d1 + s0 - 1 >= 0)>
#first = affine_set<(d0, d1)[s0] : (d0 == 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @rows(%n: index, %in: memref<?x?xf32>, %w: memref<?xf32>, %out: memref<?x?xf32>) {
    gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [8, 32] dims [y, x] origin (%oi, %oj) {
      affine.if #rows(%i, %j)[%n] {
        %a = affine.load %in[%i - 1, %j] : memref<?x?xf32>
        %b = affine.load %in[%i, %j] : memref<?x?xf32>
        %c = affine.load %in[%i + 1, %j] : memref<?x?xf32>
        %wj = affine.load %w[%j] : memref<?xf32>
        %s = arith.addf %a, %c : f32
        %t = arith.addf %s, %b : f32
        %u = arith.mulf %t, %wj : f32
        affine.store %u, %out[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @first_row(%n: index, %w: memref<?xf32>, %out: memref<?x?xf32>) {
    gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%n)) block [8, 32] dims [y, x] origin (%oi, %oj) {
      affine.if #first(%i, %j)[%n] {
        %wj = affine.load %w[%j] : memref<?xf32>
        affine.store %wj, %out[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @main_64(%in: memref<64x64xf32>, %w: memref<64xf32>, %out: memref<64x64xf32>, %top: memref<64x64xf32>) {
    %n = arith.constant 64 : index
    %in1 = memref.cast %in : memref<64x64xf32> to memref<?x?xf32>
    %w1 = memref.cast %w : memref<64xf32> to memref<?xf32>
    %out1 = memref.cast %out : memref<64x64xf32> to memref<?x?xf32>
    %top1 = memref.cast %top : memref<64x64xf32> to memref<?x?xf32>
    func.call @rows(%n, %in1, %w1, %out1) : (index, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>) -> ()
    func.call @first_row(%n, %w1, %top1) : (index, memref<?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%in: memref<37x37xf32>, %w: memref<37xf32>, %out: memref<37x37xf32>, %top: memref<37x37xf32>) {
    %n = arith.constant 37 : index
    %in1 = memref.cast %in : memref<37x37xf32> to memref<?x?xf32>
    %w1 = memref.cast %w : memref<37xf32> to memref<?xf32>
    %out1 = memref.cast %out : memref<37x37xf32> to memref<?x?xf32>
    %top1 = memref.cast %top : memref<37x37xf32> to memref<?x?xf32>
    func.call @rows(%n, %in1, %w1, %out1) : (index, memref<?x?xf32>, memref<?xf32>, memref<?x?xf32>) -> ()
    func.call @first_row(%n, %w1, %top1) : (index, memref<?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
