#!/usr/bin/env bash
# The Debian packages lexsub_baselines needs: install the missing ones as root (or with sudo);
# without root, say which part needs which package and what works without it, and exit 0 so
# that `make setup` goes on with the rest (`make test` then skips what needs them, naming why).
# Called by scripts/setup.sh; tests/test_setup.py runs it with fake dpkg-query/id/sudo.
set -euo pipefail

APT_PACKAGES=(
  python3-venv python3-dev build-essential
  wordnet-base wordnet-sense-index      # Princeton WordNet 3.0 database files (/usr/share/wordnet)
  dict-freedict-eng-spa                 # FreeDict English->Spanish (dictd format)
  mythes-es mythes-pt-pt mythes-pt-br   # LibreOffice's MyThes thesauri (/usr/share/mythes)
  cmake libboost-program-options-dev libboost-system-dev libboost-thread-dev
  libboost-test-dev zlib1g-dev libbz2-dev liblzma-dev   # KenLM's lmplz/build_binary
  chromium                              # headless check that the HTML report renders
  qemu-user                             # an emulated CPU without AVX2 (scripts/lower_machine.py)
)

# What each group of packages is for, and what still works without it (printed when packages
# are missing and there is no root to install them; tests/conftest.py skips the same parts).
explain_missing() {
  local missing=" $* "
  echo "setup: without root (or sudo) these Debian packages cannot be installed: $*" >&2
  echo "setup: ask an administrator for \`apt-get install $*\`, or do without:" >&2
  [[ "$missing" =~ " python3-venv "|" python3-dev "|" build-essential " ]] && echo \
    "  - python3-venv/python3-dev/build-essential: .venv and compiled wheels (needed by all;" \
    "setup goes on and stops only if the venv cannot be made)" >&2
  [[ "$missing" =~ " wordnet-base "|" wordnet-sense-index " ]] && echo \
    "  - wordnet-base, wordnet-sense-index: WordNet 3.0. Without: no wordnet* or mw system," \
    "no SWORDS evaluation (it lemmatises with WordNet); the distributional thesauri," \
    "word2vec, the Roget and Spanish dictionary systems and the SemEval scorer still run" >&2
  [[ "$missing" =~ " dict-freedict-eng-spa " ]] && echo \
    "  - dict-freedict-eng-spa: FreeDict. Without: no dict:freedict/dictcorp:freedict" \
    "(the Wiktionary dictionary systems still run)" >&2
  [[ "$missing" =~ " mythes-es "|" mythes-pt-pt "|" mythes-pt-br " ]] && echo \
    "  - mythes-es, mythes-pt-pt, mythes-pt-br: the Spanish and Portuguese thesauri. Without:" \
    "no mythes:es/mythes:pt rows on TSAR-2022, unless \`lexsub fetch mythes\` unpacks the" \
    "same packages under the data root (no root needed)" >&2
  [[ "$missing" =~ " cmake "|" libboost"|" zlib1g-dev "|" libbz2-dev "|" liblzma-dev " ]] \
    && echo "  - cmake, boost, zlib/bz2/lzma dev: KenLM's lmplz. Without: no lm/cmlc rankers" \
    "(wordnet+lm, wordnet+cmlc*), unless LEXSUB_KENLM_BIN names built lmplz/build_binary" >&2
  [[ "$missing" =~ " chromium " ]] && echo \
    "  - chromium: only the browser checks of the report (skipped in make test)" >&2
  [[ "$missing" =~ " qemu-user " ]] && echo \
    "  - qemu-user: only scripts/lower_machine.py (an emulated CPU without AVX2)" >&2
  echo "setup: going on with what does not need them; make test skips what does, naming why" >&2
}

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif sudo -n true 2>/dev/null; then SUDO=(sudo -n); else
    SUDO=(none); fi
  if [ "${SUDO[0]:-}" = none ]; then
    explain_missing "${missing[@]}"
  else
    echo "setup: installing Debian packages: ${missing[*]}"
    "${SUDO[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi
