// The pass writes the baseline plan (the PLAN and REMARK prefixes); sharc-map and
// sharc-lower-gpumap carry it out as any other plan (the kernels, with the default prefix).
// RUN: sharc-opt %s --sharc-map-baseline -split-input-file 2> %t.diag | FileCheck %s --check-prefix=PLAN
// RUN: FileCheck %s --input-file=%t.diag --check-prefix=REMARK
// RUN: sharc-opt %s --sharc-map-baseline --sharc-map --sharc-lower-gpumap -split-input-file -o %t.mlir 2> /dev/null
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: %if mlir-opt %{ mlir-opt %t.mlir -split-input-file > /dev/null %}
// RUN: %if mlir-opt %{ sharc-opt %t.mlir -split-input-file --lower-affine | mlir-opt -split-input-file > /dev/null %}
// RUN: sharc-opt %s --sharc-map-baseline="target=mi250x block=16,4" --sharc-map --sharc-lower-gpumap -split-input-file 2>/dev/null | FileCheck %s --check-prefix=BLOCK

// Symbolic 2-D bounds on dynamic memrefs: x is %j (the last subscript of the load), blocks of
// 32x8 tile the space, the grid is ceildiv(extent, block), launched only when not empty, and
// the kernel checks both bounds. The function's argument attributes and the section's
// sharc.share and sharc.plan move to the kernel; the launch keeps them too.
// PLAN-LABEL: func.func @copy
// PLAN:         } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}, sharc.share = "A[TB_Y][*]"}
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK:       func.func @copy(%[[A:.*]]: memref<?x?xf32> {sharc.name = "A"}, %[[B:.*]]: memref<?x?xf32> {sharc.name = "B"}, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK:         %[[GY:.*]] = affine.apply #{{.*}}()[%[[N]], %[[M]]]
// CHECK:         %[[GX:.*]] = affine.apply #{{.*}}()[%[[N]], %[[M]]]
// CHECK:         %[[C32:.*]] = arith.constant 32 : index
// CHECK:         %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         affine.if #{{.*}}()[%[[N]], %[[M]]] {
// CHECK:           gpu.launch_func @copy_kernels::@copy_b0 blocks in (%[[GX]], %[[GY]], %[[C1]]) threads in (%[[C32]], %[[C8]], %[[C1]]) args(%[[A]] : memref<?x?xf32>, %[[B]] : memref<?x?xf32>, %[[N]] : index, %[[M]] : index) {sharc.plan = {{.*}}, sharc.share = "A[TB_Y][*]"}
// CHECK:       gpu.module @copy_kernels
// CHECK:         gpu.func @copy_b0(%[[KA:.*]]: memref<?x?xf32> {sharc.name = "A"}, %[[KB:.*]]: memref<?x?xf32> {sharc.name = "B"}, %[[KN:.*]]: index, %[[KM:.*]]: index) kernel attributes {known_block_size = array<i32: 32, 8, 1>, sharc.plan = {{.*}}, sharc.share = "A[TB_Y][*]"}
// CHECK:           %[[BY:.*]] = gpu.block_id y
// CHECK:           %[[TY:.*]] = gpu.thread_id y
// CHECK:           %[[OY:.*]] = affine.apply #{{.*}}()[%[[BY]]]
// CHECK:           %[[I:.*]] = affine.apply #{{.*}}()[%[[OY]], %[[TY]]]
// CHECK:           %[[BX:.*]] = gpu.block_id x
// CHECK:           %[[TX:.*]] = gpu.thread_id x
// CHECK:           %[[OX:.*]] = affine.apply #{{.*}}()[%[[BX]]]
// CHECK:           %[[J:.*]] = affine.apply #{{.*}}()[%[[OX]], %[[TX]]]
// CHECK:           affine.if #{{.*}}(%[[I]], %[[J]])[%[[KN]], %[[KM]]] {
// CHECK:             %[[V:.*]] = affine.load %[[KA]][%[[I]], %[[J]]]
// CHECK:             affine.store %[[V]], %[[KB]][%[[I]], %[[J]]]
// CHECK:           }
// CHECK:           gpu.return
// REMARK: remark: baseline plan: x = %arg5, y = %arg4, block 32x8x1, bounds checked in the kernel
// BLOCK-LABEL: func.func @copy
// BLOCK: threads in (%{{.*}}, %{{.*}}, %{{.*}})
// BLOCK: known_block_size = array<i32: 16, 4, 1>
func.func @copy(%A: memref<?x?xf32> {sharc.name = "A"}, %B: memref<?x?xf32> {sharc.name = "B"}, %n: index, %m: index) {
  affine.parallel (%i, %j) = (0, 0) to (symbol(%n), symbol(%m)) {
    %v = affine.load %A[%i, %j] : memref<?x?xf32>
    affine.store %v, %B[%i, %j] : memref<?x?xf32>
  } {sharc.share = "A[TB_Y][*]"}
  return
}

// -----

// Transpose: the store's last subscript is %i, the load's %j; on a tie x is the innermost
// loop. Constant extents that are multiples of the block need no bound check, and the grid is
// constant.
// PLAN-LABEL: func.func @transpose
// PLAN:         } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}}
// CHECK-LABEL: func.func @transpose
// CHECK:         %[[C8:.*]] = arith.constant 8 : index
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     affine.if
// CHECK:         gpu.launch_func @transpose_kernels::@transpose_b0 blocks in (%[[C2]], %[[C8]], %{{.*}})
// CHECK:         gpu.func @transpose_b0
// CHECK-NOT:       affine.if
// CHECK:           affine.store
// REMARK: remark: baseline plan: x = %arg3, y = %arg2, block 32x8x1{{$}}
func.func @transpose(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.parallel (%i, %j) = (0, 0) to (64, 64) {
    %v = affine.load %A[%i, %j] : memref<64x64xf32>
    affine.store %v, %B[%j, %i] : memref<64x64xf32>
  }
  return
}

// -----

// x follows coalescing, not nesting: %i walks the last subscript of both accesses, so it is
// x although it is the outer loop. A 3-D band puts its third loop on the grid's z, one thread
// deep. An outer constant is copied into the kernel rather than passed.
// PLAN-LABEL: func.func @column
// PLAN:         } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["x", "z", "y"], staged = [], strips = []}}
// CHECK-LABEL: func.func @column
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[C6:.*]] = arith.constant 6 : index
// CHECK:         gpu.launch_func @column_kernels::@column_b0 blocks in (%[[C2]], %[[C2]], %[[C6]]) threads in
// CHECK:         gpu.func @column_b0(%[[A:.*]]: memref<6x10x40xf32>) kernel
// CHECK:           arith.constant 2.000000e+00 : f32
// CHECK:           %[[X:.*]] = affine.apply #{{.*}}()[%{{.*}}, %thread_id_x]
// CHECK:           %[[Z:.*]] = affine.apply #{{.*}}()[%{{.*}}, %thread_id_z]
// CHECK:           %[[Y:.*]] = affine.apply #{{.*}}()[%{{.*}}, %thread_id_y]
// CHECK:           affine.load %[[A]][%[[Z]], %[[Y]], %[[X]]]
// REMARK: remark: baseline plan: x = %arg1, y = %arg3, z = %arg2, block 32x8x1, bounds checked in the kernel
func.func @column(%A: memref<6x10x40xf32>) {
  %two = arith.constant 2.0 : f32
  affine.parallel (%i, %k, %j) = (0, 0, 0) to (40, 6, 10) {
    %v = affine.load %A[%k, %j, %i] : memref<6x10x40xf32>
    %w = arith.mulf %v, %two : f32
    affine.store %w, %A[%k, %j, %i] : memref<6x10x40xf32>
  }
  return
}

