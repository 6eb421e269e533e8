"""Choose the skip-gram settings of the `emb:*` rankers on the SemEval-2007 trial data only.

Trains one model per setting (`--grid`, e.g. `300x5 300x2 100x5`: dimensions x window) into
`--cache` (a scratch folder, not the project's cache unless asked), then prints, per setting
and measure, the trial GAP on the standard LST pools and the official best/oot recall of
`wordnet+emb:MEASURE` on trial. Nothing here reads the test data.

    python scripts/emb_trial.py --cache /tmp/emb-trial --grid 300x5 300x2 100x5
"""

from __future__ import annotations

import argparse
import time
import warnings
from dataclasses import replace
from pathlib import Path

from lexsub_baselines import ComposedSystem, generator, load_dataset, resolve_roots, score
from lexsub_baselines.analysis.candidates import (
    evaluate_ranking,
    pool_file,
    rank_dataset,
    read_pools,
)
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.distributional.embeddings import SKIPGRAM, build_embeddings, load_embeddings
from lexsub_baselines.rankers.embedding import MEASURES, EmbeddingRanker
from lexsub_baselines.runs.runner import answer_dataset
from lexsub_baselines.text.corpora import iter_paragraphs


def main() -> None:
    """Train the grid and print the trial table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, required=True, help="where the models go")
    parser.add_argument("--grid", nargs="+", default=["300x5"], help="DIMxWINDOW settings")
    parser.add_argument("--epochs", type=int, default=SKIPGRAM.epochs)
    args = parser.parse_args()
    roots = resolve_roots()
    scratch = Roots(shared=roots.shared, data=roots.data, cache=args.cache)
    trial = load_dataset("semeval2007-trial", roots)
    pools = read_pools(pool_file(trial, roots))
    wordnet = generator("wordnet", roots)
    paragraphs: list[str] | None = None
    print("| dims x window | measure | trial GAP | best R | oot R | train s |")
    print("|---|---|---|---|---|---|")
    for cell in args.grid:
        dims, window = (int(x) for x in cell.split("x"))
        settings = replace(SKIPGRAM, vector_size=dims, window=window, epochs=args.epochs)
        start = time.perf_counter()
        if paragraphs is None:
            paragraphs = list(iter_paragraphs(roots, settings.corpora, settings.max_tokens))
        build_embeddings(scratch, settings, paragraphs, progress=False)
        seconds = time.perf_counter() - start
        embeddings = load_embeddings(scratch, settings)
        for measure in MEASURES:
            ranker = EmbeddingRanker(measure, embeddings, window=window)
            run = rank_dataset(ranker, ranker.name, trial, pools, progress=False)
            gap = evaluate_ranking(run, trial.gold()).gap.gap
            system = ComposedSystem(f"wordnet+{ranker.name}", wordnet, ranker)
            answers = answer_dataset(system, trial, progress=False)
            recall = {}
            for kind in ("best", "oot"):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    report = score({i: list(a.for_kind(kind)) for i, a in answers.items()},
                                   trial, kind, warn=False)
                recall[kind] = report.to_json()["all"]["recall"]
            print(f"| {dims} x {window} | {measure} | {100 * gap:.2f} | {recall['best']:.2f} "
                  f"| {recall['oot']:.2f} | {seconds:.0f} |", flush=True)


if __name__ == "__main__":
    main()
