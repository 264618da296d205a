// Bad pass pipelines are reported with a message naming the problem, located in the pipeline
// with a caret as mlir-opt locates them, and a non-zero exit. (Option errors: pass-options.mlir.)
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(cse, no-such-pass)' 2>&1 | FileCheck %s --check-prefix=UNKNOWN --strict-whitespace
// UNKNOWN: {{^}}MLIR Textual PassPipeline Parser:1:21: error: 'no-such-pass' does not refer to a registered pass or pass pipeline{{$}}
// UNKNOWN-NEXT: {{^}}builtin.module(cse, no-such-pass){{$}}
// UNKNOWN-NEXT: {{^}}                    ^{{$}}
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(' 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: MLIR Textual PassPipeline Parser:1:16: error: expected a pass or op name
// RUN: not sharc-opt %s --pass-pipeline='builtin.module()) extra' 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: MLIR Textual PassPipeline Parser:1:17: error: unexpected text after the pipeline: ') extra'
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=1' 2>&1 | FileCheck %s --check-prefix=BRACE
// BRACE: MLIR Textual PassPipeline Parser:1:28: error: missing closing '}' while processing pass options
// RUN: not sharc-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: error: unexpected argument '--no-such-flag'
// RUN: not sharc-opt %t.does-not-exist 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: could not open input file '{{.*}}does-not-exist'
module {
}
