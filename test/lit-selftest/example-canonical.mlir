// Guards the bundled example: examples/gemm.mlir, past its leading comment lines, is exactly what
// upstream mlir-opt prints for it (it is valid upstream IR in canonical form).
// RUN: grep -v '^//' %S/../../examples/gemm.mlir > %t.mlir
// RUN: mlir-opt %t.mlir | diff -u %t.mlir -
