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
from lexsub_baselines.errors import UnknownNameError
from lexsub_baselines.generators.base import CandidateGenerator
from lexsub_baselines.paths import Roots
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.registry import Registry

__all__ = [
    "SYSTEMS",
    "ComposedSystem",
    "System",
    "SystemFactory",
    "build_system",
    "check_system_name",
    "select_answers",
    "system_names",
    "system_needs",
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


def system_names() -> list[str]:
    """Return the registered system names in registration order (the `make baselines` order)."""
    from lexsub_baselines import catalog  # noqa: F401  (fills the registries once)

    return SYSTEMS.names()


def check_system_name(name: str) -> None:
    """Check that `name` is a registered system or a `GENERATOR+RANKER` composition.

    Raises:
        UnknownNameError: it is neither; the message lists the systems and the components.
    """
    from lexsub_baselines import catalog  # noqa: F401  (fills the registries once)
    from lexsub_baselines.generators.base import GENERATORS
    from lexsub_baselines.rankers.base import RANKERS

    if name in SYSTEMS:
        return
    generator, plus, ranker = name.partition("+")
    if plus and generator in GENERATORS and ranker in RANKERS:
        return
    known = [*SYSTEMS.names(),
             f"GENERATOR+RANKER (generators: {', '.join(GENERATORS.names())}; "
             f"rankers: {', '.join(RANKERS.names())})"]
    raise UnknownNameError("system", name, known)


def system_needs(name: str) -> tuple[str, ...]:
    """Return the build stages (`lexsub_baselines.builds`) a system reads.

    Raises:
        UnknownNameError: neither a registered system nor a valid composition.
    """
    from lexsub_baselines.generators.base import GENERATORS
    from lexsub_baselines.rankers.base import RANKERS

    check_system_name(name)
    if name in SYSTEMS:
        return SYSTEMS.needs(name)
    generator, _, ranker = name.partition("+")
    return tuple(dict.fromkeys((*GENERATORS.needs(generator), *RANKERS.needs(ranker))))


def build_system(name: str, roots: Roots) -> System:
    """Build a system by its canonical name.

    A registered name (`wordnet`, `lin`, `mw`) is built by its factory; any other
    `GENERATOR+RANKER` string composes a registered generator with a registered ranker
    (`roget+lm`, `wordnet+freq:bnc`), so a new combination needs no registration.

    Raises:
        UnknownNameError: neither a registered system nor a valid composition.
    """
    from lexsub_baselines.generators.base import GENERATORS
    from lexsub_baselines.rankers.base import RANKERS

    check_system_name(name)
    if name in SYSTEMS:
        return SYSTEMS.get(name)(roots)
    generator, _, ranker = name.partition("+")
    return ComposedSystem(name, GENERATORS.get(generator)(roots), RANKERS.get(ranker)(roots))
