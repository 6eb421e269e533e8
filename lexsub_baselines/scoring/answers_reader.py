"""Lenient reading of system answer files (best, oot, mw), with every problem located.

Lines are split on LF only, as Perl's `<SYS>` does (a CR stays on the line unless the profile
strips it). A line that does not match the profile's pattern is a *malformed* line: the
official scorer prints `Error in FILE on line N` and skips it; so do we. Other problems
(duplicate ids, blank answers, CR line ends, undecodable bytes, an empty file) are recorded
too; nothing here raises on bad content.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from lexsub_baselines.scoring.input_files import path_kind, read_input
from lexsub_baselines.scoring.profiles import Profile

__all__ = [
    "OTHER_KIND",
    "AnswerLine",
    "Problem",
    "SystemAnswers",
    "answers_from_mapping",
    "parse_answer_lines",
    "read_answers",
]


#: The kind whose lines a best or oot file is most often confused with, and its separator.
OTHER_KIND: dict[str, tuple[str, str]] = {"best": ("oot", ":::"), "oot": ("best", "::")}


@dataclass(frozen=True)
class Problem:
    """One problem found in an input file.

    Attributes:
        path: the file (or `<memory>`).
        line: 1-based line number (0 when the problem concerns the whole file).
        code: `malformed`, `duplicate-id`, `blank-answers`, `crlf`, `encoding`, `empty-file`,
            `unknown-id`, `lexelt-mismatch`; in gold files also `skipped` (a line score.pl
            skips without a word).
        message: what is wrong and what happens to the line.
    """

    path: str
    line: int
    code: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


class AnswerLine(NamedTuple):
    """One well-formed answer line.

    Attributes:
        lexelt: the lexelt as written.
        id: the instance id.
        answers: the answers as split (not yet normalised; empty for a blank line).
        line: 1-based line number.
        text: the answers text after the separator (for mw, the whole multiword).

    An immutable NamedTuple rather than a frozen dataclass: one is made per line read, and
    a frozen dataclass takes three times as long to build (a third of the time of scoring
    a 1,700-line file against a built gold).
    """

    lexelt: str
    id: str
    answers: tuple[str, ...]
    line: int
    text: str = ""


@dataclass(frozen=True)
class SystemAnswers:
    """The well-formed lines of a system file, in file order, and the problems found.

    Every matching line is kept (the scorer uses the first per id); `problems` lists what
    was wrong, each with file and line; `other_kind_lines` counts the malformed lines that
    are well-formed lines of the other substitution kind (`:::` in a best file, `::` in an
    oot file), for `hints.kind_hint`.
    """

    path: str
    kind: str
    lines: tuple[AnswerLine, ...]
    problems: tuple[Problem, ...]
    other_kind_lines: int = 0

    @property
    def malformed_lines(self) -> tuple[int, ...]:
        """Return the numbers of the lines the official scorer reports as `Error in`."""
        return tuple(p.line for p in self.problems if p.code == "malformed")


def _decode(raw: bytes, profile: Profile) -> tuple[str, bool]:
    try:
        return raw.decode("utf-8"), True
    except UnicodeDecodeError:
        if profile.decode == "latin-1":
            return raw.decode("latin-1"), False
        return raw.decode("utf-8", errors="surrogateescape"), False


def parse_answer_lines(
    raw_lines: Iterable[bytes | str], kind: str, profile: Profile, path: str = "<lines>"
) -> SystemAnswers:
    """Parse answer lines (bytes or text, with or without their newline).

    Arguments:
        raw_lines: the lines in file order.
        kind: `best`, `oot` or `mw`.
        profile: decides the line pattern, decoding and CR handling.
        path: the name used in problems.

    Returns:
        The well-formed lines and the problems found (never raises on bad content).
    """
    search = profile.lines.for_kind(kind).search
    other, separator = OTHER_KIND.get(kind, ("", ""))
    article = "an" if kind == "oot" else "a"
    other_pattern = profile.lines.for_kind(other) if other else None
    answers_text, split_answers = profile.answers_text, profile.split_answers
    lines: list[AnswerLine] = []
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    crlf = other_kind = 0
    for number, raw in enumerate(raw_lines, start=1):
        if isinstance(raw, bytes):
            text, clean = _decode(raw, profile)
            if not clean:
                how = "as Latin-1" if profile.decode == "latin-1" else "byte for byte"
                problems.append(Problem(path, number, "encoding",
                                        f"not valid UTF-8; read {how}"))
        else:
            text = raw
        text = text.rstrip("\n")
        if text.endswith("\r"):
            crlf += 1
            if crlf == 1:
                effect = ("CR removed" if profile.strip_cr else
                          "the CR stays in the last answer, which then gets no credit, as in "
                          "the official scorer (use --profile corrected)")
                problems.append(Problem(path, number, "crlf", f"CRLF line end; {effect}"))
            if profile.strip_cr:
                text = text[:-1]
        match = search(text)
        if match is None:
            # score.pl: `elsif ($line =~ /\S/) { print "Error in $ansfile on line $lcnt\n" }`
            if text.strip(" \t\r\f\v"):
                if other_pattern is not None and other_pattern.search(text):
                    other_kind += 1
                    what = (f"not {article} {kind} answer line (it has the {other} "
                            f"separator `{separator}`); skipped")
                else:
                    what = f"not {article} {kind} answer line; skipped"
                problems.append(Problem(path, number, "malformed", what))
            continue
        lexelt, item_id, rest = match.groups()
        rest = answers_text(rest)
        duplicate = item_id in seen
        if duplicate:
            problems.append(Problem(path, number, "duplicate-id",
                                    f"id {item_id} already answered on line {seen[item_id]}; "
                                    "this line is ignored"))
        else:
            seen[item_id] = number
        blank = not rest.strip(" \t\r\f\v")
        if blank and kind != "mw" and not duplicate:
            problems.append(Problem(path, number, "blank-answers",
                                    f"nothing after the separator for id {item_id}: "
                                    "unattempted (score.pl would re-use the previous line's "
                                    "answers)"))
        answers = () if blank else tuple(split_answers(rest))
        lines.append(AnswerLine(lexelt, item_id, answers, number, rest))
    if not lines and not problems:
        problems.append(Problem(path, 0, "empty-file", "no answer lines"))
    return SystemAnswers(path, kind, tuple(lines), tuple(problems), other_kind)


def read_answers(path: Path | str, kind: str, profile: Profile) -> SystemAnswers:
    """Read a system answer file leniently.

    Arguments:
        path: the best, oot or mw file.
        kind: `best`, `oot` or `mw`.
        profile: decides the line pattern, decoding and CR handling.

    Returns:
        The well-formed lines and the problems found (never raises on bad content).

    Raises:
        MissingResourceError: the file does not exist.
        LexsubError: the path is a directory (the message names answer files in it) or
            cannot be read. A device or pipe (`/dev/null`) is read as a stream; when it gives
            no line, the `empty-file` problem names what it is.
    """
    file = Path(path)
    data = read_input(file, f"{kind} answer file", "write it with `lexsub run` or check the path")
    raw_lines: list[bytes] | list[str]
    try:  # a UTF-8 file (the usual case) is decoded at once; otherwise line by line
        raw_lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        raw_lines = data.split(b"\n")
    if raw_lines and not raw_lines[-1]:
        raw_lines.pop()
    answers = parse_answer_lines(raw_lines, kind, profile, str(path))
    kind_of = path_kind(file)
    if not raw_lines and kind_of != "a file":
        answers = replace(answers, problems=(Problem(str(path), 0, "empty-file",
                                                     f"no answer lines: {path} is {kind_of}, "
                                                     "not an answer file"),))
    return answers


def answers_from_mapping(
    answers: Mapping[str, Sequence[str]], kind: str, lexelts: Mapping[str, str] | None = None
) -> SystemAnswers:
    """Build `SystemAnswers` from {id: answers} without writing a file.

    The answers are taken as already split (one string per answer); ids with no answers
    are left out, as the answer writers leave out their lines.

    >>> answers_from_mapping({"301": ["team"]}, "best").lines[0].answers
    ('team',)
    """
    lines = tuple(
        AnswerLine((lexelts or {}).get(item_id, ""), item_id, tuple(values), number,
                   ";".join(values))
        for number, (item_id, values) in enumerate(answers.items(), start=1)
        if any(values)
    )
    return SystemAnswers("<memory>", kind, lines, ())
