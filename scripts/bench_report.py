"""Benchmark: how long the analysis report takes to build, how large its pages are, and how
fast the instance explorer first renders in headless Chromium.

Usage: `.venv/bin/python scripts/bench_report.py [RESULTS] [--repeat N] [--loads N]`. RESULTS
defaults to `results/`; when it holds no answer files, answers of a few fast systems on the
SemEval-2007 trial and test data are generated into a temporary folder first (not timed).
Prints the systems and datasets covered, the build time of each repetition (the target is
under a minute for the full `make baselines` output), the size of report.html, report.md,
the figures and explorer/index.html, and the explorer's first render (from navigation start
to its first list and instance drawn, as the page measures it with `performance.now()`)
over `--loads` fresh Chromium loads from `file://` (the aim is under one second).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lexsub_baselines.analysis.browser import Browser, find_chromium
from lexsub_baselines.analysis.inputs import discover_runs
from lexsub_baselines.analysis.render import write_report
from lexsub_baselines.analysis.report import (
    EXPLORER_PAGE,
    ReportSettings,
    build_report,
    figure_names,
)
from lexsub_baselines.catalog import build_system
from lexsub_baselines.core.paths import resolve_roots
from lexsub_baselines.datasets import load_dataset
from lexsub_baselines.inputs.snapshot import pin
from lexsub_baselines.runs.runner import run_system

FAST_SYSTEMS = ("wordnet+identity", "wordnet+freq:wordfreq:tiers", "roget+identity",
                "roget+freq:wordfreq")


def _size(path: Path) -> str:
    size = sum(p.stat().st_size for p in path.glob("*.png")) if path.is_dir() \
        else path.stat().st_size
    return f"{size / 1e6:.2f} MB"


def _first_render(page: Path, loads: int) -> None:
    if find_chromium() is None:
        print("explorer first render: chromium not installed (scripts/setup.sh installs it)")
        return
    with tempfile.TemporaryDirectory(prefix="bench-report-chromium-") as profile:
        browser = Browser.find(Path(profile))
        in_page, wall = [], []
        for _ in range(loads):
            start = time.perf_counter()
            dom = browser.dump_dom(page.as_uri())
            wall.append(time.perf_counter() - start)
            found = re.search(r'data-first-render-ms="(\d+)"', dom)
            if found is None:
                raise SystemExit(f"{page}: the explorer did not render")
            in_page.append(int(found.group(1)))
    print(f"explorer first render: median {statistics.median(in_page)} ms (min {min(in_page)}, "
          f"max {max(in_page)}) over {loads} loads; Chromium start to DOM dump "
          f"{statistics.median(wall):.2f} s")


def main() -> int:
    """Run the benchmark; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", nargs="?", type=Path, default=Path("results"))
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--loads", type=int, default=5)
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
                  f"{sum(len(s.tables) + len(s.details) for s in report.sections)} tables and "
                  f"the explorer built and written in {seconds:.1f}s")
        folder = Path(out)
        print(f"sizes: report.html {_size(folder / 'report.html')}, report.md "
              f"{_size(folder / 'report.md')}, figures {_size(folder / 'figures')}, "
              f"{EXPLORER_PAGE} {_size(folder / EXPLORER_PAGE)}")
        if (folder / EXPLORER_PAGE).is_file():
            _first_render(folder / EXPLORER_PAGE, args.loads)
    if scratch is not None:
        scratch.cleanup()
    return 0


if __name__ == "__main__":
    pin()  # as `lexsub` does: the kernels its builds are cached under
    sys.exit(main())
