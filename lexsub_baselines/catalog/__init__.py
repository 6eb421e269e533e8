"""The one place the component registries are filled, and the lookups that need them filled.

May import every layer up to `builds`; only the running layer and above import it.

Importing this package registers, in order, the frequency sources (`sources`), generators and
rankers (`components`) and the systems (`named_systems`, the order of `make baselines` and of the
tables). The registries themselves live below it (`generators.base.GENERATORS`,
`rankers.base.RANKERS`, `systems.SYSTEMS`, `resources.frequency.FREQUENCY_SOURCES`) and none
of the modules they hold imports this package back; what needs them filled (the CLI, the
runner, the public API) looks components up here. Plug-ins (`lexsub_baselines.plugins`)
register after it.
"""

from __future__ import annotations

from lexsub_baselines.catalog import (
    components,
    fill_policies,
    named_systems,
    sources,
    tsar_systems,
)
from lexsub_baselines.catalog.components import BASELINE_FREQUENCY, PRIOR_FREQUENCY
from lexsub_baselines.core.errors import UnknownNameError
from lexsub_baselines.core.extras import require_extra
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.generators.base import GENERATORS, CandidateGenerator
from lexsub_baselines.rankers.base import RANKERS, Ranker
from lexsub_baselines.resources.frequency import FREQUENCY_SOURCES, FrequencySource
from lexsub_baselines.systems.base import SYSTEMS, ComposedSystem, System

__all__ = [
    "BASELINE_FREQUENCY",
    "FREQUENCY_SOURCES",
    "GENERATORS",
    "PRIOR_FREQUENCY",
    "RANKERS",
    "SYSTEMS",
    "build_system",
    "check_system_name",
    "components",
    "fill_policies",
    "frequency_source",
    "generator",
    "named_systems",
    "ranker",
    "sources",
    "system_names",
    "system_needs",
    "tsar_systems",
]


def generator(name: str, roots: Roots | None = None) -> CandidateGenerator:
    """Build the registered generator `name` (`wordnet`, `roget`, `dist:lin`, ...).

    Arguments:
        name: a registered generator name (`lexsub components` lists them).
        roots: where data, resources and the cache are (default: `resolve_roots()`).

    Raises:
        MissingExtraError: the `baselines` extra is not installed.
        UnknownNameError: no such generator; the message lists the known ones.
    """
    require_extra("generator()")
    return GENERATORS.get(name)(roots or resolve_roots())


def ranker(name: str, roots: Roots | None = None) -> Ranker:
    """Build the registered ranker `name` (`lm`, `cmlc`, `emb:baladd`, `freq:bnc:tiers`, ...).

    Raises:
        MissingExtraError: the `baselines` extra is not installed.
        UnknownNameError: no such ranker; the message lists the known ones.
    """
    require_extra("ranker()")
    return RANKERS.get(name)(roots or resolve_roots())


def frequency_source(roots: Roots, name: str) -> FrequencySource:
    """Build the frequency source registered as `name` (`gr`, `bnc`, `corpus`, ...).

    Raises:
        UnknownNameError: no such source; the message lists the known ones.
        MissingResourceError: the source's data is absent.
    """
    return FREQUENCY_SOURCES.get(name)(roots)


def system_names() -> list[str]:
    """Return the registered system names in registration order (the `make baselines` order)."""
    return SYSTEMS.names()


def check_system_name(name: str) -> None:
    """Check that `name` is a registered system or a `GENERATOR+RANKER` composition.

    A name ending in `+fill` is the system before it, filled (`fill_policies`).

    Raises:
        UnknownNameError: it is neither; the message names the unknown part (the ranker of
            `wordnet+nope`) and lists the known ones.
    """
    if name in SYSTEMS:
        return
    if (inner := fill_policies.unfilled_name(name)) is not None:
        check_system_name(inner)
        return
    generator_name, plus, ranker_name = name.partition("+")
    if plus and generator_name in GENERATORS:
        if ranker_name in RANKERS:
            return
        raise UnknownNameError("ranker", ranker_name, RANKERS.names())
    if plus and ranker_name in RANKERS:
        raise UnknownNameError("generator", generator_name, GENERATORS.names())
    known = [*SYSTEMS.names(),
             f"GENERATOR+RANKER (generators: {', '.join(GENERATORS.names())}; "
             f"rankers: {', '.join(RANKERS.names())})"]
    raise UnknownNameError("system", name, known)


def system_needs(name: str) -> tuple[str, ...]:
    """Return the build stages (`lexsub_baselines.builds`) a system reads.

    Raises:
        UnknownNameError: neither a registered system nor a valid composition.
    """
    check_system_name(name)
    if name in SYSTEMS:
        return SYSTEMS.needs(name)
    if (inner := fill_policies.unfilled_name(name)) is not None:
        return tuple(dict.fromkeys((*system_needs(inner), *fill_policies.fill_needs())))
    generator_name, _, ranker_name = name.partition("+")
    return tuple(dict.fromkeys((*GENERATORS.needs(generator_name),
                                *RANKERS.needs(ranker_name))))


def build_system(name: str, roots: Roots | None = None) -> System:
    """Build a system by its canonical name.

    A registered name (`wordnet`, `lin`, `mw`) is built by its factory; any other
    `GENERATOR+RANKER` string composes a registered generator with a registered ranker
    (`roget+lm`, `wordnet+freq:bnc`), so a new combination needs no registration; `NAME+fill`
    is NAME with the fill step (`fill_policies`).

    Raises:
        MissingExtraError: the `baselines` extra is not installed.
        UnknownNameError: neither a registered system nor a valid composition.
    """
    require_extra("system()")
    roots = roots or resolve_roots()
    check_system_name(name)
    if name in SYSTEMS:
        return SYSTEMS.get(name)(roots)
    if (inner := fill_policies.unfilled_name(name)) is not None:
        return fill_policies.fill_system(build_system(inner, roots), roots)
    generator_name, _, ranker_name = name.partition("+")
    return ComposedSystem(name, generator(generator_name, roots), ranker(ranker_name, roots))
