"""ConCat's released CSVs, and which of our instances each row answers (by sentence and target).

A ConCat results file (sebischair/ConCat, `data/results/`) holds one row per instance and no
id: `sentence` (tokenised, as the benchmark's conversion gave it), `target` (the word as it
stands in the sentence), `gold` (`;`-joined) and the system's top 10 (`;`-joined, best
first; column `ls_concat` or `ls_dropout`). A row answers our instance whose sentence has the
same letters and digits (lower-cased ASCII: tokenisation, spacing and punctuation differ
between the conversions) and whose target is the same word (case aside); identical sentences
with the same target are assigned one to one in file order. Every row of the four files
matches (300 of LS07 trial's 300 instances, 370 of SWORDS v1.1 dev's 370 targets: tested).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from lexsub_baselines.core.errors import DataFormatError
from lexsub_baselines.datasets.prolex import read_csv_rows
from lexsub_baselines.datasets.types import Instance
from lexsub_baselines.inputs.reads import read_path

__all__ = ["ConcatMatching", "ConcatRow", "match_rows", "read_concat"]

_SYSTEMS = ("ls_concat", "ls_dropout")
_REMEDY = "`lexsub fetch field` gets ConCat's file; is this one of its data/results/ CSVs?"


@dataclass(frozen=True)
class ConcatRow:
    """One row of a ConCat results file.

    Attributes:
        line: its first line in the file.
        sentence: the sentence as the file gives it.
        target: the target word as it stands there.
        substitutes: the system's list, best first (empty items dropped).
    """

    line: int
    sentence: str
    target: str
    substitutes: tuple[str, ...]


def read_concat(path: Path) -> list[ConcatRow]:
    """Read a ConCat results CSV (checked through the input layer by the caller's path).

    Raises:
        DataFormatError: not UTF-8, or no `sentence`, `target` and system column.
    """
    records = read_csv_rows(read_path(path), str(path))
    header = set(records[0][1]) if records else set()
    column = next((c for c in _SYSTEMS if c in header), None)
    if column is None or not {"sentence", "target"} <= header:
        raise DataFormatError(path, 1, f"no `sentence`, `target` and one of {', '.join(_SYSTEMS)}",
                              _REMEDY)
    return [ConcatRow(line, cells["sentence"], cells["target"],
                      tuple(s.strip() for s in cells[column].split(";") if s.strip()))
            for line, cells in records]


def _letters(text: str) -> str:
    return "".join(c for c in text.lower() if c.isascii() and c.isalnum())


@dataclass(frozen=True)
class ConcatMatching:
    """ConCat rows matched to our instances.

    Attributes:
        pairs: our instance id -> the row that answers it (instances in the given order).
        unmatched: the rows matched to no instance of ours (their lines).
        rows: how many rows the file holds.
    """

    pairs: Mapping[str, ConcatRow]
    unmatched: tuple[int, ...]
    rows: int


def match_rows(rows: Sequence[ConcatRow], instances: Sequence[Instance]) -> ConcatMatching:
    """Match each row to the instance with its sentence's letters and its target word."""
    free: dict[tuple[str, str], list[Instance]] = defaultdict(list)
    for instance in instances:
        tokens = " ".join(instance.tokens)
        free[(_letters(tokens), instance.target.lower())].append(instance)
    pairs: dict[str, ConcatRow] = {}
    unmatched = []
    for row in rows:
        waiting = free.get((_letters(row.sentence), row.target.lower()))
        if waiting:
            pairs[waiting.pop(0).id] = row
        else:
            unmatched.append(row.line)
    order = {i.id: n for n, i in enumerate(instances)}
    return ConcatMatching(dict(sorted(pairs.items(), key=lambda p: order[p[0]])),
                          tuple(unmatched), len(rows))
