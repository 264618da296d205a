// A kernel argument with a strided layout: not the ABI's identity layout.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<4x4xf32, strided<[8, 1]>>) kernel {
      gpu.return
    }
  }
}
