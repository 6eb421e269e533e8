"""What an input is when it is not what the scorer expected: a line's mistake, a file's format.

The official scorer says only `Error in FILE on line N` for a line it cannot read, and reads a
gzipped, binary or JSON file as so many such lines. These functions name the mistake, so that
every warning and refusal can say what was found, what a valid line looks like and what to do:

- `line_cause`: why a non-blank line is not an answer line of its kind (a tab, `:`, `=>` or
  `::` without its spaces where ` :: ` belongs; a line of the other kind; no lexelt and id);
- `file_format`: what a file is when it is no answer file at all (gzip, binary, SWORDS JSON,
  other JSON); `semeval_kind`: which SemEval kind a file is, when a SWORDS result was
  expected; `format_problem`: what to say of either, and what to do;
- `VALID_LINE` and `valid_line`: what a line of each kind looks like, for the messages.

Nothing here changes what is scored: the figures stay the official scorer's.
"""

from __future__ import annotations

import json
import re

__all__ = ["CAUSES", "VALID_LINE", "file_format", "format_problem", "line_cause", "semeval_kind",
           "valid_line"]

#: A line of each kind, as the task documentation writes them.
VALID_LINE: dict[str, str] = {"best": "bright.a 1 :: luminous;shining",
                              "oot": "bright.a 1 ::: luminous;shining;clear",
                              "mw": "cross.n 54 :: cross section"}
_SEPARATOR = {"best": "::", "oot": ":::", "mw": "::"}

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
    surrogates or Latin-1). `gzip`, `binary` (a NUL, or a tenth of its start no text),
    `swords` (JSON with a `substitutes` object: a SWORDS result), `json` (other JSON).

    >>> file_format("\x1f\udc8b\x08\x00"), file_format('{"substitutes": {}}')
    ('gzip', 'swords')
    >>> file_format("bright.a 1 :: luminous\n") is None
    True
    """
    if text[:1] == "\x1f" and text[1:2] in ("\x8b", "\udc8b"):
        return "gzip"
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


def format_problem(found: str, expected: str, path: str) -> tuple[str, str]:
    """Return (message, remedy) for a file of format `found` given where an `expected` was.

    Arguments:
        found: what `file_format` (or `semeval_kind`) said: `gzip`, `binary`, `swords`,
            `json`, `best`, `oot`.
        expected: what the file should have been (`best answer file`, `SWORDS result`).
        path: the file, for the remedy.
    """
    semeval = expected.split()[0] in VALID_LINE
    if found == "gzip":
        return (f"gzip-compressed, not a {expected}",
                f"decompress it first (`gunzip -k {path}`) and score the file that gives")
    if found == "swords":
        return (f"a SWORDS result (JSON), not a {expected}",
                f"score it against swords-dev or swords-test: `lexsub score {path} swords-dev`")
    if found in VALID_LINE:
        return (f"a SemEval {found} answer file (`{VALID_LINE[found]}`), not a {expected}",
                f"score it against semeval2007-trial or semeval2007-test (`lexsub score {path} "
                f"semeval2007-test -t {found}`); `lexsub run SYSTEM swords-dev` writes a "
                "SWORDS result")
    what = "JSON" if found == "json" else "a binary file"
    remedy = valid_line(expected.split()[0]) if semeval else \
        "a SWORDS result is the JSON that `lexsub run SYSTEM swords-dev` writes"
    return f"{what}, not a {expected}", remedy
