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
exec cargo test --workspace --locked --no-fail-fast "$@"
