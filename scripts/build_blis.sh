#!/usr/bin/env bash
# Rebuild cython-blis (thinc's matrix kernels, which train and run the parser) from its PyPI
# source distribution for BLIS's `generic` configuration only, and install it into .venv.
#
#   scripts/build_blis.sh [--force]
#
# Why: the PyPI wheel holds the generic, haswell, skx, zen and zen2 sub-configurations and picks
# one at run time by the CPU (BLIS_ARCH_DEBUG=1 prints which); each computes other floats, so the
# same code trained another parser on another processor. The wheel reads no switch to force one.
# Built with BLIS_ARCH=generic (cython-blis's setup.py: make/linux-generic.jsonl), the library
# holds the generic kernels alone: the same floats on every x86-64 machine. The machines the
# README's tables were made on selected 'generic' from the wheel, so the figures are unchanged.
#
# Idempotent: when the installed blis is the pinned version and holds no other configuration
# (no bli_cntx_init_haswell/skx/zen symbol), nothing is done (well under a second). The sdist is
# fetched with pip (the ordinary PyPI client) and checked against its sha256 before it is built.
# Environment: BLIS_BUILD_DIR (default resources/build/blis), BLIS_JOBS (parallel compilations,
# default 2; cython-blis's own default is half the cores), PYTHON (default .venv/bin/python).
set -euo pipefail
# shellcheck source=scripts/fetch_sdist.sh
source "$(dirname "$0")/fetch_sdist.sh"
cd "$(dirname "$0")/.."

BLIS_VERSION=1.3.4   # = requirements.lock
BLIS_SHA256=c125acd77ccf0184f476b6a599f9819727e19ed311904ed3281118a3d06082d9

BUILD_DIR=${BLIS_BUILD_DIR:-resources/build/blis}
JOBS=${BLIS_JOBS:-2}
PYTHON=${PYTHON:-.venv/bin/python}
FORCE=0
[ "${1:-}" = "--force" ] && FORCE=1
[ -x "$PYTHON" ] || { echo "blis: $PYTHON not found; run 'make setup' first" >&2; exit 1; }

# The extension modules of the installed blis package, or nothing when it is not installed
installed_objects() {
  "$PYTHON" - <<'EOF' 2>/dev/null || true
import importlib.metadata as md, pathlib, importlib.util
spec = importlib.util.find_spec("blis")
if spec is not None and spec.submodule_search_locations:
    print(md.version("blis"))
    for folder in spec.submodule_search_locations:
        for path in sorted(pathlib.Path(folder).glob("*.so")):
            print(path)
EOF
}

generic_only() {  # the pinned version, and no sub-configuration but generic in any module
  local lines version
  mapfile -t lines < <(installed_objects)
  [ "${#lines[@]}" -ge 2 ] || return 1
  version=${lines[0]}
  [ "$version" = "$BLIS_VERSION" ] || return 1
  local so
  for so in "${lines[@]:1}"; do
    if grep -aqE 'bli_cntx_init_(haswell|skx|zen|zen2|zen3|knl|sandybridge|penryn|piledriver|bulldozer|steamroller|excavator)' "$so"; then
      return 1
    fi
  done
  grep -aq 'bli_cntx_init_generic' "${lines[@]:1}"
}

if [ "$FORCE" -eq 0 ] && generic_only; then
  echo "blis: $BLIS_VERSION installed, generic configuration only"
  exit 0
fi

SDIST="$BUILD_DIR/dist/blis-$BLIS_VERSION.tar.gz"
fetch_sdist blis "$BLIS_VERSION" "$BLIS_SHA256" "$BUILD_DIR/dist" "$PYTHON"

echo "blis: compiling blis $BLIS_VERSION for the generic configuration only (-j$JOBS; a few" \
  "minutes; log $BUILD_DIR/build.log)"
start=$(date +%s)
# BLIS_ARCH=generic: cython-blis's setup.py compiles make/linux-generic.jsonl alone. No wheel
# cache (--no-cache-dir): a wheel built under another BLIS_ARCH must never be reused.
# MAX_JOBS: cython-blis's setup.py compiles its objects in that many threads.
BLIS_ARCH=generic MAX_JOBS="$JOBS" nice "$PYTHON" -m pip install --no-cache-dir --no-deps --force-reinstall \
  --no-binary blis "$SDIST" > "$BUILD_DIR/build.log" 2>&1 \
  || { echo "blis: the build failed; see $BUILD_DIR/build.log" >&2; exit 1; }
generic_only || { echo "blis: the installed blis still holds other configurations;" \
  "see $BUILD_DIR/build.log" >&2; exit 1; }
echo "blis: built and installed (generic only) in $(( $(date +%s) - start ))s"
