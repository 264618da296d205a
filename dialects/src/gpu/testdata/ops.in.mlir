module attributes {gpu.container_module} {
  gpu.module @kernels attributes {foo.x} {
    gpu.func @k(%arg0: memref<?xf32> {foo.a}, %b: i32) -> (f32 {foo.r}) workgroup(%w: memref<32xf32, 3> {foo.w}) private(%p: memref<1xf32, 5>, %q: memref<2xf32, 5> {foo.q = 1}) {
      %x = "t.x"() : () -> f32
      gpu.return {foo.ret} %x : f32
    }
    gpu.func @k2(%b: i32) kernel {
      gpu.return
    }
    gpu.func @k3(%arg0: memref<?xf32>) workgroup(%w: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel attributes {foo = 1} {
      %t = gpu.thread_id x
      %t2 = gpu.thread_id y
      %t3 = gpu.thread_id z
      %b = gpu.block_id y
      %d = gpu.block_dim z
      %g = gpu.grid_dim x
      %u = gpu.thread_id x upper_bound 64
      %v = gpu.grid_dim x {foo.v}
      gpu.barrier
      gpu.barrier {foo.b}
      gpu.return
    }
    gpu.func @f2(%a: f32) -> (f32, i32) {
      %i = "t.i"() : () -> i32
      gpu.return %a, %i : f32, i32
    }
  }
  gpu.module @empty {
  }
  "t.func"() ({
  ^bb0(%a: memref<?xf32>, %s: i32, %c: i32):
    %c1 = "t.c1"() : () -> index
    %c32 = "t.c32"() : () -> index
    gpu.launch_func @kernels::@k2 blocks in (%c, %c, %c) threads in (%c, %c, %c) : i32 args(%s : i32) {foo.lf}
    gpu.launch_func @kernels::@k2 blocks in (%c, %c, %c) threads in (%c, %c, %c) : i32 dynamic_shared_memory_size %s args(%s : i32)
    gpu.launch_func @kernels::@k3 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %s args(%a : memref<?xf32>)
    gpu.launch_func @kernels::@k3 blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xf32>)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      "t.use"(%bx, %by, %bz, %tx, %ty, %tz, %gx, %gy, %gz, %sx, %sy, %sz) : (index, index, index, index, index, index, index, index, index, index, index, index) -> ()
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) dynamic_shared_memory_size %s module(@mm) function(@ff) workgroup(%w: memref<3xf32, 3>, %w2: memref<3xf32, 3>) private(%pp: memref<4xf32, #gpu.address_space<private>>) {
      gpu.barrier {foo.b}
      gpu.terminator {foo.t}
    } {foo.l}
    "t.return"() : () -> ()
  }) : () -> ()
}
