"""The `lexsub` command (also `python -m lexsub_baselines`): sub-commands from the modules in
`COMMANDS`. May import anything (the interface is the top layer).

Each command module defines `add_parser(subparsers)` that registers its sub-command and sets
`func(args, roots) -> int`; only the module of the command run is imported
(`COMMAND_MODULES`); every module imports without the `baselines` extra, so `lexsub --help` and
`lexsub COMMAND --help` work in the scoring install, and the commands that need the extra
(`options.EXTRA_COMMANDS`, marked in the help) ask for it before they run
(`core.extras.require_extra`). Errors the user can fix (`LexsubError`) are printed on one line
and exit with status 2; warnings are printed as `lexsub: warning: …` lines on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lexsub_baselines.cli.examples import examples
from lexsub_baselines.cli.options import EXTRA_COMMANDS, needs_extra
from lexsub_baselines.core.collector import fewer_full_collections
from lexsub_baselines.core.errors import LexsubError, MissingResourceError
from lexsub_baselines.core.extras import EXTRA, INSTALL_ADVICE, extra_imports, require_extra
from lexsub_baselines.core.paths import (
    CACHE_ENV,
    DATA_ENV,
    SHARED_ENV,
    Roots,
    resolve_roots,
    user_data_dir,
)
from lexsub_baselines.core.version import __version__

__all__ = ["COMMANDS", "COMMAND_MODULES", "UNPINNED_COMMANDS", "build_parser",
           "command_modules", "main", "needs_pin"]

#: The sub-command modules, in the order `lexsub --help` lists them.
COMMANDS: tuple[str, ...] = (
    "lexsub_baselines.cli.fetch_cmd",
    "lexsub_baselines.cli.mirror_cmd",
    "lexsub_baselines.cli.datasets_cmd",
    "lexsub_baselines.cli.resources_cmd",
    "lexsub_baselines.cli.baselines_cmd",
    "lexsub_baselines.cli.score_cmd",
    "lexsub_baselines.cli.field_cmd",
    "lexsub_baselines.cli.components_cmd",
    "lexsub_baselines.cli.report_cmd",
    "lexsub_baselines.cli.lm_cmd",
    "lexsub_baselines.cli.build_cmd",
    "lexsub_baselines.cli.kernels_cmd",
)

#: The module that registers each sub-command, so that a command imports only its own module
#: (`lexsub score` loads no numpy). A command missing here still works: every module is
#: then imported, as for `lexsub --help`.
COMMAND_MODULES: dict[str, str] = {
    "fetch": "lexsub_baselines.cli.fetch_cmd",
    "mirror": "lexsub_baselines.cli.mirror_cmd",
    "datasets": "lexsub_baselines.cli.datasets_cmd",
    "resources": "lexsub_baselines.cli.resources_cmd",
    "baselines": "lexsub_baselines.cli.baselines_cmd",
    "systems": "lexsub_baselines.cli.baselines_cmd",
    "run": "lexsub_baselines.cli.baselines_cmd",
    "score": "lexsub_baselines.cli.score_cmd",
    "field": "lexsub_baselines.cli.field_cmd",
    "components": "lexsub_baselines.cli.components_cmd",
    "report": "lexsub_baselines.cli.report_cmd",
    "rank-eval": "lexsub_baselines.cli.report_cmd",
    "vote": "lexsub_baselines.cli.report_cmd",
    "lm": "lexsub_baselines.cli.lm_cmd",
    "build": "lexsub_baselines.cli.build_cmd",
    "kernels": "lexsub_baselines.cli.kernels_cmd",
    "verify-tables": "lexsub_baselines.cli.kernels_cmd",
}


def command_modules(argv: Sequence[str]) -> tuple[str, ...]:
    """Return the command modules `argv` needs, in `COMMANDS` order.

    The modules of every word of `argv` that names a sub-command (an option value that
    happens to be a command name only adds a module); none for a bare `--version`; all of
    them when no word names a command (`--help`, a mistyped command).
    """
    named = {COMMAND_MODULES[word] for word in argv if word in COMMAND_MODULES}
    if named:
        return tuple(m for m in COMMANDS if m in named)
    if "--version" in argv and not {"-h", "--help"} & set(argv):
        return ()
    return COMMANDS


#: Commands whose work is pure Python (no numeric library is loaded: the scorers are exact
#: Python arithmetic), so they run without re-executing under the kernels' pin (0.3 s).
UNPINNED_COMMANDS: frozenset[str] = frozenset({"score", "datasets", "fetch", "mirror",
                                               "field"})


#: Commands that build or answer: they run from the code snapshot (`inputs.snapshot`), so that
#: the client, like every worker, runs the code the keys name.
SNAPSHOT_COMMANDS: frozenset[str] = frozenset({"baselines", "run", "build", "lm", "report",
                                               "rank-eval", "vote"})


def _snapshot(argv: Sequence[str]) -> Callable[[], Mapping[str, str]] | None:
    """Return, for a command that builds or answers, what gives the variables that run it
    from the code snapshot in its cache (the roots its options and the environment give);
    None for any other command."""
    if not {word for word in argv if word in COMMAND_MODULES} & SNAPSHOT_COMMANDS:
        return None
    roots = argparse.ArgumentParser(add_help=False)
    for option in ("--shared-root", "--data-root", "--cache-dir"):
        roots.add_argument(option, default=None)
    known, _ = roots.parse_known_args(argv)

    def environment() -> Mapping[str, str]:
        from lexsub_baselines.inputs.snapshot import snapshot_environment

        cache = resolve_roots(known.shared_root, known.data_root, known.cache_dir).cache
        return snapshot_environment(cache, safe_path=True)

    return environment


def needs_pin(argv: Sequence[str]) -> bool:
    """Return whether the command `argv` names computes with numeric libraries (every command
    but `UNPINNED_COMMANDS`, `--version` and `--help` alone), so runs under the pin."""
    named = {word for word in argv if word in COMMAND_MODULES}
    return bool(named - UNPINNED_COMMANDS)


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """Return the argument parser with the sub-commands of the modules `commands` (all)."""
    parser = argparse.ArgumentParser(
        prog="lexsub",
        description="The baseline systems of the SemEval lexical-substitution tasks "
        "(SemEval-2007 Task 10, SemEval-2010 Task 2), also run on SWORDS, LS07 and CoInCo "
        "under LexSubGen's protocol and TSAR-2022; the official scorers of each, exactly "
        "(SemEval-2007/2010's score.pl, SWORDS's evaluation, LexSubGen's, TSAR-2022's "
        "tsar_eval.py). Scoring, fetch, mirror and datasets need the package alone (and "
        f"tqdm); the commands marked [needs the {EXTRA} extra] build and run the baselines. "
        f"Install: {INSTALL_ADVICE}. `lexsub COMMAND --help` describes each command.",
        **examples("lexsub"),
    )
    parser.add_argument("--version", action="version", version=f"lexsub {__version__}")
    now = resolve_roots()
    parser.add_argument("--shared-root", default=None,
                        help=f"folder with data/, resources/, corpora/ (env {SHARED_ENV}; "
                        "default the checkout's ../shared when the package runs from a checkout "
                        f"that has one, else the per-user folder {user_data_dir()}, where "
                        "`lexsub fetch` puts them; never a folder beside the working directory; "
                        f"now: {now.describe('shared')})")
    parser.add_argument("--data-root", default=None,
                        help=f"task-data folder (env {DATA_ENV}; default <shared-root>/data; "
                        f"now: {now.describe('data')})")
    parser.add_argument("--cache-dir", default=None,
                        help=f"where built resources are kept (env {CACHE_ENV}; default the "
                        "checkout's resources/cache whatever the working directory, or "
                        "$XDG_CACHE_HOME/lexsub_baselines (~/.cache/...) for an installed "
                        "package; now "
                        f"{now.cache.resolve()})")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module_name in commands:
        importlib.import_module(module_name).add_parser(_Marking(subparsers))
    return parser


class _Marking:
    """The sub-commands' action as the command modules see it: it marks the one-line help of
    every command of `EXTRA_COMMANDS` (`options.needs_extra`), so `lexsub --help` marks
    exactly the commands that ask for the extra."""

    def __init__(self, action: Any) -> None:
        self._action = action

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if name in EXTRA_COMMANDS and "help" in kwargs:
            kwargs["help"] = needs_extra(kwargs["help"])
        parser: argparse.ArgumentParser = self._action.add_parser(name, **kwargs)
        return parser


def _show_warning(message: Any, category: Any, filename: str, lineno: int,
                  file: Any = None, line: Any = None) -> None:
    print(f"lexsub: warning: {message}", file=sys.stderr)


def _with_root(error: LexsubError, roots: Roots) -> str:
    """Return the error's message; for a missing file under a root, also which root is in use
    and why (a folder taken by default is the usual reason a file is not found)."""
    where = roots.where(error.path) if isinstance(error, MissingResourceError) else ""
    return f"{error} [{where}]" if where else str(error)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `lexsub` command line; return the exit status.

    Run as the command (`argv` None), a command that computes with numeric libraries first
    re-executes itself once with the kernels pinned (`core.kernels`: set before any library
    loads, inherited by the Dask workers it starts); called with `argv` (tests, scripts), it
    runs in this process as is.
    """
    if argv is None and needs_pin(sys.argv[1:]):
        from lexsub_baselines.core.pinning import reexec_pinned  # not for score: pure Python

        reexec_pinned(_snapshot(sys.argv[1:]))
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(command_modules(words))
    args = parser.parse_args(words)
    roots = resolve_roots(args.shared_root, args.data_root, args.cache_dir)
    previous = warnings.showwarning
    warnings.showwarning = _show_warning
    what = f"`lexsub {args.command}`"
    try:  # a library of the extra missing: one line, whether asked for first or met later
        with fewer_full_collections(), extra_imports(what):  # (core.collector: long runs)
            if args.command in EXTRA_COMMANDS:
                require_extra(what)
            status: int = args.func(args, roots)
        return status
    except LexsubError as error:
        print(f"lexsub: error: {_with_root(error, roots)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:  # what was kept, when the command says (`lexsub fetch`)
        print(f"lexsub: interrupted{': ' + str(stop) if str(stop) else ''}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        warnings.showwarning = previous


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
