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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import Roots

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

#: The relations a backend answers, named as in WN-LMF / the `wn` package:
#: `hypernym`, `instance_hypernym` (synset pointers `@`, `@i`), `similar` (`&`, adjective
#: clusters: satellite <-> head), `also` (`^`, also-see), `pertainym` (lemma pointer `\`:
#: an adverb's source adjective, a relational adjective's noun; union over the synset's
#: lemmas), `derivation` (`+`, derivationally related forms; union over the lemmas).
RELATIONS: tuple[str, ...] = (
    "hypernym", "instance_hypernym", "similar", "also", "pertainym", "derivation",
)


@dataclass(frozen=True)
class Synset:
    """A synset as the backends return it.

    Attributes:
        id: the backend's identifier (`bright.a.01` for NLTK, `oewn-00000000-a` for wn).
        pos: the synset's PoS: n, v, a (head adjective), s (adjective satellite) or r.
        lemmas: the synonyms in the resource's order, multiwords with spaces (`"light up"`).
    """

    id: str
    pos: str
    lemmas: tuple[str, ...]


@runtime_checkable
class WordNet(Protocol):
    """The WordNet queries the generators and the mw baseline need.

    `pos` arguments take n, v, a or r; `a` always includes adjective satellites (`s`).
    """

    name: str

    def synsets(self, lemma: str, pos: str) -> list[Synset]:
        """Return the synsets of `lemma` with PoS `pos`, in WordNet's sense order.

        The lemma is looked up as written (underscores or spaces for multiwords, any case);
        only when it has no entry are its base forms (morphy) tried. Unknown lemma or PoS: [].
        """
        ...

    def related(self, synset: Synset, relation: str) -> list[Synset]:
        """Return the synsets `synset` points to by `relation` (one of `RELATIONS`)."""
        ...

    def sense_count(self, lemma: str, synset: Synset) -> int:
        """Return the tagged-corpus count of `lemma` in `synset` (0 when none is recorded)."""
        ...

    def base_forms(self, form: str, pos: str) -> list[str]:
        """Return the lemmas an inflected `form` may have with PoS `pos` (morphy), or []."""
        ...

    def lemma_names(self) -> Iterator[str]:
        """Yield every lemma of every PoS once per PoS, multiwords with spaces."""
        ...


def wordnet_pos(pos: str) -> tuple[str, ...]:
    """Return the synset PoS tags a SemEval PoS covers (`a` -> a and s); () when unknown.

    >>> wordnet_pos("a")
    ('a', 's')
    """
    return {"n": ("n",), "v": ("v",), "a": ("a", "s"), "s": ("a", "s"), "r": ("r",)}.get(pos, ())


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
    return _open(backend, argument, roots.cache)


@functools.lru_cache(maxsize=8)
def _open(backend: str, argument: str, cache: Path) -> WordNet:
    if backend == "nltk":
        from lexsub_baselines.resources.wordnet_nltk import NltkWordNet

        return NltkWordNet(cache)
    from lexsub_baselines.resources.wordnet_wn import WnWordNet

    return WnWordNet(argument)
