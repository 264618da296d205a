// RUN: sharc-opt %S/lower-gpumap.mlir --sharc-lower-gpumap --lower-affine | sharc-translate --target=a100 --emit=ptx -o %t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s %}

// The kernels sharc-lower-gpumap makes from lower-gpumap.mlir, after lower-affine, compile to
// PTX that ptxas assembles; the shared memory of each kernel is its workgroup attributions':
// 4x32 + 4x33 floats for scale, 16x16 + 16x17 for gemm, none for copy.
// CHECK-LABEL: Compiling entry function 'scale_b0' for 'sm_80'
// CHECK: used 1 barriers, 1040 bytes smem
// CHECK-LABEL: Compiling entry function 'gemm_b0' for 'sm_80'
// CHECK: used 1 barriers, 2112 bytes smem
// CHECK-LABEL: Compiling entry function 'copy_b0' for 'sm_80'
// CHECK: used 0 barriers, {{[0-9]+}} bytes cmem
