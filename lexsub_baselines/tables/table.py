"""Tables: the one record every table is (`Table`) and its formatter.

`Table` (title, header, rows, note) renders as GitHub markdown, an HTML fragment or JSON; the
analyses (`lexsub_baselines.analysis`) and the results tables (`results_tables`) return them.
Numbers are formatted by one function (`fmt`), and PoS are named by one table (`POS_NAMES`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["POS_NAMES", "Cell", "Marks", "Table", "fmt", "mark_of", "markdown_rows", "rows_of"]

#: (dataset, system) -> the mark of a row made under other settings than the unmarked rows
#: (`†1`; `runs.records.settings_section` decides them, every table shows the same).
Marks = Mapping[tuple[str, str], str]


def mark_of(marks: Marks | None, datasets: Sequence[str], system: str) -> str:
    """Return the mark(s) of `system`'s rows on `datasets` (a row drawn from several datasets
    carries each of their marks once), or "".

    >>> mark_of({("test", "lin"): "†1"}, ["trial", "test"], "lin")
    '†1'
    """
    marks = marks or {}
    found = [marks[(dataset, system)] for dataset in datasets if (dataset, system) in marks]
    return " ".join(dict.fromkeys(found))

#: PoS tag -> the name tables use.
POS_NAMES: dict[str, str] = {"n": "nouns", "v": "verbs", "a": "adjectives", "r": "adverbs"}

#: A table cell: text, a number (formatted with the table's digits), or None (shown as —).
Cell = str | int | float | None


def fmt(value: Cell, digits: int = 2, signed: bool = False) -> str:
    """Format a cell: floats with `digits` decimals (and a sign), None and NaN as `—`.

    >>> fmt(3.14159), fmt(None), fmt(7), fmt(float("nan")), fmt(-0.5, signed=True)
    ('3.14', '—', '7', '—', '-0.50')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return str(value)


@dataclass(frozen=True)
class Table:
    """A titled table.

    Attributes:
        title: one line saying what the table shows (and on which items).
        header: column names.
        rows: the cells, one sequence per row.
        note: how the numbers were computed (shown under the table).
        digits: decimals for float cells.
        signed: indices of the columns shown with a sign (differences, `+1.17`).
        links: one address per row (or none), put on the row's cell in `link_column` -- the
            report links its rows to the instance explorer.
        link_column: the column whose cells carry the links.
        muted: indices of rows shown greyed in HTML (reference lines, e.g. the 2007 field).
        marks: one mark per row (or none): `†1` after the cell in `mark_column` for a row made
            under other settings than the unmarked rows (`mark_of`).
        mark_column: the column whose cells carry the marks (the system's).
        cell_marks: (row, column, mark) of figures shown with a mark after them (`‡`: one
            that differs significantly from the best of its column, `tables.significance`).
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""
    digits: int = 2
    signed: frozenset[int] = frozenset()
    links: tuple[str | None, ...] = ()
    link_column: int = 0
    muted: frozenset[int] = frozenset()
    marks: tuple[str, ...] = ()
    mark_column: int = 0
    cell_marks: tuple[tuple[int, int, str], ...] = ()

    def formatted(self) -> list[list[str]]:
        """Return every cell as the text the table shows (a row's mark after its system, a
        figure's `cell_marks` after it)."""
        rows = [[fmt(c, self.digits, i in self.signed) for i, c in enumerate(row)]
                for row in self.rows]
        for row, mark in zip(rows, self.marks, strict=False):
            if mark and len(row) > self.mark_column:
                row[self.mark_column] += f" {mark}"
        for number, column, mark in self.cell_marks:
            rows[number][column] += mark
        return rows

    def marked(self, marks: Marks | None, datasets: Sequence[str]) -> Table:
        """Return the table with each row's mark: its system (in `mark_column`) on `datasets`."""
        found = tuple(mark_of(marks, datasets, str(row[self.mark_column])) for row in self.rows)
        return replace(self, marks=found if any(found) else ())

    def _link(self, row: int) -> str | None:
        return self.links[row] if row < len(self.links) else None

    def to_markdown(self) -> str:
        """Return the table as GitHub markdown (title as a level-4 heading)."""
        rows = self.formatted()
        for number, row in enumerate(rows):
            link = self._link(number)
            if link and len(row) > self.link_column:
                row[self.link_column] = f"[{row[self.link_column]}]({link})"
        lines = [f"#### {self.title}", "", *markdown_rows(self.header, rows)]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def to_html(self) -> str:
        """Return the table as an HTML fragment (numbers right-aligned, Δ coloured)."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = []
        for number, (row, texts) in enumerate(zip(self.rows, self.formatted(), strict=True)):
            cells = []
            for i, (cell, text) in enumerate(zip(row, texts, strict=True)):
                shown = html.escape(text)
                link = self._link(number) if i == self.link_column else None
                if link:
                    shown = f'<a href="{html.escape(link)}">{shown}</a>'
                if isinstance(cell, int | float) or cell is None:
                    sign = " pos" if i in self.signed and isinstance(cell, float) and cell > 0 \
                        else " neg" if i in self.signed and isinstance(cell, float) \
                        and cell < 0 else ""
                    cells.append(f'<td class="num{sign}">{shown}</td>')
                else:
                    cells.append(f"<td>{shown}</td>")
            muted = ' class="muted"' if number in self.muted else ""
            body.append(f"<tr{muted}>{''.join(cells)}</tr>")
        note = f'<p class="note">{html.escape(self.note)}</p>' if self.note else ""
        return (f"<h4>{html.escape(self.title)}</h4>\n<table><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>\n{note}\n")

    def to_json(self) -> dict[str, Any]:
        """Return the table as JSON-ready data."""
        data: dict[str, Any] = {"title": self.title, "header": list(self.header),
                                "rows": [list(r) for r in self.rows], "note": self.note}
        if self.marks:
            data["marks"] = list(self.marks)
        if self.cell_marks:
            data["cell_marks"] = [list(mark) for mark in self.cell_marks]
        return data


def rows_of(rows: Sequence[Sequence[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    """Return rows as nested tuples (for the frozen `Table`)."""
    return tuple(tuple(r) for r in rows)


def markdown_rows(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Return a GitHub markdown table's lines (header, rule, rows) from formatted cells."""
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines
