"""Lenient reading of system answer files (best, oot, mw), with every problem located.

Lines are split on LF only, as Perl's `<SYS>` does (a CR stays on the line unless the profile
strips it). A line that does not match the profile's pattern is a *malformed* line: the
official scorer prints `Error in FILE on line N` and skips it; so do we. Other problems
(duplicate ids, blank answers, CR line ends, undecodable bytes, an empty file) are recorded
too; nothing here raises on bad content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import repeat
from operator import attrgetter
from pathlib import Path
from typing import NamedTuple

from lexsub_baselines.scoring.diagnose import (
    OTHER_KIND,
    Problem,
    bare_cr_problem,
    file_format,
    format_problem,
    malformed_problems,
    valid_line,
)
from lexsub_baselines.scoring.input_files import path_kind, read_input
from lexsub_baselines.scoring.profiles import Profile
from lexsub_baselines.scoring.spelling import PYTHON, Spelling
from lexsub_baselines.substitutes.answers import Answers

__all__ = [
    "OTHER_KIND",
    "AnswerLine",
    "Problem",
    "SystemAnswers",
    "answers_from_mapping",
    "parse_answer_lines",
    "read_answers",
]


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
    oot file), for `hints.kind_hint`, and `other_multiwords` those of them that name one
    multiword holding the target word, as an mw file's lines do (`diagnose.multiword_line`).
    """

    path: str
    kind: str
    lines: tuple[AnswerLine, ...]
    problems: tuple[Problem, ...]
    other_kind_lines: int = 0
    other_multiwords: int = 0

    @property
    def malformed_lines(self) -> tuple[int, ...]:
        """Return the numbers of the lines the official scorer reports as `Error in`."""
        return tuple(p.line for p in self.problems if p.code == "malformed")


#: What Perl's `\S` treats as blank around a line's answers (no newline: lines are split).
_BLANKS = " \t\r\f\v"


def _texts(raw_lines: Iterable[bytes | str], profile: Profile, path: str,
           problems: list[Problem]) -> list[str]:
    """Decode the lines (recording undecodable ones) and drop their newlines."""
    texts: list[str] = []
    for number, raw in enumerate(raw_lines, start=1):
        if isinstance(raw, str):
            texts.append(raw)
            continue
        try:
            texts.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            latin = profile.decode == "latin-1"
            texts.append(raw.decode("latin-1") if latin else
                         raw.decode("utf-8", errors="surrogateescape"))
            problems.append(Problem(path, number, "encoding", "not valid UTF-8; read "
                                    + ("as Latin-1" if latin else "byte for byte"),
                                    remedy="save the file as UTF-8"))
    if "\n" in "".join(texts):
        texts = [text.rstrip("\n") for text in texts]
    return texts


def _strip_crs(texts: list[str], profile: Profile, path: str,
               problems: list[Problem], spelling: Spelling) -> list[str]:
    """Note the first CRLF line end; remove the CRs when the profile strips them."""
    first = next((n for n, text in enumerate(texts, start=1) if text.endswith("\r")), None)
    if first is None:
        return texts
    effect = ("CR removed" if profile.strip_cr else
              "the CR stays in the last answer, which then gets no credit, as in the official "
              f"scorer (use {spelling.option('profile', 'corrected')})")
    problems.append(Problem(path, first, "crlf", f"CRLF line end; {effect}",
                            remedy="" if profile.strip_cr else "convert the file to LF line "
                            "ends (`dos2unix FILE` or `sed -i 's/\\r$//' FILE`)"))
    if not profile.strip_cr:
        return texts
    return [text[:-1] if text.endswith("\r") else text for text in texts]


def parse_answer_lines(
    raw_lines: Iterable[bytes | str], kind: str, profile: Profile, path: str = "<lines>",
    spelling: Spelling = PYTHON
) -> SystemAnswers:
    """Parse answer lines (bytes or text, with or without their newline).

    Arguments:
        raw_lines: the lines in file order.
        kind: `best`, `oot` or `mw`.
        profile: decides the line pattern, decoding and CR handling.
        path: the name used in problems.
        spelling: how the remedies name options (`scoring.spelling`).

    Returns:
        The well-formed lines and the problems found (never raises on bad content).
    """
    problems: list[Problem] = []
    return _parse(_texts(raw_lines, profile, path, problems), kind, profile, path, problems,
                  spelling)


def _parse(texts: list[str], kind: str, profile: Profile, path: str,
           problems: list[Problem], spelling: Spelling = PYTHON) -> SystemAnswers:
    """Parse decoded lines (no newlines); `problems` holds those found while decoding.

    Each step runs over all lines at once (CRs, the line pattern, ids, answers), so a clean
    file is read with few Python-level steps per line; the problems are then put back in
    line order, as a line-by-line reading records them.
    """
    if "\r" in "".join(texts):
        if (bare := bare_cr_problem(texts, path)) is not None:
            problems.append(bare)  # the file is refused (`notes.unusable_reason`)
        texts = _strip_crs(texts, profile, path, problems, spelling)
    matches = list(map(profile.lines.for_kind(kind).search, texts))
    found: list[re.Match[str]] = list(filter(None, matches))
    other_kind = multiwords = 0
    numbers = list(range(1, len(texts) + 1))
    if len(found) < len(matches):
        other = OTHER_KIND.get(kind, ("", ""))[0]
        malformed, other_kind, multiwords = malformed_problems(
            texts, matches, kind, path, profile.lines.for_kind(other).search if other else None,
            spelling)
        problems += malformed
        numbers = [n for n, match in enumerate(matches, start=1) if match is not None]
    columns = zip(*map(re.Match.groups, found), strict=True)  # lexelts, ids, answers texts
    lexelts, ids, rests = (list(column) for column in columns) if found else ([], [], [])
    rests = list(map(profile.answers_text, rests))
    split_answers = profile.split_answers
    answers = [tuple(split_answers(rest)) if rest.strip(_BLANKS) else () for rest in rests]
    repeated = _repeated_ids(ids, numbers, path, problems) if len(set(ids)) < len(ids) \
        else set()
    if kind != "mw" and () in answers:
        problems += [Problem(path, n, "blank-answers",
                             f"nothing after the separator for id {item_id}: unattempted "
                             "(score.pl would re-use the previous line's answers)",
                             remedy="leave out the line of an item without answers, as "
                             "`lexsub run` does")
                     for n, item_id, rest in zip(numbers, ids, rests, strict=True)
                     if not rest.strip(_BLANKS) and n not in repeated]
    # tuple.__new__(AnswerLine, fields) is what AnswerLine(*fields) does, without the call
    # to the NamedTuple's Python-level __new__ for every line
    lines = tuple(map(tuple.__new__, repeat(AnswerLine),
                      zip(lexelts, ids, answers, numbers, rests, strict=True)))
    if not lines and (form := file_format("\n".join(texts))) is not None:
        message, remedy = format_problem(form, f"{kind} answer file", path, spelling)
        problems.append(Problem(path, 0, "format", message, remedy=remedy))
    elif not lines and not problems:
        problems.append(Problem(path, 0, "empty-file", "empty: no answer line",
                                remedy=valid_line(kind)))
    problems.sort(key=attrgetter("line"))  # stable: a line's problems keep their order
    return SystemAnswers(path, kind, lines, tuple(problems), other_kind, multiwords)


def _repeated_ids(ids: list[str], numbers: list[int], path: str,
                  problems: list[Problem]) -> set[int]:
    """Record the lines repeating an earlier line's id (kept, but ignored by the measures)."""
    seen: dict[str, int] = {}
    repeated: set[int] = set()
    for number, item_id in zip(numbers, ids, strict=True):
        if item_id in seen:
            repeated.add(number)
            problems.append(Problem(path, number, "duplicate-id",
                                    f"id {item_id} already answered on line {seen[item_id]}; "
                                    "this line is ignored",
                                    remedy="only the first line of an id counts, as in "
                                    "score.pl: put all its answers on that line"))
        else:
            seen[item_id] = number
    return repeated


def read_answers(path: Path | str, kind: str, profile: Profile,
                 spelling: Spelling = PYTHON) -> SystemAnswers:
    """Read a system answer file leniently.

    Arguments:
        path: the best, oot or mw file.
        kind: `best`, `oot` or `mw`.
        profile: decides the line pattern, decoding and CR handling.
        spelling: how the remedies name options (`scoring.spelling`).

    Returns:
        The well-formed lines and the problems found (never raises on bad content).

    Raises:
        MissingResourceError: the file does not exist.
        LexsubError: the path is a directory (the message names answer files in it) or
            cannot be read. A device or pipe (`/dev/null`) is read as a stream, and `-` is
            standard input; when it gives no line, the `empty-file` problem names what it is.
            A file without an answer line that is no answer file at all (gzip, binary,
            JSON) gets a `format` problem naming what it is.
    """
    file = Path(path)
    data = read_input(file, f"{kind} answer file", "write it with `lexsub run` or check the path")
    try:  # a UTF-8 file (the usual case) is decoded at once; otherwise line by line
        texts = data.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        raw = data.split(b"\n")
        answers = parse_answer_lines(raw if raw[-1] else raw[:-1], kind, profile, str(path),
                                     spelling)
    else:
        answers = _parse(texts if texts[-1] else texts[:-1], kind, profile, str(path), [],
                         spelling)
    if not data and str(path) != "-" and (what := path_kind(file)) != "a file":
        answers = replace(answers, problems=(Problem(
            str(path), 0, "empty-file", f"no answer lines: {path} is {what}, not an answer "
            "file", remedy=valid_line(kind)),))
    return answers


def answers_from_mapping(
    answers: Mapping[str, Sequence[str] | Answers], kind: str,
    lexelts: Mapping[str, str] | None = None
) -> SystemAnswers:
    """Build `SystemAnswers` from {id: answers} without writing a file.

    The answers are taken as already split (one string per answer), or are a system's
    `Answers` (what `run(...).answers` holds: their answers of `kind` are taken); ids with
    no answers are left out, as the answer writers leave out their lines.

    >>> answers_from_mapping({"301": ["team"]}, "best").lines[0].answers
    ('team',)
    """
    split = {item_id: values.for_kind(kind) if isinstance(values, Answers) else values
             for item_id, values in answers.items()}
    lines = tuple(
        AnswerLine((lexelts or {}).get(item_id, ""), item_id, tuple(values), number,
                   ";".join(values))
        for number, (item_id, values) in enumerate(split.items(), start=1)
        if any(values)
    )
    return SystemAnswers("<memory>", kind, lines, ())
