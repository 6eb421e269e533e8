"""Frequency sources: how often a (lemma, PoS) occurs, from a named resource.

The WordNet and Roget baselines rank candidates "by frequency": McCarthy & Navigli (2007) used
counts of the lemma in grammatical relations from the RASP-parsed BNC, and had no frequency for
multiwords. That data is not available, so frequency is a pluggable source, chosen by name:

- `corpus`: lemma+PoS counts over the shipped corpora (Wikipedia + Gutenberg), see
  `lexsub_baselines.resources.corpus_counts`.
- `bnc`: Kilgarriff's BNC lemma list (PoS-aware), see `frequency_lists.KilgarriffFrequency`.
- `wordfreq`: the `wordfreq` package's English word frequency (PoS-blind).
- `enwiki-list`: the English Wikipedia top-51,000 word list (PoS-blind).

- `gr`: counts of a lemma in the parsed grammatical relations (`distributional.build`).

Every source answers `count(lemma, pos)` with a non-negative number (comparable only within
one source), or None when it has no frequency for the lemma at all. Every source returns None
for a multiword (a lemma containing a space), as in the original.

This module holds the contract and the empty registry; the sources are registered by
`lexsub_baselines.catalog` (above both the resources and the distributional layer, which
provides `gr`), which also answers `frequency_source(roots, name)`. The sources built from
the corpora (`corpus`, `gr`) declare the build stage they read (`needs`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry

__all__ = [
    "DEFAULT_FREQUENCY_SOURCE",
    "FREQUENCY_SOURCES",
    "FrequencySource",
    "FrequencySourceFactory",
    "normalise_pos",
]


@runtime_checkable
class FrequencySource(Protocol):
    """A table of lemma frequencies."""

    @property
    def name(self) -> str:
        """The source's canonical name (`corpus`, `bnc`, ...), as registered."""
        ...

    def count(self, lemma: str, pos: str) -> float | None:
        """Return the frequency of `lemma` as part of speech `pos` (n/v/a/r).

        Returns:
            A non-negative count (0.0: known to be rarer than anything listed), or None when
            the source has no frequency for it (always for a multiword).
        """
        ...


#: A factory builds a source from the resolved roots (tables load or build lazily).
FrequencySourceFactory = Callable[[Roots], FrequencySource]

FREQUENCY_SOURCES: Registry[FrequencySourceFactory] = Registry("frequency source")

#: The source behind the plain `freq` ranker. `corpus` until the `gr` source exists and the
#: WordNet system has been scored with each (then pick the best documented one).
DEFAULT_FREQUENCY_SOURCE = "corpus"

_POS_ALIASES = {"s": "a", "j": "a", "adj": "a", "adv": "r", "noun": "n", "verb": "v"}


def normalise_pos(pos: str) -> str:
    """Return the SemEval PoS letter for `pos` (WordNet's satellite `s` is `a`).

    >>> normalise_pos("s"), normalise_pos("N")
    ('a', 'n')
    """
    lowered = pos.lower()
    return _POS_ALIASES.get(lowered, lowered)
