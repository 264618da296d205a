// math.exp: an intrinsic on AMDGPU and a C library call on the host; libdevice on NVPTX.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @e(%a: memref<32xf32>) kernel {
      %x = arith.constant 1.0 : f32
      %e = math.exp %x : f32
      %tx = gpu.thread_id x
      memref.store %e, %a[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
