// sharcc's pass pipeline is instrumented as sharc-opt's: --mlir-print-ir-after-all dumps the IR
// after every pass (sharc-parallelize first, also at the affine level), --mlir-timing reports
// the front-end, every pass and the output.
// RUN: sharcc %s --no-shared --emit=gpu --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: // -----// IR Dump After SharcParallelize (sharc-parallelize) //----- //
// The init loop (no directive) stays on the host; the OpenACC loop is a band.
// GPU: func.func @scale(
// GPU-NEXT: affine.for
// GPU: affine.parallel (%{{.*}}) = (0) to (symbol(%{{.*}})) {
// GPU: } {sharc.acc = "acc parallel loop independent"}
// GPU: // -----// IR Dump After SharcExposeParallel (sharc-expose-parallel) //----- //
// GPU: // -----// IR Dump After SharcDistribute (sharc-distribute) //----- //
// The baseline is a plan like any other: the section takes it, sharc-map makes it a
// gpumap.band (the kernel every later pass transforms), sharc-lower-gpumap outlines the band.
// GPU: // -----// IR Dump After SharcMapBaseline (sharc-map-baseline) //----- //
// GPU: } {sharc.acc = "acc parallel loop independent", sharc.plan = {block = array<i64: 256, 1, 1>, loops = ["x"], staged = [], strips = []}}
// GPU: // -----// IR Dump After SharcMap (sharc-map) //----- //
// GPU: gpumap.band (%{{.*}}) = (0) to (symbol(%{{.*}})) block [256] dims [x] origin (%{{.*}}) {
// A 1-D band has no y or z loop to replicate: sharc-ilp records why in the plan.
// GPU: // -----// IR Dump After SharcIlp (sharc-ilp) //----- //
// GPU: ilp = {dim = "-", distribution = "cyclic", factor = 1 : i64, reason = "no y or z loop
// GPU: // -----// IR Dump After SharcLowerGpumap (sharc-lower-gpumap) //----- //
// GPU-NOT: gpumap.band
// GPU: gpu.launch_func @scale_kernels::@scale_b0
// GPU: // -----// IR Dump After LowerAffinePass (lower-affine) //----- //
// GPU: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// GPU: // -----// IR Dump After CSE (cse) //----- //
// GPU-NOT: IR Dump After
// RUN: sharcc %s --emit=affine --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: // -----// IR Dump After SharcParallelize (sharc-parallelize) //----- //
// AFFINE-NOT: IR Dump After
// With --mlir-print-debuginfo the dumps carry locations too.
// RUN: sharcc %s --emit=affine --mlir-print-ir-after-all --mlir-print-debuginfo -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOC
// LOC: affine.parallel
// LOC: loc("{{.*}}pass-instrumentation.c":[[@LINE+25]]:3)
// RUN: sharcc %s --no-shared --emit=gpu --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIME
// TIME: Execution time report
// TIME: Front-end
// TIME-NEXT: sharc-parallelize
// TIME-NEXT: sharc-expose-parallel
// TIME-NEXT: sharc-distribute
// TIME-NEXT: sharc-vectorize
// TIME-NEXT: sharc-map-baseline
// TIME-NEXT: sharc-map
// TIME-NEXT: sharc-ilp
// TIME-NEXT: sharc-block-remap
// TIME-NEXT: sharc-lower-gpumap
// TIME-NEXT: lower-affine
// TIME-NEXT: canonicalize
// TIME-NEXT: cse
// TIME-NEXT: Output
// TIME-NEXT: Total
// Without the flags, nothing but the program.
// RUN: sharcc %s --no-shared --emit=gpu -o /dev/null 2>&1 | count 0
void scale(int n, float a, float x[n]) {
  int i;
  for (i = 0; i < n; i++)
    x[i] = 1.0f;
#pragma acc parallel loop independent
  for (i = 0; i < n; i++)
    x[i] = a * x[i];
}
