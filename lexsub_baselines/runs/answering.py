"""Answer and score the systems of `lexsub baselines`: from the results cache, else on Dask.

For each system the client computes its unit's key (`runs.result_cache.answers_key`: the
system, its datasets, the settings that name no file) and looks up an entry whose trace still
holds, then its score rows. A unit found whole is copied into `--out` and answers
nothing. The others run as one task each (`runs.unit_task.run_unit`) on the embedded
`LocalCluster` (or `--scheduler`'s cluster) through the build engine (`engine.cluster`,
`engine.tasks.in_task`: the client's code snapshot, its warnings), the longest first (by
the time the last run noted for each); with one unit to run, or one worker, they run in this
process. A line is printed for each finished row, as it finishes, and at the end which
systems were answered again, and why, and how many came from the cache.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import sys
import uuid
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.runs.records import RunsFile
from lexsub_baselines.runs.result_cache import (
    AnswersEntry,
    answers_key,
    answers_settings,
    copy_answers,
    find_answers,
    find_scores,
    note_run,
    previous_run,
    scores_key,
    why_not_cached,
)
from lexsub_baselines.runs.runner import file_stem, merge
from lexsub_baselines.runs.unit import unit_spec
from lexsub_baselines.runs.unit_scores import placed, unit_lines
from lexsub_baselines.runs.unit_task import UnitJob, job_environment, run_unit

__all__ = ["Unit", "merge_unit", "plan_units", "run_units", "say_to_stderr", "summary"]


@dataclass
class Unit:
    """One system's unit in a run, as the client plans and collects it.

    Attributes:
        name: the system.
        job: what a task is given to run it.
        parts: the parts of its key (noted for the next run: why it is answered again).
        outcome: `run_unit`'s result, once there (at once when the cache held it whole).
        reason: why it is answered again (`result_cache.why_again`), or "" when the cache
            holds its answers.
        seconds: how long its answering took the last time (the order of the tasks).
    """

    name: str
    job: UnitJob
    parts: dict[str, Any]
    outcome: dict[str, Any] | None = None
    reason: str = ""
    seconds: float = 0.0
    lines: list[str] = field(default_factory=list)


def plan_units(names: Sequence[str], roots: Roots, settings: Mapping[str, str], *,
               lexsubgen: bool, tsar: bool, plugins: Sequence[str] = (),
               progress: bool = False, out: Path | None = None) -> list[Unit]:
    """Return the unit of each system, taken whole from the cache where it is there (`out`:
    the run's results folder, whose files are the run's outputs, never a unit's inputs)."""
    template = unit_spec("", roots, lexsubgen, tsar)
    declared = (*sorted(k.removeprefix("input:") for k in settings
                        if k.startswith("input:")), "wordnet")  # what its key holds
    units = []
    for name in names:
        spec = dataclasses.replace(template, system=name)
        key = answers_key(name, spec.to_json(), settings)
        parts = {"key": key, "unit": spec.to_json(), "settings": answers_settings(settings)}
        entry, why = find_answers(roots, key)
        previous = previous_run(roots.cache, name)
        job = UnitJob(spec, roots, key, entry is not None, dict(settings), progress,
                      tuple(plugins), os.getcwd(), job_environment(), declared,
                      () if out is None else (str(out.absolute()),))
        unit = Unit(name, job, parts, seconds=float(previous.get("seconds") or 0.0))
        if entry is None:
            unit.reason = why if why != "not cached" else why_not_cached(previous, parts)
        elif (rows := find_scores(roots, scores_key(entry.digest, settings))) is not None:
            unit.outcome = {"system": name, "error": None, "missing": False,
                            "answered": False, "folder": str(entry.folder),
                            "unit": entry.unit, "scores": rows}
        units.append(unit)
    return units


def _finished(unit: Unit, say: Callable[[str], None]) -> None:
    outcome = unit.outcome or {}
    if outcome.get("error") is None:
        if outcome.get("answered"):
            unit.lines = unit_lines(outcome["unit"], outcome["scores"])
            unit.seconds = sum(row["seconds"] for row in outcome["unit"]["rows"])
            note_run(unit.job.roots.cache, unit.name, {**unit.parts, "seconds": unit.seconds})
        else:
            unit.lines = [f"lexsub: {unit.name}: answers from the cache, scored again"]
    for line in unit.lines:
        say(line)


def run_units(units: Iterable[Unit], engine: Any, roots: Roots,
              say: Callable[[str], None]) -> None:
    """Run every unit the cache did not hold whole: on the Dask cluster of `engine`
    (`engine.cluster.EngineSettings`) when there are several and more than one worker (or
    a scheduler), the longest first; else in this process. `say` prints a line."""
    todo = sorted((u for u in units if u.outcome is None), key=lambda u: -u.seconds)
    if len(todo) > 1 and (engine.scheduler or engine.local_workers() > 1):
        asyncio.run(_on_cluster(todo, engine, roots, say))
        return
    for unit in todo:
        unit.outcome = run_unit(unit.job)
        _finished(unit, say)


async def _on_cluster(units: list[Unit], engine: Any, roots: Roots,
                      say: Callable[[str], None]) -> None:
    from distributed import as_completed

    from lexsub_baselines.engine.cluster import open_engine
    from lexsub_baselines.engine.tasks import WARNING_TOPIC, in_task
    from lexsub_baselines.inputs.snapshot import write_snapshot

    run = uuid.uuid4().hex
    warned: set[str] = set()

    def forward(event: tuple[float, dict[str, str]]) -> None:
        message = event[1].get("message", "")
        if event[1].get("run") == run and message not in warned:
            warned.add(message)
            warnings.warn(message, stacklevel=1)

    async with open_engine(engine, roots) as client:
        client.subscribe_topic(WARNING_TOPIC, forward)
        code = str(write_snapshot(roots.cache))
        futures = {client.submit(in_task, run, None, code, None, run_unit,
                                 dataclasses.replace(unit.job, progress=False),
                                 key=f"unit-{file_stem(unit.name)}-{uuid.uuid4().hex[:8]}",
                                 pure=False, priority=len(units) - index): unit
                   for index, unit in enumerate(units)}
        async for future in as_completed(futures):
            unit = futures.pop(future)
            unit.outcome = await future
            _finished(unit, say)


def merge_unit(unit: Unit, out: Path, scores: dict[str, Any], runs: RunsFile,
               skipped: dict[str, dict[str, str]], settings: tuple[str, Mapping[str, str]]
               ) -> None:
    """Copy a unit's files into `out` and add its rows to the run's record (`runs.json`'s
    `runs`, `scores.json`'s rows under the run's settings id `settings[0]`)."""
    current, recorded = settings
    outcome = unit.outcome or {}
    record: dict[str, Any] = outcome["unit"]
    copy_answers(AnswersEntry(Path(outcome["folder"]), record, ""), out)
    rows = outcome["scores"]["rows"]
    for row in record["rows"]:
        dataset, system = row["dataset"], row["system"]
        if row["score"]["how"] is None:
            runs.add(dataset, system, row["record"], current, recorded)
        elif system in rows.get(dataset, {}):
            runs.add(dataset, system, row["record"], current, recorded)
            merge(scores, dataset, system, {kind: {**placed(value, out), "settings": current}
                                            for kind, value in rows[dataset][system].items()})
    for dataset, system, note in record["skipped"]:
        skipped.setdefault(dataset, {})[system] = note


def summary(units: Sequence[Unit]) -> str:
    """Return the line saying which systems were answered again and why, which were scored
    again, and how many came from the cache."""
    reasons: dict[str, list[str]] = {}
    scored_again, cached = [], 0
    for unit in units:
        outcome = unit.outcome or {}
        if outcome.get("error") is not None:
            continue
        if outcome.get("answered"):
            reasons.setdefault(unit.reason or "answered", []).append(unit.name)
        elif unit.lines:
            scored_again.append(unit.name)
        else:
            cached += 1
    parts = [f"{'answered again ' if first else ''}({why}): {', '.join(names)}"
             for first, (why, names) in zip((True, *[False] * len(reasons)), reasons.items(),
                                            strict=False)]
    if scored_again:
        parts.append(f"scored again (the scoring code or its inputs changed): "
                     f"{', '.join(scored_again)}")
    parts.append(f"from the cache: {cached} system{'s' if cached != 1 else ''}")
    return "lexsub: " + "; ".join(parts)


def say_to_stderr(line: str) -> None:
    """Print a progress line on stderr (the run's log)."""
    print(line, file=sys.stderr, flush=True)

