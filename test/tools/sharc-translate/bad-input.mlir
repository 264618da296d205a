// Bad input to sharc-translate ends in a diagnostic and a non-zero exit, never a crash.
// RUN: not sharc-translate %s --target=nosuch 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown target 'nosuch'
// RUN: not sharc-translate %s --triple=nvptx64-nvidia-cuda --chip=sm_999 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: unknown chip 'sm_999' for nvptx64-nvidia-cuda (LLVM 22 knows: sm_20,
// RUN: not sharc-translate %s --triple=riscv64-unknown-linux --chip=x 2>&1 | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: unsupported target triple 'riscv64-unknown-linux'
// RUN: not sharc-translate %s --target=a100 --emit=hsaco 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: error: --emit=hsaco needs an AMDGPU target, not nvptx
// RUN: not sharc-translate %s --target=mi250x --emit=ptx 2>&1 | FileCheck %s --check-prefix=EMIT2
// EMIT2: error: --emit=ptx needs an NVPTX target, not amdgpu
// RUN: not sharc-translate %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: error: no target: give --target NAME|PATH.toml|host, or --triple and --chip
// RUN: not sharc-translate %s --target=a100 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: bad-input.mlir:31:7: error: 'affine.for' must be lowered before code generation (run sharc-opt --lower-affine)
// AFFINE-NEXT: affine.for
// AFFINE-NEXT: ^
// RUN: not sharc-translate %S/Inputs/layout.mlir --target=a100 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: layout.mlir:4:5: error: argument 0 of @k has type memref<4x4xf32, strided<[8, 1]>>: kernel memref arguments must have the identity layout
// RUN: not sharc-translate %S/Inputs/device-func.mlir --target=mi250x 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: device-func.mlir:4:5: error: device functions (a gpu.func without 'kernel') are not supported by the code generator
// RUN: not sharc-translate %S/Inputs/host-only.mlir --target=host 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: host-only.mlir:2:1: error: no kernel to translate: expected gpu.module ops holding gpu.func ... kernel functions
// A missing linker says which package installs it.
// RUN: SHARC_LD_LLD=/nonexistent/ld.lld not sharc-translate %S/Inputs/kernel.mlir --target=mi250x --emit=hsaco -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=LLD
// LLD: error: cannot run /nonexistent/ld.lld: No such file or directory (os error 2); install the 'lld-22' package (apt-get install lld-22) or set SHARC_LD_LLD to an ld.lld of LLVM 22

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a: memref<32xf32>) kernel {
      affine.for %i = 0 to 4 {
      }
      gpu.return
    }
  }
}
