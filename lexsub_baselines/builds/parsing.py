"""The parsing stages: `parser` (train the EWT parser), `relations` (parse the corpora and
count grammatical relations: a map over shards and a tree of sums) and `neighbours` (the five
thesauri's lists of the task targets)."""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lexsub_baselines.builds.corpus import plan_for
from lexsub_baselines.builds.settings import Context
from lexsub_baselines.core.cache import sparse_saved
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.engine.graph import PRIORITY_CRITICAL
from lexsub_baselines.text.corpora import plan_shards

__all__ = ["build_neighbours", "build_parser", "build_relations", "neighbours_cached",
           "neighbours_lock", "parser_cached", "parser_key", "parser_lock", "relations_cached",
           "relations_lock"]

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

def parser_key(ctx: Context) -> str:
    from lexsub_baselines.distributional.parser import parser_dir

    return parser_dir(ctx.roots, ctx.settings.parser)[1]


def _counts_stem(ctx: Context) -> Path:
    from lexsub_baselines.distributional.build import counts_stem

    return counts_stem(ctx.roots, parser_key(ctx), ctx.settings.relations)


def relations_cached(ctx: Context) -> Any:
    stem = _counts_stem(ctx)
    return stem if sparse_saved(stem) else None


def relations_lock(ctx: Context) -> str:
    """Return what the relations stage builds (its lock's key): the counts' cache stem."""
    return str(_counts_stem(ctx))


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
    from lexsub_baselines.distributional.relations import RELATIONS_VERSION

    settings, model = ctx.settings.relations, inputs["parser"]
    files = plan_for(inputs["corpus-plan"], ctx.roots, settings.corpora)
    shards = plan_shards(files, settings.max_tokens)
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
            "parser": model.key, "relations": RELATIONS_VERSION, "shards": len(shards)}
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

    if relations_cached(ctx) is None:
        return None
    done = neighbours_filled(ctx.roots, parser_key(ctx), ctx.settings.relations, _targets(ctx))
    return True if done else None


def neighbours_lock(ctx: Context) -> str:
    """Return what the neighbours stage fills (its lock's key): the lists of the systems'
    counts (`system_counts_id`, which keys their caches)."""
    from lexsub_baselines.generators.distributional import system_counts_id

    return system_counts_id(ctx.roots, parser_key(ctx), ctx.settings.relations)


async def build_neighbours(ctx: Context, inputs: Mapping[str, Any]) -> Any:
    from lexsub_baselines.generators.distributional import fill_neighbours

    targets = _targets(ctx)
    bar = ctx.progress.stage("neighbours")
    known = await ctx.task("neighbours", fill_neighbours, ctx.roots, parser_key(ctx),
                           ctx.settings.relations, targets)
    ctx.notes["neighbours"] = f"{known} of {len(targets)} targets in the thesauri"
    bar.close(ctx.notes["neighbours"])
    return True


