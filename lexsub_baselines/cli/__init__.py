"""The `lexsub` command: one sub-command per module in `COMMANDS`.

Each command module defines `add_parser(subparsers)` that registers its sub-command and sets
`func(args, roots) -> int`. Errors the user can fix (`LexsubError`) are printed on one line
and exit with status 2; warnings are printed as `lexsub: warning: …` lines on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Sequence
from typing import Any

from lexsub_baselines import __version__
from lexsub_baselines.errors import LexsubError
from lexsub_baselines.paths import CACHE_ENV, DATA_ENV, SHARED_ENV, resolve_roots

__all__ = ["COMMANDS", "build_parser", "main"]

#: The sub-command modules, in the order `lexsub --help` lists them.
COMMANDS: tuple[str, ...] = (
    "lexsub_baselines.cli.datasets_cmd",
    "lexsub_baselines.cli.resources_cmd",
    "lexsub_baselines.cli.baselines_cmd",
    "lexsub_baselines.cli.score_cmd",
    "lexsub_baselines.cli.report_cmd",
    "lexsub_baselines.cli.lm_cmd",
    "lexsub_baselines.cli.build_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every registered sub-command."""
    parser = argparse.ArgumentParser(
        prog="lexsub",
        description="Lexical substitution baselines (SemEval-2007 Task 10, SemEval-2010 Task 2) "
        "and their official scorer.",
    )
    parser.add_argument("--version", action="version", version=f"lexsub {__version__}")
    parser.add_argument("--shared-root", default=None,
                        help=f"folder with data/, resources/, corpora/ (env {SHARED_ENV}; "
                        "default ../shared)")
    parser.add_argument("--data-root", default=None,
                        help=f"task-data folder (env {DATA_ENV}; default <shared-root>/data)")
    parser.add_argument("--cache-dir", default=None,
                        help=f"where built resources are kept (env {CACHE_ENV}; "
                        "default resources/cache)")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_name in COMMANDS:
        importlib.import_module(module_name).add_parser(subparsers)
    return parser


def _show_warning(message: Any, category: Any, filename: str, lineno: int,
                  file: Any = None, line: Any = None) -> None:
    print(f"lexsub: warning: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `lexsub` command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    roots = resolve_roots(args.shared_root, args.data_root, args.cache_dir)
    previous = warnings.showwarning
    warnings.showwarning = _show_warning
    try:
        status: int = args.func(args, roots)
        return status
    except LexsubError as error:
        print(f"lexsub: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("lexsub: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        warnings.showwarning = previous


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
