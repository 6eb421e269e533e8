"""The task that answers and scores one system's unit, on a Dask worker or in this process.

`run_unit` takes the unit's answers from the results cache when the client found them, else
answers the unit (`runs.unit.answer_unit`) into a staging folder, recording every registry
entry it looks up, and installs the folder as the entry of the unit's key with that depfile;
then it takes the unit's score rows from the cache, or scores it (`runs.unit_scores`) and
keeps the rows. A worker builds the system itself: the resources a system reads load once per
worker process (the per-process caches of WordNet, the LM, the relation counts, LexSubGen's
data and the fill chain stay), and the plug-ins of the run are loaded there too.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_write_text
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry, recording_lookups
from lexsub_baselines.inputs.layer import declared
from lexsub_baselines.runs.closure import Fingerprints
from lexsub_baselines.runs.lexsubgen_runs import LexSubGenGolds
from lexsub_baselines.runs.result_cache import (
    UNIT_FILE,
    AnswersEntry,
    find_answers,
    find_scores,
    scores_key,
    staging,
    store_answers,
    store_scores,
)
from lexsub_baselines.runs.unit import UnitSpec, answer_unit
from lexsub_baselines.runs.unit_scores import score_unit

__all__ = ["UnitJob", "answering_code", "registries", "run_unit", "scoring_code"]

#: Environment variables of the client that a unit's code reads (`LEXSUB_WORDNET`,
#: `LEXSUB_RELATIONS_TOKENS`, ...): set on the worker for the task; not the pin's own flag.
_ENV_PREFIX = "LEXSUB_"
_NOT_FORWARDED = frozenset({"LEXSUB_KERNELS_REEXEC"})


def registries() -> dict[str, Registry[Any]]:
    """Return kind -> registry, of the registries the catalog and plug-ins fill: an entry of
    one that a unit looked up counts in its key by value (`runs.closure`)."""
    from lexsub_baselines.generators.base import GENERATORS
    from lexsub_baselines.rankers.base import RANKERS
    from lexsub_baselines.resources.dictionaries import DICTIONARIES
    from lexsub_baselines.resources.frequency import FREQUENCY_SOURCES
    from lexsub_baselines.systems.base import SYSTEMS
    from lexsub_baselines.systems.fill import FILL_POLICIES

    found = (SYSTEMS, GENERATORS, RANKERS, FREQUENCY_SOURCES, FILL_POLICIES, DICTIONARIES)
    return {registry.kind: registry for registry in found}


def answering_code(prints: Fingerprints | None = None) -> str:
    """Return the digest of the code every unit's answering runs (`runs.closure`)."""
    return (prints or Fingerprints()).value(answer_unit)


def scoring_code(prints: Fingerprints | None = None) -> str:
    """Return the digest of the code that scores a unit (`runs.closure`)."""
    return (prints or Fingerprints()).value(score_unit)


@dataclass(frozen=True)
class UnitJob:
    """One unit to run, as the client sends it to a worker.

    Attributes:
        spec: what the unit answers.
        roots: the resolved roots (the same paths on every worker).
        key: its answers' key (`runs.result_cache.system_key`).
        cached: the client found the answers in the cache (they are scored only).
        scores_code: the scoring code's digest; scores_settings: the settings it reads.
        progress: draw progress bars (in this process only).
        plugins: the `--plugin` names of the run, loaded on the worker first.
        cwd: the client's working folder (where a plug-in named by module may be).
        environment: the client's `LEXSUB_*` variables, set for the task.
        inputs: the inputs its key holds (every `input:<id>` of the run's settings, and the
            WordNet the readers use): it answers as that keyed computation
            (`inputs.layer.declared`), so it can read no other.
    """

    spec: UnitSpec
    roots: Roots
    key: str
    cached: bool
    scores_code: str
    scores_settings: Mapping[str, str]
    progress: bool = False
    plugins: tuple[str, ...] = ()
    cwd: str = ""
    environment: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    inputs: tuple[str, ...] = ()


def job_environment() -> tuple[tuple[str, str], ...]:
    """Return this process's `LEXSUB_*` variables, for a `UnitJob`."""
    return tuple(sorted((name, value) for name, value in os.environ.items()
                        if name.startswith(_ENV_PREFIX) and name not in _NOT_FORWARDED))


@contextmanager
def _environment(variables: tuple[tuple[str, str], ...]) -> Iterator[None]:
    """Set the client's `LEXSUB_*` variables (and only those) for the block."""
    before = {name: value for name, value in os.environ.items()
              if name.startswith(_ENV_PREFIX) and name not in _NOT_FORWARDED}
    for name in before:
        del os.environ[name]
    os.environ.update(dict(variables))
    try:
        yield
    finally:
        for name, _ in variables:
            os.environ.pop(name, None)
        os.environ.update(before)


def _load_plugins(job: UnitJob) -> None:
    from lexsub_baselines.plugins import load_plugins

    if job.cwd and job.cwd not in sys.path and job.plugins:
        sys.path.append(job.cwd)  # a plug-in module beside the user, as `lexsub` finds it
    load_plugins([name if not (name.endswith(".py") or "/" in name) or Path(name).is_absolute()
                  else str(Path(job.cwd) / name) for name in job.plugins])


#: The LexSubGen data, scorers and fill chain of this process, by roots.
_GOLDS: dict[Roots, LexSubGenGolds] = {}


def _golds(roots: Roots) -> LexSubGenGolds:
    if roots not in _GOLDS:
        _GOLDS[roots] = LexSubGenGolds(roots)
    return _GOLDS[roots]


def _answer(job: UnitJob, found: Mapping[str, Registry[Any]]) -> AnswersEntry:
    work = staging(job.roots.cache, job.key)
    try:
        with recording_lookups() as lookups:
            unit = answer_unit(job.spec, job.roots, work, _golds(job.roots), job.progress)
        atomic_write_text(work / UNIT_FILE, json.dumps(unit, sort_keys=True) + "\n")
        return store_answers(job.roots.cache, job.key, work, lookups, found)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gone already when installed


def run_unit(job: UnitJob) -> dict[str, Any]:
    """Answer (or take from the cache) and score (or take from the cache) one unit.

    Returns:
        {"system", "folder" (the entry), "unit" (its record), "scores" (`score_unit`'s),
        "answered" (answered now, not taken from the cache), "error" (a `LexsubError`'s
        message, or None), "missing" (the error is an absent input)}.
    """
    outcome: dict[str, Any] = {"system": job.spec.system, "error": None, "missing": False,
                               "answered": False}
    with _environment(job.environment):
        try:
            _load_plugins(job)
            found = registries()
            entry = (find_answers(job.roots.cache, job.key, found) if job.cached else None)
            if entry is None:
                with declared(f"the answers of {job.spec.system}", job.inputs):
                    entry = _answer(job, found)
                outcome["answered"] = True
            key = scores_key(answers=entry.digest, code=job.scores_code,
                             settings=job.scores_settings)
            scores = find_scores(job.roots.cache, key)
            if scores is None:
                scores = score_unit(entry.unit, entry.folder, job.roots, _golds(job.roots))
                store_scores(job.roots.cache, key, scores)
        except LexsubError as error:
            return {**outcome, "error": str(error),
                    "missing": isinstance(error, MissingResourceError)}
    return {**outcome, "folder": str(entry.folder), "unit": entry.unit, "scores": scores}
