#!/usr/bin/env bash
# Set up everything lexsub_baselines needs on a fresh Debian machine, from the project's own
# files: Debian packages (as root), the virtual environment .venv and the Python packages.
# Idempotent: each step checks first, so a second run takes a second or two.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  python3-venv python3-dev build-essential
  wordnet-base wordnet-sense-index      # Princeton WordNet 3.0 database files (/usr/share/wordnet)
  dict-freedict-eng-spa                 # FreeDict English->Spanish (dictd format)
  cmake libboost-program-options-dev libboost-system-dev libboost-thread-dev
  libboost-test-dev zlib1g-dev libbz2-dev liblzma-dev   # KenLM's lmplz/build_binary
  chromium                              # headless check that the HTML report renders
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo); else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; fi
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi

stamp=.venv/.lexsub-setup
want=$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[dev]"
  echo "$want" > "$stamp"
fi
# KenLM lmplz/build_binary from the kenlm sdist (skipped in well under a second when built)
bash scripts/build_kenlm.sh
echo "setup: ok"
