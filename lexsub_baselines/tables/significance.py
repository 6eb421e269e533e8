"""The tables' significance marks: `‡` after a figure of ours that differs from our best.

`make baselines` tests, on each dataset and for each headline figure, every row of ours
against the row of ours with the best figure (`runs.significance_marks`, with the scorer's
paired tests); `SignificanceMarks` holds the outcome and marks the tables: a figure followed
by `‡` differs significantly from the best in its column; an unmarked one of ours (the best
itself included) does not, so the data cannot order it below the best.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from lexsub_baselines.tables.table import Table

__all__ = ["MARK", "Column", "SignificanceMarks", "strip_mark"]

#: The mark after a figure that differs significantly from the best of ours.
MARK = "‡"
#: Where a table column's figures come from: (dataset, kind, measure key in scores.json).
Column = tuple[str, str, str]


def strip_mark(cell: str) -> str:
    """Return a printed figure without its significance mark.

    >>> strip_mark("10.49‡")
    '10.49'
    """
    return cell.removesuffix(MARK).rstrip()


@dataclass(frozen=True)
class SignificanceMarks:
    """Which figures of ours differ significantly from our best on the same measure.

    Attributes:
        differ: (dataset, kind, system, measure) of each figure that does.
        best: (dataset, kind, measure) -> the system with the best figure (tested against).
        resamples: trials of each test.
        seed: their seed.
        level: p below which a difference is marked.
    """

    differ: frozenset[tuple[str, str, str, str]]
    best: Mapping[tuple[str, str, str], str]
    resamples: int
    seed: int
    level: float

    def legend(self) -> str:
        """Return the sentence that says what the mark means."""
        return (f"`{MARK}` after a figure of ours: it differs from the best of our rows in its "
                f"column (the highest figure, unmarked) by a two-sided approximate "
                f"randomisation test on the same instances, p < {self.level:g} "
                f"({self.resamples:,} resamples, seed {self.seed}; `lexsub score SYSTEM DATASET "
                "--paired BEST` runs the same test); an unmarked figure of ours is not "
                "significantly below the best.")

    def flag(self, table: Table | None, columns: Mapping[str, Column]) -> Table | None:
        """Return `table` with `MARK` after each figure whose row and column (its label in
        `columns`) differ from the best, and a word on it in the note; unchanged when none
        does (muted rows, the published ones, are never ours)."""
        if table is None:
            return None
        found = []
        for number, row in enumerate(table.rows):
            if number in table.muted:
                continue
            system = str(row[table.mark_column]).split(" (")[0]  # `name (padded)`
            for index, label in enumerate(table.header):
                column = columns.get(label)
                if column is not None and (*column[:2], system, column[2]) in self.differ:
                    found.append((number, index, MARK))
        if not found:
            return table
        note = (f"{table.note} " if table.note else "") + (
            f"{MARK}: differs from our best in its column, p < {self.level:g} (approximate "
            "randomisation; the legend at the top).")
        return replace(table, cell_marks=tuple(found), note=note)