// -----

// A triangular nest under a time loop: the inner band starts at the outer one's induction
// variable. The band covers the bounding box of the iterations (computed on the host from the
// time loop's %t), the launch is skipped when the box is empty (the last %t), and the kernel
// checks the exact bounds, lower ones included.
// PLAN-LABEL: func.func @lu
// PLAN:           } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["y", "x"], staged = [], strips = []}}
// CHECK-LABEL: func.func @lu
// CHECK:         affine.for %[[T:.*]] = 0 to 41 {
// CHECK:           affine.apply #{{.*}}(%[[T]])
// CHECK:           affine.if #{{.*}}(%[[T]]) {
// CHECK:             gpu.launch_func @lu_kernels::@lu_b0 {{.*}} args(%{{.*}} : memref<41x41xf32>, %[[T]] : index)
// CHECK:         gpu.func @lu_b0(%[[A:.*]]: memref<41x41xf32>, %[[KT:.*]]: index)
// CHECK:           %[[OI:.*]] = affine.apply #{{.*}}(%[[KT]])[%block_id_y]
// CHECK:           %[[I:.*]] = affine.apply #{{.*}}()[%[[OI]], %thread_id_y]
// CHECK:           %[[OJ:.*]] = affine.apply #{{.*}}(%[[KT]])[%block_id_x]
// CHECK:           %[[J:.*]] = affine.apply #{{.*}}()[%[[OJ]], %thread_id_x]
// CHECK:           affine.if #[[SET:.*]](%[[I]], %[[J]]) {
func.func @lu(%A: memref<41x41xf32>) {
  affine.for %t = 0 to 41 {
    affine.parallel (%i) = (%t + 1) to (41) {
      affine.parallel (%j) = (%i) to (41) {
        %a = affine.load %A[%i, %t] : memref<41x41xf32>
        %b = affine.load %A[%t, %j] : memref<41x41xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %A[%i, %j] : memref<41x41xf32>
        %s = arith.subf %c, %p : f32
        affine.store %s, %A[%i, %j] : memref<41x41xf32>
      }
    }
  }
  return
}

