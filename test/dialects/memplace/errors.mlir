// RUN: not sharc-run %s --entry=no_barrier --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not sharc-run %s --entry=divergent --random-inputs=1 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// RUN: not sharc-run %s --entry=thread_origin --random-inputs=1 2>&1 | FileCheck %s --check-prefix=ORIGIN
// RUN: not sharc-run %s --entry=unguarded --random-inputs=1 2>&1 | FileCheck %s --check-prefix=UNGUARDED
// RUN: not sharc-run %s --entry=race_layout --random-inputs=1 2>&1 | FileCheck %s --check-prefix=RACE-LAYOUT
// RUN: sharc-run %s --entry=empty --random-inputs=1 --metrics=json | FileCheck %s --check-prefix=EMPTY

// What sharc-run reports when the memplace ops are misused. Each thread of a copy makes its own
// accesses, so the race detector sees them: reading the tile without a barrier after the copy
// is a race between the thread that wrote an element and the one that reads it.
// RACE: errors.mlir:[[@LINE+5]]:10: error: shared-memory data race in block (0, 0, 0): thread (1, 0, 0) reads element [0] of a 33xf32 buffer that thread (0, 0, 0) wrote with no barrier in between
func.func @no_barrier(%A: memref<64xf32> {sharc.name = "A"}, %B: memref<64xf32> {sharc.name = "B"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<33xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[%o] to %s sizes [32] : memref<64xf32>, memref<33xf32, #gpu.address_space<workgroup>>
    %v = affine.load %s[0] : memref<33xf32, #gpu.address_space<workgroup>>
    affine.store %v, %B[%i] : memref<64xf32>
  }
  return
}

// A copy is an operation of the whole block: threads skipping it are divergence, as for a
// barrier.
// DIVERGENT: errors.mlir:[[@LINE+6]]:7: error: copy not reached by all threads of block (0, 0, 0): 16 of 32 threads arrive here, thread (16, 0, 0) does not
#low = affine_set<(d0)[s0] : (s0 + 15 - d0 >= 0)>
func.func @divergent(%A: memref<64xf32> {sharc.name = "A"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    affine.if #low(%i)[%o] {
      memplace.copy_in %A[%o] to %s sizes [32] : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>
    }
  }
  return
}

// The origin is the block's, not the thread's.
// ORIGIN: error: copy origin [1] differs from [0], the origin of the block's first thread, in thread (1, 0, 0) of block (0, 0, 0)
func.func @thread_origin(%A: memref<64xf32> {sharc.name = "A"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared : memref<32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[%i] to %s sizes [32] : memref<64xf32>, memref<32xf32, #gpu.address_space<workgroup>>
  }
  return
}

// The body runs for every thread of a partial block: without a guard, the threads past the
// upper bound (60 iterations on two blocks of 32) access out of bounds.
// UNGUARDED: error: out-of-bounds load: index [60] is out of bounds of shape [60] in thread (28, 0, 0) of block (1, 0, 0)
func.func @unguarded(%A: memref<60xf32> {sharc.name = "A"}, %B: memref<60xf32> {sharc.name = "B"}) {
  gpumap.band (%i) = (0) to (60) block [32] dims [x] origin (%o) {
    %v = affine.load %A[%i] : memref<60xf32>
    affine.store %v, %B[%i] : memref<60xf32>
  }
  return
}

// Races are found on the physical addresses of a laid-out buffer and reported at the element
// the program indexed: [1, 0] of the transposed 2x32 tile is physical element 1, written by
// thread 0 in the copy's second round.
// RACE-LAYOUT: errors.mlir:[[@LINE+5]]:10: error: shared-memory data race in block (0, 0, 0): thread (1, 0, 0) reads element [1, 0] of a 2x32xf32 buffer that thread (0, 0, 0) wrote with no barrier in between
func.func @race_layout(%A: memref<2x64xf32> {sharc.name = "A"}, %B: memref<64xf32> {sharc.name = "B"}) {
  gpumap.band (%i) = (0) to (64) block [32] dims [x] origin (%o) {
    %s = memplace.alloc_shared layout transposed : memref<2x32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[0, %o] to %s sizes [2, 32] : memref<2x64xf32>, memref<2x32xf32, #gpu.address_space<workgroup>>
    %v = affine.load %s[1, 0] : memref<2x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %B[%i] : memref<64xf32>
  }
  return
}

// A band with an empty loop runs no block at all.
// EMPTY-NOT: gpumap.band
func.func @empty(%A: memref<60xf32> {sharc.name = "A"}) {
  gpumap.band (%i) = (10) to (0) block [32] dims [x] origin (%o) {
    %v = affine.load %A[%i] : memref<60xf32>
    affine.store %v, %A[%i] : memref<60xf32>
  }
  return
}
