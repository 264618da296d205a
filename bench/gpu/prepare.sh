#!/usr/bin/env bash
# Writes what bench/gpu/bank_conflicts.py runs: seed 000's mt and mv compiled by sharcc for the
# H100/H200 target (sm_90), with each --bank-fix, as PTX (checked by ptxas) and as the gpu level
# (the script reads the kernel's signature and block size from it).
#   bash bench/gpu/prepare.sh [OUT_DIR] [SHARCC]
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$repo/gpu-run}
sharcc=${2:-$repo/target/release/sharcc}
ptxas=$(find "$repo/.tools/ptxas" -name ptxas -type f | head -1)
mkdir -p "$out"
for kernel in transpose matvec; do
  for fix in off auto paper; do
    args=("$repo/bench/kernels/shared-memory.c" --function "$kernel" --target h100 --bank-fix="$fix")
    "$sharcc" "${args[@]}" --emit=gpu -o "$out/$kernel.$fix.mlir"
    "$sharcc" "${args[@]}" --emit=ptx -o "$out/$kernel.$fix.ptx"
    "$ptxas" -arch=sm_90 "$out/$kernel.$fix.ptx" -o /dev/null
  done
done
echo "wrote $out"
