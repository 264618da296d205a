// RUN: sharc-opt %s -split-input-file | FileCheck %s
// RUN: sharc-opt %s -split-input-file | sharc-opt -split-input-file | FileCheck %s
// RUN: %if mlir-opt %{ sharc-opt %s -split-input-file | mlir-opt -split-input-file | FileCheck %s %}
// RUN: sharc-opt %s -split-input-file --mlir-print-op-generic | sharc-opt -split-input-file | FileCheck %s
// RUN: sed -e '/^\/\/ -----$/b' -e '/^[[:space:]]*\/\//d' %s > %t
// RUN: sharc-opt %s -split-input-file | diff -u %t -
// gpu.module with kernel and device functions; the outer module carries
// `gpu.container_module` (required by gpu.launch_func).
// CHECK: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  // CHECK-NEXT: gpu.module @kernels {
  gpu.module @kernels {
    // Kernel with workgroup and private memory attributions (printed as
    // `%argN : type`, with a space before the colon) and the `kernel` keyword.
    // CHECK-LABEL: gpu.func @kernel_attributions(%arg0: memref<?xf32>, %arg1: index) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg3 : memref<4xf32, #gpu.address_space<private>>) kernel {
    // CHECK-NEXT:   %thread_id_x = gpu.thread_id  x
    // CHECK-NEXT:   %c0 = arith.constant 0 : index
    // CHECK-NEXT:   %0 = memref.load %arg0[%thread_id_x] : memref<?xf32>
    // CHECK-NEXT:   memref.store %0, %arg2[%thread_id_x] : memref<32xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:   gpu.barrier
    // CHECK-NEXT:   %1 = memref.load %arg2[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:   memref.store %1, %arg3[%c0] : memref<4xf32, #gpu.address_space<private>>
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @kernel_attributions(%arg0: memref<?xf32>, %arg1: index) workgroup(%arg2 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg3 : memref<4xf32, #gpu.address_space<private>>) kernel {
      %thread_id_x = gpu.thread_id  x
      %c0 = arith.constant 0 : index
      %0 = memref.load %arg0[%thread_id_x] : memref<?xf32>
      memref.store %0, %arg2[%thread_id_x] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %1 = memref.load %arg2[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %1, %arg3[%c0] : memref<4xf32, #gpu.address_space<private>>
      gpu.return
    }
    // Non-kernel device function with a result (gpu.return with operands).
    // CHECK-LABEL: gpu.func @device_fn(%arg0: f32, %arg1: f32) -> f32 {
    // CHECK-NEXT:   %0 = arith.mulf %arg0, %arg1 : f32
    // CHECK-NEXT:   gpu.return %0 : f32
    // CHECK-NEXT: }
    gpu.func @device_fn(%arg0: f32, %arg1: f32) -> f32 {
      %0 = arith.mulf %arg0, %arg1 : f32
      gpu.return %0 : f32
    }
    // Kernel with only workgroup attributions, several of them.
    // CHECK-LABEL: gpu.func @kernel_two_wg() workgroup(%arg0 : memref<16xf32, 3>, %arg1 : memref<16xi32, 3>) kernel {
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @kernel_two_wg() workgroup(%arg0 : memref<16xf32, 3>, %arg1 : memref<16xi32, 3>) kernel {
      gpu.return
    }
    // Kernel without attributions and with extra attributes (printed in
    // `attributes {...}` after the `kernel` keyword).
    // CHECK-LABEL: gpu.func @kernel_attrs(%arg0: memref<8xf32>) kernel attributes {foo.tag = 1 : i64} {
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @kernel_attrs(%arg0: memref<8xf32>) kernel attributes {foo.tag = 1 : i64} {
      gpu.return
    }
  // CHECK-NEXT: }
  }
// CHECK-NEXT: }
}

