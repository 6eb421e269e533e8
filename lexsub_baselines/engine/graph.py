"""The build graph: named stages with dependencies, their tasks run by `dask.distributed`.

A `Stage` is one cached resource (the parser, the relation counts, the LM, ...). Its `cached`
function looks the result up on the client (cheap: file checks); when it is absent, `build`
runs — a coroutine that receives its dependencies' results and submits its work to the
cluster through the `BuildContext`: one task (`ctx.task`), or a map over shards whose results
arrive as they complete (`ctx.map`) and are combined by a tree of merge tasks (`ctx.reduce`).
`run_graph` starts every requested stage at once; a stage waits only for what it needs, so
independent builds run side by side (parser training beside the LM, then parsing on every
worker), and a stage whose result is cached never asks for its dependencies at all.

A failing stage does not stop the others: its error is returned for it and for the stages
that need it, and the caller decides (one failing system does not sink a whole table).

Two builds on one cache (two users, or `make parser` beside `make baselines`) do not build
the same resource at once: a stage is built under an exclusive lock named by what it builds
(`Stage.lock_key`, `engine.locks`), and its cache is looked up again once the lock is held,
so a stage that another build finished while this one waited (for the lock, or for its
dependencies) is reused, not rebuilt.

The critical path starts first: a stage marked `critical` (the parser, which every corpus
parse waits for) starts with the `first` stages (the corpus plan), and every other stage waits
until those are done and each critical stage's task is running on a worker (or the stage is
over, or waits for another build that holds its lock: told as soon as the lock is found held,
so word2vec and the LM do not wait idle through another build's parser training). Dask hands
a single task to an idle worker the moment it arrives, whatever its priority, so without
this word2vec, submitted a few milliseconds earlier, took the core the parser needed.

Tasks run in worker processes, whose warnings (a corrupt corpus file, named) and progress
would otherwise be lost or printed raw on the worker's stderr: every task runs inside
`in_task`, which forwards its warnings to the client as Dask events (`WARNING_TOPIC`), where
they are issued once each as ordinary warnings; a long task may report its own progress with
`report_progress` (`PROGRESS_TOPIC`), which moves its stage's bar.
"""

from __future__ import annotations

import asyncio
import time
import warnings
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.engine.context import (
    PRIORITY_CRITICAL,
    PRIORITY_MERGE,
    PRIORITY_PLAN,
    PRIORITY_SHARD,
    PRIORITY_SINGLE,
    BuildContext,
)
from lexsub_baselines.engine.locks import stage_lock
from lexsub_baselines.engine.records import StageFailure, StageRecord
from lexsub_baselines.engine.tasks import PROGRESS_TOPIC, WARNING_TOPIC, report_progress
from lexsub_baselines.inputs.layer import declared

__all__ = ["PRIORITY_CRITICAL", "PRIORITY_MERGE", "PRIORITY_PLAN", "PRIORITY_SHARD",
           "PRIORITY_SINGLE", "BuildContext", "Stage", "StageFailure", "StageRecord",
           "closure", "report_progress", "run_graph"]

S = TypeVar("S")  # the settings object the stages read


@dataclass(frozen=True)
class Stage(Generic[S]):
    """One node of the build graph.

    Attributes:
        name: the stage's name (`relations`); also the `lexsub build` target.
        needs: the stages whose results `build` receives.
        doc: one line for `lexsub build --help`.
        cached: returns the result when it is already built (checked on the client), else None.
        build: `await build(ctx, results_of_needs)` builds the result through `ctx`.
        critical: on the critical path: its task starts before any other stage's (see the
            module docstring).
        lock_key: returns what the stage builds with these settings (its cache path or key),
            which names its lock: two builds of other entries of one stage do not wait for
            each other. None: one lock for the stage.
        inputs: returns the inputs (manifest ids, `inputs.layer`) the stage reads with these
            settings: its key holds their digests, and its tasks may read no other.
    """

    name: str
    needs: tuple[str, ...]
    doc: str
    cached: Callable[[BuildContext[S]], Any]
    build: Callable[[BuildContext[S], Mapping[str, Any]], Awaitable[Any]]
    critical: bool = False
    lock_key: Callable[[BuildContext[S]], str] | None = None
    inputs: Callable[[BuildContext[S]], tuple[str, ...]] = lambda ctx: ()


