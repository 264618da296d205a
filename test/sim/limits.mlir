// Absurd sizes and runaway loops are clear errors, not an exhausted host or a hang.

// Arguments are checked against the 1 GiB memory limit before they are generated or read.
// RUN: not sharc-run %s --entry=huge --random-inputs=1 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: argument 'arg0' (memref<1000000000xf32>): cannot allocate a buffer of shape [1000000000] of f32: 4000000000 bytes, with 0 bytes in use, exceed sharc-run's memory limit of 1073741824 bytes
// RUN: not sharc-run %s --entry=overflow --random-inputs=1 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: error: argument 'arg0' (memref<100000000000x100000000000xf32>): cannot allocate a buffer of shape [100000000000, 100000000000] of f32: its size overflows 64 bits
// RUN: not sharc-run %s --entry=rank9 --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: argument 'arg0' has unsupported type memref<1x1x1x1x1x1x1x1x1xf32> (memrefs of rank above 8 are not supported)

// Allocations count against the same limit while they live: a loop that allocates without
// freeing fails at the allocation that crosses it; freeing in the loop, or stack buffers
// released with their function, do not.
// RUN: not sharc-run %s --entry=leak 2>&1 | FileCheck %s --check-prefix=LEAK
// LEAK: limits.mlir:[[@LINE+29]]:12: error: cannot allocate a buffer of shape [4000000] of f32: 16000000 bytes, with 1072000000 bytes in use, exceed sharc-run's memory limit of 1073741824 bytes
// RUN: sharc-run %s --entry=freed
// RUN: not sharc-run %s --entry=dynamic --arg=arg0=3000000000 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: error: cannot allocate a buffer of shape [3000000000, 3000000000] of f64: its size overflows 64 bits

// An scf.while whose condition never fails stops at the thread-operation limit (default 10^9,
// set by --max-ops), located at the op where it is crossed.
// RUN: not sharc-run %s --entry=spin --max-ops=100000 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: limits.mlir:[[@LINE+51]]:7: error: execution limit reached: more than 100000 thread-operations (a loop that never ends?)

// So does a launch of an absurd grid.
// RUN: not sharc-run %s --entry=grid --max-ops=100000 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: error: execution limit reached: more than 100000 thread-operations

module attributes {gpu.container_module} {
  func.func @huge(%a: memref<1000000000xf32>) {
    return
  }
  func.func @overflow(%a: memref<100000000000x100000000000xf32>) {
    return
  }
  func.func @rank9(%a: memref<1x1x1x1x1x1x1x1x1xf32>) {
    return
  }
  func.func @leak() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    scf.for %i = %c0 to %c100 step %c1 {
      %m = memref.alloc() : memref<4000000xf32>
    }
    return
  }
  func.func private @scratch() {
    %m = memref.alloca() : memref<4000000xf32>
    return
  }
  func.func @freed() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    scf.for %i = %c0 to %c100 step %c1 {
      %m = memref.alloc() : memref<4000000xf32>
      memref.dealloc %m : memref<4000000xf32>
      func.call @scratch() : () -> ()
    }
    return
  }
  func.func @dynamic(%n: index) {
    %m = memref.alloc(%n, %n) : memref<?x?xf64>
    return
  }
  func.func @spin() -> i32 {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %r = scf.while (%x = %c0) : (i32) -> i32 {
      scf.condition(%true) %x : i32
    } do {
    ^bb0(%x: i32):
      scf.yield %x : i32
    }
    return %r : i32
  }
  gpu.module @k {
    gpu.func @empty() kernel {
      gpu.return
    }
  }
  func.func @grid() {
    %c1 = arith.constant 1 : index
    %big = arith.constant 1000000 : index
    %c1024 = arith.constant 1024 : index
    gpu.launch_func @k::@empty blocks in (%big, %big, %c1) threads in (%c1024, %c1, %c1)
    return
  }
}
