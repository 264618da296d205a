// A chunk that fails prints nothing but keeps its `// -----` separator, as mlir-opt's output does.
// RUN: not sharc-opt %S/Inputs/failing-chunk.mlir -split-input-file > %t.sharc 2>/dev/null
// RUN: %if mlir-opt %{ not mlir-opt %S/Inputs/failing-chunk.mlir -split-input-file > %t.upstream 2>/dev/null %}
// RUN: %if mlir-opt %{ diff %t.upstream %t.sharc %}