// -----
// Index ops for every dimension. The dimension keyword is preceded by TWO
// spaces in upstream's printer, and results get %thread_id_x-style names.
// CHECK: module {
module {
  // CHECK-NEXT: gpu.module @index_ops {
  gpu.module @index_ops {
    // All twelve index ops; a repeated thread_id x gets the conflict suffix.
    // CHECK-LABEL: gpu.func @ids() kernel {
    // CHECK-NEXT:   %thread_id_x = gpu.thread_id  x
    // CHECK-NEXT:   %thread_id_y = gpu.thread_id  y
    // CHECK-NEXT:   %thread_id_z = gpu.thread_id  z
    // CHECK-NEXT:   %block_id_x = gpu.block_id  x
    // CHECK-NEXT:   %block_id_y = gpu.block_id  y
    // CHECK-NEXT:   %block_id_z = gpu.block_id  z
    // CHECK-NEXT:   %block_dim_x = gpu.block_dim  x
    // CHECK-NEXT:   %block_dim_y = gpu.block_dim  y
    // CHECK-NEXT:   %block_dim_z = gpu.block_dim  z
    // CHECK-NEXT:   %grid_dim_x = gpu.grid_dim  x
    // CHECK-NEXT:   %grid_dim_y = gpu.grid_dim  y
    // CHECK-NEXT:   %grid_dim_z = gpu.grid_dim  z
    // CHECK-NEXT:   %thread_id_x_0 = gpu.thread_id  x
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @ids() kernel {
      %thread_id_x = gpu.thread_id  x
      %thread_id_y = gpu.thread_id  y
      %thread_id_z = gpu.thread_id  z
      %block_id_x = gpu.block_id  x
      %block_id_y = gpu.block_id  y
      %block_id_z = gpu.block_id  z
      %block_dim_x = gpu.block_dim  x
      %block_dim_y = gpu.block_dim  y
      %block_dim_z = gpu.block_dim  z
      %grid_dim_x = gpu.grid_dim  x
      %grid_dim_y = gpu.grid_dim  y
      %grid_dim_z = gpu.grid_dim  z
      %thread_id_x_0 = gpu.thread_id  x
      gpu.return
    }
  // CHECK-NEXT: }
  }
// CHECK-NEXT: }
}

