"""Benchmark LexSubGen's protocol (`make bench-scorer`; needs the shared data root).

1. Deriving and reading LexSubGen's data of `coinco-all` and `semeval2007-all` (timed apart:
   the "gold load").
2. A whole-CoInCo result (all 15,415 instances, 50 scored words each: the lemma's pool and
   filler, seeded) scored against the loaded data: the parsed result (min / median of 5) and
   the file (JSON read included). Aim: <= 2 s per CoInCo result after the gold load.
3. Every system case of lexsubgen-vectors, checked against LexSubGen's numbers (1e-6).
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring.lexsubgen import METRICS, LexSubGenScorer


def _result(scorer: LexSubGenScorer, seed: int = 31) -> dict[str, list[list[object]]]:
    rng = random.Random(seed)
    out: dict[str, list[list[object]]] = {}
    for instance in scorer.data.instances:
        words = list(instance.candidates) + [f"filler{n}" for n in range(50)]
        rng.shuffle(words)
        out[instance.id] = [[w, round(1 - n / 50, 4)] for n, w in enumerate(words[:50])]
    return out


def main() -> int:
    """Run the benchmark; return 1 when the data is missing or a number differs."""
    roots = resolve_roots()
    scorers: dict[str, LexSubGenScorer] = {}
    for name in ("coinco-all", "semeval2007-all"):
        start = time.perf_counter()
        try:
            scorers[name] = LexSubGenScorer(name, roots=roots)
        except LexsubError as error:
            print(f"bench_lexsubgen: {error}", file=sys.stderr)
            return 1
        print(f"{name}: LexSubGen's data derived and read in {time.perf_counter() - start:.2f} s "
              f"({len(scorers[name].data.instances)} instances)")
    coinco = scorers["coinco-all"]
    result = _result(coinco)
    times, cpu = [], []
    for _ in range(5):
        start, start_cpu = time.perf_counter(), time.process_time()
        report = coinco.score(result, warn=False)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(f"coinco-all, a whole result ({report.scored} instances x 50 words), parsed: "
          f"min {min(times):.2f} s, median {statistics.median(times):.2f} s (CPU time: median "
          f"{statistics.median(cpu):.2f} s; the machine's other jobs slow the wall clock)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "result.json"
        path.write_text(json.dumps(result))
        start = time.perf_counter()
        coinco.score(path, warn=False)
        print(f"coinco-all, the same from its file (JSON read included): "
              f"{time.perf_counter() - start:.2f} s")
    vectors = roots.shared / "lexsubgen-vectors"
    worst, checked = 0.0, 0
    for folder in ("semeval_all", "coinco"):
        scorer = LexSubGenScorer(vectors / folder / "lexsubgen_data", roots=roots)
        for line in (vectors / folder / "cases.jsonl").read_text().splitlines():
            case = json.loads(line)
            if case["type"] != "system" or case["error"]:
                continue
            system = json.loads((vectors / folder / case["system_file"]).read_text())
            got = scorer.score(system, only_listed=True, warn=False)
            for name in METRICS:
                worst = max(worst, abs((got.metrics[name] or math.nan)
                                       - 100 * case["mean_metrics_unrounded"][name]))
            checked += 1
    print(f"lexsubgen-vectors: {checked} system cases, largest difference {worst:.1e} "
          "(points of percent)")
    return 0 if worst <= 1e-6 else 1


if __name__ == "__main__":
    sys.exit(main())
