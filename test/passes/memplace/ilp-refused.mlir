// RUN: sharc-opt %s --split-input-file --pass-pipeline='builtin.module(sharc-ilp{factor=2})' -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR --input-file=%t.mlir
// RUN: sharc-opt %s --split-input-file --pass-pipeline='builtin.module(sharc-ilp{factor=2 dim=z})' 2>&1 | FileCheck %s --check-prefix=DIMZ
// RUN: sharc-opt %s --split-input-file --pass-pipeline='builtin.module(sharc-ilp)' 2>&1 | FileCheck %s --check-prefix=AUTO

// The bands sharc-ilp leaves alone, each with its remark and unchanged.
// matvec's plan is 1-D (a 1024-thread x block): there is no y or z loop, and x is never
// replicated (Table 4's mv = 1 on the NVIDIA parts).
// CHECK: remark: ilp: band left alone: no y or z loop with a block of 2 threads or more (x is never replicated: it keeps the warps coalesced)
// IR: block [1024] dims [x]
// The baseline transpose writes out[j][i]: a warp's store touches a sector per lane. Seed 000:
// ILP comes after the shared-memory optimizations.
// CHECK: remark: ilp: band left alone: `affine.store` at {{.*}} is not coalesced (the first warp touches 32 sectors where 4 would hold its bytes)
// IR: block [8, 32] dims [y, x]
// The promoted transpose before sharc-bank-conflicts: its output tile is written by columns,
// 32-way conflicts.
// CHECK: remark: ilp: band left alone: shared buffer #1 still has bank conflicts (1056 wavefronts per block, minimum 64)
// IR: block [32, 32] dims [y, x]
// IR-NOT: tile [
// DIMZ-COUNT-3: remark: ilp: band left alone: no z loop with a block of 2 threads or more
// AUTO: remark: ilp: band left alone: no y or z loop
// AUTO: remark: ilp: band left alone: `affine.store`
// AUTO: remark: ilp: band left alone: shared buffer #1

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
#set = affine_set<(d0)[s0] : (-d0 + s0 - 1 >= 0)>
module {
  func.func @matvec(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "A"}, %arg2: memref<?xf32> {sharc.name = "x"}, %arg3: memref<?xf32> {sharc.name = "y"}) {
    gpumap.band (%arg4) = (0) to (symbol(%arg0)) block [1024] dims [x] origin (%arg5) {
      %shared = memplace.alloc_shared layout xor<vec = 1, per_phase = 4, max_phase = 8> : memref<1024x8xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<8xf32, #gpu.address_space<workgroup>>
      %cst = arith.constant 0.000000e+00 : f32
      %0 = affine.for %arg6 = 0 to %arg0 step 8 iter_args(%arg7 = %cst) -> (f32) {
        memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [1024, 8] : memref<?x?xf32>, memref<1024x8xf32, #gpu.address_space<workgroup>>
        memplace.copy_in %arg2[%arg6] to %shared_0 sizes [8] : memref<?xf32>, memref<8xf32, #gpu.address_space<workgroup>>
        memplace.barrier
        %1 = affine.for %arg8 = #map(%arg6) to min #map1(%arg6)[%arg0] iter_args(%arg9 = %arg7) -> (f32) {
          %2 = affine.if #set(%arg4)[%arg0] -> f32 {
            %6 = affine.load %shared[%arg4 - %arg5, %arg8 - %arg6] : memref<1024x8xf32, #gpu.address_space<workgroup>>
            affine.yield %6 : f32
          } else {
            %cst_1 = arith.constant 0.000000e+00 : f32
            affine.yield %cst_1 : f32
          }
          %3 = affine.load %shared_0[%arg8 - %arg6] : memref<8xf32, #gpu.address_space<workgroup>>
          %4 = arith.mulf %2, %3 : f32
          %5 = arith.addf %arg9, %4 : f32
          affine.yield %5 : f32
        } {sharc.loop = 1 : i64}
        memplace.barrier
        affine.yield %1 : f32
      } {sharc.strip = 1 : i64}
      affine.if #set(%arg4)[%arg0] {
        affine.store %0, %arg3[%arg4] : memref<?xf32>
      }
    }
    return
  }
}

// -----
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "in"}, %arg2: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [8, 32] dims [y, x] origin (%arg5, %arg6) {
      affine.if #set(%arg3, %arg4)[%arg0] {
        %0 = affine.load %arg1[%arg3, %arg4] : memref<?x?xf32>
        affine.store %0, %arg2[%arg4, %arg3] : memref<?x?xf32>
      }
    }
    return
  }
}

// -----
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 32 >= 0, -d1 + s0 - 32 >= 0)>
#set1 = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "in"}, %arg2: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%arg5, %arg6) {
      %shared = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      affine.if #set(%arg5, %arg6)[%arg0] {
      } else {
        memplace.copy_in %arg2[%arg6, %arg5] to %shared_0 sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      %0 = affine.if #set1(%arg3, %arg4)[%arg0] -> f32 {
        %1 = affine.load %shared[%arg3 - %arg5, %arg4 - %arg6] : memref<32x32xf32, #gpu.address_space<workgroup>>
        affine.yield %1 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        affine.yield %cst : f32
      }
      affine.if #set1(%arg3, %arg4)[%arg0] {
        affine.store %0, %shared_0[%arg4 - %arg6, %arg3 - %arg5] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      memplace.copy_out %shared_0 to %arg2[%arg6, %arg5] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
    }
    return
  }
}

