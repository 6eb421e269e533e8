"""Benchmark the scorer (`make bench-scorer`; needs the shared data root).

1. Many files: the 44 case files scored in one process through the API (one `Scorer` per
   gold, its gold built from scratch) against one `lexsub score` process per file, and
   against score.pl once per file. score.pl is not on this machine: its 0.032 s per file
   (issue 12) is quoted as the reference.
2. Every case of scorer-vectors/cases.jsonl with `score()` (subsets included), checked
   against its expected numbers.
3. Pathological lines: a 100,000-character answer (scored as best, and with the wrong -t,
   which took 36 s before the line patterns were made linear) and a 10,000-answer line.
4. `lexsub score` on one 1,710-line file, as a user runs it (`python -m lexsub_baselines`,
   bytecode cached), beside `lexsub --version` and a bare `python -c pass`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import lexsub_baselines
from lexsub_baselines.core.paths import Roots, resolve_roots
from lexsub_baselines.scoring import Scorer, score

#: score.pl's wall time on one test file, as measured when issue 12 was filed.
SCORE_PL_SECONDS = 0.032


def _gold(roots: Roots, case: dict[str, Any]) -> Path:
    key = roots.data / "semeval2007"
    if case["type"] == "mw":
        return key / "key" / "mwgold"
    return key / ("key/gold" if case["split"] == "test" else "trial/gold.trial")


def official_cases(roots: Roots, cases: list[dict[str, Any]], systems: Path) -> int:
    """Score every case with its subsets; print items/s; return the mismatching blocks."""
    items = mismatches = 0
    start = time.perf_counter()
    for case in cases:
        report = score(systems / case["system"], _gold(roots, case), case["type"],
                       subsets=set(case["expected"]) != {"all"}, warn=False, refuse=False)
        got = report.to_json()
        mismatches += sum(got.get(b) != v for b, v in case["expected"].items())
        items += sum(block.signature.total for block in report.blocks)
    elapsed = time.perf_counter() - start
    print(f"official cases: {len(cases)}  items scored: {items}  time: {elapsed:.3f} s  "
          f"items/second: {items / elapsed:,.0f}  mismatching blocks: {mismatches}")
    return mismatches


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def pathological(roots: Roots, folder: Path) -> None:
    """Time the long-answer and many-answer lines (in-process)."""
    gold = roots.data / "semeval2007" / "key" / "gold"
    lines = {
        "100,000-character answer (best)": "side.n 301 :: " + "a" * 100_000,
        "100,000-character answer scored as oot": "side.n 301 :: " + "a" * 100_000,
        "10,000-answer line (best)": "side.n 301 :: " + ";".join(["team"] * 10_000),
        "10,000-answer line (oot)": "side.n 301 ::: " + ";".join(["team"] * 10_000),
    }
    for name, line in lines.items():
        path = folder / "line"
        path.write_text(line + "\n")
        kind = "oot" if "oot" in name else "best"
        start = time.perf_counter()
        score(path, gold, kind, warn=False, refuse=False)
        seconds = time.perf_counter() - start
        print(f"{name}: {seconds * 1000:.1f} ms")


def _command(*args: str) -> list[str]:
    return [sys.executable, "-m", "lexsub_baselines", *args]


def _environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)  # bytecode cached, as in an installed package
    package_root = str(Path(lexsub_baselines.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    return env


def _median_wall(argv: Sequence[str], env: dict[str, str], runs: int = 9) -> float:
    subprocess.run(argv, env=env, capture_output=True, check=False)  # warm the bytecode
    return statistics.median(
        _timed(lambda: subprocess.run(argv, env=env, capture_output=True, check=True))
        for _ in range(runs))


def one_file(roots: Roots, system: Path, env: dict[str, str]) -> None:
    """Print the wall time of `lexsub score` on one file beside score.pl's."""
    gold = str(roots.data / "semeval2007" / "key" / "gold")
    floor = _median_wall([sys.executable, "-c", "pass"], env)
    version = _median_wall(_command("--version"), env)
    scored = _median_wall(_command("score", str(system), gold), env)
    print(f"one file ({system.name}): lexsub score {scored:.3f} s = "
          f"{scored / SCORE_PL_SECONDS:.1f}x score.pl's {SCORE_PL_SECONDS} s (issue 12); "
          f"lexsub --version {version:.3f} s; python -c pass {floor:.3f} s (medians of 9)")


def many_files(roots: Roots, cases: list[dict[str, Any]], systems: Path,
               env: dict[str, str]) -> None:
    """Score the case files in one process (API) and one process per file."""
    files = [(systems / c["system"], _gold(roots, c), c["type"]) for c in cases]
    scorers: dict[Path, Scorer] = {}

    def build() -> None:
        for _, gold, kind in files:
            scorer = scorers.setdefault(gold, Scorer(gold))
            if kind == "mw":
                scorer.mw_gold()
            else:
                scorer.gold()

    def api() -> None:
        for path, gold, kind in files:
            scorers[gold].score(path, kind, warn=False, refuse=False)

    built = _timed(build)
    in_process = statistics.median(_timed(api) for _ in range(3))
    per_process = _timed(lambda: [subprocess.run(_command("score", str(p), str(g), "-t", k),
                                                 env=env, capture_output=True, check=True)
                                  for p, g, k in files])
    n = len(files)
    print(f"{n} files, {len(scorers)} golds: API, one process: golds read and built once in "
          f"{built * 1000:.0f} ms, then {in_process:.3f} s ({in_process / n * 1000:.1f} ms a "
          f"file); one process per file {per_process:.2f} s ({per_process / n * 1000:.0f} ms a "
          f"file): {per_process / (built + in_process):.0f}x slower; score.pl once per file "
          f"{SCORE_PL_SECONDS * n:.2f} s = {SCORE_PL_SECONDS * n / (built + in_process):.1f}x "
          "the API")


def main() -> int:
    """Run the benchmarks; return 1 when the data is missing or a number differs."""
    roots = resolve_roots()
    cases_path = roots.shared / "scorer-vectors" / "cases.jsonl"
    if not cases_path.is_file():
        print(f"bench_scorer: {cases_path} not found (set LEXSUB_SHARED_ROOT)", file=sys.stderr)
        return 1
    cases = [json.loads(line) for line in cases_path.read_text().splitlines() if line.strip()]
    systems = cases_path.parent
    with tempfile.TemporaryDirectory() as folder:
        env = _environment(Path(folder) / "pycache")
        many_files(roots, cases, systems, env)  # first: the golds are built from scratch
        mismatches = official_cases(roots, cases, systems)
        pathological(roots, Path(folder))
        one = next(systems / c["system"] for c in cases
                   if c["type"] == "best" and c["split"] == "test")
        one_file(roots, one, env)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
