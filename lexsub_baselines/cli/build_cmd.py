"""`lexsub build`: build cached resources through the Dask build graph (`lexsub_baselines.builds`).

    lexsub build                       # everything `make baselines` reads
    lexsub build parser                # one stage (and what it needs)
    lexsub build relations --max-tokens 20M --scheduler tcp://10.0.0.5:8786
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import engine_options, engine_settings, token_budget
from lexsub_baselines.core.errors import UnknownNameError
from lexsub_baselines.core.extras import MissingExtraError, extra_imports
from lexsub_baselines.core.paths import Roots
from lexsub_baselines.text.corpora import CORPORA

__all__ = ["add_parser", "print_report", "run_build"]

#: The default of `--max-tokens`: the budget the systems use (`LEXSUB_RELATIONS_TOKENS`).
_FROM_ENV = object()


def add_parser(subparsers: Any) -> None:
    """Register the `build` sub-command (its help is there without the extra too, the stages
    named once it is installed: they import its libraries)."""
    try:
        with extra_imports("lexsub build"):
            from lexsub_baselines.builds import STAGES

            stages = "; ".join(f"{name}: {STAGES.doc(name)}" for name in STAGES.names())
    except MissingExtraError:
        stages = "listed here once the baselines extra is installed"
    parser = subparsers.add_parser(
        "build", help="build cached resources on a Dask cluster (parser, relation counts, LM…)",
        description=f"Build resources and what they need, skipping what is cached. Stages: "
        f"{stages}.",
        **examples("build"))
    parser.add_argument("targets", nargs="*", metavar="STAGE",
                        help="stages to build (default: all of them)")
    parser.add_argument("--max-tokens", type=token_budget, default=_FROM_ENV,
                        help="corpus tokens of the relation counts, e.g. 20M or all (default "
                        "$LEXSUB_RELATIONS_TOKENS, else all: the sample the systems use)")
    parser.add_argument("--corpora", default="enwiki,gutenberg",
                        help=f"comma-separated corpora of the relation counts "
                        f"({', '.join(CORPORA)})")
    engine_options(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    parser.set_defaults(func=run_build)


def run_build(args: argparse.Namespace, roots: Roots) -> int:
    """Build the stages; print the stage table (and where the main results are)."""
    from lexsub_baselines.builds import STAGES, ResourceSettings, build
    from lexsub_baselines.engine.progress import Progress

    names = tuple(n.strip() for n in args.corpora.split(",") if n.strip())
    for name in names:
        if name not in CORPORA:
            raise UnknownNameError("corpus", name, sorted(CORPORA))
    settings = ResourceSettings.from_env()
    relations = dataclasses.replace(settings.relations, corpora=names)
    if args.max_tokens is not _FROM_ENV:
        relations = dataclasses.replace(relations, max_tokens=args.max_tokens)
    settings = dataclasses.replace(settings, relations=relations)
    targets = args.targets or STAGES.names()
    report = build(roots, targets, settings, engine_settings(args),
                   Progress(enabled=not args.no_progress))
    return print_report(report, targets, roots)


def print_report(report: Any, targets: Any, roots: Roots) -> int:
    """Print the stage table and where each target's result is (its cache entry and
    checksum); return 1 when a stage failed."""
    from lexsub_baselines.runs.provenance import resource_fingerprint

    print(report.table(), file=sys.stderr)
    for name in targets:
        value = report.results.get(name)
        if value is None or hasattr(value, "error"):
            continue
        where = resource_fingerprint(value, roots.cache)
        print(f"{name}: {roots.cache / where if where else 'ready'}")
        if name == "parser" and hasattr(value, "scores"):
            print(json.dumps(value.scores.get("test", {}), indent=1, sort_keys=True))
    return 1 if report.failures() else 0
