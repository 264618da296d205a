#!/usr/bin/env bash
# The GPU check (issue 18): sharc's kernels timed and checked on a real NVIDIA GPU.
#
#   scripts/gpu-check.sh --prepare DIR [--quick]   here (Rust, LLVM): build everything into DIR
#   bash DIR/gpu-check.sh --run DIR                 on the GPU machine (no Rust, no LLVM needed)
#
# --prepare compiles gemm, transpose, matvec, a time-stepped Jacobi stencil and a 3x3 convolution
# (scripts/gpu-check/*.c, examples/gemm.c) in three variants: baseline (--no-shared: sharc's
# naive mapping), shared (shared memory, no bank fix, no ILP) and default (everything sharc does),
# each to PTX for sm_80 (--target a100) and sm_90 (--target h100). Each variant's gpu-level
# program runs here once (sharc-run --exec=host, on inputs the C harness makes) and writes a
# launch trace with the inputs and the expected outputs. DIR gets the runner (sharc-gpu-run,
# which links no LLVM), this script, manifest.tsv and per benchmark the traces, PTX and arrays
# (identical arrays stored once). Every trace is dry-run against its PTX, and DIR must fit in
# 64 MiB. --quick uses tiny sizes (seconds; for the tests).
#
# --run replays every trace of the device's SM (sm_90 PTX on sm_90 and newer, else sm_80) with
# sharc-gpu-run: median of REPS (default 20) replays after a warm-up, and prints per benchmark and
# variant the time, the footprint bandwidth, the speedup over baseline and whether the outputs
# match the simulator's. Exit status 1 when a run fails or an output differs; without a GPU, one
# line saying why. See docs/tools/gpu-check.md.
set -euo pipefail

usage() {
  echo "usage: $0 --prepare DIR [--quick] | --run DIR" >&2
  exit 2
}

fail() {
  echo "gpu-check: error: $*" >&2
  exit 1
}

# Folder size limit: what a GPU machine is sent.
LIMIT=$((64 * 1024 * 1024))
VARIANTS=(baseline shared default)

variant_flags() {
  case "$1" in
    baseline) echo "--no-shared" ;;
    shared) echo "--bank-fix=off --ilp=off" ;;
    default) echo "" ;;
  esac
}

# name | source (relative to the repository) | function | harness arguments (normal) | (quick)
BENCHES=(
  "gemm|examples/gemm.c|gemm|n=256 alpha=1.5 beta=-0.5|n=64 alpha=1.5 beta=-0.5"
  "transpose|scripts/gpu-check/transpose.c|transpose|n=512|n=64"
  "matvec|scripts/gpu-check/matvec.c|matvec|n=2048|n=64"
  "jacobi2d|scripts/gpu-check/jacobi2d.c|jacobi2d|tsteps=20 n=128|tsteps=2 n=34"
  "conv2d|scripts/gpu-check/conv2d.c|conv2d|n=512|n=66"
)

