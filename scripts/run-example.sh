#!/usr/bin/env bash
# Runs sharc on the bundled example: the affine gemm kernel in examples/gemm.mlir goes through
# sharc-opt's lower-affine, canonicalize and cse passes; upstream MLIR 22's mlir-opt then checks that
# the result is valid MLIR, and sharc-run executes the original and the lowered kernel on the same
# random inputs and compares their outputs. Sets the machine up first (scripts/setup.sh; idempotent).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

INPUT="examples/gemm.mlir"
PIPELINE='builtin.module(func.func(lower-affine,canonicalize,cse))'
OUT_DIR="$REPO/target/example"
OUTPUT="$OUT_DIR/gemm.lowered.mlir"
MLIR_OPT="${SHARC_LLVM_BIN:-/usr/lib/llvm-22/bin}/mlir-opt"

step() { printf '\n== %s\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "build sharc-opt and sharc-run"
cargo build --locked -p sharc-tools --bin sharc-opt --bin sharc-run
SHARC_OPT="$REPO/target/debug/sharc-opt"

step "sharc-opt $INPUT --pass-pipeline='$PIPELINE'"
mkdir -p "$OUT_DIR"
"$SHARC_OPT" "$INPUT" --pass-pipeline="$PIPELINE" > "$OUTPUT"
if [[ ! -s "$OUTPUT" ]]; then
  echo "run-example: error: sharc-opt printed nothing" >&2
  exit 1
fi
cat "$OUTPUT"

step "upstream mlir-opt verifies the result"
"$MLIR_OPT" "$OUTPUT" > /dev/null
echo "ok: $MLIR_OPT parsed and verified $OUTPUT"

step "sharc-run: the original and the lowered gemm agree on random inputs"
"$REPO/target/debug/sharc-run" "$INPUT" --entry=gemm --arg arg0=1.5 --arg arg1=0.5 --random-inputs=1 --compare="$OUTPUT"
