// RUN: sharc-opt %s --sharc-eliminate-barriers -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// Every erased barrier was one no thread needed: the same outputs as the original and no race
// (a race, an out-of-bounds access or a divergent barrier is an error of sharc-run), at the
// memplace level and after lowering to the gpu dialect.
// RUN: for k in owned replicated blocked transpose strip strip_owned broadcast remapped; do \
// RUN:   sharc-run %t.mlir --entry=$k --random-inputs=1 --compare=%s || exit 1; done
// RUN: sharc-opt %t.mlir --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.gpu.mlir
// RUN: for k in owned replicated transpose strip_owned; do \
// RUN:   sharc-run %t.gpu.mlir --entry=$k --random-inputs=1 --compare=%s || exit 1; done
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.gpu.mlir -o /dev/null %}

// REMARK-DAG: remark: eliminate-barriers: 2 of 2 barriers erased
// REMARK-DAG: remark: eliminate-barriers: 2 of 2 barriers erased
// REMARK-DAG: remark: eliminate-barriers: 1 of 2 barriers erased
// REMARK-DAG: remark: eliminate-barriers: 2 of 2 barriers erased
// REMARK-NOT: remark

// A tile each thread copies in, updates and copies back at its own element (PolyBench gemm's
// C): thread (y, x) is the copy's thread 32·y + x, which copies element (y, x). Both erased.
// CHECK-LABEL: func.func @owned
// CHECK: memplace.copy_in
// CHECK-NOT: memplace.barrier
// CHECK: memplace.copy_out
func.func @owned(%C: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %Cs = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %C[%oi, %oj] to %Cs sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %c = affine.load %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    %d = arith.mulf %c, %c : f32
    affine.store %d, %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    memplace.copy_out %Cs to %C[%oi, %oj] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
  }
  return
}

// The same after sharc-ilp's cyclic replication (block 16 x 32, tile 32 x 32): thread (y, x)
// runs rows y and y + 16, and the copy's thread 32·y + x copies elements 32·y + x and
// 32·y + x + 512, rows y and y + 16 of column x. Both erased.
// CHECK-LABEL: func.func @replicated
// CHECK-NOT: memplace.barrier
// CHECK: return
func.func @replicated(%C: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 32] tile [32, 32] dims [y, x] origin (%oi, %oj) {
    %Cs = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %i1 = affine.apply affine_map<(d0) -> (d0 + 16)>(%i)
    memplace.copy_in %C[%oi, %oj] to %Cs sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %c0 = affine.load %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    %c1 = affine.load %Cs[%i1 - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    %d0 = arith.addf %c0, %c1 : f32
    %d1 = arith.subf %c0, %c1 : f32
    affine.store %d0, %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %d1, %Cs[%i1 - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    memplace.copy_out %Cs to %C[%oi, %oj] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
  }
  return
}

// Blocked replication instead: thread (y, x) runs rows 2y and 2y + 1, which the copy gives to
// threads (y/2, x) and (8 + y/2, x). Both stay.
// CHECK-LABEL: func.func @blocked
// CHECK: memplace.copy_in
// CHECK-NEXT: memplace.barrier
// CHECK: memplace.barrier
// CHECK-NEXT: memplace.copy_out
func.func @blocked(%C: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 32] tile [32, 32] distribution [blocked, cyclic] dims [y, x] origin (%oi, %oj) {
    %Cs = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %i1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    memplace.copy_in %C[%oi, %oj] to %Cs sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %c0 = affine.load %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    %c1 = affine.load %Cs[%i1 - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    %d0 = arith.addf %c0, %c1 : f32
    %d1 = arith.subf %c0, %c1 : f32
    affine.store %d0, %Cs[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %d1, %Cs[%i1 - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    memplace.copy_out %Cs to %C[%oi, %oj] sizes [32, 32] : memref<32x32xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
  }
  return
}

// A transpose through two tiles: each thread reads back the element of `in` it copied (the
// first barrier goes), but writes element (x, y) of the output tile, which the copy back
// reads on thread (x, y) (the second stays).
// CHECK-LABEL: func.func @transpose
// CHECK: memplace.copy_in
// CHECK-NOT: memplace.barrier
// CHECK: affine.store
// CHECK-NEXT: memplace.barrier
// CHECK-NEXT: memplace.copy_out
func.func @transpose(%in: memref<64x64xf32>, %out: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %Is = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %Os = memplace.alloc_shared : memref<32x33xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %in[%oi, %oj] to %Is sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %Is[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %Os[%j - %oj, %i - %oi] : memref<32x33xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    memplace.copy_out %Os to %out[%oj, %oi] sizes [32, 32] : memref<32x33xf32, #gpu.address_space<workgroup>>, memref<64x64xf32>
  }
  return
}

// A strip loop whose inner loop reads a row of the tile (matmul's A): thread (y, x) reads
// elements (y, k) that threads (y, k) copied, and the next strip's copy overwrites what the
// others still read. Both stay.
// CHECK-LABEL: func.func @strip
// CHECK: memplace.copy_in
// CHECK-NEXT: memplace.barrier
// CHECK: memplace.barrier
// CHECK-NEXT: affine.yield
func.func @strip(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %As = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %s = affine.for %kk = 0 to 64 step 32 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%oi, %kk] to %As sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %r = affine.for %k = 0 to 32 iter_args(%a = %acc) -> (f32) {
        %v = affine.load %As[%i - %oi, %k] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %n = arith.addf %a, %v : f32
        affine.yield %n : f32
      }
      memplace.barrier
      affine.yield %r : f32
    }
    affine.store %s, %B[%i, %j] : memref<64x64xf32>
  }
  return
}

