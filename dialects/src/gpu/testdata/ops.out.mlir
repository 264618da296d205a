module attributes {gpu.container_module} {
  gpu.module @kernels attributes {foo.x} {
    gpu.func @k(%arg0: memref<?xf32> {foo.a}, %arg1: i32) -> (f32 {foo.r}) workgroup(%arg2 : memref<32xf32, 3> {foo.w}) private(%arg3 : memref<1xf32, 5>, %arg4 : memref<2xf32, 5> {foo.q = 1 : i64}) {
      %0 = "t.x"() : () -> f32
      gpu.return {foo.ret} %0 : f32
    }
    gpu.func @k2(%arg0: i32) kernel {
      gpu.return
    }
    gpu.func @k3(%arg0: memref<?xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg2 : memref<1xf32, #gpu.address_space<private>>) kernel attributes {foo = 1 : i64} {
      %thread_id_x = gpu.thread_id  x
      %thread_id_y = gpu.thread_id  y
      %thread_id_z = gpu.thread_id  z
      %block_id_y = gpu.block_id  y
      %block_dim_z = gpu.block_dim  z
      %grid_dim_x = gpu.grid_dim  x
      %thread_id_x_0 = gpu.thread_id  x upper_bound 64
      %grid_dim_x_1 = gpu.grid_dim  x {foo.v}
      gpu.barrier
      gpu.barrier {foo.b}
      gpu.return
    }
    gpu.func @f2(%arg0: f32) -> (f32, i32) {
      %0 = "t.i"() : () -> i32
      gpu.return %arg0, %0 : f32, i32
    }
  }
  gpu.module @empty {
  }
  "t.func"() ({
  ^bb0(%arg0: memref<?xf32>, %arg1: i32, %arg2: i32):
    %0 = "t.c1"() : () -> index
    %1 = "t.c32"() : () -> index
    gpu.launch_func  @kernels::@k2 blocks in (%arg2, %arg2, %arg2) threads in (%arg2, %arg2, %arg2) : i32 args(%arg1 : i32) {foo.lf}
    gpu.launch_func  @kernels::@k2 blocks in (%arg2, %arg2, %arg2) threads in (%arg2, %arg2, %arg2) : i32 dynamic_shared_memory_size %arg1 args(%arg1 : i32)
    gpu.launch_func  @kernels::@k3 blocks in (%0, %0, %0) threads in (%1, %0, %0)  dynamic_shared_memory_size %arg1 args(%arg0 : memref<?xf32>)
    gpu.launch_func  @kernels::@k3 blocks in (%0, %0, %0) threads in (%1, %0, %0)  args(%arg0 : memref<?xf32>)
    gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %0, %arg10 = %0, %arg11 = %0) threads(%arg6, %arg7, %arg8) in (%arg12 = %1, %arg13 = %0, %arg14 = %0) {
      "t.use"(%arg3, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9, %arg10, %arg11, %arg12, %arg13, %arg14) : (index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      gpu.terminator
    }
    gpu.launch blocks(%arg3, %arg4, %arg5) in (%arg9 = %0, %arg10 = %0, %arg11 = %0) threads(%arg6, %arg7, %arg8) in (%arg12 = %0, %arg13 = %0, %arg14 = %0) dynamic_shared_memory_size %arg1 module(@mm) function(@ff) workgroup(%arg15 : memref<3xf32, 3>, %arg16 : memref<3xf32, 3>) private(%arg17 : memref<4xf32, #gpu.address_space<private>>) {
      gpu.barrier {foo.b}
      gpu.terminator {foo.t}
    } {foo.l}
    "t.return"() : () -> ()
  }) : () -> ()
}

