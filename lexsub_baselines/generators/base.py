"""The candidate-generator contract and the registry of named generators."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.substitutes.candidates import Candidate

__all__ = ["GENERATORS", "CandidateGenerator", "GeneratorFactory"]


@runtime_checkable
class CandidateGenerator(Protocol):
    """Proposes candidate lemmas for an instance, in the resource's own order.

    `generate` returns lemmas (multiwords with spaces) with their tier and provenance. It may
    include the target's own lemma and duplicates; systems remove them explicitly. An unknown
    lemma or PoS gives an empty list, never an error.
    """

    @property
    def name(self) -> str:
        """Return the canonical name."""
        ...

    def generate(self, instance: Instance) -> list[Candidate]:
        """Return the candidates for `instance`."""
        ...


#: A factory builds a generator from the resolved roots (resources load lazily).
GeneratorFactory = Callable[[Roots], CandidateGenerator]

GENERATORS: Registry[GeneratorFactory] = Registry("generator")
