#!/usr/bin/env bash
# Idempotent setup of a Debian 12 (bookworm) machine for building and testing sharc.
#
# Installs, each only when missing:
#   - the LLVM/MLIR 22 Debian packages (libraries for the LLVM-linked crates; FileCheck, not, mlir-opt,
#     mlir-translate, llc, ld.lld, llvm-readelf, ... for the tests), see docs/setup.md and /work/shared/TOOLCHAIN.md;
#   - ptxas, from the nvidia-cuda-nvcc-cu12 Python wheel, into $REPO/.tools/ptxas (validates PTX without
#     a GPU).
# Checks that cargo is there (it is not installed here). Runs as root, or through sudo otherwise.
#
# Environment overrides:
#   SHARC_PTXAS=/path/to/ptxas   use this ptxas and skip the wheel
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PTXAS_DIR="$REPO/.tools/ptxas"
PTXAS_WHEEL="nvidia-cuda-nvcc-cu12==12.9.86"

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

# --- cargo -------------------------------------------------------------------------------------------
if ! command -v cargo >/dev/null 2>&1; then
  die "cargo not found: install a Rust toolchain (rustup, Rust >= 1.85) and put cargo on PATH"
fi
log "cargo: $(cargo --version)"

# --- Debian packages ---------------------------------------------------------------------------------
APT_PACKAGES=(
  llvm-22-dev libmlir-22-dev libpolly-22-dev libclang1-22 libclang-common-22-dev
  libzstd-dev zlib1g-dev libffi-dev libxml2-dev
  llvm-22-tools mlir-22-tools lld-22
)
# The Rust linker driver and the wheel installer, on machines that lack them.
command -v cc >/dev/null 2>&1 || APT_PACKAGES+=(gcc libc6-dev)
if [[ -z "${SHARC_PTXAS:-}" ]] && ! python3 -m pip --version >/dev/null 2>&1; then
  APT_PACKAGES+=(python3-pip)
fi

installed() { dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed$'; }

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  log "Debian packages: all ${#APT_PACKAGES[@]} present"
else
  SUDO=()
  if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "not root and no sudo: cannot install ${missing[*]}"
    SUDO=(sudo)
  fi
  log "Debian packages missing: ${missing[*]}"
  log "running: apt-get update"
  "${SUDO[@]}" apt-get update
  # LLVM 22 comes from bookworm-security; say so plainly when the configured sources lack it.
  for pkg in "${missing[@]}"; do
    candidate="$(apt-cache policy "$pkg" | awk '/Candidate:/ {print $2}')"
    if [[ -z "$candidate" || "$candidate" == "(none)" ]]; then
      die "package $pkg has no install candidate in the configured apt sources (LLVM/MLIR 22 packages come from Debian 12's bookworm-security suite; see docs/setup.md)"
    fi
  done
  log "running: apt-get install ${missing[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Every tool the lit harness substitutes from LLVM 22 (tools/tests/lit/toolpaths.rs, LLVM_TOOLS; a lit
# self-test keeps the two lists equal): with SHARC_LIT_STRICT=1 a missing one fails its tests.
for tool in FileCheck not count split-file mlir-opt mlir-translate mlir-runner llc opt ld.lld llvm-readelf llvm-objdump; do
  [[ -x /usr/lib/llvm-22/bin/$tool ]] || die "/usr/lib/llvm-22/bin/$tool missing after install"
done

# --- ptxas -------------------------------------------------------------------------------------------
if [[ -n "${SHARC_PTXAS:-}" ]]; then
  "$SHARC_PTXAS" --version >/dev/null 2>&1 || die "SHARC_PTXAS=$SHARC_PTXAS does not run"
  log "ptxas: using SHARC_PTXAS=$SHARC_PTXAS"
else
  PTXAS="$PTXAS_DIR/nvidia/cuda_nvcc/bin/ptxas"
  if [[ -x "$PTXAS" ]] && "$PTXAS" --version >/dev/null 2>&1; then
    log "ptxas: present at $PTXAS"
  else
    log "ptxas: installing the $PTXAS_WHEEL wheel into $PTXAS_DIR"
    rm -rf "$PTXAS_DIR"
    mkdir -p "$(dirname "$PTXAS_DIR")"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps \
      --target "$PTXAS_DIR" "$PTXAS_WHEEL"
    "$PTXAS" --version >/dev/null 2>&1 || die "ptxas installed but does not run: $PTXAS"
    log "ptxas: installed at $PTXAS"
  fi
fi

log "done"
