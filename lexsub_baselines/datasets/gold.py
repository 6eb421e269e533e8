"""Readers for the gold files (`gold`, `mwgold`, their trial twins and CoInCo's `.gold`).

Line format: `lexelt id :: sub1 n1;sub2 n2;…` (the official scorer's regex
`([\\w.]+) (\\S+) :: (.*)`). This reader is lenient and profile-free: it keeps every entry
string (`raw`) and parses `(substitute, count)` by splitting off the last space-separated field.
The official scorer's own filtering of entries lives in `lexsub_baselines.scoring`.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable

from lexsub_baselines.datasets.types import GoldItem

__all__ = ["LineParser", "Notes", "decode_lines", "parse_gold_line", "read_gold"]

#: Where a reader puts what it would warn about, as (line, text), instead of warning: a
#: scorer reports them in its report; a recorded dataset's own bytes are not worth a word.
Notes = list[tuple[int, str]]

_LINE = re.compile(r"^\s*(\S+)\s+(\S+)\s*::\s?(.*)$")


def parse_gold_line(line: str) -> tuple[str, str, tuple[str, ...]] | None:
    """Split one gold line into (lexelt, id, raw entries); None when it does not match.

    >>> parse_gold_line("side.n 301 :: team 5;")
    ('side.n', '301', ('team 5',))
    """
    match = _LINE.match(line.rstrip("\r\n"))
    if match is None:
        return None
    raw = tuple(part for part in match.group(3).split(";") if part.strip())
    return match.group(1), match.group(2), raw


def _entry(raw: str) -> tuple[str, int] | None:
    head, _, count = raw.strip().rpartition(" ")
    if not head or not count.isdigit():
        return None
    return head, int(count)


def decode_lines(data: bytes, source: str, notes: Notes | None = None) -> list[str]:
    """Split bytes on LF and decode each line as UTF-8, falling back to Latin-1 per line.

    A trailing CR is kept (callers decide). One warning names the first line that was not
    UTF-8 and how many were; with `notes`, each such line is noted there instead.

    >>> decode_lines("a\\r\\npequeño\\n".encode(), "x")
    ['a\\r', 'pequeño']
    """
    lines: list[str] = []
    bad: list[int] = []
    raw_lines = data.split(b"\n")
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()
    for number, raw in enumerate(raw_lines, start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            bad.append(number)
            lines.append(raw.decode("latin-1"))
    if notes is not None:
        notes += [(number, "not valid UTF-8; read as Latin-1") for number in bad]
    elif bad:
        warnings.warn(f"{source}:{bad[0]}: not valid UTF-8; read as Latin-1 ({len(bad)} such "
                      "line(s) in this file)", stacklevel=2)
    return lines


#: Splits one gold line into (lexelt, id, raw entries), or None when it does not parse.
LineParser = Callable[[str], "tuple[str, str, tuple[str, ...]] | None"]


def read_gold(data: bytes, path: str = "<bytes>", parse_line: LineParser = parse_gold_line,
              notes: Notes | None = None) -> dict[str, GoldItem]:
    """Read a gold file into {id: GoldItem} (first line per id wins, as in the official scorer).

    Lines that are not UTF-8 are read as Latin-1 with a warning (`decode_lines`); lines that
    do not match the format are warned about with file and line, then skipped. Entry text is
    kept as written: the scorer profiles normalise it.

    Arguments:
        data: the gold file's bytes (read by the input layer).
        path: the file, for messages.
        parse_line: the line format (`parse_gold_line`; CoInCo's allows spaced lemmas).
        notes: where to note what would be warned about, instead of warning.
    """
    items: dict[str, GoldItem] = {}
    for number, line in enumerate(decode_lines(data, path, notes), start=1):
        if not line.strip():
            continue
        parsed = parse_line(line)
        if parsed is None:
            if notes is not None:
                notes.append((number, "not a gold line; skipped"))
            else:
                warnings.warn(f"{path}:{number}: not a gold line; skipped", stacklevel=2)
            continue
        lexelt, item_id, raw = parsed
        if item_id in items:
            continue
        entries = tuple(e for e in (_entry(r) for r in raw) if e is not None)
        items[item_id] = GoldItem(id=item_id, lexelt=lexelt, entries=entries, raw=raw, line=number)
    return items
