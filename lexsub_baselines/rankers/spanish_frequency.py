"""Rank Spanish candidates by their frequency in Spanish Wikipedia (the DICTCORP baseline).

Mihalcea, Sinha & McCarthy (2010) rank DICT's translations "by their frequency in Spanish
Wikipedia" for DICTCORP. The counts here are `freq/eswiki-2022-08-29.top48000.txt` (word and raw
count, lower-case, the 48,000 most frequent words of a 2022 dump). A word outside that list —
including every multiword translation, since the list holds single words — is by construction
rarer than the listed ones, so it ranks below all of them; among themselves such words are
ordered by `wordfreq`'s Spanish frequency (a documented fallback: a different, multi-source
estimate, which also handles multiwords). Ties keep the dictionary's order.

Scores: a listed word scores its raw count (≥ 1); an unlisted word scores wordfreq's relative
frequency (< 1), so the two tiers never interleave.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.resources.frequency_lists import read_word_counts, word_key
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = [
    "ESWIKI_PARTS",
    "SpanishFrequencyRanker",
    "load_eswiki_counts",
    "wordfreq_spanish",
]

ESWIKI_PARTS = ("resources", "freq", "eswiki-2022-08-29.top48000.txt")




@lru_cache(maxsize=4)
def load_eswiki_counts(roots: Roots) -> MappingProxyType[str, int]:
    """Return the Spanish Wikipedia counts from the shared root (read once per process).

    Raises:
        MissingResourceError: the list is absent; the message says where it is expected.
    """
    return read_word_counts(roots.shared_path(*ESWIKI_PARTS,
                                                 what="Spanish Wikipedia frequency list",
                                                 fetch="freq-eswiki"))


def wordfreq_spanish(word: str) -> float:
    """Return wordfreq's Spanish frequency of `word` (multiwords combined by wordfreq)."""
    from wordfreq import word_frequency  # lazy: loading its tables takes a moment

    return float(word_frequency(word, "es"))


@dataclass
class SpanishFrequencyRanker:
    """Orders candidates by Spanish Wikipedia count, then by the wordfreq fallback.

    Attributes:
        counts: {lower-case word: count}.
        fallback: frequency for words outside `counts` (None: they score 0 and keep order).
        name: the ranker's canonical name.
    """

    counts: Mapping[str, int]
    fallback: Callable[[str], float] | None = field(default=wordfreq_spanish, compare=False)
    name: str = "eswiki-frequency"

    def score(self, lemma: str) -> float:
        """Return the score of one Spanish lemma (count if listed, else fallback < 1)."""
        count = self.counts.get(word_key(lemma))
        if count is not None:
            return float(count)
        if self.fallback is None:
            return 0.0
        return min(self.fallback(word_key(lemma)), 0.999999)

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` scored and ordered, most frequent first (ties: given order)."""
        return order_by_score([c.scored(self.score(c.lemma)) for c in candidates])
