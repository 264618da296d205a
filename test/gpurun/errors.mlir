// What the GPU runner refuses, each with a one-line reason and exit status 1; and
// `sharc-run --exec=cuda` on a machine without a GPU.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sharc-run %S/stencil-trace.mlir --entry=main --random-inputs=3 --arg=steps=1 --launch-trace=%t/s.json
// RUN: sharc-translate %S/../sim/launches.mlir --target=a100 --emit=ptx -o %t/other.ptx
// RUN: sharc-translate %s --target=a100 --emit=ptx -o %t/wrong-params.ptx
// RUN: not sharc-gpu-run %t/s.json --ptx=%t/other.ptx --dry-run 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not sharc-gpu-run %t/s.json --ptx=%t/wrong-params.ptx --dry-run 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: rm %t/s.upload1.npy
// RUN: not sharc-gpu-run %t/s.json --ptx=%t/other.ptx --dry-run 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: sed -e 's/"elem_bytes":4,"elems":66}/"elem_bytes":4,"elems":65}/' %t/s.json > %t/bad.json
// RUN: not sharc-gpu-run %t/bad.json --ptx=%t/other.ptx --dry-run 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not sharc-run %S/stencil-trace.mlir --entry=main --random-inputs=3 --arg=steps=1 --exec=cuda --target=mi250x 2>&1 | FileCheck %s --check-prefix=AMD
// RUN: %if no-gpu %{ not sharc-run %S/stencil-trace.mlir --entry=main --random-inputs=3 --arg=steps=1 --exec=cuda 2>&1 | FileCheck %s --check-prefix=CUDA %}
// RUN: %if no-gpu %{ not sharc-run %S/stencil-trace.mlir --entry=main --random-inputs=3 --arg=steps=1 --exec=cuda 2>&1 | count 1 %}
// RUN: %if no-gpu %{ not sharc-gpu-run %S/stencil-trace.mlir --ptx=%t/other.ptx 2>&1 | count 1 %}

// KERNEL: sharc-gpu-run: error: {{.*}}other.ptx: launch 0: the PTX has no kernel 'step'
// PARAMS: sharc-gpu-run: error: {{.*}}wrong-params.ptx: launch 0: kernel step takes 2 parameters in the PTX; the trace passes 5
// FILE: sharc-gpu-run: error: cannot read '{{.*}}s.upload1.npy': No such file or directory
// VIEW: sharc-gpu-run: error: {{.*}}bad.json: argument 0 of launch 0 (step) views elements 0..66 of buffer 0, which has 65
// AMD: sharc-run: error: --exec=cuda: the target must be an NVIDIA GPU (a100, h100, ...), not 'mi250x'
// CUDA: sharc-run: error: --exec=cuda: {{no CUDA driver|cannot initialise the CUDA driver|the CUDA driver reports no device}}

// A kernel named like the stencil's, with other parameters.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%a: memref<66xf32>, %w: f32) kernel {
      %tx = gpu.thread_id x
      memref.store %w, %a[%tx] : memref<66xf32>
      gpu.return
    }
  }
}
