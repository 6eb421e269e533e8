"""Time the in-context rankers (lm, bow, cmlc, cmlc:prior): candidates scored per second.

Usage:
    .venv/bin/python scripts/bench_rankers.py                    # default LM (built if absent)
    .venv/bin/python scripts/bench_rankers.py --max-tokens 2M --order 3
    .venv/bin/python scripts/bench_rankers.py --dataset semeval2007-trial --limit 100

Candidates are the standard per-lemma pools of `data/lst-candidates/lst.gold.candidates`
(Melamud et al.; 20-40 multi- and single-word candidates per lexelt), so every ranker sees the
same realistic lists. Reported: the LM's build record (corpus tokens, lmplz and build_binary
seconds, n-gram counts, file size), load times, and per ranker the candidates scored per
second over the dataset (after one warm-up instance, so lazy loading is not counted).
"""

from __future__ import annotations

import argparse
import sys
import time

from lexsub_baselines.builds import ResourceSettings, ensure
from lexsub_baselines.catalog import frequency_source
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.lm.model import DEFAULT_MAX_TOKENS, LMConfig, load_lm
from lexsub_baselines.rankers.base import Ranker
from lexsub_baselines.rankers.bow import BowRanker, load_bow_model
from lexsub_baselines.rankers.cmlc import CmlcRanker
from lexsub_baselines.rankers.frequency import FrequencyRanker
from lexsub_baselines.rankers.lm import LMRanker
from lexsub_baselines.rankers.prior import PriorRanker, PriorWeights
from lexsub_baselines.substitutes.candidates import Candidate


def _tokens(value: str) -> int | None:
    if value.lower() == "all":
        return None
    scale = 1_000_000 if value.lower().endswith("m") else 1
    return int(float(value.lower().removesuffix("m")) * scale)


def _pools(path: str) -> dict[str, list[str]]:
    pools: dict[str, list[str]] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            lexelt, _, rest = line.rstrip("\n").partition("::")
            pools[lexelt] = [c for c in rest.split(";") if c]
    return pools


def main() -> int:
    """Run the benchmark and print one line per measurement."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dataset", default="semeval2007-test")
    parser.add_argument("--limit", type=int, default=0, help="only the first N instances")
    parser.add_argument("--max-tokens", type=_tokens, default=DEFAULT_MAX_TOKENS)
    parser.add_argument("--order", type=int, default=5)
    parser.add_argument("--prune", type=int, nargs="*", default=[0, 0, 1])
    args = parser.parse_args()

    roots = resolve_roots()
    config = LMConfig(max_tokens=args.max_tokens, order=args.order, prune=tuple(args.prune))
    start = time.perf_counter()
    ensure(roots, ["lm", "bow"], ResourceSettings(lm=config))  # built by the graph when absent
    lm = load_lm(roots, config)
    lm_load = time.perf_counter() - start
    meta = lm.meta
    print(f"lm       {config.signature()}")
    print(f"         corpus {meta['corpus_tokens']:,} tokens / {meta['corpus_sentences']:,} "
          f"sentences; n-grams {meta['ngram_counts']}")
    print(f"         lmplz {meta['lmplz_seconds']} s, build_binary {meta['build_binary_seconds']} "
          f"s; ARPA {meta['arpa_bytes'] / 1e6:.0f} MB, binary {meta['binary_bytes'] / 1e6:.0f} MB; "
          f"load (or build+load) {lm_load:.1f} s")
    start = time.perf_counter()
    bow = load_bow_model(roots, config.corpora, config.max_tokens)
    counts = bow.counts
    print(f"bow      {len(counts.words):,} words, {counts.matrix.nnz:,} pairs, window "
          f"±{bow.window}; load (or build+load) {time.perf_counter() - start:.1f} s")

    pools = _pools(str(roots.data / "lst-candidates" / "lst.gold.candidates"))
    instances = list(load_dataset(args.dataset, roots).instances())
    if args.limit:
        instances = instances[:args.limit]
    items: list[tuple[Instance, list[Candidate]]] = [
        (i, [Candidate(c) for c in pools.get(i.lexelt, pools.get(f"{i.lemma}.{i.pos}", []))])
        for i in instances]
    items = [(i, c) for i, c in items if c]
    total = sum(len(c) for _, c in items)
    print(f"data     {args.dataset}: {len(items)} instances, {total:,} candidates "
          f"({total / max(len(items), 1):.1f} per instance)")

    lm_ranker, bow_ranker = LMRanker(lm), BowRanker(bow)
    cmlc = CmlcRanker(lm_ranker, bow_ranker, lam=0.5)
    bnc = FrequencyRanker(frequency_source(roots, "bnc"))
    rankers: tuple[tuple[str, Ranker], ...] = (
        ("lm", lm_ranker), ("bow", bow_ranker), ("cmlc", cmlc),
        ("cmlc:prior", PriorRanker(cmlc, bnc.score, PriorWeights(tier=1.0, frequency=1.0))))
    for name, ranker in rankers:
        ranker.rank(*items[0])  # warm-up
        start = time.perf_counter()
        for instance, candidates in items:
            ranker.rank(instance, candidates)
        seconds = time.perf_counter() - start
        print(f"{name:<8} {total / seconds:,.0f} candidates/s ({seconds:.2f} s, "
              f"{1000 * seconds / len(items):.2f} ms per instance)")
    return 0


if __name__ == "__main__":
    pin()  # as `lexsub` does: the kernels its builds are cached under
    sys.exit(main())
