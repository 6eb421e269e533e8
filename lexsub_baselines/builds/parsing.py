"""The parsing stages: `parser` (train the EWT parser), `relations` (parse the corpora and
count grammatical relations: a map over shards and a tree of sums) and `neighbours` (the five
thesauri's lists of the task targets)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lexsub_baselines.builds.settings import Context
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.core.sparse import sparse_saved
from lexsub_baselines.engine.graph import PRIORITY_CRITICAL
from lexsub_baselines.text.shards import shard_plan

if TYPE_CHECKING:
    from lexsub_baselines.distributional.parser import TrainingSettings

__all__ = ["build_neighbours", "build_parser", "build_relations", "neighbours_cached",
           "neighbours_lock", "parser_cached", "parser_identity", "parser_key", "parser_lock",
           "relations_cached", "relations_lock"]

# --- parser ---------------------------------------------------------------------------------------

def parser_cached(ctx: Context) -> Any:
    from lexsub_baselines.distributional.parser import find_parser

    return find_parser(ctx.roots, ctx.settings.parser)


def parser_lock(ctx: Context) -> str:
    """Return what the parser stage builds (its lock's key): the parser's cache folder."""
    from lexsub_baselines.distributional.parser import parser_dir

    return str(parser_dir(ctx.roots, ctx.settings.parser)[0])


async def build_parser(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.distributional.parser import train_parser

    bar = ctx.progress.stage("parser")
    model = await ctx.task("parser", train_parser, ctx.roots, ctx.settings.parser, quiet=True,
                           priority=PRIORITY_CRITICAL)
    test = model.scores.get("test", {})
    note = (f"EWT test LAS {100 * test.get('dep_las', 0):.1f}, "
            f"UPOS {100 * test.get('pos_acc', 0):.1f}") if test else ""
    ctx.notes["parser"] = note
    bar.close(note)
    return model


# --- relations ------------------------------------------------------------------------------------

def parser_key(ctx: Context) -> str | None:
    """Return the built parser's content identity (None when it is not built yet)."""
    model = parser_cached(ctx)
    return None if model is None else str(model.key)


def parser_identity(roots: Roots, settings: TrainingSettings) -> str:
    """Return the content identity of the built parser (`ParserModel.key`), which keys the
    relation counts and what is built from them.

    Raises:
        MissingResourceError: the parser is not built (the remedy names the command).
    """
    from lexsub_baselines.core.errors import MissingResourceError
    from lexsub_baselines.distributional.parser import find_parser, parser_dir

    model = find_parser(roots, settings)
    if model is None:
        raise MissingResourceError("trained parser", parser_dir(roots, settings)[0],
                                   "run `lexsub build parser` (or `make baselines`)")
    return model.key


def _counts_stem(ctx: Context) -> Path | None:
    from lexsub_baselines.distributional.build import counts_stem

    key = parser_key(ctx)
    # the counts are keyed by the parser's content: known once it is built
    return None if key is None else counts_stem(ctx.roots, key, ctx.settings.relations)


def relations_cached(ctx: Context) -> Any:
    stem = _counts_stem(ctx)
    if stem is None:
        return None
    return stem if sparse_saved(stem) else None


def relations_lock(ctx: Context) -> str:
    """Return what the relations stage builds (its lock's key): the counts' cache stem (it is
    locked once the parser it needs is built, which names the stem)."""
    return str(_counts_stem(ctx) or "relations")


async def build_relations(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.distributional.build import (
        counts_stem,
        merge_counts,
        parse_shard,
        relation_lexicon,
        save_counts,
        shards_dir,
        write_build_facts,
    )
    from lexsub_baselines.inputs.code_identity import code_digest

    settings, model = ctx.settings.relations, inputs["parser"]
    shards = shard_plan(inputs["corpus-plan"], ctx.roots, settings.corpora,
                        settings.max_tokens)
    if not shards:
        raise LexsubError(f"the corpora {', '.join(settings.corpora)} hold no text to parse")
    folder = shards_dir(ctx.roots, model.key, settings)
    folder.mkdir(parents=True, exist_ok=True)
    stem = counts_stem(ctx.roots, model.key, settings)
    model_ref, lexicon = await ctx.client.scatter([model, relation_lexicon(ctx.roots)],
                                                  broadcast=True)
    bar = ctx.progress.stage("relations", sum(s.words for s in shards), "word")
    started = time.perf_counter()
    results = ctx.map("relations", parse_shard, shards, model_ref, folder, lexicon,
                      weights=[s.words for s in shards], bar=bar)
    total = await ctx.reduce("relations", results, merge_counts)
    meta = {"corpora": list(settings.corpora), "max_tokens": settings.max_tokens,
            "parser": model.key, "shards": len(shards),
            "code": code_digest("lexsub_baselines.distributional.build")}
    facts = await ctx.task("relations", save_counts, total, stem, meta)
    facts.update(engine=ctx.engine, seconds=round(time.perf_counter() - started, 1))
    write_build_facts(stem, facts)
    rate = facts.get("words_per_second_per_process")
    ctx.notes["relations"] = (f"{facts['words']:,} words, {facts['rows']:,} words x "
                              f"{facts['features']:,} features"
                              + (f", {rate:,} words/s per process" if rate else ""))
    bar.close(ctx.notes["relations"])
    return stem


# --- neighbours -----------------------------------------------------------------------------------

def _targets(ctx: Context) -> tuple[tuple[str, str], ...]:
    from lexsub_baselines.core.errors import MissingResourceError
    from lexsub_baselines.datasets.catalog import load_dataset

    targets: set[tuple[str, str]] = set()
    for name in ctx.settings.neighbour_datasets:
        try:
            targets.update((i.lemma, i.pos) for i in load_dataset(name, ctx.roots).instances())
        except MissingResourceError:
            continue  # no data here: its targets are looked up when first asked for
    return tuple(sorted(targets))


def neighbours_cached(ctx: Context) -> Any:
    from lexsub_baselines.generators.distributional import neighbours_filled

    key = parser_key(ctx)
    if key is None or relations_cached(ctx) is None:
        return None
    done = neighbours_filled(ctx.roots, key, ctx.settings.relations, _targets(ctx))
    return True if done else None


def neighbours_lock(ctx: Context) -> str:
    """Return what the neighbours stage fills (its lock's key): the lists of the systems'
    counts (`system_counts_id`, which keys their caches)."""
    from lexsub_baselines.generators.distributional import system_counts_id

    key = parser_key(ctx)
    return "neighbours" if key is None else system_counts_id(ctx.roots, key,
                                                             ctx.settings.relations)


async def build_neighbours(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.generators.distributional import fill_neighbours

    key = parser_key(ctx)
    if key is None:  # pragma: no cover - the relations it needs were built by it
        raise LexsubError("the neighbour lists need the parser, which is not built")
    targets = _targets(ctx)
    bar = ctx.progress.stage("neighbours")
    known = await ctx.task("neighbours", fill_neighbours, ctx.roots, key,
                           ctx.settings.relations, targets)
    ctx.notes["neighbours"] = f"{known} of {len(targets)} targets in the thesauri"
    bar.close(ctx.notes["neighbours"])
    return True


