// sharc-register-promote: loop-invariant elements of the parallel sections kept in registers.
// RUN: sharc-opt %s --sharc-register-promote -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: for n in 0 5 12; do sharc-run %s --entry=gemm --arg arg3=$n --random-inputs=7 --compare=%t.mlir || exit 1; done
// RUN: for f in const_trip invariant_load redundant aliasing_store view_store not_invariant store_first conditional_store zero_trip host; do sharc-run %s --entry=$f --random-inputs=7 --compare=%t.mlir || exit 1; done
// Through the whole mapping too: the promoted code runs on the GPU level with the same results.
// RUN: sharc-opt %t.mlir --sharc-partition --sharc-map-baseline --sharc-map --sharc-promote --sharc-lower-gpumap -o %t.gpu.mlir
// RUN: sharc-run %s --entry=gemm --arg arg3=6 --random-inputs=3 --compare=%t.gpu.mlir
// RUN: for f in const_trip zero_trip; do sharc-run %s --entry=$f --random-inputs=3 --compare=%t.gpu.mlir || exit 1; done

// gemm's `C[i][j] +=` along k: C becomes an iter_args value, loaded before the loop and stored
// after it; nk may be 0, so the load and the store are guarded by "nk >= 1" (the loop itself
// stays outside the guard). The additions keep their order.
// CHECK-LABEL: func.func @gemm
// CHECK: affine.parallel
// CHECK: %[[INIT:.*]] = affine.if #[[SET:.*]]()[%[[NK:.*]]] -> f32 {
// CHECK-NEXT: %[[C0:.*]] = affine.load %arg0[%{{.*}}, %{{.*}}]
// CHECK-NEXT: affine.yield %[[C0]]
// CHECK-NEXT: } else {
// CHECK-NEXT: arith.constant 0.0
// CHECK: %[[R:.*]] = affine.for %{{.*}} = 0 to min #{{.*}}()[%[[NK]]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK-NOT: affine.load %arg0
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// CHECK-NOT: affine.store
// CHECK: affine.yield %[[S]]
// CHECK: affine.if #[[SET]]()[%[[NK]]] {
// CHECK-NEXT: affine.store %[[R]], %arg0[%{{.*}}, %{{.*}}]
func.func @gemm(%C: memref<8x8xf32>, %A: memref<8x8xf32>, %B: memref<8x8xf32>, %nk: index) {
  affine.parallel (%i, %j) = (0, 0) to (8, 8) {
    affine.for %k = 0 to min affine_map<()[s0] -> (s0, 8)>()[%nk] {
      %c = affine.load %C[%i, %j] : memref<8x8xf32>
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %b = affine.load %B[%k, %j] : memref<8x8xf32>
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %c, %p : f32
      affine.store %s, %C[%i, %j] : memref<8x8xf32>
    }
  }
  return
}

// Constant bounds prove an iteration: no guard. The store before the loop gives the value
// the promoted element starts with (no load at all).
// CHECK-LABEL: func.func @const_trip
// CHECK-NOT: affine.if
// CHECK: affine.store %[[Z:.*]], %arg0[%[[I:.*]]]
// CHECK-NEXT: %[[R:.*]] = affine.for %{{.*}} = 0 to 8 iter_args(%{{.*}} = %[[Z]]) -> (f32) {
// CHECK: affine.store %[[R]], %arg0[%[[I]]]
func.func @const_trip(%C: memref<8xf32>, %A: memref<8x8xf32>) {
  %z = arith.constant 0.0 : f32
  affine.parallel (%i) = (0) to (8) {
    affine.store %z, %C[%i] : memref<8xf32>
    affine.for %k = 0 to 8 {
      %c = affine.load %C[%i] : memref<8xf32>
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %C[%i] : memref<8xf32>
    }
  }
  return
}

// A read-only element loaded in every iteration (symm's B[i][j]) moves before the loop; its
// second load in the iteration takes the first one's value.
// CHECK-LABEL: func.func @invariant_load
// CHECK: affine.parallel
// CHECK-NEXT: %[[X:.*]] = affine.load %arg1[%{{.*}}]
// CHECK-NEXT: affine.for
// CHECK-NOT: affine.load %arg1
// CHECK: arith.mulf %[[X]], %[[X]]
func.func @invariant_load(%C: memref<8x8xf32>, %X: memref<8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 8 {
      %x = affine.load %X[%i] : memref<8xf32>
      %y = affine.load %X[%i] : memref<8xf32>
      %p = arith.mulf %x, %y : f32
      affine.store %p, %C[%i, %k] : memref<8x8xf32>
    }
  }
  return
}

