// Bad command-line input is a clear error and a non-zero exit, never a panic.

// RUN: not sharc-run %s --entry=nope --random-inputs=1 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: no function @nope in {{.*}}bad-inputs.mlir (functions: @main, @twice)

// RUN: not sharc-run %s --entry=main --random-inputs=1 --arg=arg3=1 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: @main has no argument 'arg3' (its 3 arguments: x, y, n)

// RUN: not sharc-run %s --entry=main --random-inputs=1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: error: argument 'n' (index): no value given (use --arg n=VALUE)

// RUN: not sharc-run %s --entry=main --arg=n=4 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: argument 'x' (memref<4x8xf32>): no value given (use --arg x=@FILE.npy or --random-inputs SEED)

// RUN: not sharc-run %s --entry=main --random-inputs=1 --arg=n=four 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: error: argument 'n' (index): 'four' is not an integer

// RUN: sharc-run %s --entry=twice --random-inputs=1 --dump=%t.d
// RUN: not sharc-run %s --entry=main --arg=n=4 --arg=x=@%t.d/a.npy --random-inputs=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: argument 'x' (memref<4x8xf32>): {{.*}}a.npy: expected shape 4x8, the array has shape 8x4

// RUN: not sharc-run %s --entry=main --arg=n=4 --arg=x=@%t.d/b.npy --random-inputs=1 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: argument 'x' (memref<4x8xf32>): {{.*}}b.npy: expected elements of type f32, the array holds i32

// RUN: printf 'not numpy' > %t.bad.npy
// RUN: not sharc-run %s --entry=main --arg=n=4 --arg=x=@%t.bad.npy --random-inputs=1 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: error: argument 'x' (memref<4x8xf32>): {{.*}}.bad.npy: not a NumPy .npy file (bad magic string)

// RUN: head -c 150 %t.d/a.npy > %t.short.npy
// RUN: not sharc-run %s --entry=main --arg=n=4 --arg=x=@%t.short.npy --random-inputs=1 2>&1 | FileCheck %s --check-prefix=TRUNC
// TRUNC: error: argument 'x' (memref<4x8xf32>): {{.*}}.short.npy: data size {{[0-9]+}} bytes does not match shape [8, 4] of 4-byte elements

// RUN: not sharc-run %s --entry=main --arg=n=4 --arg=x=@%t.missing.npy --random-inputs=1 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: argument 'x' (memref<4x8xf32>): cannot read '{{.*}}missing.npy':

// RUN: not sharc-run %s --entry=main --random-inputs=1 --arg=n=4 --target=gtx9000 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: unknown target 'gtx9000' (known targets: {{.*}}a100{{.*}}; or give a path to a .toml file)

// RUN: not sharc-run %s.missing --entry=main 2>&1 | FileCheck %s --check-prefix=INPUT
// INPUT: error: could not open input file '{{.*}}bad-inputs.mlir.missing'

// --inputs DIR reads scalars from DIR/scalars.txt: one that cannot be read, or a line that is not
// NAME=VALUE, is an error (both were ignored, and the kernel ran with other scalars).
// RUN: rm -rf %t.in && mkdir -p %t.in/unreadable/scalars.txt %t.in/malformed %t.in/good %t.in/none
// RUN: not sharc-run %s --entry=main --random-inputs=1 --inputs=%t.in/unreadable 2>&1 | FileCheck %s --check-prefix=UNREADABLE
// UNREADABLE: error: cannot read '{{.*}}unreadable/scalars.txt': {{.*}}directory
// RUN: printf 'n=4\nn 5\n' > %t.in/malformed/scalars.txt
// RUN: not sharc-run %s --entry=main --random-inputs=1 --inputs=%t.in/malformed 2>&1 | FileCheck %s --check-prefix=LINE
// LINE: {{.*}}malformed/scalars.txt:2:1: error: expected a NAME=VALUE line
// LINE-NEXT: {{^}}n 5{{$}}
// LINE-NEXT: {{^}}^{{$}}
// RUN: printf 'n=7\n' > %t.in/good/scalars.txt
// RUN: sharc-run %s --entry=main --random-inputs=1 --inputs=%t.in/good | FileCheck %s --check-prefix=GOOD
// GOOD: result 0: 7 : index
// Without scalars.txt the directory gives no scalars.
// RUN: not sharc-run %s --entry=main --random-inputs=1 --inputs=%t.in/none 2>&1 | FileCheck %s --check-prefix=SCALAR

// RUN: sharc-run %s --entry=main --random-inputs=1 --arg=n=4 | FileCheck %s --check-prefix=OK
// OK: result 0: 4 : index

func.func @main(%x: memref<4x8xf32> {sharc.name = "x"}, %y: memref<8xi32> {sharc.name = "y"}, %n: index {sharc.name = "n"}) -> index {
  return %n : index
}

func.func @twice(%a: memref<8x4xf32> {sharc.name = "a"}, %b: memref<4x8xi32> {sharc.name = "b"}) {
  return
}
