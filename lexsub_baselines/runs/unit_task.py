"""The task that answers and scores one system's unit, on a Dask worker or in this process.

`run_unit` takes the unit's answers from the results cache when the client found them, else
answers the unit (`runs.unit.answer_unit`) into a staging folder and installs it as an entry
of the unit's key with its trace (`inputs.trace`): the package's modules its answering can
run (`ANSWERING` and the modules of every registry entry it looked up, with what they import:
`inputs.code_identity.closure`, `entry_modules`), the user's modules loaded, and every file
the process read; then it takes the unit's score rows from the cache, or scores it
(`runs.unit_scores`) and keeps the rows. A worker builds the system itself: the resources a
system reads load once per worker process (the per-process caches of WordNet, the LM, the
relation counts, LexSubGen's data and the fill chain stay), and the plug-ins of the run are
loaded there too.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.cache import atomic_write_text
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry, recording_lookups
from lexsub_baselines.inputs.code_identity import closure, package_modules
from lexsub_baselines.inputs.imports import entry_modules
from lexsub_baselines.inputs.layer import declared
from lexsub_baselines.inputs.trace import record, watch
from lexsub_baselines.runs.lexsubgen_runs import LexSubGenInputs
from lexsub_baselines.runs.result_cache import (
    SCORING,
    UNIT_FILE,
    AnswersEntry,
    find_answers,
    find_scores,
    scores_key,
    staging,
    store_answers,
    store_scores,
)
from lexsub_baselines.runs.scorers import LexSubGenGolds
from lexsub_baselines.runs.unit import UnitSpec, answer_unit
from lexsub_baselines.runs.unit_scores import score_unit

__all__ = ["ANSWERING", "UnitJob", "answering_modules", "registries", "run_unit"]

#: The module that answers a unit (`answer_unit`): with what it imports, the code of every
#: unit's answers, beside that of the registry entries each looks up.
ANSWERING = "lexsub_baselines.runs.unit"

#: Environment variables of the client that a unit's code reads (`LEXSUB_WORDNET`,
#: `LEXSUB_RELATIONS_TOKENS`, ...): set on the worker for the task; not the pin's own flag.
_ENV_PREFIX = "LEXSUB_"
_NOT_FORWARDED = frozenset({"LEXSUB_KERNELS_REEXEC"})


def registries() -> dict[str, Registry[Any]]:
    """Return kind -> registry, of the registries the catalog and plug-ins fill: the code of
    an entry of one that a unit looked up is in its trace (`answering_modules`)."""
    from lexsub_baselines.generators.base import GENERATORS
    from lexsub_baselines.rankers.base import RANKERS
    from lexsub_baselines.resources.dictionaries import DICTIONARIES
    from lexsub_baselines.resources.frequency import FREQUENCY_SOURCES
    from lexsub_baselines.systems.base import SYSTEMS
    from lexsub_baselines.systems.fill import FILL_POLICIES

    found = (SYSTEMS, GENERATORS, RANKERS, FREQUENCY_SOURCES, FILL_POLICIES, DICTIONARIES)
    return {registry.kind: registry for registry in found}


def answering_modules(lookups: Iterable[tuple[str, str]]) -> set[str]:
    """Return the package's modules a unit's answering can run: `ANSWERING`'s, and those of
    the registry entries it looked up ((kind, name), as recorded), with what they import."""
    found, known = registries(), package_modules()
    entries = {module for kind, name in lookups if kind in found and name in found[kind]
               for module in entry_modules(found[kind].get(name), known)}
    return closure(ANSWERING, *(entries & set(known)))


@dataclass(frozen=True)
class UnitJob:
    """One unit to run, as the client sends it to a worker.

    Attributes:
        spec: what the unit answers.
        roots: the resolved roots (the same paths on every worker).
        key: its answers' key (`runs.result_cache.answers_key`).
        cached: the client found the answers in the cache (they are scored only).
        settings: the run's settings (the scores' key takes those the scorers read).
        progress: draw progress bars (in this process only).
        plugins: the `--plugin` names of the run, loaded on the worker first.
        cwd: the client's working folder (where a plug-in named by module may be).
        environment: the client's `LEXSUB_*` variables, set for the task.
        inputs: the inputs its key holds (every `input:<id>` of the run's settings, and the
            WordNet the readers use): it answers as that keyed computation
            (`inputs.layer.declared`), so it can read no other.
        outputs: the run's results folder (what the run writes: in no trace).
    """

    spec: UnitSpec
    roots: Roots
    key: str
    cached: bool
    settings: Mapping[str, str]
    progress: bool = False
    plugins: tuple[str, ...] = ()
    cwd: str = ""
    environment: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    inputs: tuple[str, ...] = ()
    outputs: tuple[str, ...] = ()


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


#: The LexSubGen data and fill chain (answering), and scorers (scoring) of this process.
_INPUTS: dict[Roots, LexSubGenInputs] = {}
_GOLDS: dict[Roots, LexSubGenGolds] = {}


def _answer(job: UnitJob) -> AnswersEntry:
    work = staging(job.roots.cache, job.key)
    try:
        inputs = _INPUTS.setdefault(job.roots, LexSubGenInputs(job.roots))
        with recording_lookups() as lookups:
            unit = answer_unit(job.spec, job.roots, work, inputs, job.progress)
        atomic_write_text(work / UNIT_FILE, json.dumps(unit, sort_keys=True) + "\n")
        trace = record(job.roots, answering_modules(lookups),
                       outputs=[work, *map(Path, job.outputs)])
        return store_answers(job.roots.cache, job.key, work, trace)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gone already when installed


def run_unit(job: UnitJob) -> dict[str, Any]:
    """Answer (or take from the cache) and score (or take from the cache) one unit.

    Returns:
        {"system", "folder" (the entry), "unit" (its record), "scores" (`score_unit`'s),
        "answered" (answered now, not taken from the cache), "error" (a `LexsubError`'s
        message, or None), "missing" (the error is an absent input)}.
    """
    watch()  # from here on, what this process reads is in the trace of what it answers
    outcome: dict[str, Any] = {"system": job.spec.system, "error": None, "missing": False,
                               "answered": False}
    with _environment(job.environment):
        try:
            _load_plugins(job)
            entry = find_answers(job.roots, job.key)[0] if job.cached else None
            if entry is None:
                with declared(f"the answers of {job.spec.system}", job.inputs):
                    entry = _answer(job)
                outcome["answered"] = True
            key = scores_key(entry.digest, job.settings)
            scores = find_scores(job.roots, key)
            if scores is None:
                golds = _GOLDS.setdefault(job.roots, LexSubGenGolds(job.roots))
                scores = score_unit(entry.unit, entry.folder, job.roots, golds)
                store_scores(job.roots.cache, key, scores, record(
                    job.roots, closure(SCORING), outputs=[entry.folder, *map(Path, job.outputs)]))
        except LexsubError as error:
            return {**outcome, "error": str(error),
                    "missing": isinstance(error, MissingResourceError)}
    return {**outcome, "folder": str(entry.folder), "unit": entry.unit, "scores": scores}
