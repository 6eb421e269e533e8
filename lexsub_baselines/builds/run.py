"""Running the build graph: `build` (report what was built) and `ensure` (raise on failure)."""

from __future__ import annotations

import asyncio
import dataclasses
import resource
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lexsub_baselines.builds.preflight import absent_inputs
from lexsub_baselines.builds.settings import ResourceSettings
from lexsub_baselines.builds.stages import STAGES
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.kernels import require_pinned
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.engine.graph import (
    BuildContext,
    StageFailure,
    StageRecord,
    closure,
    run_graph,
)
from lexsub_baselines.engine.progress import Progress
from lexsub_baselines.inputs.reads import check_run_inputs
from lexsub_baselines.inputs.snapshot import write_snapshot

__all__ = ["BuildReport", "build", "cached_results", "ensure"]

@dataclass(frozen=True)
class BuildReport:
    """What one `build` did.

    Attributes:
        results: stage name -> its result, or a `StageFailure`.
        records: every stage looked at, in start order (cached, built or failed, with times).
        engine: the cluster that ran the tasks (`local:2`, a scheduler address), or "" when
            everything was cached and no cluster was started.
        seconds: wall time of the whole build.
        peak_rss_mb: peak resident memory of the client and of each worker process.
        inputs: manifest id -> digest of every input checked before the build
            (`inputs.layer.check_run_inputs`), for the settings of the runs it serves.
    """

    results: dict[str, Any]
    records: tuple[StageRecord, ...]
    engine: str
    seconds: float
    peak_rss_mb: dict[str, float]
    inputs: dict[str, str] = dataclasses.field(default_factory=dict)

    def failures(self) -> dict[str, LexsubError]:
        """Return stage name -> error of the stages that failed."""
        return {name: value.error for name, value in self.results.items()
                if isinstance(value, StageFailure)}

    def to_json(self) -> dict[str, Any]:
        """Return the report as JSON-ready data (not the results themselves)."""
        return {"engine": self.engine, "seconds": round(self.seconds, 1),
                "peak_rss_mb": self.peak_rss_mb,
                "stages": [record.to_json() for record in self.records]}

    def table(self) -> str:
        """Return the stages as a small text table (name, status, start, duration, note)."""
        from lexsub_baselines.engine.progress import format_seconds

        lines = [f"{'stage':<14} {'status':<7} {'start':>8} {'queued':>8} {'time':>8}  note"]
        for r in self.records:
            queued = format_seconds(r.queued) if r.queued is not None else "-"
            lines.append(f"{r.name:<14} {r.status:<7} {format_seconds(r.started):>8} "
                         f"{queued:>8} {format_seconds(r.seconds):>8}  {r.note}")
        memory = ", ".join(f"{who} {mb:,.0f} MB" for who, mb in self.peak_rss_mb.items())
        lines.append(f"total {format_seconds(self.seconds)} on {self.engine or 'no cluster'}"
                     + (f"; peak memory: {memory}" if memory else ""))
        return "\n".join(lines)


def _peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def build(roots: Roots, names: Iterable[str], settings: ResourceSettings | None = None,
          engine: EngineSettings | None = None, progress: Progress | None = None
          ) -> BuildReport:
    """Build the stages `names` and what they need (skipping what is cached); report.

    A cluster is started (or joined) only when something is missing. A stage whose input is
    absent (`preflight.absent_inputs`: no corpus, no EWT treebank) is reported failed at once,
    and what it alone needs is not built.

    Raises:
        UnknownNameError: an unknown stage name (the message lists them).
        LexsubError: the cluster cannot be reached. Failures of single stages are not
            raised: they are in the report (`failures`).
        KernelsError: this process does not compute with the kernels of the cache's level
            (`core.kernels.require_pinned`): what it would build or read is another level's.
    """
    require_pinned(f"building the resources of {roots.cache}")
    inputs = check_run_inputs(roots)  # before anything is built: every input the recorded one
    settings = settings or ResourceSettings.from_env()
    engine = engine or EngineSettings.from_env()
    progress = progress or Progress()
    wanted = list(dict.fromkeys(names))
    for name in wanted:
        STAGES.get(name)
    started = time.perf_counter()
    probe = BuildContext(None, roots, settings, progress)
    found = _find_cached(probe, wanted)
    # a stage whose input is absent fails now, before what it needs is built for nothing
    absent = absent_inputs(roots, settings, wanted, {**_find_cached(probe, _closure(wanted)),
                                                     **found})
    failed = {name: StageFailure(name, error) for name, error in absent.items()}
    failed_records = tuple(StageRecord(name, "failed", 0.0, 0.0, str(error))
                           for name, error in absent.items())
    rest = [name for name in wanted if name not in absent]
    if all(name in found for name in rest):
        records = tuple(StageRecord(name, "cached", 0.0, 0.0) for name in rest)
        return BuildReport({**found, **failed}, failed_records + records, "",
                           time.perf_counter() - started, {"client": _peak_rss_mb()}, inputs)
    report = asyncio.run(_build(roots, rest, settings, engine, progress, found, started))
    return dataclasses.replace(report, results={**report.results, **failed},
                               records=failed_records + report.records, inputs=inputs)


