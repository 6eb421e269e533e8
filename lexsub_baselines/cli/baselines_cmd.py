"""`lexsub baselines`: run every registered system, score it, write the tables (`make baselines`).

Without an input (the corpora, which have no public download; a file not fetched) every
system that can run does: the others are listed in tables.md with the missing input, and the
exit status is 0 unless a system failed for another reason. The field's released outputs are
rescored beside them (`runs.field_runs`). Also `lexsub systems` and `lexsub run SYSTEM DATASET`.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from lexsub_baselines.catalog import (
    SYSTEMS,
    build_system,
    check_system_name,
    system_names,
    system_needs,
)
from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import (
    engine_options,
    engine_settings,
    load_plugin_options,
    plugin_options,
)
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.datasets.catalog import load_dataset
from lexsub_baselines.inputs.trace import watch
from lexsub_baselines.runs.answering import (
    merge_unit,
    plan_units,
    run_units,
    say_to_stderr,
    summary,
)
from lexsub_baselines.runs.field_runs import record_field_rows
from lexsub_baselines.runs.prolex_runs import for_prolex
from lexsub_baselines.runs.provenance import RunSettings, collect_settings
from lexsub_baselines.runs.records import UNKNOWN, RunsFile, describe_mixed
from lexsub_baselines.runs.row_kinds import LEXSUBGEN_DATASETS
from lexsub_baselines.runs.runner import check_run, load_json, run_system, write_json
from lexsub_baselines.runs.store import (
    ROW_SUFFIXES,
    check_pair,
    drop_rows,
    rows_to_replace,
    write_record,
)
from lexsub_baselines.runs.tsar_runs import for_dataset
from lexsub_baselines.runs.unit import SWORDS


def add_parser(subparsers: Any) -> None:
    """Register `baselines`, `systems` and `run`."""
    parser = subparsers.add_parser(
        "baselines", help="run every system on SemEval-2007 trial/test and SWORDS dev/test, "
        "score, write results/",
        description="Build the resources every system needs (on Dask), run every registered "
        "system (or --systems) on SemEval-2007 trial and test and SWORDS dev and test (the "
        "cross-lingual systems on CLLS-2010 when its data is present; every English system also "
        "on coinco-all and semeval2007-all under LexSubGen's protocol, unless --no-lexsubgen, and "
        "on TSAR-2022 English trial and test, the Spanish and Portuguese systems on their "
        "language's, unless --no-tsar), write their answer files to "
        "OUT/<dataset>/, score them with the official scorers, and write OUT/scores.json, "
        "OUT/runs.json (the settings of every row) and OUT/tables.md, which it also prints. "
        "What `make baselines` runs. Exit status 1 when a system failed.",
        **examples("baselines"))
    parser.add_argument("--systems", nargs="+", metavar="SYSTEM",
                        help="only these systems (default: all registered, in order); their rows "
                        "replace earlier ones in results/scores.json")
    parser.add_argument("--out", default="results",
                        help="output folder, relative to the working directory "
                        "(default: ./results)")
    parser.add_argument("--mixed-settings", action="store_true",
                        help="with --systems: keep earlier rows made under other settings "
                        "(WordNet, corpus size, resources, versions) and mark them in "
                        "tables.md, instead of refusing")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.add_argument("--no-lexsubgen", action="store_true",
                        help="skip LS07-all and CoInCo under LexSubGen's protocol (by default "
                        "every English system also answers coinco-all; docs/lexsubgen.md)")
    parser.add_argument("--no-tsar", action="store_true", help="skip TSAR-2022 (by default "
                        "every English system answers its English sets, each Spanish and "
                        "Portuguese system its language's, plain and +simpler; docs/tsar.md)")
    engine_options(parser)
    plugin_options(parser)
    parser.set_defaults(func=run_baselines)

    listing = subparsers.add_parser(
        "systems", help="list the registered systems",
        description="List every registered system with its one-line description, in the "
        "order of the tables; plug-ins (--plugin, installed entry points) add theirs at the "
        "end. Any GENERATOR+RANKER of `lexsub components` is a system too.",
        **examples("systems"))
    plugin_options(listing)
    listing.set_defaults(func=list_systems)

    single = subparsers.add_parser(
        "run", help="answer one dataset with one system (writes answer files, no score)",
        description="Answer every instance of DATASET with SYSTEM (building what it needs "
        "first) and write OUT/DATASET/SYSTEM.best and .oot (and .mw for the multiword "
        "detector), or on SWORDS OUT/DATASET/SYSTEM.lsr.json; print the files, how many "
        "instances were answered and which were not. It does not score: run `lexsub score "
        "FILE DATASET` on a file it wrote (`lexsub baselines` runs and scores every system). "
        "A run whose answers the dataset cannot score (another language, the multiword "
        "detector on SWORDS) is refused.",
        **examples("run"))
    single.add_argument("system", help="a system name, or GENERATOR+RANKER")
    single.add_argument("dataset", help="a dataset name (see `lexsub datasets`); "
                        "semeval2007-all or coinco-all: LexSubGen's protocol, the row's "
                        "OUT/DATASET/SYSTEM.lexsubgen.json (SYSTEM+fill: and its "
                        ".pool.json), as `lexsub baselines` writes them")
    single.add_argument("--out", default="results",
                        help="output folder, relative to the working directory "
                        "(default: ./results)")
    single.add_argument("--force", action="store_true",
                        help="replace answer files that results/runs.json vouches for, and drop "
                        "their rows from the record (scores.json, runs.json, tables.md)")
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
             progress: bool = True, coinco: bool = False) -> tuple[Any, dict[str, str],
                                                                   RunSettings]:
    """Build every resource the systems `names` read, in one graph run (with `coinco`, the
    neighbour lists of CoInCo's targets too, for the LexSubGen-protocol runs).

    Returns:
        The build report, system name -> why it cannot run (a resource it needs failed),
        and the settings of the run (with the resources it read).
    """
    from lexsub_baselines.builds import build, cached_results
    from lexsub_baselines.builds.settings import NEIGHBOUR_DATASETS, ResourceSettings
    from lexsub_baselines.engine.progress import Progress

    needs = list(dict.fromkeys(n for name in names for n in system_needs(name)))
    settings = replace(ResourceSettings.from_env(), neighbour_datasets=(
        *NEIGHBOUR_DATASETS, *(("coinco-all",) if coinco else ())))
    report = build(roots, needs, settings, engine=engine_settings(args),
                   progress=Progress(progress))
    failures = report.failures()
    blocked = {name: f"{need}: {failures[need]}" for name in names
               for need in reversed(system_needs(name)) if need in failures}
    if needs and report.engine:
        print(report.table(), file=sys.stderr)
    return report, blocked, collect_settings(
        roots, cached_results(roots, needs, known=report.results), report.inputs)


#: How many unanswered instances `lexsub run` names.
NAMED_UNANSWERED = 10


def run_one(args: argparse.Namespace, roots: Roots) -> int:
    """Answer one dataset with one system; print where the files went and which instances
    were left unanswered. Refuses a run the dataset cannot use (`runner.check_run`).

    Files that `runs.json` in the output folder vouches for are not replaced unless
    `--force` is given, which also drops their rows from the record: a recorded row never
    points at answers made by another run.
    """
    load_plugin_options(args)
    check_system_name(args.system)
    if args.dataset in LEXSUBGEN_DATASETS:
        return _run_lexsubgen(args, roots)
    out, dataset = Path(args.out), load_dataset(args.dataset, roots)
    rows = rows_to_replace(out, dataset.name, args.system, args.force)
    _, blocked, _ = prebuild([args.system], args, roots)
    if blocked:
        raise LexsubError(f"system {args.system} needs {blocked[args.system]}")
    system = build_system(args.system, roots)
    check_run(system, dataset)
    system = for_dataset(system, dataset, roots)  # TSAR-2022: the word's readings, its form
    system = for_prolex(system, dataset, roots)  # ProLex: likewise, the target tagged
    if rows:
        drop_rows(out, rows)
    record = run_system(system, dataset, out)
    for kind, path in record.paths():
        print(f"{kind}: {path}")
    print(f"answered {record.answered} of {record.instances} instances "
          f"in {record.seconds:.1f}s")
    if record.missing:
        named = ", ".join(record.missing[:NAMED_UNANSWERED])
        more = f", and {len(record.missing) - NAMED_UNANSWERED} more" \
            if len(record.missing) > NAMED_UNANSWERED else ""
        print(f"unanswered (no candidate; scored as unattempted): {named}{more}")
    return 0


def _run_lexsubgen(args: argparse.Namespace, roots: Roots) -> int:
    """`lexsub run SYSTEM semeval2007-all|coinco-all`: the row's LexSubGen-protocol files, as
    `lexsub baselines` writes them (`runs.lexsubgen_one`); print them and how to score them."""
    from lexsub_baselines.runs.lexsubgen_one import run_lexsubgen_one

    out, dataset = Path(args.out), args.dataset
    rows = rows_to_replace(out, dataset, args.system, args.force)
    _, blocked, _ = prebuild([args.system], args, roots, coinco=dataset == "coinco-all")
    if blocked:
        raise LexsubError(f"system {args.system} needs {blocked[args.system]}")
    system = build_system(args.system, roots)
    if rows:
        drop_rows(out, rows)
    print("\n".join(run_lexsubgen_one(system, dataset, out, roots).lines(args.system)))
    return 0


def _kept_rows(runs: RunsFile, scores: dict[str, Any], replaced: list[str]) -> RunsFile:
    """Return the rows a run of the systems `replaced` keeps: those of `runs`, and those that
    only `scores.json` holds (runs.json deleted or older), under the settings id scores.json
    gives them (unknown, so marked, when runs.json does not describe it)."""
    kept = RunsFile(dict(runs.settings),
                    {dataset: {s: r for s, r in systems.items() if s not in replaced}
                     for dataset, systems in runs.runs.items()})
    for dataset, systems in scores.items():
        for system, kinds in systems.items():
            if system in kept.runs.get(dataset, {}):
                continue
            ids = {str(row.get("settings")) for row in kinds.values() if isinstance(row, dict)}
            kept.runs.setdefault(dataset, {})[system] = {
                "settings": ids.pop() if len(ids) == 1 else UNKNOWN}
    return kept


def run_baselines(args: argparse.Namespace, roots: Roots) -> int:
    """Run the systems, score them, write results/scores.json, runs.json and tables.md."""
    watch()  # a unit answered in this process is kept with what the process read
    out = Path(args.out)
    load_plugin_options(args)
    names = args.systems or system_names()
    for name in names:
        check_system_name(name)  # fail before any work on a typo
    partial = bool(args.systems)
    # a system's rows are replaced whole: its own and those its unit adds (`+fill`, `+simpler`)
    replaced = [*names, *(name + suffix for name in names for suffix in ROW_SUFFIXES)]
    previous = check_pair(out) if partial else RunsFile()  # a killed run's commit finished
    scores: dict[str, Any] = {
        dataset: {s: row for s, row in systems.items() if s not in replaced}
        for dataset, systems in load_json(out / "scores.json").items()} if partial else {}
    runs = _kept_rows(previous, scores, replaced) if partial else RunsFile()
    skipped: dict[str, dict[str, str]] = {}
    failed: dict[str, str] = {}
    started = time.perf_counter()
    report, blocked, settings = prebuild(names, args, roots, progress=not args.no_progress,
                                         coinco=not args.no_lexsubgen)
    current, recorded = settings.id, settings.as_dict()
    runs.settings[current] = recorded
    if (mixed := runs.conflicting(current)) and not args.mixed_settings:
        raise LexsubError(describe_mixed(out / "runs.json", mixed))
    if report.engine:
        write_json(out / "build.json", report.to_json())
    # systems that cannot run because an input is absent (no corpus, a file not fetched):
    # their rows are listed with the reason; they do not make the run fail
    absent_needs = {need for need, error in report.failures().items()
                    if isinstance(error, MissingResourceError)}
    absent = {name for name in blocked if set(system_needs(name)) & absent_needs}
    for split in (s for s in SWORDS if not load_dataset(s, roots).has("instances")):
        skipped.setdefault(split, {})["every English system"] = (
            "no rows: the SWORDS data is not in place (`lexsub fetch swords`)")
    units = plan_units([name for name in names if name not in blocked], roots, recorded,
                       lexsubgen=not args.no_lexsubgen, tsar=not args.no_tsar,
                       plugins=args.plugin, progress=not args.no_progress, out=out)
    run_units(units, engine_settings(args), roots, say_to_stderr)
    planned = {unit.name: unit for unit in units}
    for name in names:  # the record in the order of the systems, whatever finished first
        outcome = (planned[name].outcome or {}) if name in planned else {}
        if name in planned and outcome.get("error") is None:
            merge_unit(planned[name], out, scores, runs, skipped, (current, recorded))
            continue
        error = outcome.get("error") or f"could not build {blocked.get(name)}"
        if name in absent or outcome.get("missing"):
            absent.add(name)
            failed[name] = f"not run, an input is missing: {error}"
            print(f"lexsub: system {name} {failed[name]}", file=sys.stderr)
        else:
            failed[name] = error
            print(f"lexsub: error: system {name}: {error}", file=sys.stderr)
    print(summary(units), file=sys.stderr)
    record_field_rows(out, roots, scores, runs, (current, recorded))  # the field, rescored
    runs.current = current
    tables = write_record(out, scores, runs, skipped, failed, roots)
    print(tables)
    print(f"lexsub: wrote {out / 'scores.json'}, {out / 'runs.json'}, {out / 'tables.md'} "
          f"in {time.perf_counter() - started:.1f}s", file=sys.stderr)
    stale = [p for p in (out / "report.html", out / "explorer" / "index.html") if p.is_file()]
    if stale:  # written from the scores.json just replaced
        print(f"lexsub: note: {' and '.join(map(str, stale))} show the scores before this run: "
              f"run `lexsub report --results {out}` (`make report`) to bring them up to date",
              file=sys.stderr)
    if absent:
        print(f"lexsub: warning: {len(absent)} of {len(names)} systems not run, an input is "
              f"missing ({', '.join(sorted(absent))}); tables.md says which and why, and "
              "`lexsub fetch --list` how to get each input", file=sys.stderr)
    return 1 if set(failed) - absent else 0
