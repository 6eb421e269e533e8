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
the same stage at once: a stage is built under an exclusive lock on `<lock_dir>/<stage>.lock`
(`fcntl.flock`, released by the kernel even when a build is killed), and whoever gets the
lock second looks the result up again and reuses it.

Tasks run in worker processes, whose warnings (a corrupt corpus file, named) and progress
would otherwise be lost or printed raw on the worker's stderr: every task runs inside
`in_task`, which forwards its warnings to the client as Dask events (`WARNING_TOPIC`), where
they are issued once each as ordinary warnings; a long task may report its own progress with
`report_progress` (`PROGRESS_TOPIC`), which moves its stage's bar.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import time
import uuid
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from lexsub_baselines.engine.progress import Progress, StageBar
from lexsub_baselines.engine.records import StageFailure, StageRecord
from lexsub_baselines.engine.tasks import (
    PROGRESS_TOPIC,
    WARNING_TOPIC,
    in_task,
    report_progress,
)
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.registry import Registry

__all__ = ["BuildContext", "Stage", "StageFailure", "StageRecord", "report_progress",
           "run_graph"]

S = TypeVar("S")  # the settings object the stages read
T = TypeVar("T")

#: Task priorities (dask runs higher first): quick planning tasks, then the single build on
#: the critical path (the parser, which every corpus parse waits for: behind word2vec it
#: started 2 minutes late in a cold run), then the other long single builds (so they do not
#: end up alone at the end), then merges (they free memory), then the many shard tasks,
#: which fill whatever core is free.
PRIORITY_PLAN = 30
PRIORITY_CRITICAL = 25
PRIORITY_SINGLE = 20
PRIORITY_MERGE = 10
PRIORITY_SHARD = 0

@dataclass(frozen=True)
class Stage(Generic[S]):
    """One node of the build graph.

    Attributes:
        name: the stage's name (`relations`); also the `lexsub build` target.
        needs: the stages whose results `build` receives.
        doc: one line for `lexsub build --help`.
        cached: returns the result when it is already built (checked on the client), else None.
        build: `await build(ctx, results_of_needs)` builds the result through `ctx`.
    """

    name: str
    needs: tuple[str, ...]
    doc: str
    cached: Callable[[BuildContext[S]], Any]
    build: Callable[[BuildContext[S], Mapping[str, Any]], Awaitable[Any]]


@dataclass
class BuildContext(Generic[S]):
    """What a stage builds with: the client, the roots, the settings, the progress display.

    Attributes:
        client: an asynchronous `distributed.Client`.
        roots: the resolved roots (passed to tasks explicitly; workers read the same paths).
        settings: the resource settings every stage reads its own part of.
        progress: the progress display.
        engine: which cluster runs the tasks (`EngineSettings.label`), for the records.
        lock_dir: where the per-stage lock files are (None: no locking).
        notes: stage name -> a short note for the records (e.g. words/s).
        run: this build's id, which tags the warnings its tasks forward.
        warned: the warnings already issued (several stages read the same corpus file).
    """

    client: Any
    roots: Any
    settings: S
    progress: Progress
    engine: str = ""
    lock_dir: Path | None = None
    notes: dict[str, str] = field(default_factory=dict)
    run: str = field(default_factory=lambda: uuid.uuid4().hex)
    warned: set[str] = field(default_factory=set)

    async def task(self, stage: str, function: Callable[..., T], *args: Any,
                   priority: int = PRIORITY_SINGLE, **kwargs: Any) -> T:
        """Run `function(*args, **kwargs)` as one task on the cluster; return its result."""
        future = self.client.submit(in_task, self.run, stage, function, *args,
                                    key=_key(stage, function), pure=False, priority=priority,
                                    **kwargs)
        result: T = await future
        return result

    async def map(self, stage: str, function: Callable[..., T], items: Sequence[Any],
                  *args: Any, weights: Sequence[float] | None = None, bar: StageBar | None = None,
                  priority: int = PRIORITY_SHARD) -> AsyncIterator[tuple[int, Any]]:
        """Run `function(item, *args)` for every item; yield (index, future) as each completes.

        The futures are yielded (not their results) so that `reduce` can merge them on the
        workers without the data passing through the client. `weights[i]` is added to `bar`
        when item i completes (words, for the corpus stages).
        """
        from distributed import as_completed

        futures = {
            self.client.submit(in_task, self.run, None, function, item, *args,
                               key=_key(stage, function, str(index)), pure=False,
                               priority=priority): index
            for index, item in enumerate(items)
        }
        async for future in as_completed(futures):
            index = futures.pop(future)  # held no longer than the caller holds it
            if future.status == "error":
                await future  # raises the task's own exception
            if bar is not None:
                bar.update(weights[index] if weights is not None else 1)
            yield index, future

    async def reduce(self, stage: str, futures: AsyncIterator[tuple[int, Any]],
                     merge: Callable[..., T], fan_in: int = 16) -> Any:
        """Merge the results of `futures` by a tree of `merge(*parts)` tasks; return the root's
        future (None when there was nothing to merge).

        Every `fan_in` results of one level are merged into one result of the next level,
        as soon as they are there, so merging overlaps the map and each result is merged
        once per level. Groups are formed in completion order; `merge` must be commutative
        and associative (sums of counts are), so the result does not depend on which shard
        finished first.
        """
        levels: list[list[Any]] = []
        merges = 0

        def submit(parts: list[Any]) -> Any:
            nonlocal merges
            merges += 1
            return self.client.submit(in_task, self.run, None, merge, *parts,
                                      key=_key(stage, merge, str(merges)), pure=False,
                                      priority=PRIORITY_MERGE)

        def push(future: Any, depth: int) -> None:
            if len(levels) == depth:
                levels.append([])
            levels[depth].append(future)
            if len(levels[depth]) == fan_in:
                group, levels[depth] = levels[depth], []
                push(submit(group), depth + 1)

        async for _, future in futures:
            push(future, 0)
        rest = [future for level in levels for future in level]
        if not rest:
            return None
        return rest[0] if len(rest) == 1 else submit(rest)


