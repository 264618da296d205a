// RUN: not sharc-run %s --entry=race --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RACE

// The race checker sees every element of a vector access: thread t writes the pair at t of a
// shared buffer, so thread 1's first lane is thread 0's second.
// RACE: vector-race.mlir:[[@LINE+8]]:7: error: shared-memory data race in block (0, 0, 0): thread (1, 0, 0) writes element [1] of a 64xf32 buffer that thread (0, 0, 0) wrote with no barrier in between
// RACE-NEXT: {{^}}      vector.store %v, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>, vector<2xf32>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pairs(%a: memref<64xf32>) workgroup(%buf: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %v = vector.load %a[%c0] : memref<64xf32>, vector<2xf32>
      vector.store %v, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.return
    }
  }
  func.func @race(%a: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@pairs blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<64xf32>)
    return
  }
}
