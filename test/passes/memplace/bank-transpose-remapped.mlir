// RUN: sharc-run %s --entry=main_256 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main_37 --random-inputs=1 --target=a100 --metrics=json | FileCheck %s --check-prefix=PARTIAL
// RUN: sharc-run %s --entry=main_256 --random-inputs=1 --target=a100 --compare=%S/bank-transpose-rowmajor.mlir
// RUN: sharc-run %s --entry=main_37 --random-inputs=1 --target=a100 --compare=%S/bank-transpose-rowmajor.mlir
// The kernel lowers like any promoted one: gpu level accepted by mlir-opt, same
// outputs, PTX accepted by ptxas.
// RUN: sharc-opt %s --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.gpu.mlir -o /dev/null %}
// RUN: sharc-run %t.gpu.mlir --entry=main_37 --random-inputs=1 --target=a100 --compare=%S/bank-transpose-rowmajor.mlir
// RUN: sharc-translate %t.gpu.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// bank-transpose-rowmajor.mlir after the thread remap of `sharc-bank-conflicts` (placement
// SkewY, passes/src/memplace/bank_conflicts/remap.rs, whose unit test checks that it makes
// exactly this kernel): thread (x, y) runs row y' = oy + (y - oy + x - ox) mod 32 of the tile.
// A warp (one y, lanes x) now reads in_s[y'][x] and writes out_s[x][y'] at bank
// (y + x) mod 32, one per lane: the stores cost one wavefront per request instead of 32, the
// loads stay at one. The copies and so the global sectors are unchanged, the outputs equal,
// also with partial blocks (n = 37), where the guards test the remapped row.
// CHECK: "kernel": "gpumap.band
// CHECK-SAME: "global_sectors": 16384
// CHECK-SAME: "shared_load_requests": 4096, "shared_store_requests": 4096
// CHECK-SAME: "shared_load_wavefronts": 4096, "shared_store_wavefronts": 4096
// PARTIAL: "kernel": "gpumap.band
// PARTIAL-SAME: "global_sectors": 552

#set = affine_set<(d0, d1)[s0] : (-d0 + s0 - 32 >= 0, -d1 + s0 - 32 >= 0)>
#set1 = affine_set<(d0, d1)[s0] : (-d0 + s0 - 1 >= 0, -d1 + s0 - 1 >= 0)>
module {
  func.func @transpose(%arg0: index {sharc.name = "n"}, %arg1: memref<?x?xf32> {sharc.name = "in"}, %arg2: memref<?x?xf32> {sharc.name = "out"}) {
    gpumap.band (%arg3, %arg4) = (0, 0) to (symbol(%arg0), symbol(%arg0)) block [32, 32] dims [y, x] origin (%arg5, %arg6) {
      %shared = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %shared_0 = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
      %yr = affine.apply affine_map<(d0, d1, d2, d3) -> (d2 + (d0 - d2 + d1 - d3) mod 32)>(%arg3, %arg4, %arg5, %arg6)
      memplace.copy_in %arg1[%arg5, %arg6] to %shared sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      affine.if #set(%arg5, %arg6)[%arg0] {
      } else {
        memplace.copy_in %arg2[%arg6, %arg5] to %shared_0 sizes [32, 32] : memref<?x?xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      %0 = affine.if #set1(%yr, %arg4)[%arg0] -> f32 {
        %1 = affine.load %shared[%yr - %arg5, %arg4 - %arg6] : memref<32x32xf32, #gpu.address_space<workgroup>>
        affine.yield %1 : f32
      } else {
        %cst = arith.constant 0.000000e+00 : f32
        affine.yield %cst : f32
      }
      affine.if #set1(%yr, %arg4)[%arg0] {
        affine.store %0, %shared_0[%arg4 - %arg6, %yr - %arg5] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      memplace.barrier
      memplace.copy_out %shared_0 to %arg2[%arg6, %arg5] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
    }
    return
  }
  func.func @main_256(%A: memref<256x256xf32> {sharc.name = "A"}, %B: memref<256x256xf32> {sharc.name = "B"}) {
    %n = arith.constant 256 : index
    %A_d = memref.cast %A : memref<256x256xf32> to memref<?x?xf32>
    %B_d = memref.cast %B : memref<256x256xf32> to memref<?x?xf32>
    func.call @transpose(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
  func.func @main_37(%A: memref<37x37xf32> {sharc.name = "A"}, %B: memref<37x37xf32> {sharc.name = "B"}) {
    %n = arith.constant 37 : index
    %A_d = memref.cast %A : memref<37x37xf32> to memref<?x?xf32>
    %B_d = memref.cast %B : memref<37x37xf32> to memref<?x?xf32>
    func.call @transpose(%n, %A_d, %B_d) : (index, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }
}
