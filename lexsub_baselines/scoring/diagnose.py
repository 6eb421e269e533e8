"""What an input is when it is not what the scorer expected: a line's mistake, a file's format.

The official scorer says only `Error in FILE on line N` for a line it cannot read, and reads a
gzipped, binary or JSON file as so many such lines. These functions name the mistake, so that
every warning and refusal can say what was found, what a valid line looks like and what to do:

- `line_cause`: why a non-blank line is not an answer line of its kind (a tab, `:`, `=>` or
  `::` without its spaces where ` :: ` belongs; a line of the other kind; no lexelt and id);
- `file_format`: what a file is when it is no answer file at all (gzip, binary, SWORDS JSON,
  other JSON); `semeval_kind`: which SemEval kind a file is, when a SWORDS result was
  expected; `format_problem`: what to say of either, and what to do;
- `VALID_LINE` and `valid_line`: what a line of each kind looks like, for the messages;
- `Problem`: one problem of an input file, with its line and remedy; `malformed_problems`:
  one for each line of a file that is no answer line of its kind;
- `multiword_line`: whether a line names one multiword holding the target word, as the
  lines of an mw file do (such a file scored as best or oot is refused: `-t mw`).

Nothing here changes what is scored: the figures stay the official scorer's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lexsub_baselines.core.encodings import UTF16_REMEDY, utf16
from lexsub_baselines.scoring.spelling import PYTHON, Spelling

__all__ = ["CAUSES", "OTHER_KIND", "VALID_LINE", "Problem", "bare_cr_problem", "file_format",
           "format_problem",
           "line_cause", "malformed_problems", "multiword_line", "semeval_kind", "valid_line"]

#: A line of each kind, as the task documentation writes them.
VALID_LINE: dict[str, str] = {"best": "bright.a 1 :: luminous;shining",
                              "oot": "bright.a 1 ::: luminous;shining;clear",
                              "mw": "cross.n 54 :: cross section"}
_SEPARATOR = {"best": "::", "oot": ":::", "mw": "::"}

@dataclass(frozen=True)
class Problem:
    """One problem found in an input file.

    Attributes:
        path: the file (or `<memory>`).
        line: 1-based line number (0 when the problem concerns the whole file).
        code: `malformed`, `duplicate-id`, `blank-answers`, `crlf`, `encoding`, `empty-file`,
            `format` (and, from scoring, `no-gold`, `unknown-id`, `lexelt-mismatch`,
            `over-cap`, `near-miss`; in gold files `skipped`). docs/semeval.md lists them all.
        message: what is wrong and what happens to the line.
        cause: what kind of that problem it is, where a code has several (`tab`, `colon`,
            ... for `malformed`; `case`, `space` for `near-miss`): the warnings group the
            problems by code and cause.
        remedy: what a valid line looks like and what to do ("" when nothing is to do).
    """

    path: str
    line: int
    code: str
    message: str
    cause: str = ""
    remedy: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


#: The kind whose lines a best or oot file is most often confused with, and its separator.
OTHER_KIND: dict[str, tuple[str, str]] = {"best": ("oot", ":::"), "oot": ("best", "::")}

#: Why a line is malformed -> what the warning says (`{sep}`: the kind's separator).
CAUSES: dict[str, str] = {
    "tab": "a tab where the line needs ` {sep} `",
    "colon": "` : ` (one colon) where the line needs ` {sep} `",
    "arrow": "an arrow (`=>` or `->`) where the line needs ` {sep} `",
    "spacing": "`{sep}` without exactly one space on each side",
    "fields": "no `lexelt id` before the separator",
    "other-kind": "`{other}` where the line needs ` {sep} `",
    "other": "not `lexelt id {sep} answers`",
}

_ARROW = re.compile(r"=>|->")
_COLON = re.compile(r"(?<!:):(?!:)")
#: The separator of each kind, not as part of a longer run of colons (mw: any `::`).
_FOUND = {"best": re.compile(r"(?<!:)::(?!:)"), "oot": re.compile(r"(?<!:):::(?!:)"),
          "mw": re.compile(r"::")}
_SEMEVAL = {"oot": re.compile(r"^[\w.]+ \S+ ::: ", re.M),
            "best": re.compile(r"^[\w.]+ \S+ :: ", re.M)}


def valid_line(kind: str) -> str:
    """Return what a line of `kind` is, for messages: `a best line is `bright.a 1 :: …``."""
    article = "an" if kind == "oot" else "a"
    return (f"{article} {kind} line is `{VALID_LINE[kind]}` (lexelt, id, ` {_SEPARATOR[kind]} ` "
            "with one space each side, then the answers separated by `;`)")


def line_cause(text: str, kind: str) -> tuple[str, str]:
    r"""Return (cause, description) of a non-blank line that is no `kind` answer line.

    >>> line_cause("bright.a 1\tluminous", "best")
    ('tab', 'a tab where the line needs ` :: `')
    >>> line_cause("bright.a 1 ::luminous", "best")[0], line_cause("bright.a :: x", "best")[0]
    ('spacing', 'fields')
    """
    separator = _SEPARATOR.get(kind, "::")
    found = _FOUND.get(kind, _FOUND["best"]).search(text)
    if found is None:
        cause = ("other-kind" if "::" in text else "arrow" if _ARROW.search(text)
                 else "tab" if "\t" in text.strip() else "colon" if _COLON.search(text)
                 else "other")
    else:
        before, after = text[:found.start()], text[found.end():]
        if len(before.split()) < 2:
            cause = "fields"
        elif kind != "mw" and (before[-1:] != " " or before[-2:-1].isspace()
                               or after[:1] != " "):
            cause = "spacing"
        else:
            cause = "other"
    other = ":::" if separator == "::" else "::"
    return cause, CAUSES[cause].format(sep=separator, other=other)


def semeval_kind(text: str) -> str | None:
    """Return `oot` or `best` when `text` holds SemEval answer lines of that kind, else None."""
    head = text[:20_000]
    for kind, pattern in _SEMEVAL.items():
        if pattern.search(head):
            return kind
    return None


def file_format(text: str) -> str | None:
    r"""Return what a file is when it cannot be an answer file, else None.

    `text` is the file decoded as the reader decodes it (undecodable bytes as lone
    surrogates or Latin-1). `gzip`, `utf-16` (a byte-order mark, or ASCII text with a NUL
    before or after every character: what Windows tools call "Unicode"), `binary` (a NUL, or
    a tenth of its start no text), `swords` (JSON with a `substitutes` object: a SWORDS
    result), `json` (other JSON).

    >>> file_format("\x1f\udc8b\x08\x00"), file_format('{"substitutes": {}}')
    ('gzip', 'swords')
    >>> file_format("\udcff\udcfes\x00i\x00"), file_format("s\x00i\x00d\x00e\x00")
    ('utf-16', 'utf-16')
    >>> file_format("bright.a 1 :: luminous\n") is None
    True
    """
    if text[:1] == "\x1f" and text[1:2] in ("\x8b", "\udc8b"):
        return "gzip"
    try:  # the bytes back: lone surrogates (or Latin-1 letters) are the undecodable ones
        if utf16(text[:400].encode("latin-1", "surrogateescape")):
            return "utf-16"
    except UnicodeEncodeError:  # a letter beyond Latin-1: the file was UTF-8
        pass
    head = text[:4096]
    if "\x00" in head:
        return "binary"
    odd = sum(1 for c in head if "\udc80" <= c <= "\udcff" or c == "\ufffd"
              or (c < " " and c not in "\t\n\r\f\v"))
    if odd > len(head) * 0.1:
        return "binary"
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        try:
            document = json.loads(stripped)
        except ValueError:
            return "json" if '"substitutes"' in head else None
        if isinstance(document, dict) and "substitutes" in document:
            return "swords"
        return "json"
    return None


def format_problem(found: str, expected: str, path: str,
                   spelling: Spelling = PYTHON) -> tuple[str, str]:
    """Return (message, remedy) for a file of format `found` given where an `expected` was.

    Arguments:
        found: what `file_format` (or `semeval_kind`) said: `gzip`, `binary`, `swords`,
            `json`, `best`, `oot`.
        expected: what the file should have been (`best answer file`, `SWORDS result`).
        path: the file, for the remedy.
        spelling: how the remedy names the call that scores the file (`scoring.spelling`).
    """
    semeval = expected.split()[0] in VALID_LINE
    if found == "gzip":
        return (f"gzip-compressed, not a {expected}",
                f"decompress it first (`gunzip -k {path}`) and score the file that gives")
    if found == "utf-16":
        return f"UTF-16, not UTF-8 as a {expected} is", UTF16_REMEDY.format(path=path)
    if found == "swords":
        return (f"a SWORDS result (JSON), not a {expected}", "score it against swords-dev or "
                f"swords-test: `{spelling.call(path, 'swords-dev')}`")
    run = "lexsub run SYSTEM swords-dev" if spelling.flags else \
        'run(SYSTEM, "swords-dev", out=FOLDER)'
    if found in VALID_LINE:
        scored = spelling.call(path, "semeval2007-test", kind=found)
        return (f"a SemEval {found} answer file (`{VALID_LINE[found]}`), not a {expected}",
                f"score it against semeval2007-trial or semeval2007-test (`{scored}`); "
                f"`{run}` writes a SWORDS result")
    what = "JSON" if found == "json" else "a binary file"
    remedy = valid_line(expected.split()[0]) if semeval else \
        f"a SWORDS result is the JSON that `{run}` writes"
    return f"{what}, not a {expected}", remedy


#: What Perl's `\S` treats as blank around a line's answers (no newline: lines are split).
_BLANKS = " \t\r\f\v"


def malformed_problems(texts: Sequence[str], matches: Sequence[re.Match[str] | None],
                       kind: str, path: str, other_search: Callable[[str], re.Match[str] | None]
                       | None, spelling: Spelling = PYTHON) -> tuple[list[Problem], int, int]:
    """Return a problem for each non-blank line that did not match the line pattern of `kind`,
    how many of them are lines of the other kind (`other_search`: the pattern of
    `OTHER_KIND[kind]`), and how many of those name one multiword holding the target word."""
    other, separator = OTHER_KIND.get(kind, ("", ""))
    article = "an" if kind == "oot" else "a"
    problems: list[Problem] = []
    other_kind = multiwords = 0
    for number, (text, match) in enumerate(zip(texts, matches, strict=True), start=1):
        # score.pl: `elsif ($line =~ /\S/) { print "Error in $ansfile on line $lcnt\n" }`
        if match is not None or not text.strip(_BLANKS):
            continue
        found = other_search(text) if other_search is not None else None
        if found is not None:
            other_kind += 1
            multiwords += multiword_line(found.group(1), found.group(3).split(";"))
            cause = "other-kind"
            what = (f"not {article} {kind} answer line (it has the {other} separator "
                    f"`{separator}`); skipped")
            remedy = (f"score {'an' if other == 'oot' else 'a'} {other} file with "
                      f"{spelling.option('kind', other)}; {valid_line(kind)}")
        else:
            cause, description = line_cause(text, kind)
            what = f"not {article} {kind} answer line: {description}; skipped"
            remedy = valid_line(kind)
        problems.append(Problem(path, number, "malformed", what, cause, remedy))
    return problems, other_kind, multiwords


def bare_cr_problem(texts: Sequence[str], path: str) -> Problem | None:
    r"""Return a problem when the file's lines end in bare CRs (classic Mac OS line ends), not
    LF: score.pl splits on LF alone and reads such a file as one line; else None.

    >>> str(bare_cr_problem(["a.n 1 :: b\rc.n 2 :: d\r"], "f"))[:60]
    'f:1: its lines end in a bare CR (classic Mac OS line ends), '
    >>> bare_cr_problem(["a.n 1 :: b\r", "c.n 2 :: d\r"], "f") is None  # CRLF
    True
    """
    bare = [n for n, text in enumerate(texts, start=1) if "\r" in text.rstrip("\r")]
    lines = sum(1 for text in texts if text.strip(_BLANKS))
    pieces = sum(1 for n in bare for piece in texts[n - 1].split("\r") if piece.strip(_BLANKS))
    if not bare or pieces < 2 * max(lines, 1):
        return None
    return Problem(path, bare[0], "bare-cr", f"its lines end in a bare CR (classic Mac OS line "
                   f"ends), not LF: score.pl splits lines on LF, so it reads its {pieces} lines as "
                   f"{lines}", remedy="convert the line ends to LF (`tr '\\r' "
                   f"'\\n' < {path} > {path}.lf`)")


def multiword_line(lexelt: str, answers: Sequence[str]) -> bool:
    """Return whether a line's answers are one multiword holding the target word (its lemma,
    or a form of it), as the lines of an mw file are (`cross.n 54 :: cross section`).

    >>> multiword_line("cross.n", ["cross section"]), multiword_line("take.v", ["taking part"])
    (True, True)
    >>> multiword_line("cross.n", ["crossing"]), multiword_line("side.n", ["team", "party"])
    (False, False)
    """
    if len(answers) != 1:
        return False
    words = answers[0].replace("-", " ").lower().split()
    lemma = lexelt.partition(".")[0].lower()
    stem = lemma[:-1] if len(lemma) > 3 else lemma
    return len(words) > 1 and bool(stem) and any(word.startswith(stem) for word in words)
