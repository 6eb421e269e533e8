"""System answers and writers for the official best / oot / mw answer formats.

Formats (task10documentation §"Submission format"; SCORING.md):
- best: `bright.a 1 :: luminous;shining` — exactly one space around `::`;
- oot:  `bright.a 1 ::: luminous;shining;…` — exactly one space around `:::`;
- mw:   `cross.n 54 :: cross section`.
An item with no answer gets no line at all: the official scorer would reuse the previous
line's answers for a line with nothing after `::` (a known bug), so we never write one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.cache import atomic_write_text
from lexsub_baselines.errors import LexsubError

__all__ = ["ANSWER_KINDS", "Answers", "format_line", "write_answer_file"]

#: The answer-file kinds and their separators.
ANSWER_KINDS: dict[str, str] = {"best": "::", "oot": ":::", "mw": "::"}


@dataclass(frozen=True)
class Answers:
    """A system's answers for one instance.

    Attributes:
        best: the best answers (normally one; several split the credit).
        oot: up to 10 out-of-ten answers.
        mw: the detected multiword, or None.
    """

    best: tuple[str, ...] = ()
    oot: tuple[str, ...] = ()
    mw: str | None = None

    def for_kind(self, kind: str) -> tuple[str, ...]:
        """Return the answers written to a file of `kind` (best, oot or mw)."""
        if kind == "mw":
            return (self.mw,) if self.mw else ()
        return self.best if kind == "best" else self.oot


def format_line(kind: str, lexelt: str, item_id: str, answers: Iterable[str]) -> str | None:
    """Return the official answer line, or None when there is nothing to answer.

    Raises:
        LexsubError: an answer contains `;` or a line break (it would corrupt the file).

    >>> format_line("oot", "bright.a", "1", ["luminous", "shining"])
    'bright.a 1 ::: luminous;shining'
    """
    separator = ANSWER_KINDS[kind]
    values = [a for a in answers if a]
    for value in values:
        if ";" in value or "\n" in value or "\r" in value:
            raise LexsubError(f"answer {value!r} for {lexelt} {item_id} contains ';' or a line "
                              "break, which the answer format cannot hold")
    if not values:
        return None
    return f"{lexelt} {item_id} {separator} {';'.join(values)}"


def write_answer_file(
    path: Path, kind: str, rows: Iterable[tuple[str, str, Iterable[str]]]
) -> int:
    """Write an answer file atomically; return the number of lines written.

    Arguments:
        path: the output file.
        kind: best, oot or mw.
        rows: (lexelt, id, answers) in the order to write (dataset order).
    """
    if kind not in ANSWER_KINDS:
        raise LexsubError(f"unknown answer kind {kind!r}; known: {', '.join(ANSWER_KINDS)}")
    lines = [line for lexelt, item_id, answers in rows
             if (line := format_line(kind, lexelt, item_id, answers)) is not None]
    atomic_write_text(path, "".join(line + "\n" for line in lines))
    return len(lines)
