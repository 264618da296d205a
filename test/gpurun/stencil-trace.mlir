// A time-stepped 3-point stencil whose host code sets B's boundary between the two launches of
// each step: the launch trace records both kernels of every step in order, the first uploads of
// A and B, and B again each time host code changed it (not A, which only kernels write). The
// expected outputs are what the simulator computed, and the trace is consistent with the PTX.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sharc-run %s --entry=main --random-inputs=3 --arg=steps=2 --launch-trace=%t/stencil.json --dump=%t/sim
// RUN: FileCheck %s < %t/stencil.json
// RUN: cmp %t/stencil.expected.A.npy %t/sim/A.npy
// RUN: cmp %t/stencil.expected.B.npy %t/sim/B.npy
// The same trace when the kernels run as compiled host code (the observer sees every executor).
// RUN: sharc-run %s --entry=main --random-inputs=3 --arg=steps=2 --exec=host --launch-trace=%t/host/stencil.json
// RUN: diff %t/stencil.json %t/host/stencil.json
// RUN: cmp %t/stencil.upload3.npy %t/host/stencil.upload3.npy
// RUN: cmp %t/stencil.expected.A.npy %t/host/stencil.expected.A.npy
// RUN: sharc-translate %s --target=a100 --emit=ptx -o %t/stencil.sm_80.ptx
// RUN: sharc-translate %s --target=h100 --emit=ptx -o %t/stencil.sm_90.ptx
// RUN: sharc-gpu-run %t/stencil.json --ptx=%t/stencil.sm_80.ptx --ptx=%t/stencil.sm_90.ptx --dry-run | FileCheck %s --check-prefix=DRY

// CHECK:      "format": "sharc-launch-trace-1",
// CHECK-NEXT: "entry": "main",
// CHECK-NEXT: "buffers": [
// CHECK-NEXT:   {"elem":"f32","elem_bytes":4,"elems":66},
// CHECK-NEXT:   {"elem":"f32","elem_bytes":4,"elems":66}
// CHECK-NEXT: ],
// CHECK-NEXT: "events": [
// CHECK-NEXT:   {"op":"upload","buffer":0,"file":"stencil.upload0.npy"},
// CHECK-NEXT:   {"op":"upload","buffer":1,"file":"stencil.upload1.npy"},
// w = 1/3 as f32 bits (0x3eaaaaab); the dynamic size 66 follows each memref's pointer.
// CHECK-NEXT:   {"op":"launch","kernel":"step","grid":[2,1,1],"block":[32,1,1],"shared_bytes":0,"args":[{"kind":"buffer","buffer":0,"offset":0,"elems":66},{"kind":"scalar","ty":"i64","bytes":8,"bits":66},{"kind":"buffer","buffer":1,"offset":0,"elems":66},{"kind":"scalar","ty":"i64","bytes":8,"bits":66},{"kind":"scalar","ty":"f32","bytes":4,"bits":1051372203}]},
// CHECK-NEXT:   {"op":"upload","buffer":1,"file":"stencil.upload2.npy"},
// CHECK-NEXT:   {"op":"launch","kernel":"step",{{.*}}"args":[{"kind":"buffer","buffer":1,{{.*}}{"kind":"buffer","buffer":0,
// CHECK-NEXT:   {"op":"launch","kernel":"step",{{.*}}"args":[{"kind":"buffer","buffer":0,{{.*}}{"kind":"buffer","buffer":1,
// CHECK-NEXT:   {"op":"upload","buffer":1,"file":"stencil.upload3.npy"},
// CHECK-NEXT:   {"op":"launch","kernel":"step",{{.*}}"args":[{"kind":"buffer","buffer":1,{{.*}}{"kind":"buffer","buffer":0,
// CHECK-NEXT: ],
// CHECK-NEXT: "outputs": [
// CHECK-NEXT:   {"name":"A","buffer":0,"file":"stencil.expected.A.npy"},
// CHECK-NEXT:   {"name":"B","buffer":1,"file":"stencil.expected.B.npy"}
// CHECK-NEXT: ]

// DRY: trace {{.*}}stencil.json: entry @main, 2 buffers (528 bytes), 4 launches of 1 kernels (step), 4 uploads, 2 outputs
// DRY-NEXT: ptx {{.*}}stencil.sm_80.ptx (sm_80): 1 kernels, consistent with the trace
// DRY-NEXT: ptx {{.*}}stencil.sm_90.ptx (sm_90): 1 kernels, consistent with the trace
// DRY-NEXT: dry run: trace, arrays and PTX are consistent; no GPU used

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // dst[i + 1] = w * (src[i] + src[i + 1] + src[i + 2]) for the 64 interior points.
    gpu.func @step(%src: memref<?xf32>, %dst: memref<?xf32>, %w: f32) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %b0 = arith.muli %bx, %c32 : index
      %i = arith.addi %b0, %tx : index
      %i1 = arith.addi %i, %c1 : index
      %i2 = arith.addi %i, %c2 : index
      %a0 = memref.load %src[%i] : memref<?xf32>
      %a1 = memref.load %src[%i1] : memref<?xf32>
      %a2 = memref.load %src[%i2] : memref<?xf32>
      %s0 = arith.addf %a0, %a1 : f32
      %s1 = arith.addf %s0, %a2 : f32
      %r = arith.mulf %w, %s1 : f32
      memref.store %r, %dst[%i1] : memref<?xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<66xf32> {sharc.name = "A"}, %b: memref<66xf32> {sharc.name = "B"}, %steps: index {sharc.name = "steps"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c65 = arith.constant 65 : index
    %w = arith.constant 0.333333343 : f32
    %da = memref.cast %a : memref<66xf32> to memref<?xf32>
    %db = memref.cast %b : memref<66xf32> to memref<?xf32>
    scf.for %t = %c0 to %steps step %c1 {
      gpu.launch_func @kernels::@step blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%da : memref<?xf32>, %db : memref<?xf32>, %w : f32)
      // The host keeps B's boundary equal to its neighbours (a reflecting boundary).
      %l = memref.load %b[%c1] : memref<66xf32>
      memref.store %l, %b[%c0] : memref<66xf32>
      %r = memref.load %b[%c64] : memref<66xf32>
      memref.store %r, %b[%c65] : memref<66xf32>
      gpu.launch_func @kernels::@step blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%db : memref<?xf32>, %da : memref<?xf32>, %w : f32)
    }
    return
  }
}
