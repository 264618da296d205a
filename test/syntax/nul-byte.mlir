// Upstream's lexer treats a NUL byte inside the buffer like whitespace: only
// the NUL terminator at the very end of the buffer means end-of-file. So a
// stray NUL between tokens is accepted and the IR prints normally. (The input
// is produced with printf so this file stays plain text.)
// RUN: printf 'func.func @f() {\n  \000return\n}\n' > %t.mlir
// RUN: sharc-opt %t.mlir | FileCheck %s
// CHECK:      module {
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
//
// A NUL in the middle of a token splits it: `ret` then `urn` -> error at the
// `ret` op name (2:3), i.e. NOT treated as end of input.
// RUN: printf 'func.func @f() {\n  ret\000urn\n}\n' > %t.split.mlir
// RUN: not sharc-opt %t.split.mlir 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: {{.*}}split.mlir:2:3: error:
