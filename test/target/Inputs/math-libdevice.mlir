// Math functions PTX has no instruction for: on NVPTX they call libdevice (f32 and f64).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @transcendental(%a: memref<32xf32>, %b: memref<32xf64>) kernel {
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<32xf32>
      %e = math.exp %x : f32
      %p = math.powf %e, %x : f32
      %t = math.tanh %p : f32
      memref.store %t, %a[%tx] : memref<32xf32>
      %y = memref.load %b[%tx] : memref<32xf64>
      %s = math.sin %y : f64
      %c = math.atan2 %s, %y : f64
      %l = math.log10 %c : f64
      memref.store %l, %b[%tx] : memref<32xf64>
      gpu.return
    }
  }
}
