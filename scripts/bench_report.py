"""Benchmark: how long the analysis report takes to build from cached answer files.

Usage: `.venv/bin/python scripts/bench_report.py [RESULTS] [--repeat N]`. RESULTS defaults to
`results/`; when it holds no answer files, answers of a few fast systems on the SemEval-2007
trial and test data are generated into a temporary folder first (not timed). Prints the
systems and datasets covered, the number of figures, and the build time of each repetition
(the target is under a minute for the full `make baselines` output).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from lexsub_baselines.analysis.inputs import discover_runs
from lexsub_baselines.analysis.render import write_report
from lexsub_baselines.analysis.report import ReportSettings, build_report, figure_names
from lexsub_baselines.catalog import build_system
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.paths import resolve_roots
from lexsub_baselines.runner import run_system

FAST_SYSTEMS = ("wordnet+identity", "wordnet+freq:wordfreq:tiers", "roget+identity",
                "roget+freq:wordfreq")


def main() -> int:
    """Run the benchmark; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=Path("results"))
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    roots = resolve_roots()
    results: Path = args.results
    scratch = None
    if not discover_runs(results):
        scratch = tempfile.TemporaryDirectory(prefix="bench-report-")
        results = Path(scratch.name)
        print(f"no answers in {args.results}; generating {', '.join(FAST_SYSTEMS)} on trial "
              f"and test into {results} (not timed)", file=sys.stderr)
        for name in ("semeval2007-trial", "semeval2007-test"):
            dataset = load_dataset(name, roots)
            for system in FAST_SYSTEMS:
                run_system(build_system(system, roots), dataset, results, progress=False)
    runs = discover_runs(results)
    for name, systems in runs.items():
        print(f"{name}: {len(systems)} systems")
    with tempfile.TemporaryDirectory(prefix="bench-report-out-") as out:
        for repeat in range(args.repeat):
            start = time.perf_counter()
            report = build_report(results, roots, ReportSettings(), progress=False)
            write_report(report, Path(out))
            seconds = time.perf_counter() - start
            print(f"run {repeat + 1}: report with {len(figure_names(report))} figures, "
                  f"{sum(len(s.tables) for s in report.sections)} tables built and written in "
                  f"{seconds:.1f}s")
    if scratch is not None:
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
