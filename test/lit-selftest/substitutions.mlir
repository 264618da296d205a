// Harness self-test: substitutions, continued RUN lines, and the shell a RUN line runs in.

// The working directory is the per-test temp dir %T, created fresh and empty for every run.
// RUN: test "$PWD" = %T && test -z "$(ls -A)"
// %s is the absolute path of this file and %S its directory.
// RUN: case %s in /*) ;; *) exit 1 ;; esac
// RUN: test "%S/substitutions.mlir" = %s
// %t lies inside %T and is not created, so it can also serve as a directory.
// RUN: test "$(dirname %t)" = %T && test ! -e %t
// RUN: mkdir %t && cp %s %t/copy.mlir && mlir-opt %t/copy.mlir | FileCheck %s

// `%%` is a literal percent sign, not the start of a substitution.
// RUN: echo 100%%s | FileCheck %s --check-prefix=PERCENT
// PERCENT: {{^}}100%s{{$}}

// A trailing backslash continues a RUN line on the next one.
// RUN: echo one \
// RUN:   two | FileCheck %s --check-prefix=CONT
// CONT: {{^}}one two{{$}}

// Tool names are replaced only where a command starts: here `not` and `FileCheck` are echoed as words.
// RUN: echo not FileCheck | FileCheck %s --check-prefix=WORDS
// WORDS: {{^}}not FileCheck{{$}}

// After an assignment the next word is still a command (an unreplaced `not` would exit 127).
// RUN: SHARC_LIT_SELFTEST=1 not false

// Stdin is /dev/null, so a command reading it sees no input instead of hanging.
// RUN: cat | count 0

// Pipelines fail when any stage fails (pipefail): `! {...}` succeeds only if `false | cat` fails.
// RUN: ! { false | cat; }

// CHECK-LABEL: func.func @identity
// CHECK-NEXT:    return %{{.*}} : i32
func.func @identity(%x: i32) -> i32 {
  return %x : i32
}
