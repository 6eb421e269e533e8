"""What a build stage builds with (`BuildContext`): the cluster, roots, settings, progress, and
the three ways to put work on the cluster (one task, a map over shards, a tree of merges)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from lexsub_baselines.engine.progress import Progress, StageBar
from lexsub_baselines.engine.tasks import in_task

__all__ = ["PRIORITY_CRITICAL", "PRIORITY_MERGE", "PRIORITY_PLAN", "PRIORITY_SHARD",
           "PRIORITY_SINGLE", "BuildContext"]

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
        run: this build's id, which tags the warnings and start events its tasks send.
        warned: the warnings already issued (several stages read the same corpus file).
        first_task: stage -> when its first task started running on a worker
            (`time.perf_counter()` of the client, when the event arrived).
        code: the code snapshot every task runs (`inputs.snapshot`; None: each worker's own
            code, in tests of the engine alone).
        declared: stage -> the inputs it declared (`Stage.inputs`): each of its tasks runs as
            that keyed computation (`inputs.layer.declared`), and a read of any other input
            in it is refused.
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
    first_task: dict[str, float] = field(default_factory=dict)
    code: str | None = None
    declared: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def computation(self, stage: str) -> tuple[str, tuple[str, ...]] | None:
        """Return (stage, its declared inputs) for `in_task`, None when it declares none."""
        ids = self.declared.get(stage)
        return None if ids is None else (stage, ids)

    async def task(self, stage: str, function: Callable[..., T], *args: Any,
                   priority: int = PRIORITY_SINGLE, **kwargs: Any) -> T:
        """Run `function(*args, **kwargs)` as one task on the cluster; return its result."""
        future = self.client.submit(in_task, self.run, stage, self.code,
                                    self.computation(stage), function, *args,
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
            self.client.submit(in_task, self.run, stage, self.code, self.computation(stage),
                               function, item, *args,
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
            return self.client.submit(in_task, self.run, None, self.code,
                                      self.computation(stage), merge, *parts,
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


def _key(stage: str, function: Callable[..., Any], suffix: str = "") -> str:
    name = getattr(function, "__name__", "task")
    return f"{stage}:{name}{'-' + suffix if suffix else ''}-{uuid.uuid4().hex[:8]}"
