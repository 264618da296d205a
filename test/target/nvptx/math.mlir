// REQUIRES: ptxas
// RUN: sharc-translate %s --target=a100 --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: not sharc-translate %S/../Inputs/math-exp.mlir --target=a100 --emit=ptx 2>&1 | FileCheck %s --check-prefix=NOLIB

// The math ops NVPTX implements exactly, on f32 and f64, and integer bit counts.
// CHECK-LABEL: .visible .entry exact(
// CHECK-DAG: sqrt.rn.f64
// CHECK-DAG: fma.rn.f64
// CHECK-DAG: cvt.rpi.f64.f64
// CHECK-DAG: cvt.rzi.f32.f32
// CHECK-DAG: cvt.rni.f32.f32
// CHECK-DAG: clz.b32
// CHECK-DAG: popc.b32
// CHECK-DAG: rcp.rn.f32

// Transcendental functions need libdevice: a located error, not an llc crash.
// NOLIB: math-exp.mlir:6:12: error: 'math.exp' is not supported on nvptx64-nvidia-cuda (sm_80): it needs a device math library, which sharc does not link
// NOLIB-NEXT: {{^}}      %e = math.exp %x : f32
// NOLIB-NEXT: {{^}}           ^

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @exact(%a: memref<32xf64>, %b: memref<32xf32>, %c: memref<32xi32>) kernel {
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<32xf64>
      %s = math.sqrt %x : f64
      %f = math.fma %s, %x, %x : f64
      %r = math.ceil %f : f64
      memref.store %r, %a[%tx] : memref<32xf64>
      %y = memref.load %b[%tx] : memref<32xf32>
      %t = math.trunc %y : f32
      %e = math.roundeven %y : f32
      %te = arith.addf %t, %e : f32
      %q = math.rsqrt %te : f32
      memref.store %q, %b[%tx] : memref<32xf32>
      %i = memref.load %c[%tx] : memref<32xi32>
      %z = math.ctlz %i : i32
      %p = math.ctpop %z : i32
      memref.store %p, %c[%tx] : memref<32xi32>
      gpu.return
    }
  }
}