// -----
// CHECK: module {
module {
  // gpu.launch: blocks/threads clauses; the region's 12 arguments are numbered
  // block ids, thread ids, grid sizes, block sizes.
  // CHECK-LABEL: func.func @launch(%arg0: memref<?xf32>, %arg1: index) {
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c32 = arith.constant 32 : index
  // CHECK-NEXT:   gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c32, %arg12 = %c1, %arg13 = %c1) {
  // CHECK-NEXT:     %0 = arith.muli %arg2, %arg11 : index
  // CHECK-NEXT:     %1 = arith.addi %0, %arg5 : index
  // CHECK-NEXT:     %2 = memref.load %arg0[%1] : memref<?xf32>
  // CHECK-NEXT:     %3 = arith.addf %2, %2 : f32
  // CHECK-NEXT:     memref.store %3, %arg0[%1] : memref<?xf32>
  // CHECK-NEXT:     gpu.terminator
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @launch(%arg0: memref<?xf32>, %arg1: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c32, %arg12 = %c1, %arg13 = %c1) {
      %0 = arith.muli %arg2, %arg11 : index
      %1 = arith.addi %0, %arg5 : index
      %2 = memref.load %arg0[%1] : memref<?xf32>
      %3 = arith.addf %2, %2 : f32
      memref.store %3, %arg0[%1] : memref<?xf32>
      gpu.terminator
    }
    return
  }
  // gpu.launch with dynamic_shared_memory_size, index ops and gpu.barrier inside.
  // CHECK-LABEL: func.func @launch_dynamic_smem(%arg0: memref<?xf32>, %arg1: i32) {
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c64 = arith.constant 64 : index
  // CHECK-NEXT:   gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c64, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %arg1 {
  // CHECK-NEXT:     %thread_id_x = gpu.thread_id  x
  // CHECK-NEXT:     %block_dim_x = gpu.block_dim  x
  // CHECK-NEXT:     gpu.barrier
  // CHECK-NEXT:     gpu.terminator
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @launch_dynamic_smem(%arg0: memref<?xf32>, %arg1: i32) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %c1, %arg9 = %c1, %arg10 = %c1) threads(%arg5, %arg6, %arg7) in (%arg11 = %c64, %arg12 = %c1, %arg13 = %c1) dynamic_shared_memory_size %arg1 {
      %thread_id_x = gpu.thread_id  x
      %block_dim_x = gpu.block_dim  x
      gpu.barrier
      gpu.terminator
    }
    return
  }
  // gpu.launch with workgroup/private attributions.
  // CHECK-LABEL: func.func @launch_attributions(%arg0: index) {
  // CHECK-NEXT:   gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %arg0, %arg8 = %arg0, %arg9 = %arg0) threads(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) workgroup(%arg13 : memref<64xf32, #gpu.address_space<workgroup>>) private(%arg14 : memref<2xf32, #gpu.address_space<private>>) {
  // CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
  // CHECK-NEXT:     memref.store %cst, %arg13[%arg4] : memref<64xf32, #gpu.address_space<workgroup>>
  // CHECK-NEXT:     gpu.terminator
  // CHECK-NEXT:   }
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @launch_attributions(%arg0: index) {
    gpu.launch blocks(%arg1, %arg2, %arg3) in (%arg7 = %arg0, %arg8 = %arg0, %arg9 = %arg0) threads(%arg4, %arg5, %arg6) in (%arg10 = %arg0, %arg11 = %arg0, %arg12 = %arg0) workgroup(%arg13 : memref<64xf32, #gpu.address_space<workgroup>>) private(%arg14 : memref<2xf32, #gpu.address_space<private>>) {
      %cst = arith.constant 1.000000e+00 : f32
      memref.store %cst, %arg13[%arg4] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
// CHECK-NEXT: }
}

// -----
// gpu.launch_func referencing a kernel in a gpu.module (nested symbol
// reference @module::@kernel), with and without dynamic_shared_memory_size.
// Upstream prints TWO spaces after the op name and before `args(` /
// `dynamic_shared_memory_size`.
// CHECK: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  // CHECK-NEXT: gpu.module @saxpy_module {
  gpu.module @saxpy_module {
    // SAXPY kernel: y[i] = a * x[i] + y[i] with a bounds check.
    // CHECK-LABEL: gpu.func @saxpy(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) kernel {
    // CHECK-NEXT:   %block_id_x = gpu.block_id  x
    // CHECK-NEXT:   %block_dim_x = gpu.block_dim  x
    // CHECK-NEXT:   %thread_id_x = gpu.thread_id  x
    // CHECK-NEXT:   %0 = arith.muli %block_id_x, %block_dim_x : index
    // CHECK-NEXT:   %1 = arith.addi %0, %thread_id_x : index
    // CHECK-NEXT:   %2 = arith.cmpi ult, %1, %arg3 : index
    // CHECK-NEXT:   scf.if %2 {
    // CHECK-NEXT:     %3 = memref.load %arg1[%1] : memref<?xf32>
    // CHECK-NEXT:     %4 = memref.load %arg2[%1] : memref<?xf32>
    // CHECK-NEXT:     %5 = arith.mulf %arg0, %3 : f32
    // CHECK-NEXT:     %6 = arith.addf %5, %4 : f32
    // CHECK-NEXT:     memref.store %6, %arg2[%1] : memref<?xf32>
    // CHECK-NEXT:   }
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @saxpy(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index) kernel {
      %block_id_x = gpu.block_id  x
      %block_dim_x = gpu.block_dim  x
      %thread_id_x = gpu.thread_id  x
      %0 = arith.muli %block_id_x, %block_dim_x : index
      %1 = arith.addi %0, %thread_id_x : index
      %2 = arith.cmpi ult, %1, %arg3 : index
      scf.if %2 {
        %3 = memref.load %arg1[%1] : memref<?xf32>
        %4 = memref.load %arg2[%1] : memref<?xf32>
        %5 = arith.mulf %arg0, %3 : f32
        %6 = arith.addf %5, %4 : f32
        memref.store %6, %arg2[%1] : memref<?xf32>
      }
      gpu.return
    }
    // A kernel taking no arguments.
    // CHECK-LABEL: gpu.func @noargs() kernel {
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @noargs() kernel {
      gpu.return
    }
  // CHECK-NEXT: }
  }
  // Host-side launches of the kernels above.
  // CHECK-LABEL: func.func @host(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index, %arg4: i32) {
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c256 = arith.constant 256 : index
  // CHECK-NEXT:   gpu.launch_func  @saxpy_module::@saxpy blocks in (%arg3, %c1, %c1) threads in (%c256, %c1, %c1)  args(%arg0 : f32, %arg1 : memref<?xf32>, %arg2 : memref<?xf32>, %arg3 : index)
  // CHECK-NEXT:   gpu.launch_func  @saxpy_module::@saxpy blocks in (%arg3, %c1, %c1) threads in (%c256, %c1, %c1)  dynamic_shared_memory_size %arg4 args(%arg0 : f32, %arg1 : memref<?xf32>, %arg2 : memref<?xf32>, %arg3 : index)
  // CHECK-NEXT:   gpu.launch_func  @saxpy_module::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @host(%arg0: f32, %arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: index, %arg4: i32) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func  @saxpy_module::@saxpy blocks in (%arg3, %c1, %c1) threads in (%c256, %c1, %c1)  args(%arg0 : f32, %arg1 : memref<?xf32>, %arg2 : memref<?xf32>, %arg3 : index)
    gpu.launch_func  @saxpy_module::@saxpy blocks in (%arg3, %c1, %c1) threads in (%c256, %c1, %c1)  dynamic_shared_memory_size %arg4 args(%arg0 : f32, %arg1 : memref<?xf32>, %arg2 : memref<?xf32>, %arg3 : index)
    gpu.launch_func  @saxpy_module::@noargs blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)  
    return
  }
