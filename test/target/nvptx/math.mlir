// RUN: sharc-translate %s --target=a100 --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// libdevice comes from the wheel that brings ptxas (scripts/setup.sh), so `%if ptxas` guards its lines.
// RUN: %if ptxas %{ sharc-translate %S/../Inputs/math-libdevice.mlir --target=a100 --emit=ptx -o %t.lib.ptx %}
// RUN: %if ptxas %{ FileCheck %s --check-prefix=LIB --input-file=%t.lib.ptx %}
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.lib.ptx -o %t.lib.cubin %}
// RUN: %if ptxas %{ sharc-translate %S/../Inputs/math-libdevice.mlir --target=a100 --emit=llvm -O0 | FileCheck %s --check-prefix=LIBLL %}
// RUN: SHARC_LIBDEVICE=/nonexistent/libdevice.10.bc not sharc-translate %S/../Inputs/math-exp.mlir --target=a100 --emit=ptx 2>&1 | FileCheck %s --check-prefix=NOLIB

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

// Transcendental functions come from libdevice, linked in and internalized: libdevice's
// functions are always_inline, so even at -O0 none is left, and no external call remains.
// LIB-LABEL: .visible .entry transcendental(
// LIB-NOT: .extern
// LIBLL: define ptx_kernel void @transcendental(
// LIBLL-DAG: __nv_powf.exit:
// LIBLL-DAG: __nv_tanhf.exit:
// LIBLL-DAG: __nv_atan2.exit:
// LIBLL-NOT: {{declare|define}} {{.*}}@__nv_

// Without libdevice, the error says what is missing and how to get it.
// NOLIB: error: '__nv_expf': cannot find libdevice.10.bc, NVIDIA's device math library, which math functions such as exp, pow and tanh need on NVPTX: run scripts/setup.sh (it installs the nvidia-cuda-nvcc-cu12 wheel that holds it) or set SHARC_LIBDEVICE to its path

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
