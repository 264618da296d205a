// Harness self-test: REQUIRES names features that must be present, else the file is skipped with a
// note. mlir-opt is present once scripts/setup.sh has run, so this file does run.
// REQUIRES: mlir-opt
// RUN: mlir-opt --version | FileCheck %s
// CHECK: LLVM version 22.
