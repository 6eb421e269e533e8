"""Readers for the gold files (`gold`, `mwgold`, their trial twins and CoInCo's `.gold`).

Line format: `lexelt id :: sub1 n1;sub2 n2;…` (the official scorer's regex
`([\\w.]+) (\\S+) :: (.*)`). This reader is lenient and profile-free: it keeps every entry
string (`raw`) and parses `(substitute, count)` by splitting off the last space-separated field.
The official scorer's own filtering of entries lives in `lexsub_baselines.scoring`.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

from lexsub_baselines.datasets.types import GoldItem
from lexsub_baselines.errors import MissingResourceError

__all__ = ["parse_gold_line", "read_gold"]

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


def read_gold(path: Path) -> dict[str, GoldItem]:
    """Read a gold file into {id: GoldItem} (first line per id wins, as in the official scorer).

    Lines that do not match the format are warned about with file and line, then skipped.

    Raises:
        MissingResourceError: the file does not exist.
    """
    if not path.is_file():
        raise MissingResourceError("gold file", path,
                                   "see `lexsub datasets` for where the data is expected")
    items: dict[str, GoldItem] = {}
    text = path.read_bytes().decode("utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parsed = parse_gold_line(line)
        if parsed is None:
            warnings.warn(f"{path}:{number}: not a gold line; skipped", stacklevel=2)
            continue
        lexelt, item_id, raw = parsed
        if item_id in items:
            continue
        entries = tuple(e for e in (_entry(r) for r in raw) if e is not None)
        items[item_id] = GoldItem(id=item_id, lexelt=lexelt, entries=entries, raw=raw, line=number)
    return items