prepare() {
  local dir="$1" quick="$2"
  local repo
  repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local bin="${SHARC_BIN:-}"
  if [[ -z "$bin" ]]; then
    (cd "$repo" && cargo build --locked -p sharc-tools --bin sharcc --bin sharc-run --bin sharc-gpu-run)
    bin="${CARGO_TARGET_DIR:-$repo/target}/debug"
  fi
  for t in sharcc sharc-run sharc-gpu-run; do
    [[ -x "$bin/$t" ]] || fail "$bin/$t is missing (build sharc-tools, or set SHARC_BIN)"
  done
  rm -rf "$dir"
  mkdir -p "$dir/bin"
  dir="$(cd "$dir" && pwd)"
  WORK="$(mktemp -d)"
  trap 'rm -rf "$WORK"' EXIT
  local work="$WORK"
  # The runner without its debug information: it links no LLVM and only libc (and libgcc_s);
  # the CUDA driver is opened at run time.
  if command -v strip > /dev/null; then
    strip -o "$dir/bin/sharc-gpu-run" "$bin/sharc-gpu-run"
  else
    cp "$bin/sharc-gpu-run" "$dir/bin/sharc-gpu-run"
  fi
  cp "${BASH_SOURCE[0]}" "$dir/gpu-check.sh"
  printf 'bench\tvariant\tsm\ttrace\tptx\n' > "$dir/manifest.tsv"
  local spec name src func args
  for spec in "${BENCHES[@]}"; do
    IFS='|' read -r name src func args quick_args <<< "$spec"
    [[ "$quick" == 1 ]] && args="$quick_args"
    echo "== $name ($args)"
    mkdir -p "$dir/$name" "$work/$name"
    "$bin/sharcc" "$repo/$src" --function "$func" --emit=c-harness -o "$work/$name/harness.c"
    cc -O2 -ffp-contract=off "$work/$name/harness.c" -o "$work/$name/harness" -lm
    # shellcheck disable=SC2086
    "$work/$name/harness" "$work/$name/run" $args > /dev/null
    local v target sm
    for v in "${VARIANTS[@]}"; do
      for target in a100 h100; do
        sm=$([[ "$target" == a100 ]] && echo 80 || echo 90)
        local base="$work/$name/$v.$target"
        # shellcheck disable=SC2046
        "$bin/sharcc" "$repo/$src" --function "$func" --target "$target" $(variant_flags "$v") --emit=gpu -o "$base.gpu.mlir"
        # shellcheck disable=SC2046
        "$bin/sharcc" "$repo/$src" --function "$func" --target "$target" $(variant_flags "$v") --emit=ptx \
          -o "$dir/$name/$v.sm_$sm.ptx"
        local trace="$v.$target.json"
        # The same gpu-level program for both targets: one trace serves both PTX modules.
        if [[ "$target" == h100 ]] && cmp -s "$base.gpu.mlir" "$work/$name/$v.a100.gpu.mlir"; then
          trace="$v.a100.json"
        else
          "$bin/sharc-run" "$base.gpu.mlir" --entry "$func" --inputs "$work/$name/run/in" --exec=host \
            --launch-trace "$dir/$name/$trace" > /dev/null
        fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$v" "$sm" "$name/$trace" "$name/$v.sm_$sm.ptx" >> "$dir/manifest.tsv"
      done
    done
    # Every variant uploads the same inputs, and variants that compute the same bits expect the
    # same outputs: keep one file per content and point the traces at it.
    declare -A seen=()
    local f sum first
    for f in "$dir/$name"/*.npy; do
      sum=$(sha256sum "$f" | cut -d' ' -f1)
      first="${seen[$sum]:-}"
      if [[ -z "$first" ]]; then
        seen[$sum]="$(basename "$f")"
      else
        sed -i "s/\"file\":\"$(basename "$f")\"/\"file\":\"$first\"/g" "$dir/$name"/*.json
        rm "$f"
      fi
    done
    unset seen
  done
  # Each trace against its PTX, with the runner as the GPU machine will run it.
  local bench variant smv tr ptx
  while IFS=$'\t' read -r bench variant smv tr ptx; do
    [[ "$bench" == bench ]] && continue
    "$dir/bin/sharc-gpu-run" "$dir/$tr" --ptx "$dir/$ptx" --dry-run > /dev/null ||
      fail "$tr does not check against $ptx"
  done < "$dir/manifest.tsv"
  local size
  size=$(du -sb "$dir" | cut -f1)
  echo "prepared $dir: $(($(wc -l < "$dir/manifest.tsv") - 1)) runs, $size bytes (limit $LIMIT)"
  ((size <= LIMIT)) || fail "$dir holds $size bytes, more than the $LIMIT a GPU machine is sent"
}

run() {
  local dir="$1"
  [[ -f "$dir/manifest.tsv" ]] || fail "$dir/manifest.tsv is missing: make the folder with --prepare"
  local runner="$dir/bin/sharc-gpu-run" info sm
  info=$("$runner" --device-info 2>&1) || fail "${info#sharc-gpu-run: error: }"
  sm=${info%% *}
  sm=${sm#sm_}
  local want=80
  ((sm >= 90)) && want=90
  echo "device: ${info#* } (sm_$sm); PTX for sm_$want; ${REPS:-20} timed replays each"
  printf '%-10s %-9s %12s %10s %9s  %s\n' bench variant "time (ms)" "GB/s" speedup outputs
  local bench variant smv tr ptx out line ms gbps status base_ms failed=0
  declare -A baseline=()
  while IFS=$'\t' read -r bench variant smv tr ptx; do
    [[ "$bench" == bench || "$smv" != "$want" ]] && continue
    if out=$("$runner" "$dir/$tr" --ptx "$dir/$ptx" --reps "${REPS:-20}" --warmup 2 --rtol 1e-4 --atol 1e-5 2>&1); then
      status=match
    else
      status=DIFFER
      failed=1
    fi
    line=$(grep -E '^total ' <<< "$out" || true)
    if [[ -z "$line" ]]; then
      printf '%-10s %-9s %12s %10s %9s  %s\n' "$bench" "$variant" - - - "FAILED: $(tail -n 1 <<< "$out")"
      failed=1
      continue
    fi
    ms=$(awk '{print $2}' <<< "$line")
    gbps=$(awk '{print $4}' <<< "$line")
    [[ "$variant" == baseline ]] && baseline[$bench]=$ms
    base_ms=${baseline[$bench]:-}
    local speedup=-
    [[ -n "$base_ms" ]] && speedup=$(awk -v b="$base_ms" -v m="$ms" 'BEGIN { printf "%.2fx", (m > 0 ? b / m : 0) }')
    printf '%-10s %-9s %12s %10s %9s  %s\n' "$bench" "$variant" "$ms" "$gbps" "$speedup" "$status"
    [[ "$status" == DIFFER ]] && grep -E "differs" <<< "$out" | sed 's/^/    /'
  done < "$dir/manifest.tsv"
  return $failed
}

[[ $# -ge 2 ]] || usage
case "$1" in
  --prepare)
    quick=0
    [[ "${3:-}" == --quick ]] && quick=1
    prepare "$2" "$quick"
    ;;
  --run) run "$2" ;;
  *) usage ;;
esac