// A strip loop where each thread reads only the element it copied, strip after strip: the
// barrier after the copy and the one before the next strip's copy both go.
// CHECK-LABEL: func.func @strip_owned
// CHECK-NOT: memplace.barrier
// CHECK: return
func.func @strip_owned(%A: memref<64x96xf32>, %B: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %As = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %s = affine.for %kk = 0 to 64 step 32 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%oi, %oj + %kk] to %As sizes [32, 32] : memref<64x96xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %v = affine.load %As[%i - %oi, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
      %n = arith.addf %acc, %v : f32
      memplace.barrier
      affine.yield %n : f32
    }
    affine.store %s, %B[%i, %j] : memref<64x64xf32>
  }
  return
}

// Every thread reads the tile's first element, which thread 0 copied. Stays.
// CHECK-LABEL: func.func @broadcast
// CHECK: memplace.copy_in
// CHECK-NEXT: memplace.barrier
func.func @broadcast(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %As = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[%oi, %oj] to %As sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %As[0, 0] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %B[%i, %j] : memref<64x64xf32>
  }
  return
}

// A subscript that is not affine in the thread ids (the diagonal remap's `mod`): its footprint
// is "any element", so the barrier stays, although row (y + x) mod 32 is not the copy's row y.
// CHECK-LABEL: func.func @remapped
// CHECK: memplace.copy_in
// CHECK-NEXT: memplace.barrier
func.func @remapped(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [32, 32] dims [y, x] origin (%oi, %oj) {
    %As = memplace.alloc_shared : memref<32x32xf32, #gpu.address_space<workgroup>>
    %r = affine.apply affine_map<(d0, d1, d2, d3) -> ((d0 - d2 + d1 - d3) mod 32)>(%i, %j, %oi, %oj)
    memplace.copy_in %A[%oi, %oj] to %As sizes [32, 32] : memref<64x64xf32>, memref<32x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    %v = affine.load %As[%r, %j - %oj] : memref<32x32xf32, #gpu.address_space<workgroup>>
    affine.store %v, %B[%i, %j] : memref<64x64xf32>
  }
  return
}
