// An input without operations is accepted and printed as an empty module:
// exactly "module {\n}\n" followed by the blank line upstream always prints
// after the top-level op. This file only contains comments.
// RUN: printf 'module {\n}\n\n' > %t.expected
// RUN: sharc-opt %s | diff -u %t.expected -
// RUN: sharc-opt %s | FileCheck %s
// CHECK:      module {
// CHECK-NEXT: }
//
// A 0-byte file and a whitespace-only file print the same.
// RUN: printf '' > %t.empty.mlir
// RUN: sharc-opt %t.empty.mlir | diff -u %t.expected -
// RUN: printf '  \n\n\t\n' > %t.ws.mlir
// RUN: sharc-opt %t.ws.mlir | diff -u %t.expected -
//
// With -split-input-file, a whitespace/comment-only file still prints the
// empty module, but a 0-byte file prints NOTHING (no chunks at all).
// RUN: sharc-opt %t.ws.mlir -split-input-file | diff -u %t.expected -
// RUN: sharc-opt %s -split-input-file | diff -u %t.expected -
// RUN: sharc-opt %t.empty.mlir -split-input-file | count 0
//
// An explicit empty module, written on one line, prints identically.
// RUN: printf 'module {}' > %t.mod.mlir
// RUN: sharc-opt %t.mod.mlir | diff -u %t.expected -
