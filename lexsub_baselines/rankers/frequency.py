"""The frequency ranker: order candidates by a frequency source (the WordNet/Roget baselines).

McCarthy & Navigli (2007) rank each WordNet criterion's synonyms "by frequency", criteria in
order, and had no frequency for multiwords. This ranker scores each candidate with
`source.count(candidate.lemma, instance.pos)` and orders them, best first, by:

1. tier, ascending, when `by_tier` (the WordNet criteria 1-4: rank within a tier, tiers in order);
2. score, descending: a counted candidate scores its count (>= 0); a single word the source has
   no frequency for (None) scores -1; a multiword scores -2, so within a tier counted words come
   first, then unknown words, then multiwords (as in the original: no frequency, listed last);
3. the generator's order (stable sort), which also breaks every tie between equal counts.

Canonical names: `freq:SOURCE` (one ranking over all tiers) and `freq:SOURCE:tiers` (within
tiers), e.g. `freq:corpus:tiers`; `parse_ranker_name` reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.rankers.base import order_by_score
from lexsub_baselines.resources.frequency import FrequencySource
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = [
    "MULTIWORD_SCORE",
    "UNKNOWN_SCORE",
    "FrequencyRanker",
    "parse_ranker_name",
    "ranker_name",
]

#: Score of a single word the source has no frequency for (below every count).
UNKNOWN_SCORE = -1.0
#: Score of a multiword (below every single word, as in the original).
MULTIWORD_SCORE = -2.0

_PREFIX = "freq"
_TIERS = "tiers"


def ranker_name(source: str, by_tier: bool) -> str:
    """Return the canonical name of a frequency ranker.

    >>> ranker_name("corpus", True)
    'freq:corpus:tiers'
    """
    return f"{_PREFIX}:{source}" + (f":{_TIERS}" if by_tier else "")


def parse_ranker_name(name: str) -> tuple[str, bool]:
    """Return (source name, by_tier) from a canonical name (`freq:bnc`, `freq:bnc:tiers`).

    Raises:
        LexsubError: `name` is not of the form `freq:SOURCE[:tiers]`.

    >>> parse_ranker_name("freq:bnc:tiers")
    ('bnc', True)
    """
    parts = name.split(":")
    if parts[0] == _PREFIX and len(parts) in (2, 3) and parts[1] and parts[1] != _TIERS:
        if len(parts) == 2:
            return parts[1], False
        if parts[2] == _TIERS:
            return parts[1], True
    raise LexsubError(f"{name!r} is not a frequency ranker name; expected freq:SOURCE or "
                      "freq:SOURCE:tiers (e.g. freq:corpus:tiers)")


@dataclass(frozen=True)
class FrequencyRanker:
    """Ranks candidates by a frequency source, optionally within tiers.

    Arguments:
        source: the frequency source (`lexsub_baselines.resources.frequency`).
        by_tier: rank within tiers, tiers in ascending order (the WordNet baseline).

    >>> from lexsub_baselines.resources.frequency_lists import KilgarriffFrequency
    >>> ranker = FrequencyRanker(KilgarriffFrequency({("glow", "n"): 9, ("light", "n"): 90}))
    >>> instance = Instance("1", "lamp.n", "lamp", "n", ("lamp",), 0)
    >>> [c.lemma for c in ranker.rank(instance, [Candidate("light up"), Candidate("glow"),
    ...                                          Candidate("light")])]
    ['light', 'glow', 'light up']
    """

    source: FrequencySource
    by_tier: bool = False
    name: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", ranker_name(self.source.name, self.by_tier))

    def score(self, lemma: str, pos: str) -> float:
        """Return the ranking score of `lemma` as part of speech `pos` (see the module doc)."""
        if " " in lemma:
            return MULTIWORD_SCORE
        count = self.source.count(lemma, pos)
        return UNKNOWN_SCORE if count is None else float(count)

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` scored and ordered best first (stable, deterministic)."""
        scored = [c.scored(self.score(c.lemma, instance.pos)) for c in candidates]
        return order_by_score(scored, by_tier=self.by_tier)
