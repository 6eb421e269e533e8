"""Time the five distributional measures: every target against the whole same-PoS vocabulary.

Usage:
    .venv/bin/python scripts/bench_measures.py              # real counts if cached, else synthetic
    .venv/bin/python scripts/bench_measures.py --synthetic  # 50k words x 500k features, ~20M nnz
    .venv/bin/python scripts/bench_measures.py --show bright.a --show film.n
    .venv/bin/python scripts/bench_measures.py --counts resources/cache/relations/gr-KEY

The real counts are the cached relation counts the systems use (`lexsub build relations`;
this script never parses). The targets are the SemEval-2007 trial + test lexelts when the data root
is there, else 200 rows drawn from the frequent part of the vocabulary. The aim is under 30 s
for all five measures of every target (after the one-off preparation of the matrices).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import scipy.sparse as sp

from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.distributional.counts import FeatureCounts
from lexsub_baselines.distributional.measures import MEASURES
from lexsub_baselines.distributional.neighbours import (
    DEFAULT_MIN_COUNT,
    Neighbourhood,
)


def synthetic(n_words: int = 50_000, n_features: int = 500_000, draws: int = 26_000_000,
              seed: int = 0) -> FeatureCounts:
    """Return Zipf-shaped random counts of about the size of a parsed 100M-word corpus."""
    rng = np.random.default_rng(seed)

    def zipf(n: int, size: int) -> np.ndarray:
        weights = 1.0 / (np.arange(n) + 10.0)
        return rng.choice(n, size=size, p=weights / weights.sum()).astype(np.int32)

    rows, cols = zipf(n_words, draws), zipf(n_features, draws)
    matrix = sp.csr_matrix((np.ones(draws), (rows, cols)), shape=(n_words, n_features))
    matrix.sum_duplicates()
    pos = np.array(list("nnnnnvvaar"))[np.arange(n_words) % 10]
    relations = [f"rel{j % 12}" for j in range(n_features)]
    return FeatureCounts(
        words=tuple((f"w{i}", str(pos[i])) for i in range(n_words)),
        features=tuple((relations[j], f"f{j}") for j in range(n_features)),
        matrix=matrix, meta={"synthetic": True, "seed": seed})


def real_counts(roots: Roots, stem: str | None) -> FeatureCounts | None:
    """Return counts saved at `stem`, else the cached default corpus counts, else None."""
    if stem is not None:
        return FeatureCounts.load(Path(stem))
    from lexsub_baselines.distributional.build import RelationSettings, counts_stem
    from lexsub_baselines.distributional.parser import FULL_TRAINING, parser_dir

    _, parser_key = parser_dir(roots, FULL_TRAINING)
    return FeatureCounts.load(counts_stem(roots, parser_key, RelationSettings.from_env()))


def semeval_targets(roots: Roots) -> list[tuple[str, str]]:
    """Return the (lemma, pos) of the SemEval-2007 trial and test lexelts ([] when absent)."""
    from lexsub_baselines.datasets.types import split_lexelt

    targets: set[tuple[str, str]] = set()
    for name in ("trial/lexsub_trial.xml", "test/lexsub_test.xml"):
        path = roots.data / "semeval2007" / name
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            for chunk in text.split('<lexelt item="')[1:]:
                targets.add(split_lexelt(chunk.split('"', 1)[0]))
    return sorted(targets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--synthetic", action="store_true", help="ignore the real counts")
    parser.add_argument("--counts", help="stem of saved FeatureCounts (.npz + .json)")
    parser.add_argument("--min-count", type=float, default=DEFAULT_MIN_COUNT)
    parser.add_argument("--show", action="append", default=[],
                        help="print the 10 neighbours of lemma.pos for every measure")
    args = parser.parse_args()
    roots = resolve_roots()

    counts = None if args.synthetic else real_counts(roots, args.counts)
    source = "real" if counts is not None else "synthetic"
    started = time.perf_counter()
    if counts is None:
        counts = synthetic()
    print(f"counts ({source}): {len(counts.words)} words x {len(counts.features)} features, "
          f"{counts.matrix.nnz} nonzeros; made/loaded in {time.perf_counter() - started:.1f}s")

    targets = semeval_targets(roots) if source == "real" else []
    if not targets:
        totals = counts.word_totals()
        frequent = np.argsort(-totals, kind="stable")[100:5100]
        picked = np.random.default_rng(1).choice(frequent, size=200, replace=False)
        targets = [counts.words[int(i)] for i in sorted(picked)]

    hood = Neighbourhood(counts)
    started = time.perf_counter()
    hood.prepared()
    for pos in sorted({pos for _, pos in targets}):
        hood.pool(pos, args.min_count)  # the same-PoS subspaces, built once per PoS
    prepare = time.perf_counter() - started
    started, cpu = time.perf_counter(), time.process_time()
    missing = 0
    for lemma, pos in targets:
        if hood.nearest(lemma, pos, MEASURES, args.min_count, 10) is None:
            missing += 1
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"prepare (P, I+; per-PoS csc subspaces): {prepare:.1f}s")
    # CPU time beside wall time: on a shared machine the wall clock also counts waiting
    print(f"{len(targets)} targets ({missing} not in the counts) x {len(MEASURES)} measures "
          f"({', '.join(MEASURES)}): {seconds:.1f}s wall, {cpu:.1f}s CPU "
          f"({1000 * seconds / max(1, len(targets)):.0f} ms per target, all measures)")
    for lexelt in args.show:
        lemma, _, pos = lexelt.rpartition(".")
        found = hood.nearest(lemma, pos, MEASURES, args.min_count, 10)
        for measure, neighbours in (found or {}).items():
            listed = ", ".join(f"{n.lemma} {n.score:.3g}" for n in neighbours)
            print(f"{lexelt} {measure}: {listed}")


if __name__ == "__main__":
    main()