#: Stages built before all others (but the critical parser, which trains beside them) when
#: they are needed: the corpus plan is a map of quick tasks that every corpus stage waits for,
#: and Dask would run it after the long single tasks (the LM sample, word2vec) submitted
#: beside it, since it hands single tasks to the workers at once but queues large groups of
#: tasks on the scheduler.
FIRST: tuple[str, ...] = ("corpus-plan",)


def _closure(names: Iterable[str]) -> set[str]:
    """Return `names` and every stage they need, transitively."""
    return closure(STAGES, names)


async def _build(roots: Roots, wanted: list[str], settings: ResourceSettings,
                 engine: EngineSettings, progress: Progress, found: dict[str, Any],
                 started: float) -> BuildReport:
    async with open_engine(engine, roots) as client:
        ctx = BuildContext(client, roots, settings, progress, engine.label(),
                           lock_dir=roots.cache / ".locks",
                           code=str(write_snapshot(roots.cache)))
        results, records = await run_graph(STAGES, wanted, ctx, found, started, first=FIRST)
        workers = await client.run(_peak_rss_mb)
    peak = {"client": _peak_rss_mb(),
            **{f"worker {i + 1}": mb for i, (_, mb) in enumerate(sorted(workers.items()))}}
    return BuildReport(results, tuple(sorted(records, key=lambda r: r.started)), engine.label(),
                       time.perf_counter() - started, peak)


def _find_cached(probe: BuildContext[ResourceSettings], names: Iterable[str]) -> dict[str, Any]:
    """Return stage -> result of the stages of `names` whose result is cached (checked on the
    client); a stage whose check fails is left out (the graph run reports why)."""
    found: dict[str, Any] = {}
    for name in names:
        try:
            if (hit := STAGES.get(name).cached(probe)) is not None:
                found[name] = hit
        except LexsubError:
            pass
    return found


def cached_results(roots: Roots, names: Iterable[str], settings: ResourceSettings | None = None,
                   known: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return stage -> cached result for `names` and every stage they need (transitively),
    leaving out those not built (the parser behind the relation counts, say, for a record of
    what a run read).

    Arguments:
        known: results already at hand (a `BuildReport`'s), taken as they are instead of
            checking their files again; failures among them are looked up like the rest.
    """
    require_pinned(f"reading the resources of {roots.cache}")
    known = {name: value for name, value in (known or {}).items()
             if not isinstance(value, StageFailure)}
    closure = sorted(_closure(names))
    probe = BuildContext(None, roots, settings or ResourceSettings.from_env(), Progress(False))
    found = _find_cached(probe, [name for name in closure if name not in known])
    return {name: known.get(name, found.get(name)) for name in closure
            if name in known or name in found}


_ENSURED: dict[tuple[Roots, ResourceSettings, str], Any] = {}


def ensure(roots: Roots, names: Iterable[str], settings: ResourceSettings | None = None,
           engine: EngineSettings | None = None, progress: Progress | None = None
           ) -> dict[str, Any]:
    """Make sure the stages `names` are built (building what is missing); return their results.

    Results already ensured in this process are not looked up again.

    Raises:
        LexsubError: a stage could not be built (its own error, naming what to do).
    """
    settings = settings or ResourceSettings.from_env()
    wanted = list(dict.fromkeys(names))
    missing = [name for name in wanted if (roots, settings, name) not in _ENSURED]
    if missing:
        report = build(roots, missing, settings, engine, progress)
        failures = report.failures()
        if failures:
            raise next(iter(failures.values()))
        for name in missing:
            _ENSURED[(roots, settings, name)] = report.results[name]
    return {name: _ENSURED[(roots, settings, name)] for name in wanted}
