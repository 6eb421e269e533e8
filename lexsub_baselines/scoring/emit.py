"""Scoring problems, notes and hints as Python warnings (`ScoringWarning`), file:line first.

What `score()` and the CLI emit for a report (`emit_report`) or a list of problems
(`emit_problems`): one warning per kind of problem (code and cause) in a file, at its first
line, with how many lines have it and which (the first few), then the remedy -- what a valid
line looks like and what to do:

    run.best:3: not a best answer line: a tab where the line needs ` :: `; skipped (12 lines:
    3, 7, 9, 12, 15, …); a best line is `bright.a 1 :: luminous;shining` (…)

`summarise` returns those lines. docs/scorer.md lists every message.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Sequence

from lexsub_baselines.scoring.answers_reader import Problem
from lexsub_baselines.scoring.report import ScoreReport

__all__ = ["SHOWN_LINES", "ScoringWarning", "emit_problems", "emit_report", "summarise"]

#: How many line numbers a summary names before `…`.
SHOWN_LINES = 5


class ScoringWarning(UserWarning):
    """A problem in a scored file (the message names file and line), a note or a hint."""


def summarise(problems: Iterable[Problem], skip: Sequence[str] = ()) -> list[str]:
    """Return one line per kind of problem (file, code, cause), in order of first line.

    Each line is the first problem (`FILE:LINE: message`), then, when more lines have it,
    their count and first line numbers, then the remedy.

    >>> summarise([Problem("f", 2, "crlf", "CRLF line end", remedy="use LF"),
    ...            Problem("f", 5, "crlf", "CRLF line end", remedy="use LF")])
    ['f:2: CRLF line end (2 lines: 2, 5); use LF']
    """
    groups: dict[tuple[str, str, str], list[Problem]] = {}
    for problem in problems:
        if problem.code not in skip:
            groups.setdefault((problem.path, problem.code, problem.cause), []).append(problem)
    lines = []
    for group in groups.values():
        first = group[0]
        text = str(first)
        if len(group) > 1:
            numbers = ", ".join(str(p.line) for p in group[:SHOWN_LINES])
            more = ", …" if len(group) > SHOWN_LINES else ""
            text += f" ({len(group)} lines: {numbers}{more})"
        if first.remedy:
            text += f"; {first.remedy}"
        lines.append(text)
    return lines


def emit_problems(problems: Iterable[Problem], skip: Sequence[str] = (),
                  stacklevel: int = 2) -> None:
    """Warn (`ScoringWarning`) once per kind of problem: see `summarise`.

    Arguments:
        problems: the problems, in file order.
        skip: codes not to warn about.
        stacklevel: as for `warnings.warn`, counted from the caller of this function.
    """
    for line in summarise(problems, skip):
        warnings.warn(line, ScoringWarning, stacklevel=stacklevel)


def emit_report(report: ScoreReport, stacklevel: int = 2) -> None:
    """Warn (`ScoringWarning`) why a report is useless (if it is), then its gold and system
    problems, notes and hints."""
    if report.unusable:
        warnings.warn(report.unusable, ScoringWarning, stacklevel=stacklevel)
    emit_problems((*report.gold_problems, *report.problems), stacklevel=stacklevel + 1)
    for message in (*report.notes, *report.hints):
        warnings.warn(message, ScoringWarning, stacklevel=stacklevel)
