// Barriers under divergent control flow other than a plain scf.if are reported too, and a
// barrier under a condition that is uniform across the block is not.

// A loop whose trip count depends on the thread: thread 0 runs no iteration.
// RUN: not sharc-run %s --entry=loop 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: barrier-divergent-loops.mlir:[[@LINE+27]]:9: error: barrier not reached by all threads of block (0, 0, 0): 21 of 32 threads arrive here, thread (0, 0, 0) does not

// An scf.while that threads leave at different iterations.
// RUN: not sharc-run %s --entry=while 2>&1 | FileCheck %s --check-prefix=WHILE
// WHILE: error: barrier not reached by all threads of block (0, 0, 0): {{[0-9]+}} of 64 threads arrive here

// affine.if on a 2-D thread id, in the second block of the grid.
// RUN: not sharc-run %s --entry=affine_if 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: error: barrier not reached by all threads of block (1, 0, 0): 32 of 64 threads arrive here, thread (0, 0, 0) does not

// Barriers on both sides of a divergent branch are still divergent (undefined in CUDA).
// RUN: not sharc-run %s --entry=both 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: barrier not reached by all threads of block (0, 0, 0): 1 of 32 threads arrive here, thread (1, 0, 0) does not

// A condition on the block id is uniform in each block: no error.
// RUN: sharc-run %s --entry=uniform --metrics=json | FileCheck %s --check-prefix=UNIFORM
// UNIFORM: "barriers": 2

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @loop() kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %tx = gpu.thread_id x
      %n = arith.remui %tx, %c3 : index
      scf.for %i = %c0 to %n step %c1 {
        gpu.barrier
      }
      gpu.return
    }
    gpu.func @while() kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %tx = gpu.thread_id x
      %n = arith.remui %tx, %c5 : index
      %r = scf.while (%i = %c0) : (index) -> index {
        %more = arith.cmpi ult, %i, %n : index
        scf.condition(%more) %i : index
      } do {
      ^bb0(%i: index):
        gpu.barrier
        %j = arith.addi %i, %c1 : index
        scf.yield %j : index
      }
      gpu.return
    }
    gpu.func @affine_if() kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      affine.if affine_set<(d0, d1)[s0] : (d1 - 1 >= 0, s0 - 1 >= 0)>(%tx, %ty)[%bx] {
        gpu.barrier
      }
      gpu.return
    }
    gpu.func @both() kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        gpu.barrier
      } else {
        gpu.barrier
      }
      gpu.return
    }
    gpu.func @uniform() kernel {
      %c0 = arith.constant 0 : index
      %bx = gpu.block_id x
      %first = arith.cmpi eq, %bx, %c0 : index
      scf.if %first {
        gpu.barrier
      } else {
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @loop() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@loop blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    return
  }
  func.func @while() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@while blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
    return
  }
  func.func @affine_if() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@affine_if blocks in (%c2, %c1, %c1) threads in (%c32, %c2, %c1)
    return
  }
  func.func @both() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@both blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    return
  }
  func.func @uniform() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @k::@uniform blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
    return
  }
}
