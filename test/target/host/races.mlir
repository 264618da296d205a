// A data race of the IR under --exec=host. The simulator reports it (test/sim/transpose-race.mlir);
// the host runs a block's threads as concurrent OS threads, so the racing accesses happen in
// whatever order the threads reach them. Every element access of a host kernel is an `unordered`
// atomic (see codegen/src/host_runtime.rs), so the race is defined: each load returns the value
// of some store to that element, and the run completes with one of the interleavings.
// RUN: sharc-translate %S/../../sim/transpose-race.mlir --target=host -O0 | FileCheck %s
// CHECK: load atomic float, ptr %{{[0-9]+}} unordered, align 4
// CHECK: store atomic float %{{[0-9]+}}, ptr %{{[0-9]+}} unordered, align 4
// RUN: not sharc-run %S/../../sim/transpose-race.mlir --entry=main --random-inputs=1 2>&1 | FileCheck %s --check-prefix=SIM
// SIM: error: shared-memory data race in block (0, 0, 0)
// RUN: sharc-run %S/../../sim/transpose-race.mlir --entry=main --random-inputs=1 --exec=host

// Elements LLVM cannot access atomically (an i1 is stored as a byte, but LLVM's atomics need 8,
// 16, 32 or 64 bits of value) stay plain accesses.
// RUN: sharc-translate %s --target=host -O0 | FileCheck %s --check-prefix=BOOL
// BOOL: load i1, ptr %{{[0-9]+}}, align 1
// BOOL: store i1 %{{[0-9]+}}, ptr %{{[0-9]+}}, align 1

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @flags(%in: memref<4xi1>, %out: memref<4xi1>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<4xi1>
      memref.store %v, %out[%tx] : memref<4xi1>
      gpu.return
    }
  }
}
