// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=2})' -o %t.2.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.2.mlir
// RUN: sharc-run %t.2.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.2.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=8})' -o %t.8.mlir
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.8.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-opt %s --pass-pipeline='builtin.module(sharc-ilp{factor=4 distribution=blocked})' -o %t.b4.mlir
// RUN: sharc-run %t.b4.mlir --entry=main_64 --random-inputs=1 --compare=%s
// RUN: sharc-run %t.b4.mlir --entry=main_37 --random-inputs=1 --compare=%s
// RUN: sharc-run %s --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM
// RUN: sharc-run %t.8.mlir --entry=main_64 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=SIM

// Promoted hotspot on a100: one region after the barrier, replicated op by op; power's global
// load (row-dependent) is replicated inside each replica's guard; the five-point reads of the
// staged temperature stay per replica.
// Cyclic invariants: barriers, global requests and sectors unchanged.
// REMARK: remark: ilp: 2 iterations per thread along loop 0 (cyclic): block 16 (tile 32 kept); 1 region(s) replicated, 0 loop(s) jammed, 0 load(s) hoisted, 1 op(s) kept once, 0 value(s) expanded
// CHECK-LABEL: func.func @hotspot
// CHECK: block [16, 32] tile [32, 32] dims [y, x]
// CHECK: memplace.barrier
// CHECK-NOT: memplace.barrier
// CHECK-COUNT-2: affine.load %arg3
// CHECK-COUNT-2: affine.store
// SIM: "barriers": 4,
// SIM-SAME: "global_load_requests": 266, "global_store_requests": 124
// SIM-SAME: "global_sectors": 1808

#map = affine_map<(d0, d1) -> (d0 - 1, d1 - 1)>
#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 2 >= 0, -d1 + s0 - 2 >= 0)>
module {
  func.func @hotspot(%arg0: index {sharc.name = "n"}, %arg1: f32 {sharc.name = "c"}, %arg2: memref<?x?xf32> {sharc.name = "temp"}, %arg3: memref<?x?xf32> {sharc.name = "power"}, %arg4: memref<?x?xf32> {sharc.name = "result"}) {
    gpumap.band (%arg5, %arg6) = (1, 1) to (symbol(%arg0) - 1, symbol(%arg0) - 1) block [32, 32] dims [y, x] origin (%arg7, %arg8) {
      %shared = memplace.alloc_shared : memref<34x34xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %arg2[%arg7 - 1, %arg8 - 1] to %shared sizes [34, 34] : memref<?x?xf32>, memref<34x34xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %0 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7 + 1, %arg6 - %arg8 + 1] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %1 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %arg3[%arg5, %arg6] : memref<?x?xf32>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %2 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7, %arg6 - %arg8 + 1] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %3 = arith.addf %1, %2 : f32
      %4 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7 + 2, %arg6 - %arg8 + 1] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %5 = arith.addf %3, %4 : f32
      %6 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7 + 1, %arg6 - %arg8] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %7 = arith.addf %5, %6 : f32
      %8 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7 + 1, %arg6 - %arg8 + 2] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %9 = arith.addf %7, %8 : f32
      %cst = arith.constant 4.000000e+00 : f32
      %10 = affine.if #set(%arg5, %arg6)[%arg0] -> f32 {
        %15 = affine.load %shared[%arg5 - %arg7 + 1, %arg6 - %arg8 + 1] : memref<34x34xf32, #gpu.address_space<workgroup>>
        affine.yield %15 : f32
      } else {
        %cst_0 = arith.constant 0.000000e+00 : f32
        affine.yield %cst_0 : f32
      }
      %11 = arith.mulf %cst, %10 : f32
      %12 = arith.subf %9, %11 : f32
      %13 = arith.mulf %arg1, %12 : f32
      %14 = arith.addf %0, %13 : f32
      affine.if #set(%arg5, %arg6)[%arg0] {
        affine.store %14, %arg4[%arg5, %arg6] : memref<?x?xf32>
      }
    }
    return
  }
  func.func @main_64(%m2: memref<64x64xf32>, %m3: memref<64x64xf32>, %m4: memref<64x64xf32>) {
    %c0 = arith.constant 64 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = memref.cast %m2 : memref<64x64xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<64x64xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<64x64xf32> to memref<?x?xf32>
    func.call @hotspot(%c0, %c1, %c2, %c3, %c4) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%m2: memref<37x37xf32>, %m3: memref<37x37xf32>, %m4: memref<37x37xf32>) {
    %c0 = arith.constant 37 : index
    %c1 = arith.constant 2.5 : f32
    %c2 = memref.cast %m2 : memref<37x37xf32> to memref<?x?xf32>
    %c3 = memref.cast %m3 : memref<37x37xf32> to memref<?x?xf32>
    %c4 = memref.cast %m4 : memref<37x37xf32> to memref<?x?xf32>
    func.call @hotspot(%c0, %c1, %c2, %c3, %c4) : (index, f32, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}