async def run_graph(stages: Registry[Stage[S]], targets: Iterable[str], ctx: BuildContext[S],
                    found: Mapping[str, Any] | None = None, origin: float | None = None,
                    first: Collection[str] = ()
                    ) -> tuple[dict[str, Any], list[StageRecord]]:
    """Build `targets` and what they need; return (name -> result or StageFailure, records).

    Arguments:
        stages: the registered stages.
        targets: the stages wanted.
        ctx: the cluster and settings.
        found: results already looked up with `cached`, or failures of an earlier run (not
            looked up again).
        origin: the `time.perf_counter()` the records' start times count from (now).
        first: stages that run before any other but the critical ones (the corpus plan).

    Raises:
        UnknownNameError: a target or a dependency is not a registered stage.
    """
    wanted = list(dict.fromkeys(targets))
    needed = closure(stages, wanted)
    origin = time.perf_counter() if origin is None else origin
    running: dict[str, asyncio.Task[Any]] = {}
    records: list[StageRecord] = []
    # the gate every other stage waits behind: the `first` stages done, and each critical
    # stage's task running (or the stage over: cached, failed, or waiting for another build;
    # or never to be started, because what needs it was cached)
    early = {n for n in needed if n in first or stages.get(n).critical}
    pending = {n for n in early if not (found and n in found)}
    gate = asyncio.Event()
    unchecked: set[str] = set()  # started stages that have not yet looked in the cache

    def settle(name: str) -> None:
        pending.discard(name)
        if not pending:
            gate.set()

    def checked(name: str) -> None:
        # A stage is started only by the wanted list or by a stage that missed the cache
        # (which starts its needs before it counts as checked). Once every started stage has
        # looked, an early stage not started will never be: waiting for it would hang a run
        # whose parser is behind cached relation counts but whose neighbours are not cached.
        unchecked.discard(name)
        if not unchecked:
            for never in [n for n in pending if n not in running]:
                settle(never)

    if not pending:
        gate.set()

    def forward_warning(event: tuple[float, dict[str, str]]) -> None:
        message = event[1].get("message", "")
        if event[1].get("run") == ctx.run and message not in ctx.warned:
            ctx.warned.add(message)
            warnings.warn(message, stacklevel=1)

    def on_progress(event: tuple[float, dict[str, Any]]) -> None:
        payload = event[1]
        stage = str(payload.get("stage"))
        if payload.get("started") and payload.get("run") == ctx.run:
            if stage not in ctx.first_task:
                ctx.first_task[stage] = time.perf_counter()
                ctx.progress.event(payload)
            if stage in stages and stages.get(stage).critical:
                settle(stage)
        elif not payload.get("started"):
            ctx.progress.event(payload)

    ctx.client.subscribe_topic(WARNING_TOPIC, forward_warning)
    ctx.client.subscribe_topic(PROGRESS_TOPIC, on_progress)

    def start(name: str) -> asyncio.Task[Any]:
        if name not in running:
            unchecked.add(name)
            running[name] = asyncio.ensure_future(_run_stage(name))
        return running[name]

    async def _run_stage(name: str) -> Any:
        try:
            return await _stage(name)
        finally:
            settle(name)

    async def _stage(name: str) -> Any:
        stage = stages.get(name)
        began = time.perf_counter()
        try:
            try:
                hit = found[name] if found and name in found else stage.cached(ctx)
            except LexsubError as error:
                return _failed(name, error, began)
            if isinstance(hit, StageFailure):  # reported by the earlier run
                return hit
            if hit is not None:
                records.append(StageRecord(name, "cached", began - origin, 0.0))
                return hit
            needs = [start(n) for n in stage.needs]
        finally:
            checked(name)
        inputs = dict(zip(stage.needs, await asyncio.gather(*needs), strict=True))
        for need, value in inputs.items():
            if isinstance(value, StageFailure):
                return _failed(name, LexsubError(f"needs {need}, which failed: {value.error}"),
                               began)
        if name not in early:
            await gate.wait()
        began = time.perf_counter()
        try:
            key = stage.lock_key(ctx) if stage.lock_key is not None else None
            # another build holds the lock: nothing of ours to wait for, the gate may open
            async with stage_lock(ctx.lock_dir, name, _say, key=key,
                                  on_wait=lambda: settle(name)):
                # built meanwhile (by a build that held the lock, or while we waited for the
                # stages this one needs)? then reuse it
                if (hit := stage.cached(ctx)) is not None:
                    records.append(StageRecord(name, "cached", began - origin,
                                               time.perf_counter() - began,
                                               "built meanwhile by another build"))
                    return hit
                ctx.declared[name] = ids = tuple(stage.inputs(ctx))
                with declared(name, ids):  # its client side too: an asyncio task's own context
                    result = await stage.build(ctx, inputs)
        except LexsubError as error:
            return _failed(name, error, began)
        except (asyncio.CancelledError, KeyboardInterrupt):
            raise
        except Exception as error:  # a task that kept failing (e.g. its workers died)
            return _failed(name, LexsubError(f"{type(error).__name__}: {error}"), began)
        records.append(StageRecord(name, "built", began - origin, time.perf_counter() - began,
                                   ctx.notes.get(name, ""), _since(name, origin)))
        return result

    def _since(name: str, start: float) -> float | None:
        at = ctx.first_task.get(name)
        return None if at is None else at - start

    def _say(line: str) -> None:
        print(line, file=ctx.progress.stream, flush=True)

    def _failed(name: str, error: LexsubError, began: float) -> StageFailure:
        records.append(StageRecord(name, "failed", began - origin,
                                   time.perf_counter() - began, str(error),
                                   _since(name, origin)))
        _say(f"lexsub: {name}: failed: {error}")
        return StageFailure(name, error)

    async def heartbeat() -> None:
        while True:
            await asyncio.sleep(1.0)
            ctx.progress.heartbeat()

    ticker = asyncio.ensure_future(heartbeat())
    try:
        results = await asyncio.gather(*(start(name) for name in wanted))
    finally:
        ticker.cancel()
    for event in await ctx.client.get_events(WARNING_TOPIC):  # those still on their way
        forward_warning(event)
    return dict(zip(wanted, results, strict=True)), sorted(records, key=lambda r: r.started)


def closure(stages: Registry[Stage[S]], names: Iterable[str]) -> set[str]:
    """Return `names` and every stage they need, transitively (each checked to exist)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(stages.get(name).needs)
    return seen