// CHECK-NEXT: }
}

// -----
// Shared-memory tiled matrix transpose as a gpu.func kernel (PolyBench
// transpose on the GPU): workgroup tile, two barriers, 2-D thread ids.
// CHECK: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  // CHECK-NEXT: gpu.module @transpose_module {
  gpu.module @transpose_module {
    // 32x32 tile transpose using a workgroup buffer.
    // CHECK-LABEL: gpu.func @transpose(%arg0: memref<1024x1024xf32>, %arg1: memref<1024x1024xf32>) workgroup(%arg2 : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
    // CHECK-NEXT:   %c32 = arith.constant 32 : index
    // CHECK-NEXT:   %block_id_x = gpu.block_id  x
    // CHECK-NEXT:   %block_id_y = gpu.block_id  y
    // CHECK-NEXT:   %thread_id_x = gpu.thread_id  x
    // CHECK-NEXT:   %thread_id_y = gpu.thread_id  y
    // CHECK-NEXT:   %0 = arith.muli %block_id_x, %c32 : index
    // CHECK-NEXT:   %1 = arith.muli %block_id_y, %c32 : index
    // CHECK-NEXT:   %2 = arith.addi %1, %thread_id_y : index
    // CHECK-NEXT:   %3 = arith.addi %0, %thread_id_x : index
    // CHECK-NEXT:   %4 = memref.load %arg0[%2, %3] : memref<1024x1024xf32>
    // CHECK-NEXT:   memref.store %4, %arg2[%thread_id_y, %thread_id_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:   gpu.barrier
    // CHECK-NEXT:   %5 = arith.addi %0, %thread_id_y : index
    // CHECK-NEXT:   %6 = arith.addi %1, %thread_id_x : index
    // CHECK-NEXT:   %7 = memref.load %arg2[%thread_id_x, %thread_id_y] : memref<32x32xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT:   memref.store %7, %arg1[%5, %6] : memref<1024x1024xf32>
    // CHECK-NEXT:   gpu.barrier
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @transpose(%arg0: memref<1024x1024xf32>, %arg1: memref<1024x1024xf32>) workgroup(%arg2 : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %c32 = arith.constant 32 : index
      %block_id_x = gpu.block_id  x
      %block_id_y = gpu.block_id  y
      %thread_id_x = gpu.thread_id  x
      %thread_id_y = gpu.thread_id  y
      %0 = arith.muli %block_id_x, %c32 : index
      %1 = arith.muli %block_id_y, %c32 : index
      %2 = arith.addi %1, %thread_id_y : index
      %3 = arith.addi %0, %thread_id_x : index
      %4 = memref.load %arg0[%2, %3] : memref<1024x1024xf32>
      memref.store %4, %arg2[%thread_id_y, %thread_id_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %5 = arith.addi %0, %thread_id_y : index
      %6 = arith.addi %1, %thread_id_x : index
      %7 = memref.load %arg2[%thread_id_x, %thread_id_y] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %7, %arg1[%5, %6] : memref<1024x1024xf32>
      gpu.barrier
      gpu.return
    }
  // CHECK-NEXT: }
  }
  // Launch a 32x32 grid of 32x32 thread blocks.
  // CHECK-LABEL: func.func @run_transpose(%arg0: memref<1024x1024xf32>, %arg1: memref<1024x1024xf32>) {
  // CHECK-NEXT:   %c1 = arith.constant 1 : index
  // CHECK-NEXT:   %c32 = arith.constant 32 : index
  // CHECK-NEXT:   gpu.launch_func  @transpose_module::@transpose blocks in (%c32, %c32, %c1) threads in (%c32, %c32, %c1)  args(%arg0 : memref<1024x1024xf32>, %arg1 : memref<1024x1024xf32>)
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @run_transpose(%arg0: memref<1024x1024xf32>, %arg1: memref<1024x1024xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func  @transpose_module::@transpose blocks in (%c32, %c32, %c1) threads in (%c32, %c32, %c1)  args(%arg0 : memref<1024x1024xf32>, %arg1 : memref<1024x1024xf32>)
    return
  }
// CHECK-NEXT: }
}

