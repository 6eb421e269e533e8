"""The inputs the build stages read, checked before anything is built.

A stage whose input is absent fails anyway, but only once what it needs is built: without the
corpora (the Wikipedia sample has no public download, `lexsub fetch --list`), the parser would
train for ten minutes for relation counts that cannot be made. `absent_inputs` returns, for
each stage that reads a missing input itself or needs one that does, the
`MissingResourceError` naming the input and what to do; `build` reports those stages failed at
once and builds the rest. A stage whose result is cached needs no input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.builds.stages import STAGES
from lexsub_baselines.core.errors import MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.ewt import ewt_path
from lexsub_baselines.text.corpora import corpus_plan

__all__ = ["INPUT_CHECKS", "absent_inputs"]


def _all_corpora(settings: ResourceSettings) -> tuple[str, ...]:
    names = {*settings.relations.corpora, *settings.lm.corpora, *settings.word2vec.corpora}
    return tuple(sorted(names))


#: Stage -> a check of the input it reads itself (raises `MissingResourceError`); the stages
#: not listed read their inputs through the stages they need. A stage short of several is
#: said to miss the first in this order.
INPUT_CHECKS: dict[str, Callable[[Roots, ResourceSettings], Any]] = {
    "parser": lambda roots, s: [ewt_path(roots, split) for split in ("train", "dev", "test")],
    "corpus-plan": lambda roots, s: corpus_plan(roots, _all_corpora(s)),
    "lm-text": lambda roots, s: corpus_plan(roots, s.lm.corpora),
    "word2vec": lambda roots, s: corpus_plan(roots, s.word2vec.corpora),
    "embeddings": lambda roots, s: corpus_plan(roots, s.embeddings.corpora),
}


def _read_by(stage: str, cached: Mapping[str, Any]) -> set[str]:
    """Return `stage` and the stages it needs, transitively, not past cached ones."""
    seen: set[str] = set()
    stack = [stage]
    while stack:
        name = stack.pop()
        if name not in seen and name not in cached:
            seen.add(name)
            stack.extend(STAGES.get(name).needs)
    return seen


def absent_inputs(roots: Roots, settings: ResourceSettings, names: Iterable[str],
                  cached: Mapping[str, Any]) -> dict[str, MissingResourceError]:
    """Return stage -> why it cannot be built, for the stages `names` that are not cached.

    Arguments:
        roots: where the inputs are looked for.
        settings: which corpora each stage reads.
        names: the stages wanted.
        cached: stage -> result of the stages already built (they need no input).
    """
    wanted = [name for name in names if name not in cached]
    reads = {name: _read_by(name, cached) for name in wanted}
    own: dict[str, MissingResourceError] = {}
    for stage, check in INPUT_CHECKS.items():
        if any(stage in stages for stages in reads.values()):
            try:
                check(roots, settings)
            except MissingResourceError as error:
                own[stage] = error
    return {name: next(own[s] for s in own if s in stages) for name, stages in reads.items()
            if stages & own.keys()}
