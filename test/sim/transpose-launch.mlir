// RUN: sharc-run %s --entry=main --target=a100 --random-inputs=1 --metrics=json | FileCheck %s
// RUN: sharc-run %s --entry=main --random-inputs=1 --compare=%S/transpose-tiled.mlir

// The tiled transpose written inline with gpu.launch: the body uses %c32 and the memrefs from
// the host function, and the tile is a workgroup attribution of the launch. Same traffic as the
// gpu.launch_func version.
// CHECK: "kernel": "gpu.launch:16"
// CHECK-SAME: "global_load_sectors": 512, "global_store_sectors": 512
// CHECK-SAME: "shared_load_requests": 128, "shared_store_requests": 128
// CHECK-SAME: "shared_bank_conflicts": 3968

func.func @main(%in: memref<64x64xf32> {sharc.name = "in"}, %out: memref<64x64xf32> {sharc.name = "out"}) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c32, %sz = %c1)
             workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) {
    %x0 = arith.muli %bx, %c32 : index
    %y0 = arith.muli %by, %c32 : index
    %gxi = arith.addi %x0, %tx : index
    %gyi = arith.addi %y0, %ty : index
    %v = memref.load %in[%gyi, %gxi] : memref<64x64xf32>
    memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %ox = arith.addi %y0, %tx : index
    %oy = arith.addi %x0, %ty : index
    %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
    gpu.terminator
  }
  return
}
