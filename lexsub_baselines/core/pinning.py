"""Re-executing a process under the numeric kernels' pin (`core.kernels`), once, before the
libraries load: the `lexsub` command (`reexec_pinned`), scripts and API users (`pin`,
exported as `lexsub_baselines.pin`), the test suite (tests/kernel_pin.py). A command that
builds or answers re-executes, in the same step, from the code snapshot (`inputs.snapshot`:
`PYTHONPATH` first), so that it runs the code its keys name.

Whether a process is pinned is read from the environment it started with
(`core.kernels.startup_environment`), not from `os.environ`: a pin set in `os.environ` after
the start reached neither glibc nor a library already loaded, so it re-executes all the same.
The re-execution's flag is dropped as soon as the new process starts, so a child (a nested
`lexsub`, a test's subprocess) that chooses another level re-executes for it in turn.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping

from lexsub_baselines.core.errors import KernelsError, LexsubError
from lexsub_baselines.core.kernels import (
    DEFAULT_LEVEL,
    KERNELS_ENV,
    chosen_level,
    environment,
    startup_environment,
)

__all__ = ["pin", "pinned", "reexec_pinned"]

#: Set in the re-executed process (and dropped there at once), so that a pin the environment
#: cannot hold re-executes once, not forever.
_REEXEC_ENV = "LEXSUB_KERNELS_REEXEC"


def pinned(environ: Mapping[str, str] | None = None) -> bool:
    """Return whether `environ` (this process's start) holds the pin of the level chosen in
    `os.environ` (`LEXSUB_KERNELS`, which a script or a test may set before `pin`)."""
    level = chosen_level()
    if level is None:
        return True
    env = startup_environment() if environ is None else environ
    return all(env.get(name) == value for name, value in environment(level).items())


def pin(snapshot: Callable[[], Mapping[str, str]] | None = None) -> None:
    """Re-execute this process once with the kernels pinned (`LEXSUB_KERNELS`, default
    x86-64-v3), unless it was started pinned; call it first thing in a script that builds or
    records (`lexsub` does it itself). Nothing it loaded before counts: the new process
    starts over, from the same command line.

    Arguments:
        snapshot: returns the variables that make the new process run the code snapshot
            (`inputs.snapshot.snapshot_environment`; {} when this process runs one already);
            a non-empty answer re-executes too. Not called in the re-executed process. None:
            the pin alone.

    Raises:
        KernelsError: `LEXSUB_KERNELS` names no level this machine runs, the process cannot
            be re-executed (an interactive interpreter), or the re-executed process still
            lacks the pin.

    >>> # import lexsub_baselines; lexsub_baselines.pin()  # then build, run, record
    """
    attempted = os.environ.pop(_REEXEC_ENV, None)  # never inherited by a child
    try:
        level = chosen_level()
    except ValueError as error:
        raise KernelsError(str(error)) from None
    unpinned = level is not None and not pinned()
    extra = dict(snapshot()) if snapshot is not None and not attempted else {}
    interactive = not sys.argv or not sys.argv[0]
    if level is not None and unpinned and (attempted or interactive):
        why = "the re-executed process still lacks it" if attempted else (
            "an interactive interpreter cannot be re-executed")
        raise KernelsError(f"the numeric kernels cannot be pinned to {level.name} ({why}): "
                           "start the process under the pin, `env $(lexsub kernels --env) "
                           f"python ...`, or set {KERNELS_ENV}=native")
    if not (unpinned or extra) or interactive:  # an interpreter keeps its code (workers
        return  # run the snapshot all the same: `engine.cluster`)
    if level is not None and level.name != DEFAULT_LEVEL and not os.environ.get(KERNELS_ENV):
        print(f"lexsub: warning: this machine cannot run the {DEFAULT_LEVEL} kernels the "
              f"README's tables were made with; pinned to {level.name} (its figures differ)",
              file=sys.stderr)
    env = {**os.environ, **(environment(level) if level is not None else {}), **extra,
           _REEXEC_ENV: "1"}
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, list(sys.orig_argv), env)


def reexec_pinned(snapshot: Callable[[], Mapping[str, str]] | None = None) -> None:
    """Pin the kernels for the `lexsub` command (`pin`), and for a command that builds or
    answers, run it from the code snapshot (`snapshot`: its variables); a failure is one
    `lexsub: error:` line and exit status 2."""
    try:
        pin(snapshot)
    except LexsubError as error:
        print(f"lexsub: error: {error}", file=sys.stderr)
        raise SystemExit(2) from None