@asynccontextmanager
async def _stage_lock(ctx: BuildContext[S], name: str) -> AsyncIterator[bool]:
    """Hold the exclusive lock of stage `name`; yield whether another build held it first."""
    if ctx.lock_dir is None:
        yield False
        return
    ctx.lock_dir.mkdir(parents=True, exist_ok=True)
    handle = os.open(ctx.lock_dir / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o666)
    waited = False
    try:
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not waited:
                    print(f"lexsub: {name}: another build of it is running on this cache; "
                          "waiting to reuse its result", file=ctx.progress.stream, flush=True)
                waited = True
                await asyncio.sleep(1.0)
        yield waited
    finally:
        os.close(handle)  # releases the lock


def _key(stage: str, function: Callable[..., Any], suffix: str = "") -> str:
    name = getattr(function, "__name__", "task")
    return f"{stage}:{name}{'-' + suffix if suffix else ''}-{uuid.uuid4().hex[:8]}"


async def run_graph(stages: Registry[Stage[S]], targets: Iterable[str], ctx: BuildContext[S],
                    found: Mapping[str, Any] | None = None, origin: float | None = None
                    ) -> tuple[dict[str, Any], list[StageRecord]]:
    """Build `targets` and what they need; return (name -> result or StageFailure, records).

    Arguments:
        stages: the registered stages.
        targets: the stages wanted.
        ctx: the cluster and settings.
        found: results already looked up with `cached`, or failures of an earlier run (not
            looked up again).
        origin: the `time.perf_counter()` the records' start times count from (now).

    Raises:
        UnknownNameError: a target or a dependency is not a registered stage.
    """
    wanted = list(dict.fromkeys(targets))
    for name in wanted:
        _check_names(stages, name)
    origin = time.perf_counter() if origin is None else origin
    running: dict[str, asyncio.Task[Any]] = {}
    records: list[StageRecord] = []

    def forward_warning(event: tuple[float, dict[str, str]]) -> None:
        message = event[1].get("message", "")
        if event[1].get("run") == ctx.run and message not in ctx.warned:
            ctx.warned.add(message)
            warnings.warn(message, stacklevel=1)

    ctx.client.subscribe_topic(WARNING_TOPIC, forward_warning)
    ctx.client.subscribe_topic(PROGRESS_TOPIC, lambda event: ctx.progress.event(event[1]))

    def start(name: str) -> asyncio.Task[Any]:
        if name not in running:
            running[name] = asyncio.ensure_future(_run_stage(name))
        return running[name]

    async def _run_stage(name: str) -> Any:
        stage = stages.get(name)
        began = time.perf_counter()
        try:
            hit = found[name] if found and name in found else stage.cached(ctx)
        except LexsubError as error:
            return _failed(name, error, began)
        if isinstance(hit, StageFailure):  # reported by the earlier run
            return hit
        if hit is not None:
            records.append(StageRecord(name, "cached", began - origin, 0.0))
            return hit
        inputs = dict(zip(stage.needs, await asyncio.gather(*(start(n) for n in stage.needs)),
                          strict=True))
        for need, value in inputs.items():
            if isinstance(value, StageFailure):
                return _failed(name, LexsubError(f"needs {need}, which failed: {value.error}"),
                               began)
        began = time.perf_counter()
        async with _stage_lock(ctx, name) as waited:
            try:
                if waited and (hit := stage.cached(ctx)) is not None:
                    records.append(StageRecord(name, "cached", began - origin,
                                               time.perf_counter() - began,
                                               "built meanwhile by another build"))
                    return hit
                result = await stage.build(ctx, inputs)
            except LexsubError as error:
                return _failed(name, error, began)
            except (asyncio.CancelledError, KeyboardInterrupt):
                raise
            except Exception as error:  # a task that kept failing (e.g. its workers died)
                return _failed(name, LexsubError(f"{type(error).__name__}: {error}"), began)
        records.append(StageRecord(name, "built", began - origin, time.perf_counter() - began,
                                   ctx.notes.get(name, "")))
        return result

    def _failed(name: str, error: LexsubError, began: float) -> StageFailure:
        records.append(StageRecord(name, "failed", began - origin,
                                   time.perf_counter() - began, str(error)))
        print(f"lexsub: {name}: failed: {error}", file=ctx.progress.stream, flush=True)
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


def _check_names(stages: Registry[Stage[S]], name: str) -> None:
    for need in stages.get(name).needs:
        _check_names(stages, need)
