"""WordNet access behind one small interface, with two backends.

- `nltk` (default): NLTK's reader over the Princeton WordNet 3.0 files of Debian's `wordnet-base`
  and `wordnet-sense-index` packages (see `lexsub_baselines.resources.wordnet_nltk`).
- `wn`: the `wn` package over an installed WN-LMF lexicon such as Open English WordNet
  (see `lexsub_baselines.resources.wordnet_wn`).

A backend is chosen by a spec string, one canonical form that parses back: `nltk` (or
`nltk:wordnet-3.0`), or `wn:LEXICON[:VERSION]` (`wn:oewn:2024`). `open_wordnet(roots)` reads the
spec from the `LEXSUB_WORDNET` environment variable when none is given. Backends load lazily
and once per process: nothing is read until the first query.

The original baselines (McCarthy & Navigli 2007) used WordNet 2.1, which is not available here.

>>> parse_spec("wn:oewn:2024")
('wn', 'oewn:2024')
>>> parse_spec("nltk")
('nltk', 'wordnet-3.0')
"""

from __future__ import annotations

import functools
import os

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.resources.wordnet_base import RELATIONS, Synset, WordNet, wordnet_pos
from lexsub_baselines.resources.wordnet_nltk import NltkWordNet
from lexsub_baselines.resources.wordnet_wn import WnWordNet

__all__ = [
    "RELATIONS",
    "WORDNET_ENV",
    "Synset",
    "WordNet",
    "open_wordnet",
    "parse_spec",
    "wordnet_pos",
]

WORDNET_ENV = "LEXSUB_WORDNET"

def parse_spec(spec: str) -> tuple[str, str]:
    """Return (backend, argument) of a WordNet spec; raise LexsubError for a bad one."""
    backend, _, argument = spec.strip().partition(":")
    if backend == "nltk" and argument in ("", "wordnet-3.0"):
        return "nltk", "wordnet-3.0"
    if backend == "wn" and argument:
        return "wn", argument
    raise LexsubError(
        f"bad WordNet spec {spec!r}: use 'nltk' (Princeton WordNet 3.0 from Debian) or "
        f"'wn:LEXICON[:VERSION]' (an installed WN-LMF lexicon, e.g. wn:oewn:2024); "
        f"set it with {WORDNET_ENV} or the spec argument"
    )


def open_wordnet(roots: Roots, spec: str | None = None) -> WordNet:
    """Return the WordNet named by `spec` (default: `$LEXSUB_WORDNET`, else `nltk`).

    The same spec and cache give the same object within a process, so WordNet loads once.

    Raises:
        LexsubError: a bad spec. Missing files are reported on first use
            (`MissingResourceError`, naming the path and `make setup`).
    """
    chosen = spec or os.environ.get(WORDNET_ENV) or "nltk"
    backend, argument = parse_spec(chosen)
    return _open(backend, argument, roots)


@functools.lru_cache(maxsize=8)
def _open(backend: str, argument: str, roots: Roots) -> WordNet:
    if backend == "nltk":
        return NltkWordNet(roots)  # its fetched WordNet: `--data-root`'s
    return WnWordNet(argument)
