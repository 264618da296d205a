// RUN: sharc-opt %s --sharc-partition="target=gtx690" -split-input-file -o %t.mlir 2> %t.diag
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect -split-input-file %t.mlir > /dev/null %}

// Halos (digest 000 §12.3): the rectangular hull of a 5-point stencil's references over a
// TB_Y x TB_X tile is (TB_Y+2) x (TB_X+2), starting one element up and left; n is symbolic.
// The output is written once per element: not staged. Every 1024-thread block has the same
// profit (5 accesses per thread); 32x32 has the smallest hull, but 64x16's 66-element halo rows
// waste less of their first and last sectors: fewer predicted global sectors per iteration.
// CHECK: #[[HOT:map[0-9]*]] = affine_map<(d0, d1) -> (d0 - 1, d1 - 1)>
// CHECK: #[[HOTS:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @hotspot
// CHECK: sharc.plan = {block = array<i64: 64, 16, 1>, {{.*}}shared_bytes = 4752 : i64, staged = [{access = "read", arg = 1 : i64, bytes = 4752 : i64, elem_bytes = 4 : i64, first_access = 0 : i64, halo_hi = array<i64: 1, 1>, halo_lo = array<i64: 1, 1>, name = "temp", origin = #[[HOT]], per_strip = array<i64>, subscript = #[[HOTS]], tile = array<i64: 18, 66>, why = "reuse"}], strips = []}
// REMARK: remark: candidate temp: seed
// REMARK: remark: candidate out: temp[%arg3, %arg4] (read) --value flow-- out[%arg3, %arg4] (write)
// REMARK: remark: 5 iteration split(s) from the seeds, 1 plan(s) after intersection
// REMARK: remark: array temp: reuse ratio {{.*}} (in ReuseSet, θ_r = 2), coalesced, staged, tile 18x66 (4752 B)
// REMARK: remark: array out: reuse ratio 1.00 (below θ_r = 2), coalesced, not staged
// REMARK: remark: chosen: plan 0, block 64x16x1, y = %arg3, x = %arg4; staged [temp]; profit 20480, 4752 B shared, 2 block(s)/SM, occupancy 1.00; the sector model prefers it to the search's best-ranked setting (block 32x32x1, profit 20480): fewer predicted global sectors per iteration
// REMARK: remark: placement: plan taken: at n = 64 / 256: plan 1392 / 22272, baseline 3712 / 59392 global sectors per launch
func.func @hotspot(%n: index {sharc.name = "n"}, %t: memref<?x?xf32> {sharc.name = "temp"}, %o: memref<?x?xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (1, 1) to (symbol(%n) - 1, symbol(%n) - 1) {
    %c = affine.load %t[%i, %j] : memref<?x?xf32>
    %u = affine.load %t[%i - 1, %j] : memref<?x?xf32>
    %d = affine.load %t[%i + 1, %j] : memref<?x?xf32>
    %l = affine.load %t[%i, %j - 1] : memref<?x?xf32>
    %r = affine.load %t[%i, %j + 1] : memref<?x?xf32>
    %0 = arith.addf %c, %u : f32
    %1 = arith.addf %0, %d : f32
    %2 = arith.addf %1, %l : f32
    %3 = arith.addf %2, %r : f32
    affine.store %3, %o[%i, %j] : memref<?x?xf32>
  } {sharc.share = #sharc.share<temp[TB_Y][TB_X]>}
  return
}

// -----

// A 5x5 filter (seed 000's gauss): (TB_Y+4) x (TB_X+4), two elements of halo on every side.
// CHECK: #[[GAUSS:map[0-9]*]] = affine_map<(d0, d1) -> (d0 - 2, d1 - 2)>
// CHECK: #[[GAUSSS:map[0-9]*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gauss
// CHECK: sharc.plan = {block = array<i64: 32, 32, 1>, {{.*}}halo_hi = array<i64: 2, 2>, halo_lo = array<i64: 2, 2>, name = "img", origin = #[[GAUSS]], per_strip = array<i64>, subscript = #[[GAUSSS]], tile = array<i64: 36, 36>, why = "reuse"}], strips = []}
// REMARK: remark: 25 iteration split(s) from the seeds, 1 plan(s) after intersection
// REMARK: remark: array img: reuse ratio 19.75 (in ReuseSet, θ_r = 2), coalesced, staged, tile 36x36 (5184 B)
// REMARK: remark: chosen: plan 0, block 32x32x1, y = %arg2, x = %arg3; staged [img]; profit 102400, 5184 B shared
func.func @gauss(%img: memref<1028x1028xf32> {sharc.name = "img"}, %out: memref<1028x1028xf32> {sharc.name = "out"}) {
  affine.parallel (%i, %j) = (2, 2) to (1026, 1026) {
    %v0 = affine.load %img[%i + -2, %j + -2] : memref<1028x1028xf32>
    %v1 = affine.load %img[%i + -2, %j + -1] : memref<1028x1028xf32>
    %v2 = affine.load %img[%i + -2, %j + 0] : memref<1028x1028xf32>
    %v3 = affine.load %img[%i + -2, %j + 1] : memref<1028x1028xf32>
    %v4 = affine.load %img[%i + -2, %j + 2] : memref<1028x1028xf32>
    %v5 = affine.load %img[%i + -1, %j + -2] : memref<1028x1028xf32>
    %v6 = affine.load %img[%i + -1, %j + -1] : memref<1028x1028xf32>
    %v7 = affine.load %img[%i + -1, %j + 0] : memref<1028x1028xf32>
    %v8 = affine.load %img[%i + -1, %j + 1] : memref<1028x1028xf32>
    %v9 = affine.load %img[%i + -1, %j + 2] : memref<1028x1028xf32>
    %v10 = affine.load %img[%i + 0, %j + -2] : memref<1028x1028xf32>
    %v11 = affine.load %img[%i + 0, %j + -1] : memref<1028x1028xf32>
    %v12 = affine.load %img[%i + 0, %j + 0] : memref<1028x1028xf32>
    %v13 = affine.load %img[%i + 0, %j + 1] : memref<1028x1028xf32>
    %v14 = affine.load %img[%i + 0, %j + 2] : memref<1028x1028xf32>
    %v15 = affine.load %img[%i + 1, %j + -2] : memref<1028x1028xf32>
    %v16 = affine.load %img[%i + 1, %j + -1] : memref<1028x1028xf32>
    %v17 = affine.load %img[%i + 1, %j + 0] : memref<1028x1028xf32>
    %v18 = affine.load %img[%i + 1, %j + 1] : memref<1028x1028xf32>
    %v19 = affine.load %img[%i + 1, %j + 2] : memref<1028x1028xf32>
    %v20 = affine.load %img[%i + 2, %j + -2] : memref<1028x1028xf32>
    %v21 = affine.load %img[%i + 2, %j + -1] : memref<1028x1028xf32>
    %v22 = affine.load %img[%i + 2, %j + 0] : memref<1028x1028xf32>
    %v23 = affine.load %img[%i + 2, %j + 1] : memref<1028x1028xf32>
    %v24 = affine.load %img[%i + 2, %j + 2] : memref<1028x1028xf32>
    %s1 = arith.addf %v0, %v1 : f32
    %s2 = arith.addf %s1, %v2 : f32
    %s3 = arith.addf %s2, %v3 : f32
    %s4 = arith.addf %s3, %v4 : f32
    %s5 = arith.addf %s4, %v5 : f32
    %s6 = arith.addf %s5, %v6 : f32
    %s7 = arith.addf %s6, %v7 : f32
    %s8 = arith.addf %s7, %v8 : f32
    %s9 = arith.addf %s8, %v9 : f32
    %s10 = arith.addf %s9, %v10 : f32
    %s11 = arith.addf %s10, %v11 : f32
    %s12 = arith.addf %s11, %v12 : f32
    %s13 = arith.addf %s12, %v13 : f32
    %s14 = arith.addf %s13, %v14 : f32
    %s15 = arith.addf %s14, %v15 : f32
    %s16 = arith.addf %s15, %v16 : f32
    %s17 = arith.addf %s16, %v17 : f32
    %s18 = arith.addf %s17, %v18 : f32
    %s19 = arith.addf %s18, %v19 : f32
    %s20 = arith.addf %s19, %v20 : f32
    %s21 = arith.addf %s20, %v21 : f32
    %s22 = arith.addf %s21, %v22 : f32
    %s23 = arith.addf %s22, %v23 : f32
    %s24 = arith.addf %s23, %v24 : f32
    affine.store %s24, %out[%i, %j] : memref<1028x1028xf32>
  } {sharc.share = #sharc.share<img[TB_Y][TB_X]>}
  return
}
