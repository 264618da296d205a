// Harness self-test: `%if FEATURE %{ COMMAND %}` runs COMMAND only where FEATURE is available; the
// other RUN lines run everywhere (with SHARC_LIT_STRICT=1 a missing mlir-opt fails the file instead).
// The substitutions apply inside the braces; a continued RUN line may carry the closing `%}`.
// RUN: sharc-opt %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --version | FileCheck %s --check-prefix=VERSION %}
// RUN: %if mlir-opt %{ sharc-opt %s | \
// RUN:   mlir-opt | FileCheck %s %}

// VERSION: LLVM version 22.
// CHECK-LABEL: func.func @f
func.func @f() {
  return
}
