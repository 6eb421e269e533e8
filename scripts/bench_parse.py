"""Benchmark parse + relation extraction: one process, and the `relations` build on both cores.

Three figures, on the real corpora with the trained parser (`make parser` first):

- one process: words/s of `nlp.pipe` + `count_relations` over the first `--words` corpus
  words (the best of `--repeats` passes after a warm-up), with the time of each pipeline
  component (the tokenizer, tok2vec, morphologizer, parser, lemmatizer, extraction);
- ceiling: two such passes at once, one per worker of a two-worker local Dask cluster, summed
  (what the cores give when nothing else runs);
- build: the `relations` stage itself (plan, map over shards, tree of sums, save) on the
  embedded two-worker cluster over the first `--build-words` words, in a fresh cache
  (seeded with the trained parser and the corpus plan, so only the parse is timed).

    .venv/bin/python scripts/bench_parse.py [--words 150000] [--build-words 3M]
        [--model DIR] [--json out.json]

`--model` times another trained pipeline folder instead (e.g. an earlier parser, for a
paired comparison; the build row is skipped for it). The machine's load average is printed
beside the figures: on a shared machine they are only comparable within one run.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lexsub_baselines.cli.options import token_budget
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.distributional.build import BATCH_SIZE, RelationSettings, split_long
from lexsub_baselines.distributional.relations import count_relations
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.text.corpora import iter_paragraphs


def _texts(roots: Roots, words: int) -> list[str]:
    """The first `words` corpus words as the build parses them (pieces, shortest first)."""
    return sorted((piece for text in iter_paragraphs(roots, max_tokens=words)
                   for piece in split_long(text)), key=len)


def _load(model: Path) -> Any:
    import spacy

    from lexsub_baselines.distributional.lemmatizer import add_lemmatizer

    nlp = spacy.load(model, exclude=["tagger"])  # an earlier pipeline may have a PTB tagger
    if "trainable_lemmatizer" not in nlp.pipe_names:
        add_lemmatizer(nlp)
    nlp("Warm up the pipeline.")
    return nlp


def _pass(nlp: Any, texts: list[str]) -> float:
    started = time.perf_counter()
    count_relations(nlp.pipe(texts, batch_size=BATCH_SIZE))
    return time.perf_counter() - started


def one_process(model: Path, texts: list[str], repeats: int) -> dict[str, Any]:
    """Return words/s of parse + extraction in this process, and the component profile."""
    nlp = _load(model)
    words = sum(t.count(" ") + 1 for t in texts)
    seconds = [_pass(nlp, texts) for _ in range(repeats)]
    profile: dict[str, float] = {}
    started = time.perf_counter()
    docs = [nlp.make_doc(text) for text in texts]
    profile["tokenizer"] = time.perf_counter() - started
    for name, component in nlp.pipeline:
        started = time.perf_counter()
        docs = (list(component.pipe(docs, batch_size=BATCH_SIZE)) if hasattr(component, "pipe")
                else [component(doc) for doc in docs])
        profile[name] = time.perf_counter() - started
    started = time.perf_counter()
    count_relations(docs)
    profile["extraction"] = time.perf_counter() - started
    return {"words": words, "words_per_second": round(words / min(seconds)),
            "median_words_per_second": round(words / statistics.median(seconds)),
            "components": {k: round(v, 2) for k, v in profile.items()},
            "pipeline": nlp.pipe_names}


def _timed(model: Path, texts: list[str]) -> float:
    nlp = _load(model)
    return sum(t.count(" ") + 1 for t in texts) / _pass(nlp, texts)


async def _ceiling(model: Path, texts: list[str]) -> float:
    from distributed import Client, LocalCluster

    async with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                            asynchronous=True, silence_logs=50) as cluster, \
            Client(cluster, asynchronous=True) as client:
        futures = [client.submit(_timed, model, texts, pure=False) for _ in range(2)]
        return float(sum(await client.gather(futures)))


def build_row(roots: Roots, words: int) -> dict[str, Any]:
    """Time the `relations` stage over the first `words` words in a fresh, seeded cache."""
    from lexsub_baselines.builds import ResourceSettings, build
    from lexsub_baselines.distributional.parser import parser_dir
    from lexsub_baselines.engine.cluster import EngineSettings
    from lexsub_baselines.engine.progress import Progress

    with tempfile.TemporaryDirectory(prefix="bench-parse-") as tmp:
        scratch = dataclasses.replace(roots, cache=Path(tmp))
        model_dir, _ = parser_dir(roots)
        shutil.copytree(model_dir, parser_dir(scratch)[0])
        for plan in (roots.cache / "corpora").glob("plan-*"):
            (scratch.cache / "corpora").mkdir(parents=True, exist_ok=True)
            shutil.copy2(plan, scratch.cache / "corpora" / plan.name)
        settings = ResourceSettings(relations=RelationSettings(max_tokens=words))
        report = build(scratch, ["relations"], settings, EngineSettings(workers=2),
                       Progress(enabled=False, stream=io.StringIO()))
        if report.failures():
            raise next(iter(report.failures().values()))
        stage = next(r for r in report.records if r.name == "relations")
        facts = json.loads(next((scratch.cache / "relations").glob("gr-*.build.json"))
                           .read_text(encoding="utf-8"))
    return {"words": facts["words"], "seconds": round(stage.seconds, 1),
            "words_per_second": round(facts["words"] / stage.seconds),
            "words_per_second_per_process": facts["words_per_second_per_process"],
            "peak_rss_mb": report.peak_rss_mb}


def main() -> int:
    """Run the benchmark; print the figures (and write JSON when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=150_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--build-words", type=token_budget, default=3_000_000)
    parser.add_argument("--model", default=None, help="a trained pipeline folder (spacy.load)")
    parser.add_argument("--json", default=None, help="also write the figures here")
    args = parser.parse_args()
    roots = resolve_roots()
    from lexsub_baselines.distributional.parser import find_parser, parser_dir

    if args.model is None:
        found = find_parser(roots)
        if found is None:
            raise LexsubError(f"no trained parser at {parser_dir(roots)[0]}; run `make parser`")
        model = found.path
    else:
        model = Path(args.model)
    texts = _texts(roots, args.words)
    report: dict[str, Any] = {"model": str(model), "cpus": os.cpu_count(),
                              "one_process": one_process(model, texts, args.repeats),
                              "ceiling_words_per_second": round(asyncio.run(
                                  _ceiling(model, texts)))}
    if args.model is None and args.build_words:
        report["build"] = build_row(roots, args.build_words)
    report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    single = report["one_process"]
    print(f"{model}\n  one process: {single['words_per_second']:,} words/s (best of "
          f"{args.repeats}; median {single['median_words_per_second']:,}) on "
          f"{single['words']:,} words")
    print("  by component (s): " + ", ".join(f"{k} {v}" for k, v in single["components"].items()))
    print(f"  ceiling, two processes at once: {report['ceiling_words_per_second']:,} words/s")
    if "build" in report:
        row = report["build"]
        print(f"  relations build, 2 workers: {row['words_per_second']:,} words/s "
              f"({row['words']:,} words in {row['seconds']} s, shards at "
              f"{row['words_per_second_per_process']:,} words/s per process); peak memory "
              + ", ".join(f"{k} {v:,.0f} MB" for k, v in row["peak_rss_mb"].items()))
    print(f"  load average {report['load_average']}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    try:
        pin()  # as `lexsub` does: the kernels its builds are cached under
        sys.exit(main())
    except LexsubError as error:
        print(f"bench_parse: {error}", file=sys.stderr)
        sys.exit(2)
