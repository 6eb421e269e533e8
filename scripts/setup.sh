#!/usr/bin/env bash
# Set up everything lexsub_baselines needs on a fresh Debian machine, from the project's own
# files: Debian packages (as root), the virtual environment .venv and the Python packages.
# Idempotent: each step checks first, so a second run takes a second or two.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: installed as root (or with sudo); without either, which part needs which
# package is printed and the setup goes on with the rest (scripts/debian_packages.sh)
bash scripts/debian_packages.sh

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($PYTHON --version)"
  "$PYTHON" -m venv .venv
fi

stamp=.venv/.lexsub-setup
want=$(cat pyproject.toml requirements.lock scripts/setup.sh | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing Python packages into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  # the exact versions the README's figures were made with (requirements.lock)
  .venv/bin/python -m pip install -q -c requirements.lock -e ".[dev,baselines]"
  echo "$want" > "$stamp"
fi
# thinc's matrix kernels (blis) rebuilt for BLIS's generic configuration only: the same floats
# on every x86-64 machine (a second or less when done; a few minutes the first time)
bash scripts/build_blis.sh
# KenLM lmplz/build_binary from the kenlm sdist (skipped in well under a second when built);
# without its build tools (no root to install them) the LM rankers are skipped, not the setup
if command -v cmake >/dev/null && [ -d /usr/include/boost ]; then
  bash scripts/build_kenlm.sh
else
  echo "setup: KenLM not built (cmake or boost missing): the lm/cmlc rankers will not run" >&2
fi
echo "setup: ok"
