// Absurd sizes and runaway loops are clear errors, not an exhausted host or a hang.

// Arguments are checked against the memory cap (--max-memory; the default depends on the
// machine, so the tests give one) before they are generated or read, located at the function.
// RUN: not sharc-run %s --entry=huge --random-inputs=1 --max-memory=1G 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: limits.mlir:[[@LINE+47]]:3: error: argument 'arg0' (memref<1000000000xf32>): cannot allocate a buffer of shape [1000000000] of f32: 4000000000 bytes, with 0 bytes in use, exceed sharc-run's memory limit of 1073741824 bytes
// RUN: not sharc-run %s --entry=overflow --random-inputs=1 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: limits.mlir:[[@LINE+48]]:3: error: argument 'arg0' (memref<100000000000x100000000000xf32>): cannot allocate a buffer of shape [100000000000, 100000000000] of f32: its size overflows 64 bits
// RUN: not sharc-run %s --entry=rank9 --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: argument 'arg0' has unsupported type memref<1x1x1x1x1x1x1x1x1xf32> (memrefs of rank above 8 are not supported)

// Allocations count against the same limit while they live: a loop that allocates without
// freeing fails at the allocation that crosses it; freeing in the loop, or stack buffers
// released with their function, do not.
// RUN: not sharc-run %s --entry=leak --max-memory=1G 2>&1 | FileCheck %s --check-prefix=LEAK
// LEAK: limits.mlir:[[@LINE+51]]:12: error: cannot allocate a buffer of shape [4000000] of f32: 16000000 bytes, with 1072000000 bytes in use, exceed sharc-run's memory limit of 1073741824 bytes
// RUN: sharc-run %s --entry=freed --max-memory=1G
// The cap takes binary suffixes: 100M stops the leak sooner.
// RUN: not sharc-run %s --entry=leak --max-memory=100M 2>&1 | FileCheck %s --check-prefix=LEAK100
// LEAK100: limits.mlir:[[@LINE+47]]:12: error: cannot allocate a buffer of shape [4000000] of f32: 16000000 bytes, with 96000000 bytes in use, exceed sharc-run's memory limit of 104857600 bytes
// RUN: not sharc-run %s --entry=leak --max-memory=4X 2>&1 | FileCheck %s --check-prefix=BADCAP
// BADCAP: error: invalid value '4X' for '--max-memory <max-memory>': '4X' is not a byte count
// RUN: not sharc-run %s --entry=dynamic --arg=arg0=3000000000 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: error: cannot allocate a buffer of shape [3000000000, 3000000000] of f64: its size overflows 64 bits

// An scf.while whose condition never fails stops at the thread-operation limit (default 10^9,
// set by --max-ops), located at the op where it is crossed.
// RUN: not sharc-run %s --entry=spin --max-ops=100000 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: limits.mlir:[[@LINE+68]]:7: error: execution limit reached: more than 100000 thread-operations (a loop that never ends?)

// So does a launch of an absurd grid.
// RUN: not sharc-run %s --entry=grid --max-ops=100000 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: error: execution limit reached: more than 100000 thread-operations

// A wall-clock --timeout ends any run with a located error. Under --exec=host (default 600 s)
// it is what stops a compiled kernel, which --max-ops cannot step: it names the kernel running.
// RUN: not sharc-run %s --entry=forever --exec=host --timeout=1 2>&1 | FileCheck %s --check-prefix=HOSTSPIN
// HOSTSPIN: limits.mlir:[[@LINE+69]]:5: error: the host execution of @forever did not finish within 1 s (--timeout; compiled kernels are not bounded by --max-ops)
// RUN: not sharc-run %s --entry=spin --timeout=1 --max-ops=1000000000000 2>&1 | FileCheck %s --check-prefix=SIMSPIN
// SIMSPIN: limits.mlir:[[@LINE+50]]:3: error: the run of @spin did not finish within 1 s (--timeout)

// Under --exec=host a launch's own memory counts against the cap too: the host copies of its
// buffers, every thread's stack buffers (128 threads x 16 KiB here) and workgroup memory. The
// simulator counts the same private buffers as its threads allocate them.
// RUN: not sharc-run %s --entry=stacks --exec=host --max-memory=1M 2>&1 | FileCheck %s --check-prefix=STACKS
// STACKS: limits.mlir:[[@LINE+92]]:5: error: cannot run @stacks on the host: copies of its buffers (16 bytes), the stack buffers of 128 threads (16384 bytes each) and workgroup memory (0 bytes), with 4 bytes in use, exceed sharc-run's memory limit of 1048576 bytes
// RUN: sharc-run %s --entry=stacks --exec=host --max-memory=4M
// RUN: sharc-run %s --entry=stacks --max-memory=4M
// RUN: not sharc-run %s --entry=stacks --max-memory=1M 2>&1 | FileCheck %s --check-prefix=SIMSTACKS
// SIMSTACKS: limits.mlir:[[@LINE+88]]:5: error: cannot allocate a buffer of shape [4096] of f32: 16384 bytes, with 1032196 bytes in use, exceed sharc-run's memory limit of 1048576 bytes

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
  gpu.module @h {
    gpu.func @forever(%out: memref<1xi32>) kernel {
      %true = arith.constant true
      %c0 = arith.constant 0 : i32
      %r = scf.while (%x = %c0) : (i32) -> i32 {
        scf.condition(%true) %x : i32
      } do {
      ^bb0(%x: i32):
        gpu.barrier
        scf.yield %x : i32
      }
      gpu.return
    }
    gpu.func @stacks(%out: memref<1xf32>)
        private(%p: memref<4096xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %v = memref.load %out[%c0] : memref<1xf32>
      memref.store %v, %p[%tx] : memref<4096xf32, #gpu.address_space<private>>
      gpu.return
    }
  }
  func.func @forever() {
    %c1 = arith.constant 1 : index
    %m = memref.alloc() : memref<1xi32>
    gpu.launch_func @h::@forever blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%m : memref<1xi32>)
    return
  }
  func.func @stacks() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %m = memref.alloc() : memref<1xf32>
    gpu.launch_func @h::@stacks blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%m : memref<1xf32>)
    return
  }
  func.func @grid() {
    %c1 = arith.constant 1 : index
    %big = arith.constant 1000000 : index
    %c1024 = arith.constant 1024 : index
    gpu.launch_func @k::@empty blocks in (%big, %big, %c1) threads in (%c1024, %c1, %c1)
    return
  }
}
