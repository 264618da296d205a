// A C file that is not UTF-8 is reported at its first bad byte (line:col, the column in bytes),
// with the line (bad bytes shown as '?') and a caret, exit 1; it was reported at 1:1 with no
// source line. The input is written with printf so that this file stays UTF-8.
// RUN: printf 'void f(float *p) {\n  p[0] = 1; // caf\351 \n}\n' > %t.c
// RUN: not sharcc %t.c 2>&1 | FileCheck %s
// RUN: not sharcc %t.c --function f --emit c-harness 2>&1 | FileCheck %s
// CHECK: {{.*}}.c:2:19: error: source file is not valid UTF-8 (byte 0xE9)
// CHECK-NEXT: {{^}}  p[0] = 1; // caf? {{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
