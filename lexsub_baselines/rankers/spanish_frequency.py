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

import unicodedata
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from lexsub_baselines.candidates import Candidate
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.paths import Roots
from lexsub_baselines.rankers.base import order_by_score

__all__ = [
    "ESWIKI_PARTS",
    "SpanishFrequencyRanker",
    "load_eswiki_counts",
    "read_frequency_list",
    "wordfreq_spanish",
]

ESWIKI_PARTS = ("resources", "freq", "eswiki-2022-08-29.top48000.txt")


def _key(word: str) -> str:
    return unicodedata.normalize("NFC", word).lower()


def read_frequency_list(path: Path) -> MappingProxyType[str, int]:
    """Read a `word count` list (one pair per line) into {NFC lower-case word: count}.

    Malformed lines are skipped with one warning naming the first of them; a word listed twice
    keeps its first (larger, the list being sorted) count.
    """
    counts: dict[str, int] = {}
    bad: list[int] = []
    text = path.read_bytes().decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split()
        if len(fields) != 2 or not fields[1].isdigit():
            if line.strip():
                bad.append(number)
            continue
        counts.setdefault(_key(fields[0]), int(fields[1]))
    if bad:
        warnings.warn(f"{path}:{bad[0]}: {len(bad)} line(s) are not `word count`; skipped",
                      stacklevel=2)
    return MappingProxyType(counts)


@lru_cache(maxsize=4)
def load_eswiki_counts(roots: Roots) -> MappingProxyType[str, int]:
    """Return the Spanish Wikipedia counts from the shared root (read once per process).

    Raises:
        MissingResourceError: the list is absent; the message says where it is expected.
    """
    return read_frequency_list(roots.shared_path(*ESWIKI_PARTS,
                                                 what="Spanish Wikipedia frequency list"))


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
        count = self.counts.get(_key(lemma))
        if count is not None:
            return float(count)
        if self.fallback is None:
            return 0.0
        return min(self.fallback(_key(lemma)), 0.999999)

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` scored and ordered, most frequent first (ties: given order)."""
        return order_by_score([c.scored(self.score(c.lemma)) for c in candidates])
