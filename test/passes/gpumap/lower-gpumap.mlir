// RUN: sharc-opt %s --sharc-lower-gpumap -o %t.mlir
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %t.mlir -o /dev/null %}
// RUN: sharc-opt %t.mlir --lower-affine -o %t.scf.mlir
// RUN: sharc-run %s --entry=copy --random-inputs=1 --compare=%t.mlir
// RUN: sharc-run %s --entry=halves --random-inputs=1 --compare=%t.mlir
// RUN: sharc-run %s --entry=empty --random-inputs=1 --compare=%t.mlir
// RUN: sharc-run %s --entry=gemm --random-inputs=2 --compare=%t.mlir
// RUN: sharc-run %s --entry=gemm --random-inputs=2 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=scale --arg=n=50 --arg=m=70 --random-inputs=3 --compare=%t.mlir
// RUN: sharc-run %s --entry=scale --arg=n=50 --arg=m=70 --random-inputs=3 --compare=%t.scf.mlir
// RUN: sharc-run %s --entry=gemm --random-inputs=2 --metrics=json | FileCheck %s --check-prefix=SIM
// RUN: sharc-run %t.mlir --entry=gemm --random-inputs=2 --metrics=json | FileCheck %s --check-prefix=SIM
// RUN: sharc-run %s --entry=scale --arg=n=50 --arg=m=70 --random-inputs=3 --metrics=json | FileCheck %s --check-prefix=SIM-SCALE
// RUN: sharc-run %t.mlir --entry=scale --arg=n=50 --arg=m=70 --random-inputs=3 --metrics=json | FileCheck %s --check-prefix=SIM-SCALE

// The lowered kernels compute what the bands compute, with the same memory requests: the
// simulator runs a copy as its lowered loop runs (SIM lines hold for both levels). Upstream
// mlir-opt accepts the output (the sharc.share attribute needs --allow-unregistered-dialect).
// SIM: "global_load_requests": 1024, "global_store_requests": 128
// SIM-SAME: "shared_load_requests": 16384, "shared_store_requests": 1024
// SIM-SAME: "shared_bank_conflicts": 512
// SIM-SCALE: "grid": [3, 13, 1], "block": [32, 4, 1]
// SIM-SCALE-SAME: "barriers": 78, "global_load_requests": 150, "global_store_requests": 150
// SIM-SCALE-SAME: "shared_load_requests": 300, "shared_store_requests": 306

