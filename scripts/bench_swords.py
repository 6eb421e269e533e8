"""Benchmark the SWORDS evaluation (`make bench-scorer`; needs the shared data root).

1. Preparing the gold of each split (read, lemmatise every labelled substitute, merge), after
   the lemmatiser's WordNet data (index and exception lists) is loaded (timed apart).
2. Every case of swords-vectors/cases.jsonl scored in one process against the prepared gold,
   checked against the authors' numbers (1e-6): time a file (min / median / max per split).
3. `lexsub score RESULT swords-test` as a user runs it, one process (median of 5).
"""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
import time

from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.inputs.wordnet_files import wordnet_location
from lexsub_baselines.scoring import Scorer, SwordsScorer
from lexsub_baselines.scoring.swords.scorer import LEMMATISER, _lemmatiser


def main() -> int:
    """Run the benchmark; return 1 when the data is missing or a number differs."""
    roots = resolve_roots()
    cases_path = roots.shared / "swords-vectors" / "cases.jsonl"
    if not cases_path.is_file():
        print(f"bench_swords: {cases_path} not found (set LEXSUB_SHARED_ROOT)", file=sys.stderr)
        return 1
    cases = [json.loads(line) for line in cases_path.read_text().splitlines() if line.strip()]
    start = time.perf_counter()
    _lemmatiser(wordnet_location()[0].resolve())  # the load, timed apart
    print(f"{LEMMATISER} over WordNet 3.0's index and exception files loaded in "
          f"{time.perf_counter() - start:.2f} s")
    scorers: dict[str, SwordsScorer] = {}
    for split in ("dev", "test"):
        start = time.perf_counter()
        scorer = Scorer(f"swords-{split}", roots=roots)
        assert isinstance(scorer, SwordsScorer)
        scorers[split] = scorer
        print(f"swords-{split}: gold read and prepared in {time.perf_counter() - start:.2f} s "
              f"({len(scorer.swords_gold.targets)} targets)")
    mismatches = 0
    seconds: dict[str, list[float]] = {"dev": [], "test": []}
    for case in cases:
        start = time.perf_counter()
        report = scorers[case["split"]].score(cases_path.parent / case["system"], warn=False)
        seconds[case["split"]].append(time.perf_counter() - start)
        expected = case.get("expected", {})
        mismatches += sum(not math.isclose(report.metrics[name], value, abs_tol=1e-6)
                          for name, value in expected.items())
        mismatches += "swords_error" in case and not report.main.undefined
    for split, times in seconds.items():
        print(f"swords-{split}: {len(times)} results, one process, after the gold: "
              f"{min(times):.3f} / {statistics.median(times):.3f} / {max(times):.3f} s a result "
              "(min / median / max)")
    print(f"cases: {len(cases)}, mismatching figures: {mismatches}")
    one = cases_path.parent / next(c["system"] for c in cases if c["split"] == "test")
    command = [sys.executable, "-m", "lexsub_baselines", "score", str(one), "swords-test"]
    subprocess.run(command, capture_output=True, check=True)  # warm the bytecode
    walls = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
    print(f"`lexsub score {one.name} swords-test`, one process: {statistics.median(walls):.2f} s "
          "(median of 5; WordNet load and gold preparation included)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
