// Host execution of the generated code equals the interpreter on every kernel-launching
// program of test/sim/: each runs once under the simulator and once with --exec=host on the
// same random inputs, and the dumped outputs must be identical byte for byte.
// RUN: rm -rf %t && mkdir -p %t
// RUN: for p in transpose-tiled transpose-naive transpose-padded transpose-global-tile matmul-naive \
// RUN:          matmul-tiled gpu-block-sum gpu-histogram gpu-copy-metrics divergence launches; do \
// RUN:   sharc-run %S/../../sim/$p.mlir --entry=main --random-inputs=5 --dump=%t/$p/interp > %t/$p.interp.txt && \
// RUN:   sharc-run %S/../../sim/$p.mlir --entry=main --random-inputs=5 --exec=host --dump=%t/$p/host > %t/$p.host.txt && \
// RUN:   diff -r %t/$p/interp %t/$p/host && diff %t/$p.interp.txt %t/$p.host.txt && ls %t/$p/host/*.npy > /dev/null || exit 1; \
// RUN: done
// The racy histogram kernel of gpu-histogram.mlir is an error under the simulator only.
// RUN: sharc-run %S/../../sim/gpu-histogram.mlir --entry=main --random-inputs=9 --exec=host \
// RUN:   --compare=%S/../../sim/Inputs/histogram-ref.mlir
// The C-front-end-style kernel programs compare with their references under --exec=host too.
// RUN: sharc-run %S/../../sim/transpose-tiled.mlir --entry=main --random-inputs=1 --exec=host \
// RUN:   --compare=%S/../../sim/Inputs/transpose-ref.mlir 2>&1 | FileCheck %s
// CHECK: sharc-run: 2 outputs match
