// sharc-opt's framing of output: each chunk of a split file is printed as its own module followed
// by a blank line, chunks are separated by `// -----`, `-o` writes a file, `-` reads stdin.
// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sharc-opt %s -split-input-file --allow-unregistered-dialect -o %t && FileCheck %s --input-file=%t
// RUN: cat %s | sharc-opt - --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK:      module {
// CHECK-NEXT:   "test.first"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.second"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NOT: {{.}}
"test.first"() : () -> ()
// -----
"test.second"() : () -> ()
