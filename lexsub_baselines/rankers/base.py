"""The ranker contract and the registry of named rankers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["RANKERS", "Ranker", "RankerFactory", "order_by_score"]


@runtime_checkable
class Ranker(Protocol):
    """Orders candidates for an instance, attaching scores (higher is better).

    Contract: stable and deterministic; never drops a candidate (filtering is the system's
    job); ties are broken by tier, then by the generator's order.
    """

    @property
    def name(self) -> str:
        """Return the canonical name."""
        ...

    def rank(self, instance: Instance, candidates: list[Candidate]) -> list[Candidate]:
        """Return `candidates` scored and ordered best first."""
        ...


def order_by_score(candidates: list[Candidate], by_tier: bool = False) -> list[Candidate]:
    """Sort scored candidates best first; ties keep the generator's order.

    Arguments:
        candidates: candidates with `score` set, in the generator's order.
        by_tier: rank within tiers, tiers in ascending order (the WordNet baseline's criteria).
    """
    def key(pair: tuple[int, Candidate]) -> tuple[int, float, int]:
        position, candidate = pair
        score = candidate.score if candidate.score is not None else float("-inf")
        return (candidate.tier if by_tier else 0, -score, position)

    return [c for _, c in sorted(enumerate(candidates), key=key)]


#: A factory builds a ranker from the resolved roots (resources load lazily).
RankerFactory = Callable[[Roots], Ranker]

RANKERS: Registry[RankerFactory] = Registry("ranker")
