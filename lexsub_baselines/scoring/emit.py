"""What a score says besides its figures: `Message`s, each shown every time it is made.

Every report (`ScoreReport`, `SwordsReport`, `LsgReport`, `TsarReport`) has `messages`: the
lines `lexsub score` writes on stderr, each a `Message` of a level (`warning`: a problem in
the file, with its line; `note`: what could not be computed or was read otherwise; `hint`:
what probably went wrong) and one line of text. A file's problems are summarised one line per
kind (`summarise`): the first line that has it, how many lines do and which (the first few),
then the remedy:

    run.best:3: not a best answer line: a tab where the line needs ` :: `; skipped (12 lines:
    3, 7, 9, 12, 15, …); a best line is `bright.a 1 :: luminous;shining` (…)

`score()` and `Scorer.score` print nothing: they return the messages in the report and log
them (`show`) to the `lexsub_baselines.scoring` logger, every time (not through the warnings
filter, which shows a warning once per place in the code: scoring the same bad file twice in a
loop logs it twice). The logger has only a `NullHandler`, as the logging documentation asks of
a library, so that Python's last-resort handler does not write them to stderr: an application
that configures logging (`logging.basicConfig()`) sees them; `lexsub score` prints them itself.
`warn=False` does not log them either. docs/semeval.md lists every message ("Messages").
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from lexsub_baselines.scoring.answers_reader import Problem

__all__ = ["LOGGER", "SHOWN_LINES", "Message", "show", "summarise"]

#: How many line numbers a summary names before `…`.
SHOWN_LINES = 5
#: Where `show` sends the messages.
LOGGER = logging.getLogger("lexsub_baselines.scoring")
# a library prints nothing unless the application configures logging (the logging HOWTO,
# "Configuring Logging for a Library"): no handler but this one, which drops the records
LOGGER.addHandler(logging.NullHandler())


class Message(NamedTuple):
    """One line a score says besides its figures.

    Attributes:
        level: `warning`, `note` or `hint`.
        text: the line (file and line first where there are).
    """

    level: str
    text: str

    def __str__(self) -> str:
        return f"{self.level}: {self.text}"


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


def show(messages: Iterable[Message]) -> None:
    """Log each message, as `lexsub: LEVEL: TEXT`, at level WARNING; the bytes of a file that
    is not UTF-8 shown as `\\xNN`, so that every handler can write the line."""
    for message in messages:
        LOGGER.warning("lexsub: %s", _printable(str(message)))


def _printable(text: str) -> str:
    r"""Return `text` with undecodable bytes (read as lone surrogates) as `\xNN`.

    >>> _printable("caf\udce9")
    'caf\\xe9'
    """
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
