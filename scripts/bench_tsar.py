"""Benchmark TSAR-2022's evaluation (`make bench-scorer`; needs the shared data root).

1. Reading the English test gold (`TsarScorer("tsar2022-en-test")`: the "gold load").
2. One EN test predictions file (all 373 instances, 10 substitutes each: the gold's and
   filler, seeded) scored against the loaded gold, from its file: min / median of 20. Aim:
   <= 0.2 s per file.
3. The same through `lexsub score` in a fresh process (start-up included), beside `lexsub
   --version`: median of 5 each.
4. Every case of tsar2022-vectors, checked against the task evaluator's figures (1e-9).
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring.tsar import EVALUATOR_NAMES, TsarScorer


def _predictions(scorer: TsarScorer, seed: int = 41) -> str:
    rng = random.Random(seed)
    lines = []
    for gold in scorer.tsar_gold.values():
        words = list(gold.distinct) + [f"filler{n}" for n in range(10)]
        rng.shuffle(words)
        lines.append("\t".join([gold.sentence, gold.word, *words[:10]]))
    return "\n".join(lines) + "\n"


def main() -> int:
    """Run the benchmark; return 1 when the data is missing or a figure differs."""
    roots = resolve_roots()
    start = time.perf_counter()
    try:
        scorer = TsarScorer("tsar2022-en-test", roots=roots)
    except LexsubError as error:
        print(f"bench_tsar: {error}", file=sys.stderr)
        return 1
    print(f"tsar2022-en-test: gold read in {time.perf_counter() - start:.3f} s "
          f"({len(scorer.tsar_gold)} instances)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "predictions.tsv"
        path.write_text(_predictions(scorer), encoding="utf-8")
        times = []
        for _ in range(20):
            start = time.perf_counter()
            report = scorer.score(path, warn=False)
            times.append(time.perf_counter() - start)
        print(f"one EN test file ({report.scored} instances x 10 substitutes), read and scored: "
              f"min {min(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms "
              "(aim: <= 200 ms)")
        walls: dict[str, list[float]] = {}
        for what, argv in (("score", ["score", str(path), "tsar2022-en-test"]),
                           ("--version", ["--version"])):
            walls[what] = []
            for _ in range(5):
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "lexsub_baselines", *argv], check=True,
                               capture_output=True)
                walls[what].append(time.perf_counter() - start)
        print(f"`lexsub score` of the same file, a fresh process (start-up, imports, gold read "
              f"included): median of 5 {statistics.median(walls['score']):.2f} s; `lexsub "
              f"--version` {statistics.median(walls['--version']):.2f} s")
    vectors = roots.shared / "tsar2022-vectors"
    worst, checked = 0.0, 0
    scorers: dict[str, TsarScorer] = {}
    for line in (vectors / "cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case.get("error"):
            continue
        name = f"tsar2022-{case['lang']}-{case['split']}"
        own = scorers.setdefault(name, TsarScorer(name, roots=roots))
        got = own.score(vectors / case["system_file"], warn=False)
        for theirs, value in case["metrics"].items():
            worst = max(worst, abs(got.metrics[EVALUATOR_NAMES[theirs]] - value))
        checked += 1
    print(f"tsar2022-vectors: {checked} cases, largest difference {worst:.1e}")
    return 0 if worst <= 1e-9 else 1


if __name__ == "__main__":
    sys.exit(main())
