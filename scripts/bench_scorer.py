"""Benchmark the scorer: score every case of scorer-vectors/cases.jsonl in one process.

Prints the number of cases, the items scored (|T| of every block, subsets included), the
total time and items per second, and checks each case against its expected numbers.
Run with `make bench-scorer` (needs the shared data root).
"""

from __future__ import annotations

import json
import sys
import time
import warnings

from lexsub_baselines.paths import resolve_roots
from lexsub_baselines.scoring import ScoringWarning, score


def main() -> int:
    """Score all cases; return 1 when the data is missing or a number differs."""
    roots = resolve_roots()
    cases_path = roots.shared / "scorer-vectors" / "cases.jsonl"
    if not cases_path.is_file():
        print(f"bench_scorer: {cases_path} not found (set LEXSUB_SHARED_ROOT)", file=sys.stderr)
        return 1
    cases = [json.loads(line) for line in cases_path.read_text().splitlines() if line.strip()]
    key = roots.data / "semeval2007"
    items = mismatches = 0
    warnings.simplefilter("ignore", ScoringWarning)
    start = time.perf_counter()
    for case in cases:
        if case["type"] == "mw":
            gold = key / "key" / "mwgold"
        else:
            gold = key / ("key/gold" if case["split"] == "test" else "trial/gold.trial")
        report = score(cases_path.parent / case["system"], gold, case["type"],
                       subsets=set(case["expected"]) != {"all"})
        got = report.to_json()
        mismatches += sum(got.get(b) != v for b, v in case["expected"].items())
        items += sum(block.signature.total for block in report.blocks)
    elapsed = time.perf_counter() - start
    print(f"cases: {len(cases)}  items scored: {items}  time: {elapsed:.3f} s  "
          f"items/second: {items / elapsed:,.0f}  mismatching blocks: {mismatches}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
