"""Benchmark the paired tests (`make bench-scorer`; needs the shared data root).

Issue 55's aim: `lexsub score A DATA --paired B` (2 systems × 1,000 resamples) in ≤ 2 s on a
TSAR-2022 or SemEval-2007 test set, from the scoring install (pure Python, no numpy).

1. The whole command in a fresh process (start-up, gold, both files read and scored, both
   tests, output), wall time, median of 5 (min–max), on TSAR-2022 EN test (UniHD's two
   English runs, 373 instances) and SemEval-2007 test (two best files of scorer-vectors, the
   1,696 items of T).
2. In one process, the tests alone (`paired_test`: approximate randomisation and the paired
   bootstrap, 1,000 resamples each), CPU time, median of 5, on the same pairs and on SWORDS
   test (762 targets, 14 pooled sums) and a whole CoInCo (15,415 instances, LexSubGen's
   protocol; seeded made-up lists): what the tables' marks pay per pair (randomisation only).
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

from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.scoring import Scorer
from lexsub_baselines.scoring.contributions import Contributions
from lexsub_baselines.scoring.lexsubgen import LexSubGenScorer
from lexsub_baselines.scoring.significance import paired_test


def _command(system: Path, gold: str, other: Path) -> list[float]:
    times = []
    for _ in range(5):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "lexsub_baselines", "score", str(system),
                               gold, "--paired", str(other)], capture_output=True, text=True,
                              check=False)
        times.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(f"bench_paired: {done.stderr.strip()}")
    return times


def _tests(a: Contributions, b: Contributions, interval: bool = True) -> list[float]:
    times = []
    for _ in range(5):
        start = time.process_time()
        paired_test(a, b, 1000, 0, interval)
        times.append(time.process_time() - start)
    return times


def _coinco(scorer: LexSubGenScorer, seed: int, folder: Path) -> Path:
    rng = random.Random(seed)
    result = {}
    for instance in scorer.data.instances:
        words = list(instance.candidates) + [f"filler{n}" for n in range(50)]
        rng.shuffle(words)
        result[instance.id] = [[w, round(1 - n / 50, 4)] for n, w in enumerate(words[:50])]
    path = folder / f"coinco-{seed}.json"
    path.write_text(json.dumps(result), encoding="utf-8")
    return path


def _line(what: str, times: list[float], unit: str = "s") -> None:
    print(f"{what}: median {statistics.median(times):.2f} {unit} "
          f"({min(times):.2f}–{max(times):.2f})")


def main() -> int:
    """Run the benchmark; return 1 when the shared data is missing."""
    shared = resolve_roots().shared
    unihd = shared / "field-outputs" / "tsar2022-unihd" / "en"
    vectors = shared / "scorer-vectors" / "systems"
    pairs = [("tsar2022-en-test", unihd / "tsar2022_test_en_UniHD_3.tsv",
              unihd / "tsar2022_test_en_UniHD_1.tsv"),
             ("semeval2007-test", vectors / "s001_test_clean1.best",
              vectors / "s000_test_hedge.best")]
    swords = shared / "swords-vectors" / "systems"
    if not all(path.is_file() for _, a, b in pairs for path in (a, b)):
        print("bench_paired: the shared field outputs or scorer vectors are absent",
              file=sys.stderr)
        return 1
    for gold, a, b in pairs:
        _line(f"lexsub score {a.name} {gold} --paired {b.name} (1,000 resamples), whole "
              "command, wall", _command(a, gold, b))
    for gold, a, b in [*pairs, ("swords-test", swords / "test-oracle.lsr.json",
                                swords / "test-top5-noise.lsr.json")]:
        scorer = Scorer(gold)
        first = scorer.contributions(a)
        second = scorer.contributions(b, universe=first.ids)
        _line(f"{gold}: paired_test alone ({len(first.ids)} instances, randomisation and "
              "bootstrap), CPU", _tests(first, second))
    coinco = LexSubGenScorer("coinco-all", "lexsubgen-padded")
    with tempfile.TemporaryDirectory() as folder:
        files = [_coinco(coinco, seed, Path(folder)) for seed in (1, 2)]
        start = time.process_time()
        first, second = (coinco.contributions(path) for path in files)
        print(f"coinco-all: two whole results read into contributions, CPU "
              f"{time.process_time() - start:.2f} s")
    _line(f"coinco-all: randomisation alone ({len(first.ids)} instances), CPU",
          _tests(first, second, interval=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
