"""Candidates: the substitutes a generator proposes and a ranker orders."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = ["Candidate", "dedupe", "without_target"]


@dataclass(frozen=True)
class Candidate:
    """A candidate substitute lemma for one instance.

    Attributes:
        lemma: the substitute lemma; multiwords keep their spaces (`"light up"`).
        tier: the generator's tier (WordNet criteria 1-4; 1 for untiered generators).
            Rankers order by tier first only when asked to (the WordNet baseline).
        provenance: where it came from, as (key, value) pairs (`("synset", "bright.a.01")`).
        score: the ranker's score (higher is better); None before ranking.
    """

    lemma: str
    tier: int = 1
    provenance: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    score: float | None = None

    def scored(self, score: float) -> Candidate:
        """Return a copy carrying `score` (the constructor, not `dataclasses.replace`, which
        introspects the fields on every call: a fifth of `vote`'s time on CoInCo)."""
        return Candidate(self.lemma, self.tier, self.provenance, score)

    @property
    def is_multiword(self) -> bool:
        """Return True for a multiword candidate (contains a space)."""
        return " " in self.lemma


def dedupe(candidates: Iterable[Candidate]) -> list[Candidate]:
    """Return the candidates with later duplicates of a lemma removed (first occurrence wins)."""
    seen: set[str] = set()
    kept: list[Candidate] = []
    for candidate in candidates:
        if candidate.lemma not in seen:
            seen.add(candidate.lemma)
            kept.append(candidate)
    return kept


def without_target(candidates: Iterable[Candidate], lemma: str) -> list[Candidate]:
    """Return the candidates that are not the target lemma itself (case-insensitive)."""
    target = lemma.lower()
    return [c for c in candidates if c.lemma.lower() != target]
