#!/usr/bin/env bash
# Build KenLM's lmplz (Kneser-Ney estimation) and build_binary (ARPA -> binary) from the C++
# source contained in the PyPI `kenlm` source distribution, with cmake and Debian's boost
# development packages (installed by scripts/setup.sh). No prebuilt binary is downloaded.
#
#   scripts/build_kenlm.sh [--force]
#
# Result: resources/build/kenlm/bin/{lmplz,build_binary} (git-ignored). Idempotent: when both
# binaries are present and answer --help, nothing is done (a second run takes well under a
# second). The sdist is fetched with pip (the ordinary PyPI client) and checked against its
# sha256 before it is unpacked. Environment: KENLM_BUILD_DIR (default resources/build/kenlm),
# KENLM_JOBS (default 2), PYTHON (default .venv/bin/python).
set -euo pipefail
# shellcheck source=scripts/fetch_sdist.sh
source "$(dirname "$0")/fetch_sdist.sh"
cd "$(dirname "$0")/.."

KENLM_VERSION=0.3.0
KENLM_SHA256=c4628bb9fb63c8a6f9240035b8b037385cfc404cb72e933cf48878291edac1e8
# lmplz/build_binary support n-gram orders up to this value (KenLM's own default is 6).
KENLM_MAX_ORDER=6

BUILD_DIR=${KENLM_BUILD_DIR:-resources/build/kenlm}
JOBS=${KENLM_JOBS:-2}
PYTHON=${PYTHON:-.venv/bin/python}
BIN="$BUILD_DIR/bin"
FORCE=0
[ "${1:-}" = "--force" ] && FORCE=1

works() {  # lmplz --help and build_binary without arguments print their usage and exit 1
  [ -x "$BIN/lmplz" ] && [ -x "$BIN/build_binary" ] || return 1
  local usage
  usage=$("$BIN/lmplz" --help 2>&1 || true)
  [[ "$usage" == *"modified Kneser-Ney"* ]] || return 1
  usage=$("$BIN/build_binary" 2>&1 || true)
  [[ "$usage" == *"Usage:"* ]]
}

if [ "$FORCE" -eq 0 ] && works; then
  echo "kenlm: lmplz and build_binary present in $BIN"
  exit 0
fi

for tool in cmake make g++; do
  command -v "$tool" >/dev/null || { echo "kenlm: $tool not found; run 'make setup' (Debian build packages)" >&2; exit 1; }
done
[ -x "$PYTHON" ] || { echo "kenlm: $PYTHON not found; run 'make setup' first" >&2; exit 1; }

SDIST="$BUILD_DIR/dist/kenlm-$KENLM_VERSION.tar.gz"
fetch_sdist kenlm "$KENLM_VERSION" "$KENLM_SHA256" "$BUILD_DIR/dist" "$PYTHON"

SRC="$BUILD_DIR/src"
rm -rf "$SRC" "$BUILD_DIR/cmake-build"
mkdir -p "$SRC"
tar -xzf "$SDIST" -C "$SRC" --strip-components=1

echo "kenlm: configuring (cmake, Release, KENLM_MAX_ORDER=$KENLM_MAX_ORDER)"
cmake -S "$SRC" -B "$BUILD_DIR/cmake-build" -DCMAKE_BUILD_TYPE=Release \
  -DKENLM_MAX_ORDER="$KENLM_MAX_ORDER" -DCOMPILE_TESTS=OFF -DENABLE_PYTHON=OFF \
  -DENABLE_INTERPOLATE=OFF > "$BUILD_DIR/cmake-configure.log" 2>&1 \
  || { echo "kenlm: cmake failed; see $BUILD_DIR/cmake-configure.log" >&2; exit 1; }

echo "kenlm: compiling lmplz and build_binary (-j$JOBS; a few minutes; log $BUILD_DIR/cmake-build.log)"
start=$(date +%s)
nice cmake --build "$BUILD_DIR/cmake-build" --target lmplz build_binary -j "$JOBS" \
  > "$BUILD_DIR/cmake-build.log" 2>&1 \
  || { echo "kenlm: compilation failed; see $BUILD_DIR/cmake-build.log" >&2; exit 1; }

mkdir -p "$BIN"
for tool in lmplz build_binary; do
  found=$(find "$BUILD_DIR/cmake-build" -type f -name "$tool" -perm -u+x | head -n1)
  [ -n "$found" ] || { echo "kenlm: $tool was not produced; see $BUILD_DIR/cmake-build.log" >&2; exit 1; }
  install -m 0755 "$found" "$BIN/$tool.tmp"
  mv -f "$BIN/$tool.tmp" "$BIN/$tool"
done
works || { echo "kenlm: the built tools do not run; see $BUILD_DIR/cmake-build.log" >&2; exit 1; }
rm -rf "$BUILD_DIR/cmake-build"   # ~100 MB of objects; the binaries are all we keep
echo "kenlm: built $BIN/lmplz and $BIN/build_binary in $(( $(date +%s) - start ))s"
