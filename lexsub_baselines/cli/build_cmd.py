"""`lexsub build`: build the cached resources (the EWT parser, the relation counts)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from lexsub_baselines.cli.options import token_budget
from lexsub_baselines.corpora import CORPORA
from lexsub_baselines.errors import UnknownNameError
from lexsub_baselines.paths import Roots

__all__ = ["add_parser", "run_parser", "run_relations"]


#: The default of `--max-tokens`: the budget the systems use (`default_max_tokens`).
_FROM_ENV = object()


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def add_parser(subparsers: Any) -> None:
    """Register the `build` sub-command and its `parser` / `relations` targets."""
    from lexsub_baselines.distributional.build import DEFAULT_MAX_TOKENS, RELATIONS_TOKENS_ENV

    parser = subparsers.add_parser("build", help="build cached resources (parser, relation counts)")
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)

    train = targets.add_parser(
        "parser", help="train the spaCy parser on UD English-EWT (once; ~30 min on one core)")
    train.add_argument("--force", action="store_true", help="retrain even if cached")
    train.add_argument("--quiet", action="store_true", help="hide spaCy's training table")
    train.set_defaults(func=run_parser)

    rel = targets.add_parser(
        "relations", help="parse the corpora and count grammatical-relation features")
    size = rel.add_mutually_exclusive_group()
    size.add_argument("--max-tokens", type=token_budget, default=_FROM_ENV,
                      help=f"corpus tokens to parse, e.g. 20M or all (default "
                      f"${RELATIONS_TOKENS_ENV}, else {DEFAULT_MAX_TOKENS:,}: the sample the "
                      "systems use)")
    size.add_argument("--full", action="store_true", help="parse the whole corpora")
    rel.add_argument("--corpora", default="enwiki,gutenberg",
                     help=f"comma-separated corpus names ({', '.join(CORPORA)})")
    rel.add_argument("--processes", type=_positive, default=2, help="parser processes (default 2)")
    rel.add_argument("--no-progress", action="store_true", help="no progress bars")
    rel.set_defaults(func=run_relations)


def run_parser(args: argparse.Namespace, roots: Roots) -> int:
    """Train (or find) the parser and print its EWT test scores."""
    from lexsub_baselines.distributional.parser import train_parser

    model = train_parser(roots, force=args.force, quiet=args.quiet)
    print(f"parser: {model.path}")
    print(json.dumps(model.scores, indent=2, sort_keys=True))
    return 0


def run_relations(args: argparse.Namespace, roots: Roots) -> int:
    """Build (or find) the relation counts and print where they are and their size."""
    from lexsub_baselines.distributional.build import (
        BuildSettings,
        build_counts,
        counts_stem,
        default_max_tokens,
    )
    from lexsub_baselines.distributional.parser import ensure_parser

    names = tuple(n.strip() for n in args.corpora.split(",") if n.strip())
    for name in names:
        if name not in CORPORA:
            raise UnknownNameError("corpus", name, sorted(CORPORA))
    max_tokens = (None if args.full else default_max_tokens() if args.max_tokens is _FROM_ENV
                  else args.max_tokens)
    settings = BuildSettings(corpora=names, max_tokens=max_tokens, n_process=args.processes)
    model = ensure_parser(roots)
    counts = build_counts(roots, model, settings, progress=not args.no_progress)
    print(f"relations: {counts_stem(roots, model, settings)}.npz")
    print(f"words {len(counts.words):,}  features {len(counts.features):,}  "
          f"relation occurrences {int(counts.matrix.sum()):,}")
    print(json.dumps(counts.meta, sort_keys=True))
    return 0
