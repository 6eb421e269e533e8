"""The build graph's scheduling on a real local Dask cluster: the critical stage starts first.

A cold `make baselines` once let word2vec and the embeddings take both idle workers because
their tasks arrived a few milliseconds before the parser's (its stage prepares on the client
first), and the parser, which every corpus parse waits for, queued for minutes. The graph now
holds every other stage back until the critical stage's task runs, and records when each
stage's first task started and how long it queued.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import time
from collections.abc import Mapping
from typing import Any

import pytest
from lock_holder import holder

from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.registry import Registry
from lexsub_baselines.engine.cluster import EngineSettings, open_engine
from lexsub_baselines.engine.graph import (
    PRIORITY_CRITICAL,
    BuildContext,
    Stage,
    StageRecord,
    run_graph,
)
from lexsub_baselines.engine.progress import Progress

pytestmark = pytest.mark.slow  # real processes and clusters (tests/conftest.py)

TASK_SECONDS = 1.5


async def _single(ctx: BuildContext[None], inputs: Mapping[str, Any], name: str) -> Any:
    return await ctx.task(name, time.sleep, TASK_SECONDS)


async def _critical(ctx: BuildContext[None], inputs: Mapping[str, Any]) -> Any:
    await asyncio.sleep(0.4)  # prepares on the client first, as the parser's stage does
    return await ctx.task("parser-like", time.sleep, TASK_SECONDS, priority=PRIORITY_CRITICAL)


def _nothing_cached(ctx: BuildContext[None]) -> None:
    return None


def _stages(critical: bool) -> Registry[Stage[None]]:
    stages: Registry[Stage[None]] = Registry("stage")
    for name in ("word2vec-like", "embeddings-like"):
        stages.add(name, Stage(name, (), name, _nothing_cached,
                               functools.partial(_single, name=name)))
    stages.add("parser-like", Stage("parser-like", (), "critical", _nothing_cached, _critical,
                                    critical=critical))
    return stages


async def _run(roots: Roots, critical: bool) -> dict[str, StageRecord]:
    async with open_engine(EngineSettings(workers=2), roots) as client:
        ctx: BuildContext[None] = BuildContext(client, roots, None, Progress(False))
        _, records = await run_graph(_stages(critical), ["word2vec-like", "embeddings-like",
                                                         "parser-like"], ctx)
    return {record.name: record for record in records}


def test_the_critical_stage_starts_first_on_two_workers(tmp_path: Any, roots: Roots) -> None:
    roots = dataclasses.replace(roots, cache=tmp_path)
    records = asyncio.run(_run(roots, critical=True))
    first = {name: record.first_task or 0.0 for name, record in records.items()}
    assert all(record.first_task is not None for record in records.values())
    others = [first["word2vec-like"], first["embeddings-like"]]
    assert first["parser-like"] < min(others)
    # one other ran beside it, the third waited for a worker
    assert min(others) < first["parser-like"] + TASK_SECONDS / 2
    assert max(others) > first["parser-like"] + TASK_SECONDS / 2
    assert records["parser-like"].queued is not None and records["parser-like"].queued < 1.0
    data = records["embeddings-like"].to_json()
    assert {"started", "first_task_started", "queued", "seconds"} <= set(data)


def test_without_the_mark_the_race_is_lost(tmp_path: Any, roots: Roots) -> None:
    """The control: what the cold run did before (both workers taken, the parser queued)."""
    roots = dataclasses.replace(roots, cache=tmp_path)
    records = asyncio.run(_run(roots, critical=False))
    queued = records["parser-like"].queued
    assert queued is not None and queued > TASK_SECONDS / 2
    first = {name: record.first_task or 0.0 for name, record in records.items()}
    assert first["parser-like"] > max(first["word2vec-like"], first["embeddings-like"])


async def _built(ctx: BuildContext[None], inputs: Mapping[str, Any], name: str) -> Any:
    return name


def _partly_cached() -> Registry[Stage[None]]:
    """The shape of a warm run after a new neighbour threshold: the relation counts cached,
    their parser (critical) and corpus plan (first) not, the neighbour lists to build."""
    stages: Registry[Stage[None]] = Registry("stage")
    for name in ("plan-like", "parser-like"):
        stages.add(name, Stage(name, (), name, _nothing_cached,
                               functools.partial(_built, name=name),
                               critical=name == "parser-like"))
    stages.add("relations-like", Stage("relations-like", ("parser-like", "plan-like"), "counts",
                                       lambda ctx: "cached counts",
                                       functools.partial(_built, name="relations-like")))
    stages.add("neighbours-like", Stage("neighbours-like", ("relations-like",), "lists",
                                        _nothing_cached,
                                        functools.partial(_built, name="neighbours-like")))
    return stages


def test_a_stage_behind_cached_ones_does_not_wait_for_an_early_stage_never_started(
        tmp_path: Any, roots: Roots) -> None:
    """The gate waits for the critical and first stages only while they can still start: a
    parser behind cached relation counts is never started, and the neighbour lists that need
    the counts must not wait for it (this hung a warm run before)."""
    roots = dataclasses.replace(roots, cache=tmp_path)

    async def run() -> tuple[dict[str, Any], list[StageRecord]]:
        async with open_engine(EngineSettings(workers=1), roots) as client:
            ctx: BuildContext[None] = BuildContext(client, roots, None, Progress(False))
            return await asyncio.wait_for(
                run_graph(_partly_cached(), ["neighbours-like"], ctx, first=("plan-like",)),
                timeout=60)

    results, records = asyncio.run(run())
    assert results == {"neighbours-like": "neighbours-like"}
    assert {(r.name, r.status) for r in records} == {("relations-like", "cached"),
                                                     ("neighbours-like", "built")}


def test_the_gate_opens_while_another_build_holds_the_critical_stages_lock(
        tmp_path: Any, roots: Roots, capsys: pytest.CaptureFixture[str]) -> None:
    """Another build (a process of its own) trains the parser: it holds the parser's lock.
    This build's parser waits for it, and the gate opens at once for the other stages (it
    waited before until the lock was free, the whole training, leaving the workers idle)."""
    roots = dataclasses.replace(roots, cache=tmp_path)
    hold = 8.0

    async def run() -> dict[str, StageRecord]:
        async with open_engine(EngineSettings(workers=1), roots) as client:
            ctx: BuildContext[None] = BuildContext(client, roots, None, Progress(False),
                                                   lock_dir=tmp_path / "locks")
            with holder(tmp_path / "locks", "parser-like", seconds=hold):
                _, records = await run_graph(_stages(critical=True),
                                             ["word2vec-like", "parser-like"], ctx)
        return {record.name: record for record in records}

    records = asyncio.run(run())
    first = {name: record.first_task for name, record in records.items()}
    assert first["word2vec-like"] is not None and first["parser-like"] is not None
    assert first["word2vec-like"] < hold / 2  # not after the other build's training
    assert first["parser-like"] > hold - 1  # ours ran once the other build was done
    assert "parser-like: another build of it is running" in capsys.readouterr().err
