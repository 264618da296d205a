// Binary junk / invalid UTF-8 is rejected by the lexer at the first bad byte
// (upstream: "unexpected character"). The inputs are produced with printf so
// that this test file itself stays plain UTF-8 text.
//
// Junk at the very start of the file (0xFF 0xFE 0x00 ...): 1:1.
// RUN: printf '\377\376\000garbage\n' > %t.lead.mlir
// RUN: not sharc-opt %t.lead.mlir 2>&1 | FileCheck %s --check-prefix=LEAD
// LEAD: {{.*}}lead.mlir:1:1: error:
//
// A PNG signature after a complete, valid function: 4:1.
// RUN: printf 'func.func @f() {\n  return\n}\n\211PNG\r\n\032\n' > %t.trail.mlir
// RUN: not sharc-opt %t.trail.mlir 2>&1 | FileCheck %s --check-prefix=TRAIL
// TRAIL: {{.*}}trail.mlir:4:1: error:
//
// Invalid UTF-8 after indentation on line 3 (0xC3 0x28 is a bad sequence): 3:3.
// RUN: printf 'module {\n}\n  \303\050\240\241 junk\n' > %t.mid.mlir
// RUN: not sharc-opt %t.mid.mlir 2>&1 | FileCheck %s --check-prefix=MID
// MID: {{.*}}mid.mlir:3:3: error:
//
// An ELF header (starts with 0x7F, then NULs): 1:1.
// RUN: printf '\177ELF\002\001\001\000\000\000' > %t.elf.mlir
// RUN: not sharc-opt %t.elf.mlir 2>&1 | FileCheck %s --check-prefix=ELF
// ELF: {{.*}}elf.mlir:1:1: error:
//
// A stray control character (0x01) inside an otherwise valid function body: 2:3.
// RUN: printf 'func.func @f() {\n  \001 return\n}\n' > %t.ctrl.mlir
// RUN: not sharc-opt %t.ctrl.mlir 2>&1 | FileCheck %s --check-prefix=CTRL
// CTRL: {{.*}}ctrl.mlir:2:3: error:
