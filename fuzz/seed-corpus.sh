#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets from the tests (docs/fuzzing.md, "Seed corpus").
# Run from the repository root: fuzz/seed-corpus.sh [parse_ir|pipeline|frontend_c]... (default:
# all three). Writes fuzz/corpus/<target>/, which is git-ignored; re-run it after adding tests.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse_ir pipeline frontend_c)

# test/**/*.mlir cut at `// -----` lines: one seed per chunk, a module of its own as
# -split-input-file sees it. Files under Inputs/ are data of other tests, not modules to check.
mlir_chunks() { # DIR PREFIX: writes the chunks into DIR, each starting with the text PREFIX
  local dir=$1 prefix=$2
  mkdir -p "$dir"
  find test -name '*.mlir' -not -path '*/Inputs/*' | sort | while read -r f; do
    awk -v base="$dir/$(echo "$f" | tr / _)" -v prefix="$prefix" \
        'BEGIN { n = 0; printf "%s", prefix > (base "." n) }
         /^\/\/ -----$/ { close(base "." n); n++; printf "%s", prefix > (base "." n); next }
         { print > (base "." n) }' "$f"
  done
}

for t in "${targets[@]}"; do
  case $t in
  parse_ir) mlir_chunks fuzz/corpus/parse_ir "" ;;
  pipeline)
    # The first byte chooses the target (modulo 3: '0' a100, '1' gtx690, '2' mi250x): each chunk
    # once per target.
    for sel in 0 1 2; do
      mlir_chunks "fuzz/corpus/pipeline.tmp$sel" "$sel"
      mkdir -p fuzz/corpus/pipeline
      for s in "fuzz/corpus/pipeline.tmp$sel"/*; do mv "$s" "fuzz/corpus/pipeline/$(basename "$s").t$sel"; done
      rmdir "fuzz/corpus/pipeline.tmp$sel"
    done ;;
  frontend_c)
    # The target blanks preprocessor directives (it runs no cc -E per input), so each file that
    # has any is also seeded as `cc -E -P` expands it: macros and the tests' own headers expanded
    # (with the tests' `-I %S/Inputs`), system headers replaced by empty files (their declarations
    # would make every seed tens of kilobytes, beyond -max_len).
    dir=fuzz/corpus/frontend_c
    mkdir -p "$dir"
    stubs=$(mktemp -d)
    trap 'rm -rf "$stubs"' EXIT
    grep -rhoE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<[^>]+>' test bench/kernels |
      sed -E 's/.*<([^>]+)>/\1/' | sort -u | while read -r h; do
        mkdir -p "$stubs/$(dirname "$h")" && : > "$stubs/$h"
      done
    find test bench/kernels -name '*.c' | sort | while read -r f; do
      seed="$dir/$(echo "$f" | tr / _)"
      cp "$f" "$seed"
      if grep -q '^[[:space:]]*#[[:space:]]*[a-oq-z]' "$f"; then
        ${SHARC_CC:-${CC:-cc}} -E -P -x c -std=gnu11 -nostdinc -I "$stubs" -I "$(dirname "$f")/Inputs" "$f" \
          > "$seed.expanded" 2>/dev/null || rm -f "$seed.expanded"
      fi
    done ;;
  *) echo "unknown target '$t' (parse_ir, pipeline, frontend_c)" >&2; exit 2 ;;
  esac
  echo "$t: $(ls "fuzz/corpus/$t" | wc -l) seeds"
done
