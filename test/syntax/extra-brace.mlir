// A stray `}` at top level. A wrong token that is the first token on its line
// is reported at the end of the previous non-blank line (here: after the
// module's `}`), not at the token itself.
// RUN: not sharc-opt %s 2>&1 | FileCheck %s --strict-whitespace
// CHECK: {{.*}}extra-brace.mlir:10:2: error:
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}} ^{{$}}

module {
}

}
