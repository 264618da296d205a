// Bad driver options end in one clear error before the front-end runs, and a non-zero exit.
// RUN: not sharcc %s --target nosuch -o %t.ptx 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: sharcc: error: unknown target 'nosuch'
// RUN: not sharcc %s --target nosuch --emit=gpu -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not sharcc %s --target a100 --emit=hsaco 2>&1 | FileCheck %s --check-prefix=HSACO
// HSACO: sharcc: error: --emit=hsaco needs an AMDGPU target, not nvptx (target 'a100')
// RUN: not sharcc %s --target mi250x -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: sharcc: error: --emit=ptx needs an NVPTX target, not amdgpu (target 'mi250x')
// RUN: not sharcc %s --emit=bogus 2>&1 | FileCheck %s --check-prefix=EMIT
// EMIT: error: invalid value 'bogus' for '--emit <emit>'
// The picture is an SVG or an HTML page, and --report-size sizes only its runs.
// RUN: not sharcc %s --report=%t.png -o /dev/null 2>&1 | FileCheck %s --check-prefix=PICTURE
// PICTURE: sharcc: error: --report={{.*}}.png: the picture is written as FILE.svg or FILE.html (--report alone prints the table)
// RUN: not sharcc %s --report --report-size=64 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: sharcc: error: --report-size sizes the simulated runs of --report=FILE.svg
// RUN: not sharcc %s --report=%t.svg --report-size=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIZE0
// SIZE0: error: invalid value '0' for '--report-size <N>'
// A front-end error still points into the C file, whatever the output.
// RUN: not sharcc %s -DBROKEN --target a100 -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FRONT
// FRONT: driver-errors.c:[[@LINE+8]]:{{[0-9]+}}: error:
// The report lists each kernel with its block (here the baseline mapping's).
// RUN: sharcc %s --no-shared --target a100 --emit=gpu --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: kernel source block shared memory placement
// REPORT: @scale_kernels::@scale_b0 driver-errors.c:[[@LINE+7]] 256x1x1 none (baseline mapping)
void scale(int n, float a, float x[n]) {
  int i;
#ifdef BROKEN
  goto out;
#endif
#pragma acc parallel loop independent
  for (i = 0; i < n; i++)
    x[i] = a * x[i];
}
