// A chunk that fails prints nothing but keeps its `// -----` separator, as mlir-opt's output does.
// REQUIRES: mlir-opt
// RUN: not sharc-opt %S/Inputs/failing-chunk.mlir -split-input-file > %t.sharc 2>/dev/null
// RUN: not mlir-opt %S/Inputs/failing-chunk.mlir -split-input-file > %t.upstream 2>/dev/null
// RUN: diff %t.upstream %t.sharc
