"""A plain table record that every analysis returns, rendered as markdown or HTML."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Cell", "Table", "fmt"]

#: A table cell: text, a number (formatted with the table's digits), or None (shown as —).
Cell = str | int | float | None


def fmt(value: Cell, digits: int = 2) -> str:
    """Format a cell: floats with `digits` decimals, None and NaN as `—`.

    >>> fmt(3.14159), fmt(None), fmt(7), fmt(float("nan"))
    ('3.14', '—', '7', '—')
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "—"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
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
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""
    digits: int = 2

    def to_markdown(self) -> str:
        """Return the table as GitHub markdown (title as a level-4 heading)."""
        lines = [f"#### {self.title}", "", "| " + " | ".join(self.header) + " |",
                 "|" + "|".join("---" for _ in self.header) + "|"]
        lines += ["| " + " | ".join(fmt(c, self.digits) for c in row) + " |" for row in self.rows]
        if self.note:
            lines += ["", self.note]
        return "\n".join(lines) + "\n"

    def to_html(self) -> str:
        """Return the table as an HTML fragment (numbers right-aligned)."""
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self.header)
        body = []
        for row in self.rows:
            cells = "".join(
                f'<td class="num">{html.escape(fmt(c, self.digits))}</td>'
                if isinstance(c, int | float) or c is None
                else f"<td>{html.escape(str(c))}</td>" for c in row)
            body.append(f"<tr>{cells}</tr>")
        note = f'<p class="note">{html.escape(self.note)}</p>' if self.note else ""
        return (f"<h4>{html.escape(self.title)}</h4>\n<table><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(body)}</tbody></table>\n{note}\n")

    def to_json(self) -> dict[str, Any]:
        """Return the table as JSON-ready data."""
        return {"title": self.title, "header": list(self.header),
                "rows": [list(r) for r in self.rows], "note": self.note}


def rows_of(rows: Sequence[Sequence[Cell]]) -> tuple[tuple[Cell, ...], ...]:
    """Return rows as nested tuples (for the frozen `Table`)."""
    return tuple(tuple(r) for r in rows)
