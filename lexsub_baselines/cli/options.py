"""Argument types shared by the sub-commands."""

from __future__ import annotations

import argparse
from typing import Any

from lexsub_baselines.core.errors import LexsubError
from lexsub_baselines.core.extras import EXTRA
from lexsub_baselines.text.corpora import parse_token_budget

__all__ = ["EXTRA_COMMANDS", "engine_options", "engine_settings", "load_plugin_options",
           "needs_extra", "plugin_options", "token_budget"]

#: The commands that build or run the baselines: `main` asks for the extra before running one
#: (`core.extras.require_extra`), and `lexsub --help` marks them (`needs_extra`).
EXTRA_COMMANDS: frozenset[str] = frozenset({"baselines", "run", "report", "rank-eval", "vote",
                                            "lm", "build", "kernels"})


def needs_extra(text: str) -> str:
    """Return a command's one-line help with the mark of a command that needs the extra."""
    return f"{text} [needs the {EXTRA} extra]"


def token_budget(text: str) -> int | None:
    """argparse type of a corpus token budget: `50000000`, `50M`, `2.5M` or `all` (None)."""
    try:
        return parse_token_budget(text)
    except LexsubError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def engine_options(parser: argparse.ArgumentParser) -> None:
    """Add `--scheduler` and `--workers`: where the builds run."""
    from lexsub_baselines.engine.cluster import SCHEDULER_ENV

    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help=f"run builds on this Dask scheduler, e.g. tcp://host:8786 (env "
                        f"{SCHEDULER_ENV}; default: an embedded local cluster, one worker per "
                        "core)")
    parser.add_argument("--workers", type=_positive, default=None,
                        help="worker processes of the embedded local cluster (default: cores; "
                        "`baselines` answers in its own process with 1)")


def engine_settings(args: argparse.Namespace) -> Any:
    """Return the `EngineSettings` of `--scheduler` / `--workers` (else the environment)."""
    from lexsub_baselines.engine.cluster import EngineSettings

    return EngineSettings.from_env(args.scheduler, args.workers)


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def plugin_options(parser: argparse.ArgumentParser) -> None:
    """Add `--plugin MODULE` (repeatable): a user's module that registers components."""
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                        help="load a plug-in first: a module name (on the Python path, or "
                        "MODULE.py in the working directory) or the path of a .py file, that "
                        "registers generators, rankers or systems (repeatable; installed entry "
                        "points of the group lexsub_baselines.plugins load too)")


def load_plugin_options(args: argparse.Namespace) -> None:
    """Fill the catalog and load the plug-ins of `--plugin` and the installed entry points.

    Raises:
        PluginError: a plug-in that is not found or fails to import (one line, no traceback).
    """
    from lexsub_baselines.plugins import load_plugins

    load_plugins(getattr(args, "plugin", ()))

