#!/usr/bin/env bash
# Runs sharc's main job on the bundled example, examples/gemm.c (seed 000's gemm with its share
# pragma): sharcc compiles it to PTX for the A100 (checked by ptxas) and to an HSACO for the MI250X
# (checked by llvm-readelf), and to the gpu level, which upstream MLIR 22's mlir-opt verifies.
# Then the kernel runs without a GPU three ways on the same inputs, which must agree byte for
# byte: the C compiler's build of the original function, sharc-run's simulation of the gpu level
# (with its global-memory metrics), and the generated machine code compiled for the host CPU.
# Sets the machine up first (scripts/setup.sh; idempotent).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

INPUT="examples/gemm.c"
OUT="$REPO/target/example"
LLVM_BIN="${SHARC_LLVM_BIN:-/usr/lib/llvm-22/bin}"
PTXAS="${SHARC_PTXAS:-$REPO/.tools/ptxas/nvidia/cuda_nvcc/bin/ptxas}"

step() { printf '\n== %s\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "build sharcc and sharc-run"
cargo build --locked -p sharc-tools --bin sharcc --bin sharc-run
BIN="${CARGO_TARGET_DIR:-$REPO/target}/debug"
SHARCC="$BIN/sharcc"
SHARC_RUN="$BIN/sharc-run"
rm -rf "$OUT" && mkdir -p "$OUT"

step "sharcc $INPUT --target a100 -o gemm.ptx, then ptxas -arch=sm_80"
"$SHARCC" "$INPUT" --target a100 --remarks -o "$OUT/gemm.ptx"
grep -E '^\.(version|target)|\.entry' "$OUT/gemm.ptx"
"$PTXAS" -arch=sm_80 -v "$OUT/gemm.ptx" -o "$OUT/gemm.cubin"

step "sharcc $INPUT --target mi250x -o gemm.hsaco, then llvm-readelf --notes"
"$SHARCC" "$INPUT" --target mi250x -o "$OUT/gemm.hsaco"
"$LLVM_BIN/llvm-readelf" --notes "$OUT/gemm.hsaco" | grep -E '\.(name|symbol|group_segment_fixed_size|vgpr_count|sgpr_count):'

step "sharcc $INPUT --emit=gpu, verified by upstream mlir-opt"
"$SHARCC" "$INPUT" --target a100 --emit=gpu -o "$OUT/gemm.gpu.mlir"
"$LLVM_BIN/mlir-opt" --allow-unregistered-dialect "$OUT/gemm.gpu.mlir" > /dev/null
echo "ok: mlir-opt parsed and verified $OUT/gemm.gpu.mlir"

step "the C compiler's result, the simulator's and the generated host code's agree (n = 100)"
"$SHARCC" "$INPUT" --function gemm --emit=c-harness -o "$OUT/gemm-ref.c"
cc -O0 -ffp-contract=off "$OUT/gemm-ref.c" -o "$OUT/gemm-ref" -lm
"$OUT/gemm-ref" "$OUT/run" n=100 alpha=1.5 beta=-0.5
"$SHARC_RUN" "$OUT/gemm.gpu.mlir" --entry gemm --inputs "$OUT/run/in" --dump "$OUT/run/interp" --metrics=table
"$SHARC_RUN" "$OUT/gemm.gpu.mlir" --entry gemm --inputs "$OUT/run/in" --dump "$OUT/run/host" --exec=host
cmp "$OUT/run/out/C.npy" "$OUT/run/interp/C.npy"
cmp "$OUT/run/out/C.npy" "$OUT/run/host/C.npy"
echo "ok: C.npy identical from cc, sharc-run and the generated host code"
