"""Scoring problems, notes and hints as Python warnings (`ScoringWarning`), file:line first.

What `score()` and the CLI emit for a report (`emit_report`) or a list of problems
(`emit_problems`, at most `limit` of one kind, then a summary line).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence

from lexsub_baselines.scoring.answers_reader import Problem
from lexsub_baselines.scoring.report import ScoreReport

__all__ = ["ScoringWarning", "emit_problems", "emit_report"]


class ScoringWarning(UserWarning):
    """A problem in a scored file (the message names file and line), a note or a hint."""


def emit_problems(problems: Iterable[Problem], limit: int = 10,
                  skip: Sequence[str] = (), stacklevel: int = 2) -> None:
    """Warn about each problem (`ScoringWarning`), at most `limit` per kind, then a summary.

    Arguments:
        problems: the problems, in file order.
        limit: how many of one kind (code) to show before summarising the rest.
        skip: codes not to warn about (e.g. `malformed` when the text output shows them).
        stacklevel: as for `warnings.warn`, counted from the caller of this function.
    """
    shown: dict[str, int] = {}
    hidden: dict[tuple[str, str], int] = {}
    for problem in problems:
        if problem.code in skip:
            continue
        shown[problem.code] = shown.get(problem.code, 0) + 1
        if shown[problem.code] <= limit:
            warnings.warn(str(problem), ScoringWarning, stacklevel=stacklevel)
        else:
            key = (problem.path, problem.code)
            hidden[key] = hidden.get(key, 0) + 1
    for (path, code), count in hidden.items():
        warnings.warn(f"{path}: {count} more {code} problems not shown", ScoringWarning,
                      stacklevel=stacklevel)


def emit_report(report: ScoreReport, stacklevel: int = 2) -> None:
    """Warn (`ScoringWarning`) about a report's gold and system problems, notes and hints."""
    emit_problems((*report.gold_problems, *report.problems), stacklevel=stacklevel + 1)
    for message in (*report.notes, *report.hints):
        warnings.warn(message, ScoringWarning, stacklevel=stacklevel)
