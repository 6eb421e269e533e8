"""The corpus stages: `corpus-plan` (the words of every corpus file, which cut the corpora
into shards) and `corpus-counts` (the `corpus` frequency table: a map over shards and a tree of
sums)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.builds.settings import Context, ResourceSettings
from lexsub_baselines.core.cache import atomic_write_text, seal, verified
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.engine.graph import PRIORITY_PLAN
from lexsub_baselines.inputs.code_identity import code_digest
from lexsub_baselines.inputs.keys import computation_key
from lexsub_baselines.text.corpora import corpus_inputs, corpus_plan, file_words
from lexsub_baselines.text.shards import Plan, shard_plan

__all__ = ["build_corpus_counts", "build_plan", "counts_cached", "counts_lock", "plan_cached",
           "plan_lock"]

# --- corpus-plan ---------------------------------------------------------------------------------

def _corpora(settings: ResourceSettings) -> tuple[str, ...]:
    names = {*settings.relations.corpora, *settings.lm.corpora, *settings.word2vec.corpora}
    return tuple(sorted(names))


def _plan_path(roots: Roots, names: tuple[str, ...]) -> tuple[Path, list[Any]]:
    files = corpus_plan(roots, names)
    listed = [(kind, str(path.relative_to(roots.shared))) for kind, path in files]
    key = computation_key(roots, "corpus-plan", code=(_PLAN_CODE,), inputs=corpus_inputs(names),
                          files=listed)
    return roots.cache / "corpora" / f"plan-{key}.json", files


#: The module whose code decides the plan.
_PLAN_CODE = "lexsub_baselines.text.corpora"


def plan_inputs(ctx: Context) -> tuple[str, ...]:
    """Return the inputs the plan reads: the corpora of every corpus stage."""
    return corpus_inputs(_corpora(ctx.settings))


def plan_cached(ctx: Context) -> Plan | None:
    path, files = _plan_path(ctx.roots, _corpora(ctx.settings))
    if not verified(path):
        return None
    return _plan(ctx.roots, files, json.loads(path.read_text(encoding="utf-8"))["words"])


def plan_lock(ctx: Context) -> str:
    """Return what the plan stage builds (its lock's key): the plan's cache file."""
    return str(_plan_path(ctx.roots, _corpora(ctx.settings))[0])


def _plan(roots: Roots, files: list[tuple[str, Path]], words: list[int]) -> Plan:
    return {path: (kind, path, str(path.relative_to(roots.shared)), count)
            for (kind, path), count in zip(files, words, strict=True)}


async def build_plan(ctx: Context, inputs: Mapping[str, Any]) -> Plan:
    path, files = _plan_path(ctx.roots, _corpora(ctx.settings))
    bar = ctx.progress.stage("corpus-plan", len(files), "file")
    words = [0] * len(files)
    async for index, future in ctx.map("corpus-plan", _file_words, files, ctx.roots, bar=bar,
                                       priority=PRIORITY_PLAN):
        words[index] = await future
    bar.close()
    atomic_write_text(path, json.dumps({"code": code_digest(_PLAN_CODE), "words": words}) + "\n")
    seal(path)
    return _plan(ctx.roots, files, words)


def _file_words(file: tuple[str, Path], roots: Roots) -> int:
    return file_words(*file, roots)


# --- corpus-counts --------------------------------------------------------------------------------

def _counts_path(ctx: Context) -> Path:
    from lexsub_baselines.resources.corpus_counts import CORPUS_NAMES, corpus_counts_path

    return corpus_counts_path(ctx.roots, CORPUS_NAMES, ctx.settings.counts_tokens)


def counts_cached(ctx: Context) -> Any:
    path = _counts_path(ctx)
    return path if verified(path) else None


def counts_lock(ctx: Context) -> str:
    """Return what the counts stage builds (its lock's key): the counts' cache file."""
    return str(_counts_path(ctx))


async def build_corpus_counts(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.resources.corpus_counts import (
        CORPUS_NAMES,
        count_shard_forms,
        merge_forms,
        save_corpus_counts,
    )

    shards = shard_plan(inputs["corpus-plan"], ctx.roots, CORPUS_NAMES,
                        ctx.settings.counts_tokens)
    bar = ctx.progress.stage("corpus-counts", sum(s.words for s in shards), "word")
    results = ctx.map("corpus-counts", count_shard_forms, shards,
                      weights=[s.words for s in shards], bar=bar)
    total = await ctx.reduce("corpus-counts", results, merge_forms)
    path = _counts_path(ctx)
    meta = {"corpora": list(CORPUS_NAMES), "files": len(shards),
            "max_tokens": ctx.settings.counts_tokens}
    facts = await ctx.task("corpus-counts", save_corpus_counts, total, path, meta)
    ctx.notes["corpus-counts"] = f"{facts['tokens']:,} tokens, {facts['forms']:,} forms"
    bar.close(ctx.notes["corpus-counts"])
    return path


