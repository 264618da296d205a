// A --features value that starts with '-' stays a value: MLIR-style argument normalisation
// turned '-ptx75,+ptx78' into the unknown option '--ptx75,+ptx78', and clap refused a value
// starting with '-'.
// RUN: sharc-translate %s --triple nvptx64-nvidia-cuda --chip sm_80 --features -ptx75,+ptx78 --emit ptx | FileCheck %s
// RUN: sharc-translate %s -triple nvptx64-nvidia-cuda -chip sm_80 -features -ptx75,+ptx78 -emit ptx | FileCheck %s
// CHECK: .version 7.8
// CHECK: .target sm_80
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 1.0 : f32
      memref.store %x, %a[%c0] : memref<4xf32>
      gpu.return
    }
  }
}
