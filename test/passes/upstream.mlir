// REQUIRES: upstream
// `upstream`: upstream MLIR 22's passes, in-process, between sharc's (issue 17).
//
// Upstream's affine-loop-fusion alone: the consumer loop absorbs the producer, and the simulator
// runs the input and the fused program on the same inputs, whose outputs must be equal. Where
// mlir-opt is installed, its own output of the same pass is the reference, text for text.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(upstream{pipeline="builtin.module(affine-loop-fusion)"})' -o %t.fused.mlir
// RUN: FileCheck %s --check-prefix=FUSED --input-file=%t.fused.mlir
// RUN: sharc-run %s --entry=fuse --random-inputs=1 --compare=%t.fused.mlir
// RUN: %if mlir-opt %{ mlir-opt %s --pass-pipeline='builtin.module(affine-loop-fusion)' -o %t.ref.mlir %}
// RUN: %if mlir-opt %{ diff %t.ref.mlir %t.fused.mlir %}
//
// A mixed pipeline: sharc's cse, then upstream's fusion and canonicalize (a pipeline with a space,
// hence the quotes), then sharc-parallelize on the fused loop. Its remark points at the consumer
// loop of this file: locations cross to MLIR and back.
// RUN: sharc-opt %s --pass-pipeline='builtin.module(cse, upstream{pipeline="builtin.module(affine-loop-fusion, canonicalize)"}, sharc-parallelize)' -o %t.mixed.mlir 2> %t.remarks
// RUN: FileCheck %s --check-prefix=MIXED --input-file=%t.mixed.mlir
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: sharc-run %s --entry=fuse --random-inputs=2 --compare=%t.mixed.mlir
//
// The pass flag takes the same option (the pipeline rendered back in quotes), and the default
// pipeline runs no pass: the module makes the round trip through upstream unchanged.
// RUN: sharc-opt %s '--upstream=pipeline="builtin.module(affine-loop-fusion)"' | FileCheck %s --check-prefix=FUSED
// RUN: sharc-opt %s --upstream -o %t.roundtrip.mlir
// RUN: sharc-opt %s -o %t.printed.mlir
// RUN: diff %t.printed.mlir %t.roundtrip.mlir
//
// A module holding a sharc-only op (a gpumap.band) is refused at the op, before MLIR runs.
// RUN: not sharc-opt %S/Inputs/upstream-band.mlir --upstream 2>&1 | FileCheck %s --check-prefix=BAND
// BAND: upstream-band.mlir:4:3: error: 'gpumap.band' op is not an upstream MLIR op: the 'upstream' pass takes upstream-level IR only (lower it first)
// BAND-NEXT: gpumap.band (%i) = (0) to (64)
// BAND-NEXT: {{^  \^$}}
//
// A pipeline upstream cannot parse: MLIR's message, located in the pipeline.
// RUN: not sharc-opt %s --pass-pipeline='builtin.module(upstream{pipeline="builtin.module(no-such-pass)"})' 2>&1 | FileCheck %s --check-prefix=BADPIPE
// BADPIPE: sharc-opt: error: invalid upstream pipeline 'builtin.module(no-such-pass)':
// BADPIPE-NEXT: MLIR Textual PassPipeline Parser:1:1: error: 'no-such-pass' does not refer to a registered pass or pass pipeline
// BADPIPE-NEXT: no-such-pass
// BADPIPE-NEXT: {{^\^$}}
//
// The pass is listed with its option.
// RUN: sharc-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --upstream[=<upstream>]
// HELP-NEXT: Run an upstream MLIR pass pipeline in-process

// FUSED-LABEL: func.func @fuse
// FUSED: affine.for %[[I:.*]] = 0 to 10 {
// FUSED-NEXT: affine.load %{{.*}}[%[[I]]]
// FUSED-NEXT: arith.addf
// FUSED-NEXT: affine.store
// FUSED-NEXT: affine.load
// FUSED-NEXT: arith.mulf
// FUSED-NEXT: affine.store
// FUSED-NEXT: }
// FUSED-NOT: affine.for

// MIXED-LABEL: func.func @fuse
// MIXED: affine.parallel (%[[I:.*]]) = (0) to (10) {
// MIXED: arith.addf
// MIXED: arith.mulf
// MIXED: }
// MIXED-NOT: affine.for

// REMARK: upstream.mlir:[[@LINE+8]]:3: remark: loop runs in parallel
func.func @fuse(%A: memref<10xf32>, %B: memref<10xf32>) {
  %m = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    %d = arith.addf %a, %a : f32
    affine.store %d, %m[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %B[%i] : memref<10xf32>
  }
  memref.dealloc %m : memref<10xf32>
  return
}