// A band without memplace ops: constant grid, ids as affine.apply over block and thread ids,
// argument names and the band's sharc.share on the launch and the kernel.
// CHECK-LABEL: func.func @copy
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch_func  @copy_kernels::@copy_b0 blocks in (%[[C2]], %[[C8]], %[[C1]]) threads in (%[[C32]], %[[C8]], %[[C1]])  args(%arg0 : memref<64x64xf32>, %arg1 : memref<64x64xf32>) {sharc.share = #sharc.share<"A[TB_Y][TB_X]">}
// CHECK-NEXT: return
// CHECK: gpu.module @copy_kernels {
// CHECK-NEXT: gpu.func @copy_b0(%arg0: memref<64x64xf32> {sharc.name = "A"}, %arg1: memref<64x64xf32> {sharc.name = "B"}) kernel attributes {known_block_size = array<i32: 32, 8, 1>, sharc.share = #sharc.share<"A[TB_Y][TB_X]">} {
// CHECK-NEXT: %[[BY:.*]] = gpu.block_id  y
// CHECK-NEXT: %[[TY:.*]] = gpu.thread_id  y
// CHECK-NEXT: %[[OI:.*]] = affine.apply #map{{[0-9]*}}()[%[[BY]]]
// CHECK-NEXT: %[[I:.*]] = affine.apply #map{{[0-9]*}}()[%[[OI]], %[[TY]]]
// CHECK-NEXT: %[[BX:.*]] = gpu.block_id  x
// CHECK-NEXT: %[[TX:.*]] = gpu.thread_id  x
// CHECK-NEXT: %[[OJ:.*]] = affine.apply #map{{[0-9]*}}()[%[[BX]]]
// CHECK-NEXT: %[[J:.*]] = affine.apply #map{{[0-9]*}}()[%[[OJ]], %[[TX]]]
// CHECK-NEXT: %[[V:.*]] = affine.load %arg0[%[[I]], %[[J]]] : memref<64x64xf32>
// CHECK-NEXT: affine.store %[[V]], %arg1[%[[I]], %[[J]]] : memref<64x64xf32>
// CHECK-NEXT: gpu.return

// Shared buffers become workgroup attributions; each copy_in a loop over the 256 elements of
// the tile from the linear thread id with the block's 256 threads as step, reading only inside
// A (else zero); barriers become gpu.barrier.
// CHECK-LABEL: func.func @gemm
// CHECK: gpu.launch_func  @gemm_kernels::@gemm_b0
// CHECK: gpu.func @gemm_b0({{.*}}) workgroup(%[[AS:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>, %[[BS:.*]] : memref<16x17xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: %[[T:.*]] = affine.apply #map{{[0-9]*}}()[%thread_id_x, %thread_id_y]
// CHECK: affine.for %[[KK:.*]] = 0 to 64 step 16
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: affine.for %[[E:.*]] = %[[T]] to 256 step 256 {
// CHECK-NEXT: %[[X:.*]] = affine.if #set{{[0-9]*}}(%[[E]], %{{.*}}, %[[KK]]) -> f32 {
// CHECK-NEXT: %[[L:.*]] = affine.load %arg0[%{{.*}} + %[[E]] floordiv 16, %[[KK]] + %[[E]] mod 16] : memref<64x64xf32>
// CHECK-NEXT: affine.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: affine.yield %[[ZERO]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: affine.store %[[X]], %[[AS]][%[[E]] floordiv 16, %[[E]] mod 16] : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK: affine.store %{{.*}}, %[[BS]][%{{.*}} floordiv 16, %{{.*}} mod 16] : memref<16x17xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: gpu.barrier

// Symbolic bounds: the grid is computed on the host and the launch skipped when a loop is
// empty; the global extents of a dynamic memref are memref.dim; copy_out writes only inside B.
// CHECK-LABEL: func.func @scale
// CHECK: %[[GY:.*]] = affine.apply #map{{[0-9]*}}()[%arg2, %arg3]
// CHECK: %[[GX:.*]] = affine.apply #map{{[0-9]*}}()[%arg2, %arg3]
// CHECK: affine.if #set{{[0-9]*}}()[%arg2, %arg3] {
// CHECK-NEXT: gpu.launch_func  @scale_kernels::@scale_b0 blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in
// CHECK: gpu.func @scale_b0
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: %[[D0:.*]] = memref.dim %[[B:.*]], %{{.*}} : memref<?x?xf32>
// CHECK: %[[D1:.*]] = memref.dim %[[B]], %{{.*}} : memref<?x?xf32>
// CHECK-NEXT: affine.for %[[E2:.*]] = %{{.*}} to 128 step 128 {
// CHECK-NEXT: affine.if #set{{[0-9]*}}(%[[E2]], %{{.*}}, %{{.*}})[%[[D0]], %[[D1]]] {
// CHECK-NEXT: %[[W:.*]] = affine.load %{{.*}}[%[[E2]] floordiv 32, %[[E2]] mod 32] : memref<4x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: affine.store %[[W]], %[[B]][%{{.*}} + %[[E2]] floordiv 32, %{{.*}} + %[[E2]] mod 32] : memref<?x?xf32>

func.func @copy(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [8, 32] dims [y, x] origin (%bi, %bj) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %B[%i, %j] : memref<64x64xf32>
  } {sharc.share = #sharc.share<"A[TB_Y][TB_X]">}
  return
}

#inside = affine_set<(d0, d1) : (63 - d0 >= 0, 63 - d1 >= 0)>
func.func @gemm(%A: memref<64x64xf32> {sharc.name = "A"}, %B: memref<64x64xf32> {sharc.name = "B"},
                %C: memref<64x64xf32> {sharc.name = "C"}) {
  gpumap.band (%i, %j) = (0, 0) to (64, 64) block [16, 16] dims [y, x] origin (%bi, %bj) {
    %As = memplace.alloc_shared : memref<16x16xf32, #gpu.address_space<workgroup>>
    %Bs = memplace.alloc_shared : memref<16x17xf32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0.0 : f32
    %sum = affine.for %kk = 0 to 64 step 16 iter_args(%acc = %zero) -> (f32) {
      memplace.copy_in %A[%bi, %kk] to %As sizes [16, 16] : memref<64x64xf32>, memref<16x16xf32, #gpu.address_space<workgroup>>
      memplace.copy_in %B[%kk, %bj] to %Bs sizes [16, 16] : memref<64x64xf32>, memref<16x17xf32, #gpu.address_space<workgroup>>
      memplace.barrier
      %part = affine.for %k = 0 to 16 iter_args(%a2 = %acc) -> (f32) {
        %x = affine.load %As[%i - %bi, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %y = affine.load %Bs[%k, %j - %bj] : memref<16x17xf32, #gpu.address_space<workgroup>>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %a2, %p : f32
        affine.yield %s : f32
      }
      memplace.barrier
      affine.yield %part : f32
    }
    affine.if #inside(%i, %j) {
      affine.store %sum, %C[%i, %j] : memref<64x64xf32>
    }
  }
  return
}

#in_array = affine_set<(d0, d1)[s0, s1] : (s0 - d0 - 1 >= 0, s1 - d1 - 1 >= 0)>
func.func @scale(%A50x70: memref<50x70xf32> {sharc.name = "A"}, %B50x70: memref<50x70xf32> {sharc.name = "B"},
                 %n: index {sharc.name = "n"}, %m: index {sharc.name = "m"}) {
  %two = arith.constant 2.0 : f32
  %A = memref.cast %A50x70 : memref<50x70xf32> to memref<?x?xf32>
  %B = memref.cast %B50x70 : memref<50x70xf32> to memref<?x?xf32>
  gpumap.band (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) block [4, 32] dims [y, x] origin (%bi, %bj) {
    %S = memplace.alloc_shared : memref<4x32xf32, #gpu.address_space<workgroup>>
    %T = memplace.alloc_shared : memref<4x33xf32, #gpu.address_space<workgroup>>
    memplace.copy_in %A[%bi, %bj] to %S sizes [4, 32] : memref<?x?xf32>, memref<4x32xf32, #gpu.address_space<workgroup>>
    memplace.barrier
    affine.if #in_array(%i, %j)[%n, %m] {
      %v = affine.load %S[%i - %bi, %j - %bj] : memref<4x32xf32, #gpu.address_space<workgroup>>
      %w = arith.mulf %v, %two : f32
      affine.store %w, %T[%i - %bi, %j - %bj] : memref<4x33xf32, #gpu.address_space<workgroup>>
    }
    memplace.barrier
    memplace.copy_out %T to %B[%bi, %bj] sizes [4, 32] : memref<4x33xf32, #gpu.address_space<workgroup>>, memref<?x?xf32>
  }
  return
}

// A band inside a host loop whose lower bound uses the loop's induction variable: the bound's
// operand becomes a kernel argument, from which the kernel computes the block origins.
// CHECK-LABEL: func.func @halves
// CHECK: affine.for %[[H:.*]] = 0 to 2 {
// CHECK: gpu.launch_func  @halves_kernels::@halves_b0 {{.*}} args(%arg0 : memref<64xf32>, %[[H]] : index)
// CHECK: gpu.func @halves_b0(%arg0: memref<64xf32> {sharc.name = "A"}, %arg1: index)
// CHECK: %[[BX:.*]] = gpu.block_id  x
// CHECK-NEXT: %{{.*}} = gpu.thread_id  x
// CHECK-NEXT: %{{.*}} = affine.apply #map{{[0-9]*}}(%arg1)[%[[BX]]]
func.func @halves(%A: memref<64xf32> {sharc.name = "A"}) {
  %one = arith.constant 1.0 : f32
  affine.for %h = 0 to 2 {
    gpumap.band (%i) = (%h * 32) to (%h * 32 + 32) block [16] dims [x] origin (%o) {
      %v = affine.load %A[%i] : memref<64xf32>
      %w = arith.addf %v, %one : f32
      affine.store %w, %A[%i] : memref<64xf32>
    }
  }
  return
}

// A band with a constant empty loop runs nothing: it is erased, and no kernel is made.
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: return
// CHECK-NOT: @empty_kernels
func.func @empty(%A: memref<64xf32> {sharc.name = "A"}) {
  gpumap.band (%i) = (8) to (8) block [32] dims [x] origin (%o) {
    %v = affine.load %A[%i] : memref<64xf32>
    affine.store %v, %A[%i] : memref<64xf32>
  }
  return
}