// -----
// Less common forms: attributes on arguments, results, attributions and
// modules, a bounded index op, `: i32` launch sizes, and gpu.launch with
// module/function names and both kinds of attributions.
// CHECK: module attributes {gpu.container_module} {
module attributes {gpu.container_module} {
  // A module with extra attributes (printed with `attributes`).
  // CHECK-NEXT: gpu.module @extras attributes {foo.tag} {
  gpu.module @extras attributes {foo.tag} {
    // Argument, result and attribution attributes; attributions in numeric
    // address spaces 3 and 5 (not checked against workgroup/private).
    // CHECK-LABEL: gpu.func @attrs(%arg0: memref<?xf32> {foo.a}, %arg1: i32) -> (f32 {foo.r}) workgroup(%arg2 : memref<32xf32, 3> {foo.w}) private(%arg3 : memref<1xf32, 5>, %arg4 : memref<2xf32, 5> {foo.q = 1 : i64}) {
    // CHECK-NEXT:   %cst = arith.constant 0.000000e+00 : f32
    // CHECK-NEXT:   gpu.return {foo.ret} %cst : f32
    // CHECK-NEXT: }
    gpu.func @attrs(%arg0: memref<?xf32> {foo.a}, %arg1: i32) -> (f32 {foo.r}) workgroup(%arg2 : memref<32xf32, 3> {foo.w}) private(%arg3 : memref<1xf32, 5>, %arg4 : memref<2xf32, 5> {foo.q = 1 : i64}) {
      %cst = arith.constant 0.000000e+00 : f32
      gpu.return {foo.ret} %cst : f32
    }
    // An index op with an upper bound, and discardable attributes on index ops
    // and gpu.barrier.
    // CHECK-LABEL: gpu.func @bounded(%arg0: i32) kernel {
    // CHECK-NEXT:   %thread_id_x = gpu.thread_id  x upper_bound 64
    // CHECK-NEXT:   %grid_dim_y = gpu.grid_dim  y {foo.g}
    // CHECK-NEXT:   gpu.barrier {foo.b}
    // CHECK-NEXT:   gpu.return
    // CHECK-NEXT: }
    gpu.func @bounded(%arg0: i32) kernel {
      %thread_id_x = gpu.thread_id  x upper_bound 64
      %grid_dim_y = gpu.grid_dim  y {foo.g}
      gpu.barrier {foo.b}
      gpu.return
    }
    // A device function with two results.
    // CHECK-LABEL: gpu.func @two_results(%arg0: f32, %arg1: i32) -> (f32, i32) {
    // CHECK-NEXT:   gpu.return %arg0, %arg1 : f32, i32
    // CHECK-NEXT: }
    gpu.func @two_results(%arg0: f32, %arg1: i32) -> (f32, i32) {
      gpu.return %arg0, %arg1 : f32, i32
    }
  // CHECK-NEXT: }
  }
  // i32 launch sizes print `: i32` after the threads clause; gpu.launch with
  // module/function names, workgroup and private attributions and attributes.
  // CHECK-LABEL: func.func @host(%arg0: i32, %arg1: index) {
  // CHECK-NEXT:   gpu.launch_func  @extras::@bounded blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) : i32 args(%arg0 : i32) {foo.lf}
  // CHECK-NEXT:   gpu.launch_func  @extras::@bounded blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) : i32 dynamic_shared_memory_size %arg0 args(%arg0 : i32)
  // CHECK-NEXT:   gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %arg1, %arg10 = %arg1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %arg1, %arg13 = %arg1) dynamic_shared_memory_size %arg0 module(@outlined) function(@kernel) workgroup(%arg14 : memref<3xf32, 3>, %arg15 : memref<3xf32, #gpu.address_space<workgroup>>) private(%arg16 : memref<4xf32, #gpu.address_space<private>>) {
  // CHECK-NEXT:     gpu.barrier
  // CHECK-NEXT:     gpu.terminator {foo.t}
  // CHECK-NEXT:   } {foo.l}
  // CHECK-NEXT:   return
  // CHECK-NEXT: }
  func.func @host(%arg0: i32, %arg1: index) {
    gpu.launch_func  @extras::@bounded blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) : i32 args(%arg0 : i32) {foo.lf}
    gpu.launch_func  @extras::@bounded blocks in (%arg0, %arg0, %arg0) threads in (%arg0, %arg0, %arg0) : i32 dynamic_shared_memory_size %arg0 args(%arg0 : i32)
    gpu.launch blocks(%arg2, %arg3, %arg4) in (%arg8 = %arg1, %arg9 = %arg1, %arg10 = %arg1) threads(%arg5, %arg6, %arg7) in (%arg11 = %arg1, %arg12 = %arg1, %arg13 = %arg1) dynamic_shared_memory_size %arg0 module(@outlined) function(@kernel) workgroup(%arg14 : memref<3xf32, 3>, %arg15 : memref<3xf32, #gpu.address_space<workgroup>>) private(%arg16 : memref<4xf32, #gpu.address_space<private>>) {
      gpu.barrier
      gpu.terminator {foo.t}
    } {foo.l}
    return
  }
// CHECK-NEXT: }
}

