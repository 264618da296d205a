// RUN: sharc-opt %S/promote-e2e.mlir --sharc-seed-closure --sharc-partition="target=a100" --sharc-map-baseline="target=a100" --sharc-map --sharc-promote --sharc-lower-gpumap --lower-affine --canonicalize --cse -o %t.mlir
// RUN: sharc-translate %t.mlir --target=a100 --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %if ptxas %{ ptxas -arch=sm_80 %t.ptx -o %t.cubin %}

// Every promoted kernel of promote-e2e.mlir assembles for sm_80, with its shared buffers and
// barriers.
// CHECK-DAG: .visible .entry gemm_b0(
// CHECK-DAG: .visible .entry stencil_b0(
// CHECK-DAG: .visible .entry transpose_b0(
// CHECK-DAG: .shared {{.*}}4096
// CHECK-DAG: bar.sync 0;
