"""How the distributional baselines change with the size of the parsed corpus sample.

For each token budget, builds (or loads) the grammatical-relation counts through the build
graph — a larger budget reuses the smaller ones' parsed shards (whole corpus files) — and
scores the five thesauri (best = nearest neighbour, oot = 10 nearest; official scorer) on the
trial and test sets, with the number of unanswered instances and the words in the vocabulary.

    .venv/bin/python scripts/relations_by_size.py [--sizes 5M 20M all] [--json out.json]
        [--without pred,pred_of]   # also score each size without these relations (ablation)
        [--min-counts 20 400 14/M] # neighbours' minimum relation count, absolute or per
                                   # million relation occurrences (default: the systems' 14/M)

The budget `make baselines` uses was chosen from the trial columns and the build time, never
from the test columns, which are only reported.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from lexsub_baselines.builds import ResourceSettings, ensure
from lexsub_baselines.builds.parsing import parser_identity
from lexsub_baselines.cli.options import token_budget
from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.distributional.build import RelationSettings, load_counts
from lexsub_baselines.distributional.measures import MEASURES
from lexsub_baselines.distributional.neighbours import MinCount, Neighbourhood, RelativeMinCount
from lexsub_baselines.distributional.parser import FULL_TRAINING
from lexsub_baselines.generators.distributional import SYSTEM_MIN_COUNT, DistributionalGenerator
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.rankers.identity import IdentityRanker
from lexsub_baselines.runs.runner import answer_dataset
from lexsub_baselines.scoring import substitution_recall
from lexsub_baselines.systems.base import ComposedSystem

DATASETS = ("semeval2007-trial", "semeval2007-test")


def _min_count(text: str) -> MinCount:
    """argparse type: `400` (a count) or `14/M` (per million relation occurrences)."""
    try:
        if text.endswith("/M"):
            return RelativeMinCount(float(text[:-2]))
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count or N/M: {text!r}") from None


def _score_measure(measure: str, neighbourhood: Neighbourhood,
                   datasets: list[Any], min_count: MinCount) -> dict[str, Any]:
    system = ComposedSystem(measure, DistributionalGenerator(measure, neighbourhood,
                                                             min_count=min_count),
                            IdentityRanker())
    row: dict[str, Any] = {"measure": measure}
    for dataset in datasets:
        answers = answer_dataset(system, dataset, progress=False)
        short = dataset.name.removeprefix("semeval2007-")
        for kind in ("best", "oot"):
            row[f"{short}_{kind}"] = round(substitution_recall(
                {iid: list(a.for_kind(kind)) for iid, a in answers.items()}, dataset, kind), 2)
        row[f"{short}_unanswered"] = sum(not a.oot for a in answers.values())
    return row


def main() -> int:
    """Build the counts for every size, score the thesauri, print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=token_budget,
                        default=[5_000_000, 20_000_000, None],
                        help="token budgets (e.g. 5M 20M all)")
    parser.add_argument("--min-counts", nargs="+", type=_min_count, default=[SYSTEM_MIN_COUNT],
                        help=f"neighbours' minimum c(w): a count, or N/M per million relation "
                        f"occurrences (default {SYSTEM_MIN_COUNT}, the systems')")
    parser.add_argument("--without", default=None,
                        help="comma-separated relations: also score the counts without them")
    parser.add_argument("--measures", default=",".join(MEASURES),
                        help="comma-separated measures (default: all five)")
    parser.add_argument("--json", default=None, help="also write the figures here")
    args = parser.parse_args()
    roots = resolve_roots()
    datasets = [load_dataset(name, roots) for name in DATASETS]
    rows: list[dict[str, Any]] = []
    for size in sorted(args.sizes, key=lambda s: float("inf") if s is None else s):
        started = time.perf_counter()
        relations = RelationSettings(max_tokens=size)
        ensure(roots, ["relations"], ResourceSettings(relations=relations))
        counts = load_counts(roots, parser_identity(roots, FULL_TRAINING), relations)
        built = time.perf_counter() - started
        variants = [("all", counts)]
        if args.without:
            dropped = [r.strip() for r in args.without.split(",") if r.strip()]
            variants.append(("without " + "+".join(dropped), counts.without_relations(dropped)))
        for kept, chosen in variants:
            neighbourhood = Neighbourhood(chosen)
            for min_count, measure in ((m, x) for m in args.min_counts
                                       for x in args.measures.split(",")):
                row = _score_measure(measure, neighbourhood, datasets, min_count)
                row.update({"tokens": counts.meta.get("words"), "budget": size,
                            "relations": kept, "min_count": str(min_count),
                            "vocabulary": len(chosen.words),
                            "occurrences": int(chosen.matrix.sum()),
                            "build_seconds": round(built, 1)})
                rows.append(row)
                print(f"{row['tokens']:>11,} {kept:<12} min {min_count!s:<5} {measure:<8} trial "
                      f"{row['trial_best']:5.2f} {row['trial_oot']:5.2f}  test "
                      f"{row['test_best']:5.2f} {row['test_oot']:5.2f}  unanswered "
                      f"{row['test_unanswered']}", file=sys.stderr)
    print("| tokens | relations | min count | measure | trial best R | trial oot R | test best R | "
          "test oot R | test unanswered | words |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['tokens'] / 1e6:.1f}M | {row['relations']} | {row['min_count']} | "
              f"`{row['measure']}` | "
              f"{row['trial_best']:.2f} | "
              f"{row['trial_oot']:.2f} | {row['test_best']:.2f} | {row['test_oot']:.2f} | "
              f"{row['test_unanswered']} | {row['vocabulary']:,} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(rows, handle, indent=2)
    return 0


if __name__ == "__main__":
    try:
        pin()  # as `lexsub` does: the kernels its builds are cached under
        sys.exit(main())
    except LexsubError as error:
        print(f"relations_by_size: {error}", file=sys.stderr)
        sys.exit(2)
