// A device function (no 'kernel'): not supported.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @helper(%x: f32) -> f32 {
      gpu.return %x : f32
    }
  }
}
