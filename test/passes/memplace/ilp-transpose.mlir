// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4})' -o %t.4.mlir
// RUN: FileCheck %s --input-file=%t.4.mlir
// RUN: sharc-run %t.4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=8})' -o %t.8.mlir
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.8.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=2 distribution=blocked})' -o %t.b2.mlir
// RUN: sharc-run %t.b2.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b2.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=8 distribution=blocked})' -o %t.b8.mlir
// RUN: sharc-run %t.b8.mlir --entry=main_37 --random-inputs=1 --compare=%s
// Cyclic invariants (design study §2.5, item 2): barriers, global sectors and requests unchanged.
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM
// RUN: sharc-run %t.4.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM

// Promoted transpose on a100 after the thread remap of sharc-bank-conflicts. Both copies and
// both barriers stay once (block-wide); the remapped row (an affine.apply of the row) is
// computed per replica, so each replica keeps the remap; the value read before the second
// barrier and stored after it is not live across it here (load and store sit in one region).
// CHECK-LABEL: func.func @transpose
// CHECK: block [8, 32] tile [32, 32] dims [y, x]
// CHECK-COUNT-2: memplace.copy_in
// CHECK: memplace.barrier
// CHECK-COUNT-4: affine.store
// CHECK: memplace.barrier
// CHECK-NOT: memplace.barrier
// CHECK: memplace.copy_out
// CHECK-NOT: memplace.copy_out
// SIM: "barriers": 8,
// SIM-SAME: "global_load_requests": 128, "global_store_requests": 128
// SIM-SAME: "global_sectors": 1024

#map = affine_map<(d0, d1, d2, d3) -> (d2 + (d0 - d2 + d1 - d3) mod 32)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 32 >= 0, -d1 + s0 - 32 >= 0)>
#set1 = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "in"}, %arg2: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%arg5, %arg6) {
      %shared = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %0 = affine.apply #map(%arg3, %arg4, %arg5, %arg6)
      memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      affine.if #set(%arg5, %arg6)[%arg0] {
      } else {
        memplace.copy_in %arg2[%arg6, %arg5] to %shared_0 sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      %1 = affine.if #set1(%0, %arg4)[%arg0] -> f32 {
        %2 = affine.load %shared[%0 - %arg5, %arg4 - %arg6] : memref<32x32xf32, #gpu.address_space<workgroup>>
        affine.yield %2 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        affine.yield %cst : f32
      }
      affine.if #set1(%0, %arg4)[%arg0] {
        affine.store %1, %shared_0[%arg4 - %arg6, %0 - %arg5] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      memplace.copy_out %shared_0 to %arg2[%arg6, %arg5] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
    }
    return
  }
  func.func @main_64(%m1: memref<64x64xf32>, %m2: memref<64x64xf32>) {
    %c0 = arith.constant 64 : index
    %c1 = memref.cast %m1 : memref<64x64xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<64x64xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%m1: memref<37x37xf32>, %m2: memref<37x37xf32>) {
    %c0 = arith.constant 37 : index
    %c1 = memref.cast %m1 : memref<37x37xf32> to memref<?x?xf32>
    %c2 = memref.cast %m2 : memref<37x37xf32> to memref<?x?xf32>
    func.call @transpose(%c0, %c1, %c2) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

