"""Named systems: a candidate generator composed with a ranker, and best/oot answer selection.

A system is a composition, not a script (`compose` registers one): `wordnet` = WordNet
generator + frequency ranker in tier order; `lin` = distributional generator (measure lin) with
its own neighbour order. The target's own lemma and duplicate lemmas are removed here,
explicitly, after generation. The registry is filled by `lexsub_baselines.catalog`, which also
answers lookups by name (`build_system`, `system_names`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.rankers.base import RANKERS, Ranker
from lexsub_baselines.substitutes.answers import Answers
from lexsub_baselines.substitutes.candidates import Candidate, dedupe, without_target
from lexsub_baselines.systems.contract import generate_checked, rank_checked

__all__ = [
    "BEST_SIZE",
    "OOT_SIZE",
    "SYSTEMS",
    "ComposedSystem",
    "System",
    "SystemFactory",
    "compose",
    "select_answers",
]

#: How many answers each task kind takes (task10documentation: best, out-of-ten).
BEST_SIZE = 1
OOT_SIZE = 10


@runtime_checkable
class System(Protocol):
    """Answers instances. `kinds` names the answer files it produces (best, oot, mw)."""

    @property
    def name(self) -> str:
        """Return the canonical name."""
        ...

    @property
    def kinds(self) -> tuple[str, ...]:
        """Return the answer kinds it produces, main kind first."""
        ...

    def answer(self, instance: Instance) -> Answers:
        """Return the answers for `instance` (empty when it has nothing to say)."""
        ...


def select_answers(ranked: list[Candidate], best_size: int = BEST_SIZE,
                   oot_size: int = OOT_SIZE) -> Answers:
    """Return best = the top `best_size` lemmas, oot = the top `oot_size` lemmas, and every
    ranked lemma with its score."""
    lemmas = tuple(c.lemma for c in ranked)
    return Answers(best=lemmas[:best_size], oot=lemmas[:oot_size],
                   ranked=tuple((c.lemma, c.score) for c in ranked))


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
        """Return the ranked candidates, target lemma and duplicates removed.

        Raises:
            ComponentError: the generator or ranker raised, or returned something else than
                `Candidate`s (the message names the system, the instance and the rule).
        """
        generated = dedupe(without_target(
            generate_checked(self.name, self.generator, instance), instance.lemma))
        return rank_checked(self.name, self.ranker, instance, generated) if generated else []

    def answer(self, instance: Instance) -> Answers:
        """Return best (top 1) and oot (top 10) answers."""
        return select_answers(self.candidates(instance))


#: A factory builds a system from the resolved roots.
SystemFactory = Callable[[Roots], System]

SYSTEMS: Registry[SystemFactory] = Registry("system")


def compose(name: str, generator: str, ranker: str, doc: str = "") -> None:
    """Register `name` as the composition of a registered generator and a registered ranker.

    The system is built on demand (`ComposedSystem(name, generator, ranker)`) and reads the
    build stages its two components declare. This is how the catalog registers `wordnet`,
    `wordnet+lm` and the other composed systems, and how a plug-in adds its own to the tables.

    Raises:
        UnknownNameError: the generator or ranker is not registered (the message lists them).
        LexsubError: `name` is already registered by another module (composing it again from
            the same module, as a notebook cell run twice does, replaces it).

    >>> # compose("wordnet+mine", "wordnet", "mine", "WordNet candidates ranked by mine")
    """
    caller = sys._getframe(1).f_globals.get("__name__")  # the module composing it
    needs = tuple(dict.fromkeys((*GENERATORS.needs(generator), *RANKERS.needs(ranker))))

    def factory(roots: Roots) -> System:
        return ComposedSystem(name, GENERATORS.get(generator)(roots), RANKERS.get(ranker)(roots))

    SYSTEMS.add(name, factory, doc or f"{generator} candidates ranked by {ranker}", needs=needs,
                owner=caller)
