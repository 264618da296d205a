// A gpu.launch over a 3-D grid of 3-D blocks that do not divide the array (7x10x5 elements,
// 4x3x2 threads per block, 2x4x3 blocks): threads outside the array are masked by an scf.if on
// their global ids, a nested scf.if guards the x+1 neighbour, and gpu.block_dim/grid_dim give
// the sizes. The result equals a sequential affine reference on the same random inputs.
// RUN: sharc-run %s --entry=main --random-inputs=11 --compare=%S/Inputs/launch-3d-ref.mlir
// RUN: sharc-run %s --entry=main --random-inputs=11 --metrics=json | FileCheck %s
// 24 threads per block are one (partial) warp: each of the 24 blocks issues one request per
// store op (two); compulsory bytes are 350 floats read, 350 floats and 350 ints written.
// CHECK: "kernel": "gpu.launch:19", "grid": [2, 4, 3], "block": [4, 3, 2], "launches": 1
// CHECK-SAME: "global_store_requests": 48
// CHECK-SAME: "compulsory_bytes": 4200

func.func @main(%in: memref<5x10x7xf32> {sharc.name = "in"}, %out: memref<5x10x7xf32> {sharc.name = "out"},
                %ids: memref<5x10x7xi32> {sharc.name = "ids"}) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c4, %gz = %c3)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c3, %sz = %c2) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c100 = arith.constant 100 : index
    %two = arith.constant 2.0 : f32
    %bdx = gpu.block_dim x
    %bdy = gpu.block_dim y
    %bdz = gpu.block_dim z
    %x0 = arith.muli %bx, %bdx : index
    %x = arith.addi %x0, %tx : index
    %y0 = arith.muli %by, %bdy : index
    %y = arith.addi %y0, %ty : index
    %z0 = arith.muli %bz, %bdz : index
    %z = arith.addi %z0, %tz : index
    %inx = arith.cmpi ult, %x, %c7 : index
    %iny = arith.cmpi ult, %y, %c10 : index
    %inz = arith.cmpi ult, %z, %c5 : index
    %inxy = arith.andi %inx, %iny : i1
    %inside = arith.andi %inxy, %inz : i1
    scf.if %inside {
      %v = memref.load %in[%z, %y, %x] : memref<5x10x7xf32>
      %d = arith.mulf %v, %two : f32
      %hasn = arith.cmpi ult, %x, %c6 : index
      %r = scf.if %hasn -> (f32) {
        %x1 = arith.addi %x, %c1 : index
        %n = memref.load %in[%z, %y, %x1] : memref<5x10x7xf32>
        %s = arith.addf %d, %n : f32
        scf.yield %s : f32
      } else {
        scf.yield %d : f32
      }
      memref.store %r, %out[%z, %y, %x] : memref<5x10x7xf32>
      %zz = arith.muli %z, %c100 : index
      %yy = arith.muli %y, %c10 : index
      %l0 = arith.addi %zz, %yy : index
      %lin = arith.addi %l0, %x : index
      %li = arith.index_cast %lin : index to i32
      memref.store %li, %ids[%z, %y, %x] : memref<5x10x7xi32>
    }
    gpu.terminator
  }
  return
}
