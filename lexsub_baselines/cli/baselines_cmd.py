"""`lexsub baselines`: run every registered system, score it, write the tables (`make baselines`).

Also `lexsub systems` (list the systems) and `lexsub run SYSTEM DATASET` (one system, one
dataset, answer files only).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from lexsub_baselines.cache import atomic_write_text
from lexsub_baselines.catalog import (
    SYSTEMS,
    build_system,
    check_system_name,
    system_names,
    system_needs,
)
from lexsub_baselines.cli.options import (
    engine_options,
    engine_settings,
    load_plugin_options,
    plugin_options,
)
from lexsub_baselines.datasets.catalog import dataset_names, load_dataset
from lexsub_baselines.datasets.registry import Dataset
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import Roots
from lexsub_baselines.runner import (
    load_json,
    merge,
    run_system,
    score_files,
    write_json,
)
from lexsub_baselines.tables import render_tables

#: The English datasets every English system runs on.
ENGLISH = ("semeval2007-trial", "semeval2007-test")
#: The cross-lingual datasets, used by Spanish systems when their files are present.
CROSS_LINGUAL = ("clls2010-trial", "clls2010-test")


def add_parser(subparsers: Any) -> None:
    """Register `baselines`, `systems` and `run`."""
    parser = subparsers.add_parser(
        "baselines", help="run every system on trial and test, score, write results/")
    parser.add_argument("--systems", nargs="+", metavar="SYSTEM",
                        help="only these systems (default: all registered, in order); their rows "
                        "replace earlier ones in results/scores.json")
    parser.add_argument("--out", default="results", help="output folder (default: results)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    engine_options(parser)
    plugin_options(parser)
    parser.set_defaults(func=run_baselines)

    listing = subparsers.add_parser("systems", help="list the registered systems")
    plugin_options(listing)
    listing.set_defaults(func=list_systems)

    single = subparsers.add_parser("run", help="answer one dataset with one system")
    single.add_argument("system", help="a system name, or GENERATOR+RANKER")
    single.add_argument("dataset", help="a dataset name (see `lexsub datasets`)")
    single.add_argument("--out", default="results", help="output folder (default: results)")
    engine_options(single)
    plugin_options(single)
    single.set_defaults(func=run_one)


def list_systems(args: argparse.Namespace, roots: Roots) -> int:
    """Print every registered system with its one-line description."""
    load_plugin_options(args)
    for name in system_names():
        print(f"{name:<32} {SYSTEMS.doc(name)}")
    return 0


def prebuild(names: list[str], args: argparse.Namespace, roots: Roots,
             progress: bool = True) -> tuple[Any, dict[str, str]]:
    """Build every resource the systems `names` read, in one graph run.

    Returns:
        The build report, and system name -> why it cannot run (a resource it needs failed).
    """
    from lexsub_baselines.builds import build
    from lexsub_baselines.engine.progress import Progress

    needs = list(dict.fromkeys(n for name in names for n in system_needs(name)))
    report = build(roots, needs, engine=engine_settings(args), progress=Progress(progress))
    failures = report.failures()
    blocked = {name: f"{need}: {failures[need]}" for name in names
               for need in reversed(system_needs(name)) if need in failures}
    if needs and report.engine:
        print(report.table(), file=sys.stderr)
    return report, blocked


def run_one(args: argparse.Namespace, roots: Roots) -> int:
    """Answer one dataset with one system; print where the files went."""
    load_plugin_options(args)
    check_system_name(args.system)
    _, blocked = prebuild([args.system], args, roots)
    if blocked:
        raise LexsubError(f"system {args.system} needs {blocked[args.system]}")
    system = build_system(args.system, roots)
    record = run_system(system, load_dataset(args.dataset, roots), Path(args.out))
    for kind, path in record.paths():
        print(f"{kind}: {path}")
    print(f"answered {record.answered} of {record.instances} instances "
          f"in {record.seconds:.1f}s")
    return 0


def _datasets_for(system_language: str, roots: Roots) -> tuple[list[Dataset], bool, str]:
    """Return (datasets, score?, note) for a system answering in `system_language`."""
    if system_language == "en":
        return [load_dataset(n, roots) for n in ENGLISH], True, ""
    present = [load_dataset(n, roots) for n in CROSS_LINGUAL if n in dataset_names()]
    present = [d for d in present if d.has("instances")]
    if present:
        return present, True, ""
    note = ("CLLS-2010 data not found (see `lexsub datasets`): Spanish answers written for the "
            "SemEval-2007 English instances, not scored")
    return [load_dataset(n, roots) for n in ENGLISH], False, note


def run_baselines(args: argparse.Namespace, roots: Roots) -> int:
    """Run the systems, score them, write results/scores.json, runs.json and tables.md."""
    out = Path(args.out)
    load_plugin_options(args)
    names = args.systems or system_names()
    for name in names:
        check_system_name(name)  # fail before any work on a typo
    partial = bool(args.systems)
    scores: dict[str, Any] = load_json(out / "scores.json") if partial else {}
    runs: dict[str, Any] = load_json(out / "runs.json") if partial else {}
    skipped: dict[str, dict[str, str]] = {}
    failures = 0
    started = time.perf_counter()
    report, blocked = prebuild(names, args, roots, progress=not args.no_progress)
    if report.engine:
        write_json(out / "build.json", report.to_json())
    for name in names:
        try:
            if name in blocked:
                raise LexsubError(f"could not build {blocked[name]}")
            system = build_system(name, roots)
            datasets, scored, note = _datasets_for(getattr(system, "language", "en"), roots)
            for dataset in datasets:
                record = run_system(system, dataset, out, score=scored, note=note,
                                    progress=not args.no_progress)
                merge(runs, dataset.name, name, record.to_json())
                if scored:
                    merge(scores, dataset.name, name, score_files(record, dataset))
                else:
                    skipped.setdefault(dataset.name, {})[name] = note
                print(f"lexsub: {name} on {dataset.name}: {record.answered}/{record.instances} "
                      f"answered in {record.seconds:.1f}s", file=sys.stderr)
        except LexsubError as error:
            failures += 1
            print(f"lexsub: error: system {name}: {error}", file=sys.stderr)
            for dataset_name in ENGLISH:
                skipped.setdefault(dataset_name, {})[name] = f"failed: {error}"
    for dataset_name, systems in runs.items():  # earlier partial runs' unscored systems too
        for name, record in systems.items():
            if not record.get("scored", True):
                skipped.setdefault(dataset_name, {}).setdefault(name, record.get("note", ""))
    write_json(out / "scores.json", scores)
    write_json(out / "runs.json", runs)
    tables = render_tables(scores, runs, skipped)
    atomic_write_text(out / "tables.md", tables)
    print(tables)
    print(f"lexsub: wrote {out / 'scores.json'}, {out / 'runs.json'}, {out / 'tables.md'} "
          f"in {time.perf_counter() - started:.1f}s", file=sys.stderr)
    return 1 if failures else 0
