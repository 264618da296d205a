// Code generation of vector accesses: one LLVM vector load/store with the op's alignment, which
// the backends turn into one 8-byte access per thread; without the alignment (only the
// element's is known) they split it. LLVM 22's NVPTX prints untyped moves, so the float2 load
// is `ld.global.v2.b32` (and a scalar one `ld.global.b32`).
// RUN: sharc-translate %S/../sim/vector.mlir --target=a100 -O0 | FileCheck %s --check-prefix=LLVM
// RUN: sharc-translate %S/../sim/vector.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
// RUN: sharc-translate %S/../sim/vector.mlir --target=mi250x --emit=asm | FileCheck %s --check-prefix=AMD
// RUN: sharc-translate %S/../sim/vector.mlir --target=mi250x --emit=hsaco -o %t.hsaco
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
// Host execution: the same outputs as the simulator, and the lanes' bounds checked.
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: sharc-run %S/../sim/vector.mlir --entry=main --random-inputs=5 --dump=%t.d/interp > /dev/null
// RUN: sharc-run %S/../sim/vector.mlir --entry=main --random-inputs=5 --exec=host --dump=%t.d/host > /dev/null
// RUN: diff -r %t.d/interp %t.d/host
// RUN: not sharc-run %s --entry=main --random-inputs=1 --exec=host 2>&1 | FileCheck %s --check-prefix=HOST

// LLVM-LABEL: define ptx_kernel void @swap(
// LLVM: %[[V:.*]] = load <2 x float>, ptr addrspace(1) %{{.*}}, align 8
// LLVM-NEXT: extractelement <2 x float> %[[V]], i64 0
// LLVM-NEXT: extractelement <2 x float> %[[V]], i64 1
// LLVM-NEXT: insertelement <2 x float> poison, float %{{.*}}, i64 0
// LLVM-NEXT: %[[W:.*]] = insertelement <2 x float> %{{.*}}, float %{{.*}}, i64 1
// LLVM: store <2 x float> %[[W]], ptr addrspace(1) %{{.*}}, align 8
// LLVM-LABEL: define ptx_kernel void @swap_shared(
// LLVM: load <2 x float>, ptr addrspace(1) %{{.*}}, align 4
// LLVM: store <2 x float> %{{.*}}, ptr addrspace(3) %{{.*}}, align 4

// PTX-LABEL: .visible .entry swap(
// PTX: ld.global.v2.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// PTX: st.global.v2.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX-LABEL: .visible .entry swap_scalar(
// PTX-NOT: .v2.
// PTX: ld.global.b32
// PTX-LABEL: .visible .entry swap_shared(
// Only 4-byte alignment is known: the global vector load is split.
// PTX: ld.global.b32
// PTX: ld.global.b32

// AMD-LABEL: swap:
// AMD: global_load_dwordx2
// AMD: global_store_dwordx2
// NOTES: .name: swap

// The pair at index 3 of a 4-element buffer: its second lane is out of bounds.
// HOST: vector.mlir:{{[0-9]+}}:5: error: out-of-bounds access at {{.*}}vector.mlir:[[@LINE+5]]:12 ('vector.load') in thread (3, 0, 0) of block (0, 0, 0) in the host execution of @pairs
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pairs(%a: memref<4xf32>) kernel {
      %tx = gpu.thread_id x
      %v = vector.load %a[%tx] : memref<4xf32>, vector<2xf32>
      vector.store %v, %a[%tx] : memref<4xf32>, vector<2xf32>
      gpu.return
    }
  }
  func.func @main(%a: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@pairs blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%a : memref<4xf32>)
    return
  }
}