// A load of an address loaded before, with a store to another memref in between, is
// redundant (distinct memrefs do not alias); after a store to the same memref it is not.
// CHECK-LABEL: func.func @redundant
// CHECK: %[[A:.*]] = affine.load %arg1[%[[I:.*]]]
// CHECK-NEXT: affine.store %[[A]], %arg0[%[[I]]]
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[A]], %[[A]]
// CHECK-NEXT: affine.store %[[B]], %arg1[%{{.*}}]
// CHECK-NEXT: %[[C:.*]] = affine.load %arg1[%[[I]]]
func.func @redundant(%C: memref<9xf32>, %A: memref<9xf32>) {
  affine.parallel (%i) = (0) to (8) {
    %a = affine.load %A[%i] : memref<9xf32>
    affine.store %a, %C[%i] : memref<9xf32>
    %b = affine.load %A[%i] : memref<9xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %A[%i + 1] : memref<9xf32>
    %c = affine.load %A[%i] : memref<9xf32>
    affine.store %c, %C[%i + 1] : memref<9xf32>
  }
  return
}

// Negative: the loop writes an element of A the invariant load may read (A[k] meets A[i] at
// k = i), so the load stays in the loop.
// CHECK-LABEL: func.func @aliasing_store
// CHECK: affine.for
// CHECK-NEXT: affine.load %arg0[%{{.*}}]
func.func @aliasing_store(%A: memref<8x8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %i] : memref<8x8xf32>
      %s = arith.addf %a, %a : f32
      affine.store %s, %A[%i, %k] : memref<8x8xf32>
    }
  }
  return
}

// Negative: a store through a view of the same memref may alias anything in it.
// CHECK-LABEL: func.func @view_store
// CHECK: affine.for
// CHECK-NEXT: affine.load %arg0[%{{.*}}]
func.func @view_store(%A: memref<8xf32>, %B: memref<8xf32>) {
  %v = memref.cast %A : memref<8xf32> to memref<?xf32>
  affine.parallel (%i) = (0) to (4) {
    affine.for %k = 4 to 8 {
      %a = affine.load %A[%i] : memref<8xf32>
      affine.store %a, %v[%k] : memref<?xf32>
    }
  }
  return
}

// Negative: the subscripts depend on the loop.
// CHECK-LABEL: func.func @not_invariant
// CHECK: affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT: affine.load %arg0[%{{.*}} + %{{.*}}]
// CHECK: affine.store %{{.*}}, %arg0[%{{.*}} + %{{.*}}]
func.func @not_invariant(%C: memref<16xf32>, %A: memref<8x8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 8 {
      %c = affine.load %C[%i + %k] : memref<16xf32>
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %C[%i + %k] : memref<16xf32>
    }
  }
  return
}

// An element the loop writes before it reads it needs no load before the loop: its value
// there is never read (a zero stands for it), and the last value is stored once after.
// CHECK-LABEL: func.func @store_first
// CHECK: %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT: %[[R:.*]] = affine.for %{{.*}} = 0 to 8 iter_args(%{{.*}} = %[[Z]]) -> (f32) {
// CHECK-NOT: affine.store
// CHECK: affine.yield
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %[[R]], %arg1[%{{.*}}]
func.func @store_first(%A: memref<8x8xf32>, %C: memref<8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 8 {
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      affine.store %a, %C[%i] : memref<8xf32>
    }
  }
  return
}

// Negative: a store under a condition is not promoted (the element is written in some
// iterations only); the unconditional load stays too, as the store may change what it reads.
// CHECK-LABEL: func.func @conditional_store
// CHECK: affine.for %[[K:.*]] = 0 to 8 {
// CHECK-NEXT: affine.load %arg0[%{{.*}}]
// CHECK: affine.if
// CHECK-NEXT: affine.store
func.func @conditional_store(%C: memref<8xf32>, %A: memref<8x8xf32>) {
  affine.parallel (%i) = (0) to (8) {
    affine.for %k = 0 to 8 {
      %c = affine.load %C[%i] : memref<8xf32>
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %s = arith.addf %c, %a : f32
      affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%k) {
        affine.store %s, %C[%i] : memref<8xf32>
      }
    }
  }
  return
}

// A loop that runs zero times for i >= 8 must not touch C[i] there (another thread may own
// it; here the element past 7 is another array's business): the guard is "7 - i >= 0".
// CHECK-LABEL: func.func @zero_trip
// CHECK: affine.if #{{.*}}(%[[I:.*]]) -> f32 {
// CHECK: affine.for %{{.*}} = #{{.*}}(%[[I]]) to 8 iter_args
// CHECK: affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.store
func.func @zero_trip(%C: memref<16xf32>, %A: memref<8xf32>) {
  affine.parallel (%i) = (0) to (16) {
    affine.for %k = affine_map<(d0) -> (d0)>(%i) to 8 {
      %c = affine.load %C[%i] : memref<16xf32>
      %a = affine.load %A[%k] : memref<8xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %C[%i] : memref<16xf32>
    }
  }
  return
}

// Outside the parallel sections nothing changes (host code keeps its accesses).
// CHECK-LABEL: func.func @host
// CHECK: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %arg0[%{{.*}}]
func.func @host(%C: memref<8xf32>, %A: memref<8x8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 8 {
      %c = affine.load %C[%i] : memref<8xf32>
      %a = affine.load %A[%i, %k] : memref<8x8xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %C[%i] : memref<8xf32>
    }
  }
  return
}
