"""Named systems: a candidate generator composed with a ranker, and best/oot answer selection.

A system is a composition, not a script: `wordnet` = WordNet generator + frequency ranker in
tier order; `lin` = distributional generator (measure lin) with its own neighbour order. The
target's own lemma and duplicate lemmas are removed here, explicitly, after generation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from lexsub_baselines.answers import Answers
from lexsub_baselines.candidates import Candidate, dedupe, without_target
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.base import CandidateGenerator
from lexsub_baselines.paths import Roots
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.registry import Registry

__all__ = ["SYSTEMS", "ComposedSystem", "System", "SystemFactory", "select_answers"]

#: How many answers each task kind takes (task10documentation: best, out-of-ten).
BEST_SIZE = 1
OOT_SIZE = 10


@runtime_checkable
class System(Protocol):
    """Answers instances. `kinds` names the answer files it produces (best, oot, mw)."""

    name: str
    kinds: tuple[str, ...]

    def answer(self, instance: Instance) -> Answers:
        """Return the answers for `instance` (empty when it has nothing to say)."""
        ...


def select_answers(ranked: list[Candidate], best_size: int = BEST_SIZE,
                   oot_size: int = OOT_SIZE) -> Answers:
    """Return best = the top `best_size` lemmas and oot = the top `oot_size` lemmas."""
    lemmas = tuple(c.lemma for c in ranked)
    return Answers(best=lemmas[:best_size], oot=lemmas[:oot_size])


@dataclass(frozen=True)
class ComposedSystem:
    """A generator + ranker system.

    Attributes:
        name: the system's canonical name (`wordnet`, `wordnet+lm`).
        generator: proposes candidates.
        ranker: orders them.
        kinds: the answer files it produces.
    """

    name: str
    generator: CandidateGenerator
    ranker: Ranker
    kinds: tuple[str, ...] = ("best", "oot")

    def candidates(self, instance: Instance) -> list[Candidate]:
        """Return the ranked candidates, target lemma and duplicates removed."""
        generated = dedupe(without_target(self.generator.generate(instance), instance.lemma))
        return self.ranker.rank(instance, generated) if generated else []

    def answer(self, instance: Instance) -> Answers:
        """Return best (top 1) and oot (top 10) answers."""
        return select_answers(self.candidates(instance))


#: A factory builds a system from the resolved roots.
SystemFactory = Callable[[Roots], System]

SYSTEMS: Registry[SystemFactory] = Registry("system")