// -----

// Four perfectly nested parallel loops: three are mapped, the outermost runs inside the
// thread. A parallel loop under a sequential one becomes a sequential loop too; so does one
// with a reduction, which carries its accumulator from the identity (no code generator
// translates a parallel reduction inside a kernel).
// PLAN-LABEL: func.func @deep
// PLAN:         } {sharc.plan = {block = array<i64: 32, 8, 1>, loops = ["seq", "z", "y", "x"], staged = [], strips = []}}
// CHECK-LABEL: gpu.func @deep_b0
// CHECK:           affine.if
// CHECK-NEXT:        affine.for %{{.*}} = 0 to 2 {
// CHECK:               affine.for %{{.*}} = 0 to 5 {
// CHECK-NEXT:            affine.for %{{.*}} = 0 to 7 {
// CHECK:               %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:          %[[SUM:.*]] = affine.for %{{.*}} = 0 to 3 iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:            %[[X:.*]] = affine.load
// CHECK-NEXT:            %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT:            affine.yield %[[NEXT]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          affine.store %[[SUM]]
// REMARK: remark: baseline plan: x = %arg5, y = %arg4, z = %arg3, block 32x8x1, 1 parallel loop(s) run inside the thread, bounds checked in the kernel
func.func @deep(%A: memref<2x3x4x5xf32>, %B: memref<3xf32>) {
  affine.parallel (%a, %b) = (0, 0) to (2, 3) {
    affine.parallel (%c, %d) = (0, 0) to (4, 5) {
      affine.for %r = 0 to 5 {
        affine.parallel (%e) = (0) to (7) {
          %v = affine.load %A[%a, %b, %c, %d] : memref<2x3x4x5xf32>
          %w = arith.addf %v, %v : f32
          affine.store %w, %A[%a, %b, %c, %d] : memref<2x3x4x5xf32>
        }
      }
      %s = affine.parallel (%k) = (0) to (3) reduce ("addf") -> (f32) {
        %x = affine.load %B[%k] : memref<3xf32>
        affine.yield %x : f32
      }
      affine.store %s, %A[%a, %b, %c, %d] : memref<2x3x4x5xf32>
    }
  }
  return
}

// -----

// One loop: blocks of the target's 1-D default (256 on a100; mi250x's 1-D default is 256
// too, and the override's y size is dropped: extra threads along y would repeat iterations).
// CHECK-LABEL: gpu.func @vec_b0
// CHECK-SAME:    known_block_size = array<i32: 256, 1, 1>
// BLOCK-LABEL: gpu.func @vec_b0
// BLOCK-SAME:    known_block_size = array<i32: 16, 1, 1>
func.func @vec(%x: memref<1000xf64>, %a: f64) {
  affine.parallel (%i) = (0) to (1000) {
    %v = affine.load %x[%i] : memref<1000xf64>
    %w = arith.mulf %v, %a : f64
    affine.store %w, %x[%i] : memref<1000xf64>
  }
  return
}

// -----

// Sections that stay on the host, with a warning saying why; they get no plan, the IR is
// unchanged and the module gets no gpu.container_module.
// PLAN-LABEL: func.func @host
// PLAN-NOT:     sharc.plan
// CHECK-LABEL: module {
// CHECK:         func.func @host
// CHECK:           affine.parallel (%{{.*}}) = (0) to (8) reduce ("addf")
// CHECK:           affine.parallel
// CHECK:             func.call @ext
// CHECK:           affine.parallel
// CHECK:             memref.load %alloca
// CHECK-NOT:     gpu.module
// REMARK: warning: section stays on the host: the parallel loop has reductions, which the baseline mapping does not implement
// REMARK: warning: section stays on the host: 'func.call' cannot run in a baseline kernel
// REMARK: warning: section stays on the host: a memref allocated on the host stack (memref.alloca) cannot be accessed by a kernel
func.func private @ext(index)
func.func @host(%A: memref<8xf32>) -> f32 {
  %s = affine.parallel (%i) = (0) to (8) reduce ("addf") -> (f32) {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.yield %v : f32
  }
  affine.parallel (%i) = (0) to (8) {
    func.call @ext(%i) : (index) -> ()
  }
  %tmp = memref.alloca() : memref<8xf32>
  affine.parallel (%i) = (0) to (8) {
    %c0 = arith.constant 0 : index
    %v = memref.load %tmp[%c0] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return %s : f32
}
