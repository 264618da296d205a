#!/usr/bin/env bash
# Sets the machine up (scripts/setup.sh; idempotent), then builds and runs every test of the workspace:
# unit and property tests, and the lit suite under test/ (tools/tests/lit.rs; see docs/testing.md).
# Tests run in the debug profile; extra arguments go to `cargo test` (e.g. `-- lit-selftest`).
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"

bash scripts/setup.sh

# --locked: Cargo.lock is committed, and CI must build exactly what it pins.
# --no-fail-fast: one failing test binary does not hide the results of the others.
echo "== cargo test --workspace"
# cargo prints one summary per test binary, the last often a doc-test run with nothing in it;
# add up all of them into one closing line so the total is what a reader (or CI) sees last.
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
set +e
cargo test --workspace --locked --no-fail-fast "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed;?$/) p += $(i-1); if ($i ~ /^failed;?$/) f += $(i-1); if ($i ~ /^ignored;?$/) s += $(i-1) } }
     END { printf "%d passed, %d failed, %d skipped\n", p, f, s }' "$log"
exit "$status"
