"""Benchmark corpus parsing: words/second with 1 and 2 processes, and peak memory.

Compares spaCy's own `nlp.pipe(n_process=N)` (Docs serialised back to the parent) with the
count build of `lexsub_baselines.distributional.build` (workers return only relation counts),
on the same corpus sample, with the full EWT parser (`make parser` first), and where one
process spends its time: the tokenizer and each pipeline component run on their own.

    .venv/bin/python scripts/bench_parse.py [--max-tokens 100000] [--json results.json]

The machine's load average is printed beside the figures: on a shared machine they are only
comparable within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

from lexsub_baselines.corpora import iter_paragraphs
from lexsub_baselines.distributional.build import BuildSettings, build_counts, split_long
from lexsub_baselines.distributional.parser import ParserModel, find_parser, load_parser, parser_dir
from lexsub_baselines.distributional.relations import count_relations
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import resolve_roots


def _words(texts: list[str]) -> int:
    return sum(text.count(" ") + 1 for text in texts)


def _pipe(nlp: Any, texts: list[str], n_process: int, batch_size: int) -> float:
    started = time.perf_counter()
    count_relations(nlp.pipe(texts, n_process=n_process, batch_size=batch_size))
    return time.perf_counter() - started


def _components(nlp: Any, texts: list[str], batch_size: int) -> list[dict[str, Any]]:
    """Seconds spent by the tokenizer and by each pipeline component, one process."""
    started = time.perf_counter()
    docs = [nlp.make_doc(text) for text in texts]
    rows = [{"component": "tokenizer", "seconds": round(time.perf_counter() - started, 2)}]
    for name, component in nlp.pipeline:
        started = time.perf_counter()
        docs = list(component.pipe(docs, batch_size=batch_size))
        rows.append({"component": name, "seconds": round(time.perf_counter() - started, 2)})
    started = time.perf_counter()
    count_relations(docs)
    rows.append({"component": "relations", "seconds": round(time.perf_counter() - started, 2)})
    return rows


def _timed_pipe(model: ParserModel, texts: list[str], batch_size: int) -> float:
    """Load the parser in this (worker) process and return its words/s on `texts`."""
    nlp = load_parser(model, disable=("tagger",))
    nlp("Warm up the pipeline.")
    started = time.perf_counter()
    count_relations(nlp.pipe(texts, batch_size=batch_size))
    return _words(texts) / (time.perf_counter() - started)


def _ceiling(model: ParserModel, texts: list[str], batch_size: int) -> float:
    """Words/s of two independent single-process parses running at once, summed."""
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(2) as pool:
        speeds = pool.starmap(_timed_pipe, [(model, texts, batch_size)] * 2)
    return sum(speeds)


def _model_at(folder: Path) -> ParserModel | None:
    scores = folder / "scores.json"
    if not (folder / "model" / "meta.json").is_file() or not scores.is_file():
        return None
    info = json.loads(scores.read_text(encoding="utf-8"))
    return ParserModel(path=folder / "model", key=str(info["key"]), scores=info)


def main() -> int:
    """Run the benchmark; print a table (and write JSON when asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-tokens", type=int, default=100_000)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--json", default=None, help="also write the figures here")
    parser.add_argument("--model", default=None,
                        help="a trained parser folder (default: the one parser.cfg makes)")
    args = parser.parse_args()
    roots = resolve_roots()
    model = find_parser(roots) if args.model is None else _model_at(Path(args.model))
    if model is None:
        raise LexsubError(f"no trained parser at {parser_dir(roots)[0]}; run `make parser` first")
    texts = [p for text in iter_paragraphs(roots, max_tokens=args.max_tokens)
             for p in split_long(text)]
    words = _words(texts)
    nlp = load_parser(model, disable=("tagger",))
    nlp("Warm up the pipeline.")
    rows: list[dict[str, Any]] = []
    for n_process in (1, 2):
        seconds = _pipe(nlp, texts, n_process, args.batch_size)
        rows.append({"method": "nlp.pipe", "n_process": n_process, "seconds": round(seconds, 1),
                     "words_per_second": round(words / seconds)})
    for n_process in (1, 2):
        settings = BuildSettings(n_process=n_process, batch_size=args.batch_size,
                                 shard_paragraphs=500)
        started = time.perf_counter()
        counts = build_counts(roots, model, settings, progress=False, paragraphs=texts)
        seconds = time.perf_counter() - started
        rows.append({"method": "build_counts", "n_process": n_process,
                     "seconds": round(seconds, 1), "words_per_second": round(words / seconds),
                     "relations": int(counts.matrix.sum())})
    ceiling = _ceiling(model, texts, args.batch_size)
    rows.append({"method": "ceiling", "n_process": 2, "seconds": None,
                 "words_per_second": round(ceiling)})
    profile = _components(nlp, texts, args.batch_size)
    peak = {
        "main_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "largest_child_mb": round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1),
    }
    report = {"words": words, "paragraphs": len(texts), "batch_size": args.batch_size,
              "load_average": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
              "parser": model.key, "rows": rows, "components": profile, "peak_rss": peak}
    print(f"{words:,} words, {len(texts):,} paragraphs; load average {report['load_average']}")
    for row in rows:
        shown = "" if row["seconds"] is None else f"{row['seconds']:>7.1f} s"
        print(f"  {row['method']:<13} n_process={row['n_process']}  {shown:>9}  "
              f"{row['words_per_second']:>8,} words/s")
    print("  one process, by component: " + ", ".join(
        f"{row['component']} {row['seconds']:.1f} s" for row in profile))
    print(f"  peak RSS: main {peak['main_mb']} MB, largest child {peak['largest_child_mb']} MB")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except LexsubError as error:
        print(f"bench_parse: {error}", file=sys.stderr)
        sys.exit(2)
