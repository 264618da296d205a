/* sharcc --block-remap and --block-remap-size on seed 000's kernels (bench/kernels/shared-memory.c):
 * the C kernels take n at run time, so the pass decides at the size the option assumes. */
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function transpose --target gtx690 --block-remap-size=256 --remarks --report --emit=gpu -o %t.d/t.mlir 2> %t.d/t.err
// RUN: FileCheck %s --check-prefix=GTX --input-file=%t.d/t.err
// RUN: FileCheck %s --check-prefix=LOWERED --input-file=%t.d/t.mlir
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function transpose --target gtx690 --block-remap=off --block-remap-size=256 --remarks --report --emit=gpu -o %t.d/off.mlir 2> %t.d/off.err
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t.d/off.err
// RUN: FileCheck %s --check-prefix=OFF-IR --input-file=%t.d/off.mlir
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function transpose --target gtx690 --remarks --emit=gpu -o %t.d/nosize.mlir 2>&1 | FileCheck %s --check-prefix=NOSIZE
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function transpose --target a100 --block-remap-size=256 --remarks --report --emit=gpu -o %t.d/a100.mlir 2>&1 | FileCheck %s --check-prefix=A100
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function matvec --target gtx690 --block-remap-size=4096 --remarks --emit=gpu -o %t.d/mv.mlir 2>&1 | FileCheck %s --check-prefix=MV
// RUN: K=%S/../../../bench/kernels/shared-memory.c; \
// RUN: sharcc $K --function matvec --target gtx690 --block-remap-size=4096 --allow-reassoc --remarks --report --emit=gpu -o %t.d/mv-reassoc.mlir 2>&1 | FileCheck %s --check-prefix=MV-REASSOC

// gtx690, n = 256: camps (every store of a window on one channel), remapped; the remap column
// gives the first window before and after, the kernel computes its tile from gpu.grid_dim.
// GTX: remark: block-remap: target gtx690 (channel map linear-assumed): diagonal block order; n = 256 (assumed): first window of 16 blocks: load 1.00, store 4.00, camps: load 1.00, store 1.00 under the diagonal order
// GTX: remap
// GTX: @transpose_kernels::@transpose_b0
// GTX-SAME: diagonal (n = 256 (assumed): load 1.00, store 4.00 -> load 1.00, store 1.00)
// LOWERED: gpu.grid_dim  y
// LOWERED: arith.remui
// --block-remap=off: no pass, no remark, no column value, no reordering.
// OFF-NOT: block-remap
// OFF: @transpose_kernels::@transpose_b0
// OFF-NOT: diagonal
// OFF-IR-NOT: gpu.grid_dim
// Without a size nothing is known about n: left unchanged, with the reason.
// NOSIZE: remark: block-remap: target gtx690 (channel map linear-assumed): left unchanged; no camping estimate (the grid is not known at these sizes)
// A100: remark: block-remap: target a100: channel map is unknown: camping is not modelled, never remapped
// A100: @transpose_kernels::@transpose_b0
// A100-SAME: none (channel map unknown)
// matvec camps inside each block (all 1024 rows of a strip on channel 0 at n = 4096), on a 1-D
// grid: its float sum may not be rotated without allow-reassoc, and the remark says so
// (test/passes/gpumap/block-remap-rotate.mlir rotates an integer one).
// MV: remark: block-remap: target gtx690 (channel map linear-assumed): left unchanged; n = 4096 (assumed): first window of 40 blocks: load 4.00, store 1.00, camps on a 1-D grid; the offset rotation of a reduction loop does not apply: the reduction is floating-point: a new order changes its rounding (allow-reassoc)
// With --allow-reassoc its float sum may be combined in another order: block b starts its
// k-strip loop (b mod 4)·r strips in, and the report's remap column says so.
// MV-REASSOC: remark: block-remap: target gtx690 (channel map linear-assumed): n = 4096 (assumed): first window of 40 blocks: load 4.00, store 1.00, camps on a 1-D grid; offset rotation of a reduction loop: block b starts (b mod 4)·{{[0-9]+}} iterations in, worst first-window imbalance n = 4096 (assumed): 4.00 -> 1.00
// MV-REASSOC: @matvec_kernels::@matvec_b0
// MV-REASSOC-SAME: rotated reduction (n = 4096 (assumed): 4.00 -> 1.00)
